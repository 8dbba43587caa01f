//! What the construction protocol means in TIRx and S-TIR functions (TVM's tirx
//! parser): assignments bind names, create local scalars or store into existing
//! ones; expression statements emit `Evaluate`s or open frames; `for`, `while`,
//! `if`, `with`, `assert`, `return`, `break`, `continue`; `and`/`or`/`not`,
//! chained comparisons and conditional expressions on IR values.

use rustpython_vm::builtins::{PyList, PyStr, PyTuple};
use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use crate::ir::arith::{self, Operand};
use super::buffers::{self, as_buffer};
use super::context::{self, bind_scope, emit, enter, lookup, name_var, NameSpec};
use super::convert::{diag, operand, py, to_expr, Py as _};
use super::exprs::{LetAnnotation, LocalVector, MetaVar};
use super::frames::{Branch, Kind, StmtFrame};
use crate::vm::native::Val;
use super::handle::{as_handle, FrameHandle};
use crate::builder;
use crate::dialects::tirx::nodes::*;
use crate::ir::{self, BinOp, DataType, Expr, ObjectRef, PointerTypeNode, PrimTypeNode, Span, Var, VarNode};
use crate::vm::object::unwrap_object;
use crate::program::runtime::{BranchState, Branches, DialectHooks};

/// The TIRx dialect's construction-protocol hooks.
pub struct TirHooks;

impl DialectHooks for TirHooks {
    fn dialect(&self) -> &'static str {
        "tirx"
    }

    fn bind(&self, vm: &VirtualMachine, names: PyObjectRef, value: PyObjectRef) -> PyResult {
        match NameSpec::parse(vm, &names)? {
            Some(NameSpec::Name(n)) => bind_one(vm, &n, value),
            Some(spec @ NameSpec::Tuple(_)) => {
                if let Some(m) = value.downcast_ref::<MetaVar>() {
                    return Ok(m.value.clone());
                }
                let items = super::convert::iterate(vm, &value)?;
                let names = spec.expand(vm, items.len())?;
                let out: Vec<PyObjectRef> =
                    items.into_iter().zip(names).map(|(v, n)| bind_one(vm, &n, v)).collect::<PyResult<_>>()?;
                Ok(vm.ctx.new_list(out).into())
            }
            _ => Ok(value),
        }
    }

    fn bind_annotated(&self, vm: &VirtualMachine, name: String, ann: PyObjectRef, value: PyObjectRef) -> PyResult {
        annotated(vm, &name, &ann, Some(value))
    }

    fn declare(&self, vm: &VirtualMachine, name: String, ann: PyObjectRef) -> PyResult {
        annotated(vm, &name, &ann, None)
    }

    fn store(&self, vm: &VirtualMachine, target: PyObjectRef, index: PyObjectRef, value: PyObjectRef) -> PyResult<()> {
        self.store_val(vm, target, Val::Py(index), Val::Py(value))
    }

    fn store_val(&self, vm: &VirtualMachine, target: PyObjectRef, index: Val, value: Val) -> PyResult<()> {
        let value = value.into_py(vm);
        let value = match value.downcast_ref::<MetaVar>() {
            Some(m) => m.value.clone(),
            None => value,
        };
        match as_buffer(&target) {
            Some(buf) => buffers::store(vm, &buf, &index, &value),
            None => {
                // Python containers (meta values) keep Python semantics.
                target.set_item(&*index.into_py(vm), value, vm)
            }
        }
    }

    fn emit(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
        emit_value(vm, value)
    }

    fn for_(&self, vm: &VirtualMachine, iter: PyObjectRef, names: PyObjectRef) -> PyResult {
        let Some(h) = as_handle(&iter).filter(|h| h.is_loop) else {
            return Err(diag(
                vm,
                "error: Expect the for loop to be one of the following: range, T.serial, T.grid, T.parallel, \
                 T.vectorized, T.unroll, T.thread_binding",
            ));
        };
        *h.names.lock() = NameSpec::parse(vm, &names)?;
        Ok(iter)
    }

    fn while_(&self, vm: &VirtualMachine, cond: PyObjectRef) -> PyResult {
        let cond = condition(vm, &cond)?;
        let h = FrameHandle::new(
            "while loop",
            Box::new(move |vm: &VirtualMachine, _| {
                enter(StmtFrame::new(Kind::While(cond)));
                Ok(vm.ctx.none())
            }),
        );
        Ok(h.into_py(vm))
    }

    fn if_(&self, vm: &VirtualMachine, cond: PyObjectRef, has_else: bool) -> PyResult {
        if cond.class().is(vm.ctx.types.bool_type) {
            return Ok(Branches::new(BranchState::Host(Some(cond.try_to_bool(vm)?))).into_ref(&vm.ctx).into());
        }
        let cond = match operand(vm, &cond)? {
            Some(Operand::Expr(e)) if e.prim_dtype().is_some() => e,
            Some(Operand::Int(v)) => return Ok(Branches::new(BranchState::Host(Some(v != 0))).into_ref(&vm.ctx).into()),
            _ => {
                return Err(diag(vm, format!("error: If condition must be a boolean expression, but got {}", cond.repr(vm)?)));
            }
        };
        let mut depths = (0usize, 0usize);
        let mut cond = Some(cond);
        let span = crate::vm::location::current(vm);
        let step = move |vm: &VirtualMachine, i: usize| -> PyResult<()> {
            match i {
                0 => {
                    let c = cond.take().unwrap_or_else(|| ir::bool_imm(true));
                    let mut frame =
                        StmtFrame::new(Kind::If { cond: c, then_case: None, else_case: None, filling: Some(Branch::Then) });
                    frame.span = span.clone();
                    depths.0 = enter(frame);
                    depths.1 = enter(StmtFrame::new(Kind::Branch(Branch::Then)));
                }
                1 => {
                    context::close(depths.1).py(vm)?;
                    if has_else {
                        builder::top_frame::<StmtFrame, _>(|f| {
                            if let Kind::If { filling, .. } = &mut f.kind {
                                *filling = Some(Branch::Else);
                            }
                        });
                        depths.1 = enter(StmtFrame::new(Kind::Branch(Branch::Else)));
                    }
                }
                _ => {
                    if has_else {
                        context::close(depths.1).py(vm)?;
                    }
                    context::close(depths.0).py(vm)?;
                }
            }
            Ok(())
        };
        Ok(Branches::new(BranchState::Ir { next: 0, step: Box::new(step) }).into_ref(&vm.ctx).into())
    }

    fn with_(&self, vm: &VirtualMachine, ctx: PyObjectRef, names: PyObjectRef) -> PyResult {
        if let Some(h) = as_handle(&ctx) {
            *h.names.lock() = NameSpec::parse(vm, &names)?;
        }
        Ok(ctx)
    }

    fn assert_(&self, vm: &VirtualMachine, cond: PyObjectRef, msg: PyObjectRef) -> PyResult<()> {
        super::stmts::assert_stmt(vm, &cond, &msg)
    }

    fn return_(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
        if vm.is_none(&value) {
            return Err(diag(vm, "error: Expression to be returned must be a Expr"));
        }
        let v = to_expr(vm, &value)?;
        super::stmts::return_value(vm, v)
    }

    fn break_(&self, vm: &VirtualMachine) -> PyResult<()> {
        let call = super::ops::call("tirx.break_loop", None, vec![]).py(vm)?;
        emit(vm, super::frames::evaluate(call))
    }

    fn continue_(&self, vm: &VirtualMachine) -> PyResult<()> {
        let call = super::ops::call("tirx.continue_loop", None, vec![]).py(vm)?;
        emit(vm, super::frames::evaluate(call))
    }

    fn lookup_name(&self, vm: &VirtualMachine, name: String) -> PyResult {
        if let Some(o) = lookup(&name) {
            return Ok(py(vm, o));
        }
        // Non-hygienic macros fall back to the names visible where they are written.
        if let Some(globals) = crate::program::eval::current_globals(vm) {
            if let Ok(Some(v)) = globals.get_item_opt(name.as_str(), vm) {
                return Ok(v);
            }
        }
        let key = vm.ctx.new_str(name.as_str());
        if let Ok(v) = vm.builtins.get_attr(&key, vm) {
            return Ok(v);
        }
        Err(vm.new_name_error(format!("name '{name}' is not defined"), vm.ctx.new_str(name.as_str())))
    }

    fn range(&self, vm: &VirtualMachine) -> PyResult {
        Ok(vm.new_function("range", |a: rustpython_vm::function::FuncArgs, vm: &VirtualMachine| super::stmts::range_fn(vm, a)).into())
    }

    fn bool_op(&self, vm: &VirtualMachine, op: &str, lhs: PyObjectRef, rhs: PyObjectRef) -> PyResult {
        let and = op == "and";
        if let Some(b) = python_bool(vm, &lhs) {
            if and != b {
                return Ok(lhs);
            }
            let r = rhs.call((), vm)?;
            if python_bool(vm, &r).is_some() || operand(vm, &r)?.is_none() {
                return Ok(r);
            }
            return logical(vm, and, lhs, r);
        }
        let r = rhs.call((), vm)?;
        logical(vm, and, lhs, r)
    }

    fn not_(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult {
        match operand(vm, &value)? {
            Some(Operand::Expr(e)) if e.prim_dtype().is_some() => Ok(py(vm, arith::script_not(Operand::Expr(e), Span::none()).py(vm)?)),
            _ => Ok(vm.ctx.new_bool(!value.try_to_bool(vm)?).into()),
        }
    }

    fn compare(&self, vm: &VirtualMachine, ops: Vec<String>, operands: Vec<PyObjectRef>) -> PyResult {
        let mut result: Option<PyObjectRef> = None;
        for (i, op) in ops.iter().enumerate() {
            let (Some(a), Some(b)) = (operands.get(i), operands.get(i + 1)) else { break };
            let sub = compare_one(vm, op, a, b)?;
            result = Some(match result {
                None => sub,
                Some(prev) => {
                    if python_bool(vm, &prev).is_some() && python_bool(vm, &sub).is_some() {
                        vm.ctx.new_bool(prev.try_to_bool(vm)? && sub.try_to_bool(vm)?).into()
                    } else {
                        logical(vm, true, prev, sub)?
                    }
                }
            });
        }
        Ok(result.unwrap_or_else(|| vm.ctx.new_bool(true).into()))
    }

    fn if_exp(&self, vm: &VirtualMachine, cond: PyObjectRef, then: PyObjectRef, orelse: PyObjectRef) -> PyResult {
        if let Some(b) = python_bool(vm, &cond) {
            return if b { then.call((), vm) } else { orelse.call((), vm) };
        }
        match operand(vm, &cond)? {
            Some(Operand::Expr(c)) if c.dtype().is_bool() => {
                let t = then.call((), vm)?;
                let f = orelse.call((), vm)?;
                let t = operand(vm, &t)?.ok_or_else(|| vm.new_type_error("if_then_else: expected an expression"))?;
                let f = operand(vm, &f)?.ok_or_else(|| vm.new_type_error("if_then_else: expected an expression"))?;
                Ok(py(vm, super::exprs::make_if_then_else(c, t, f).py(vm)?))
            }
            _ => {
                if cond.downcast_ref::<rustpython_vm::builtins::PyInt>().is_some() || unwrap_object(&cond).is_none() {
                    return if cond.try_to_bool(vm)? { then.call((), vm) } else { orelse.call((), vm) };
                }
                Err(vm.new_type_error(format!("Expected Python bool or TIR bool, but got {}", cond.class().name())))
            }
        }
    }
}

/// One comparison in source order: IR operands build the node TVM's parser builds
/// (`3 <= x` stays `LE(3, x)`); Python values compare as Python.
fn compare_one(vm: &VirtualMachine, op: &str, a: &PyObjectRef, b: &PyObjectRef) -> PyResult {
    let bop = match op {
        "<" => Some(BinOp::LT),
        "<=" => Some(BinOp::LE),
        ">" => Some(BinOp::GT),
        ">=" => Some(BinOp::GE),
        "==" => Some(BinOp::EQ),
        "!=" => Some(BinOp::NE),
        _ => None,
    };
    if let Some(bop) = bop
        && let (Some(x), Some(y)) = (prim_operand(vm, a)?, prim_operand(vm, b)?)
        && (matches!(x, Operand::Expr(_)) || matches!(y, Operand::Expr(_)))
    {
        return Ok(py(vm, arith::script_compare(bop, x, y, crate::vm::location::current(vm)).py(vm)?));
    }
    crate::program::runtime::python_compare(vm, op, a, b)
}

fn python_bool(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<bool> {
    if obj.class().is(vm.ctx.types.bool_type) { obj.clone().try_to_bool(vm).ok() } else { None }
}

fn logical(vm: &VirtualMachine, and: bool, a: PyObjectRef, b: PyObjectRef) -> PyResult {
    let (Some(x), Some(y)) = (operand(vm, &a)?, operand(vm, &b)?) else {
        // Python values on both sides keep Python's meaning.
        let t = a.clone().try_to_bool(vm)?;
        return Ok(if and == t { b } else { a });
    };
    let span = crate::vm::location::current(vm);
    let r = if and { arith::script_and(x, y, span) } else { arith::script_or(x, y, span) };
    Ok(py(vm, r.py(vm)?))
}

/// A loop or branch condition: Python bools become `bool` constants.
fn condition(vm: &VirtualMachine, cond: &PyObjectRef) -> PyResult<Expr> {
    if cond.class().is(vm.ctx.types.bool_type) {
        return Ok(ir::bool_imm(cond.clone().try_to_bool(vm)?));
    }
    to_expr(vm, cond)
}

/// `x = value` for one name (TVM's `bind_assign_value`, with the store into an
/// existing local scalar of `visit_assign`).
fn bind_one(vm: &VirtualMachine, name: &str, value: PyObjectRef) -> PyResult {
    if let Some(m) = value.downcast_ref::<MetaVar>() {
        return Ok(m.value.clone());
    }
    if let Some(h) = as_handle(&value) {
        let v = h.enter(vm, Some(&NameSpec::Name(name.to_string())))?;
        if let Some(o) = unwrap_object(&v) {
            bind_scope(name, o);
        }
        return Ok(v);
    }
    // An existing local scalar (a `(1,)` buffer): assignment stores into it.
    if let Some(existing) = lookup(name)
        && let Some(buf) = scalar_buffer(&existing)
        && operand(vm, &value)?.is_some()
    {
        let bt = buffers::btype(&buf);
        let v = buffers::store_value(vm, bt.elem_dtype(), &value)?;
        emit(vm, buffers::make_store(&buf, v, vec![ir::int_imm(DataType::INT32, 0)]).py(vm)?)?;
        return Ok(py(vm, existing));
    }
    if value.downcast_ref::<PyList>().is_some() || value.downcast_ref::<PyTuple>().is_some() {
        let items = super::convert::iterate(vm, &value)?;
        for (i, v) in items.into_iter().enumerate() {
            name_value(&format!("{name}_{i}"), &v);
        }
        return Ok(value);
    }
    let Some(obj) = unwrap_object(&value) else {
        return match operand(vm, &value)? {
            Some(op) => {
                let e = op.into_expr().py(vm)?;
                bind_expr(vm, name, e)
            }
            None => {
                if let Some(s) = value.downcast_ref::<PyStr>() {
                    return bind_expr(vm, name, ir::string_imm(&s.to_string_lossy()));
                }
                Ok(value)
            }
        };
    };
    if obj.is::<TensorRegionNode>() {
        return Ok(value);
    }
    // `x = T.decl_scalar(...)`: the buffer takes the name, `x` stands for its load.
    if let Some(l) = obj.downcast_ref::<ir::TensorLoadNode>()
        && context::take_scalar_load(&obj)
        && let Some(buf) = l.source.as_object().clone().try_downcast::<VarNode>()
    {
        name_var(&buf, name);
        bind_scope(name, obj.clone());
        return Ok(value);
    }
    if let Some(iv) = obj.downcast_ref::<IterVarNode>() {
        name_var(&iv.var, name);
        bind_scope(name, obj.clone());
        return Ok(value);
    }
    if obj.isinstance(layout_info()) {
        return Ok(value);
    }
    if let Some(var) = obj.try_downcast::<VarNode>() {
        // `n = T.int32()` after a shape string declared `n`: the signature's symbol.
        if !context::is_named(&var)
            && var.name.is_empty()
            && let Some(sym) = context::with_func(|f| f.symbols.get(name).cloned()).flatten()
            && sym.ty.as_prim().is_some()
            && var.ty.as_prim().is_some()
        {
            if sym.ty.as_prim() != var.ty.as_prim() {
                return Err(diag(
                    vm,
                    format!("error: Expected the same dtype for PrimVars but got {} vs {}", var.dtype(), sym.dtype()),
                ));
            }
            bind_scope(name, sym.as_ref_obj());
            return Ok(py(vm, sym));
        }
        if is_buffer_var(&obj) || !context::is_named(&var) {
            name_var(&var, name);
            bind_scope(name, obj);
            return Ok(value);
        }
    }
    if obj.isinstance(ir::expr_info()) && !obj.isinstance(ir::base_func_info()) {
        return bind_expr(vm, name, Expr(obj));
    }
    Ok(value)
}

/// Name the resources in a Python value bound to a name (list elements `x_0` …).
fn name_value(name: &str, value: &PyObjectRef) {
    let Some(obj) = unwrap_object(value) else { return };
    if let Some(iv) = obj.downcast_ref::<IterVarNode>() {
        name_var(&iv.var, name);
    } else if let Some(var) = obj.try_downcast::<VarNode>()
        && (is_buffer_var(&obj) || !context::is_named(&var))
    {
        name_var(&var, name);
    }
}

/// `x = expr` for an expression that is not a fresh variable: a pointer or
/// non-scalar value is an immutable `Bind`; a scalar becomes a mutable local scalar.
fn bind_expr(vm: &VirtualMachine, name: &str, e: Expr) -> PyResult {
    let ty = e.ty();
    let is_prim = ty.0.is::<PrimTypeNode>();
    if ty.0.is::<PointerTypeNode>() || !is_prim || e.is::<ir::StringImmNode>() {
        let var = ir::new_var(name, ty, Span::none());
        context::mark_named(&var);
        emit(vm, Bind::new(BindNode { var: var.clone(), value: e, span: Span::none() }))?;
        bind_scope(name, var.as_ref_obj());
        return Ok(py(vm, var));
    }
    let dtype = e.dtype();
    let (buf, load) = buffers::alloc_scalar(vm, dtype, "local")?;
    name_var(&buf, name);
    emit(vm, buffers::make_store(&buf, e, vec![ir::int_imm(DataType::INT32, 0)]).py(vm)?)?;
    bind_scope(name, load.clone().into_object());
    Ok(py(vm, load))
}

/// The `(1,)` buffer behind a local scalar binding (its load or the buffer itself).
fn scalar_buffer(obj: &ObjectRef) -> Option<Var> {
    let buf = if let Some(l) = obj.downcast_ref::<ir::TensorLoadNode>() {
        l.source.as_object().try_downcast::<VarNode>()?
    } else {
        obj.try_downcast::<VarNode>()?
    };
    let bt = buffer_type(&buf)?;
    (bt.shape.len() == 1 && bt.shape[0].as_int() == Some(1)).then_some(buf)
}

/// `x: ann = value` / `x: ann`.
fn annotated(vm: &VirtualMachine, name: &str, ann: &PyObjectRef, value: Option<PyObjectRef>) -> PyResult {
    if let Some(lv) = ann.downcast_ref::<LocalVector>() {
        if value.is_some() {
            return Err(diag(vm, "error: Vector annotation does not support initial value"));
        }
        let shape = vm.ctx.new_tuple(lv.shape.clone()).into();
        let dtype = vm.ctx.new_str(lv.dtype.to_string()).into();
        let args = rustpython_vm::function::FuncArgs::new(vec![shape, dtype], rustpython_vm::function::KwArgs::default());
        let buf = buffers::alloc_buffer(vm, args, Some("local"))?;
        return bind_one(vm, name, buf);
    }
    if let Some(la) = ann.downcast_ref::<LetAnnotation>() {
        let Some(value) = value else {
            return Err(diag(vm, "error: T.let annotation requires a value"));
        };
        let rhs = let_value(vm, &value)?;
        let var = la.as_var(vm, Some(rhs.ty()))?;
        let var = if var.name.is_empty() || !context::is_named(&var) { var } else { var };
        name_var(&var, name);
        emit(vm, Bind::new(BindNode { var: var.clone(), value: rhs, span: Span::none() }))?;
        bind_scope(name, var.as_ref_obj());
        return Ok(py(vm, var));
    }
    let var = super::exprs::annotation_var(vm, ann)?;
    let Some(dtype) = var.ty.as_prim() else {
        return Err(diag(vm, "error: Use T.let[...] for non-PrimType annotations (e.g. PointerType, handle)"));
    };
    if dtype.is_handle() {
        return Err(diag(vm, "error: handle type cannot be used as scalar annotation; use T.let[T.handle] instead"));
    }
    let (buf, load) = buffers::alloc_scalar(vm, dtype, "local")?;
    name_var(&buf, name);
    if let Some(v) = value {
        let v = match v.downcast_ref::<MetaVar>() {
            Some(m) => m.value.clone(),
            None => v,
        };
        let e = buffers::store_value(vm, dtype, &v)?;
        emit(vm, buffers::make_store(&buf, e, vec![ir::int_imm(DataType::INT32, 0)]).py(vm)?)?;
    }
    bind_scope(name, load.clone().into_object());
    Ok(py(vm, load))
}

/// The value of a `T.let`: tuples become `ir.Tuple`, strings `StringImm`, scalars constants.
fn let_value(vm: &VirtualMachine, value: &PyObjectRef) -> PyResult<Expr> {
    if let Some(items) = super::convert::seq(value) {
        let fields: Vec<Expr> = items.iter().map(|x| let_value(vm, x)).collect::<PyResult<_>>()?;
        let ty = crate::ir::Type::from(crate::ir::TupleType::new(crate::ir::TupleTypeNode {
            fields: fields.iter().map(|f| f.ty()).collect(),
            span: Span::none(),
        }));
        return Ok(crate::ir::Tuple::new(crate::ir::TupleNode { ty, fields, span: Span::none() }).into());
    }
    if let Some(s) = value.downcast_ref::<PyStr>() {
        return Ok(ir::string_imm(&s.to_string_lossy()));
    }
    to_expr(vm, value)
}

/// An expression statement.
fn emit_value(vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
    if vm.is_none(&value) || value.downcast_ref::<PyStr>().is_some() {
        return Ok(());
    }
    if let Some(h) = as_handle(&value) {
        h.enter(vm, None)?;
        return Ok(());
    }
    if value.downcast_ref::<MetaVar>().is_some() {
        return Ok(());
    }
    if value.class().is(vm.ctx.types.bool_type) {
        return emit(vm, super::frames::evaluate(ir::bool_imm(value.try_to_bool(vm)?)));
    }
    if let Some(op) = operand(vm, &value)? {
        if let Operand::Expr(e) = &op {
            if e.is::<VarNode>() {
                // `T.bind(v, var=x)` and bare buffers: already emitted or nothing to do.
                return Ok(());
            }
            if e.prim_dtype().is_none() && !e.is::<ir::CallNode>() {
                return Err(diag(vm, format!("error: Parsing resulted in unexpected type {}", e.type_key())));
            }
        }
        let e = op.into_expr().py(vm)?;
        return emit(vm, super::frames::evaluate(e));
    }
    if let Some(o) = unwrap_object(&value)
        && (o.is::<IterVarNode>() || o.isinstance(ir::base_func_info()))
    {
        return Ok(());
    }
    Err(diag(vm, format!("error: Parsing resulted in unexpected type {}", value.class().name())))
}

// ---------------------------------------------------------------------------
// Operators on IR values in the VM.

/// Arithmetic and comparisons on scalar expressions.
pub fn op_hook(
    vm: &VirtualMachine,
    op: crate::vm::object::PyOp,
    a: &PyObjectRef,
    b: Option<&PyObjectRef>,
) -> Option<PyResult> {
    use crate::vm::object::PyOp as P;
    let r = (|| -> PyResult<Option<Expr>> {
        let Some(x) = prim_operand(vm, a)? else { return Ok(None) };
        let Some(b) = b else {
            let Operand::Expr(e) = x else { return Ok(None) };
            return Ok(Some(match op {
                P::Neg => arith::neg(e).py(vm)?,
                P::Pos => e,
                P::Invert => arith::python_invert(e).py(vm)?,
                P::Abs => {
                    let args = rustpython_vm::function::FuncArgs::new(vec![py(vm, e)], rustpython_vm::function::KwArgs::default());
                    let r = super::exprs::abs(vm, args)?;
                    return Ok(unwrap_object(&r).map(Expr));
                }
                _ => return Ok(None),
            }));
        };
        let Some(y) = prim_operand(vm, b)? else { return Ok(None) };
        if !matches!(x, Operand::Expr(_)) && !matches!(y, Operand::Expr(_)) {
            return Ok(None);
        }
        let cmp = |bop: BinOp| -> PyResult<Option<Expr>> {
            let in_script = builder::current_dialect() == Some("tirx");
            let r = if in_script { arith::script_compare(bop, x.clone(), y.clone(), Span::none()) } else { arith::binary(bop, x.clone(), y.clone(), Span::none()) };
            Ok(Some(r.py(vm)?))
        };
        if let Some(bop) = crate::vm::operators::comparison(op) {
            return cmp(bop);
        }
        let P::Binary(py_op) = op else { return Ok(None) };
        Ok(Some(arith::python_binary(py_op, x, y, Span::none()).py(vm)?))
    })();
    match r {
        Ok(Some(e)) => Some(Ok(py(vm, e))),
        Ok(None) => None,
        Err(e) => Some(Err(e)),
    }
}

/// An operand with a scalar (PrimType) type, or a Python scalar.
fn prim_operand(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Option<Operand>> {
    match operand(vm, obj)? {
        Some(Operand::Expr(e)) if e.prim_dtype().is_none() => Ok(None),
        other => Ok(other),
    }
}

/// `bool(expr)`: constants by value, `a == b` of IR values by identity (TVM's rule);
/// other expressions cannot be used as Python conditions.
pub fn bool_hook(_vm: &VirtualMachine, obj: &ObjectRef) -> Option<PyResult<bool>> {
    if let Some(i) = obj.downcast_ref::<ir::IntImmNode>() {
        return Some(Ok(i.value != 0));
    }
    if let Some(n) = obj.downcast_ref::<ir::EQNode>() {
        return Some(Ok(n.a.same_as(&n.b)));
    }
    if let Some(n) = obj.downcast_ref::<ir::NENode>() {
        return Some(Ok(!n.a.same_as(&n.b)));
    }
    if obj.isinstance(ir::expr_info()) && Expr::from_object_ref_unchecked(obj).prim_dtype().is_some() {
        return Some(Err(_vm.new_value_error(
            "Cannot use and / or / not operator to Expr, hint: use tvm.tirx.all / tvm.tirx.any instead",
        )));
    }
    None
}

/// `A[i]` on buffer variables.
pub fn item_hook(vm: &VirtualMachine, obj: &ObjectRef, key: &Val) -> Option<PyResult<Val>> {
    let buf = obj.try_downcast::<VarNode>().filter(|v| buffer_type(v).is_some())?;
    Some(buffers::subscript(vm, &buf, key))
}

/// Attributes the reflection does not provide: buffer properties, `expr.dtype`
/// (function attributes are `ir.BaseFunc`'s members, `dialects::ir::module_class`).
pub fn attr_hook(vm: &VirtualMachine, obj: &ObjectRef, name: &str) -> Option<PyResult> {
    if let Some(var) = obj.try_downcast::<VarNode>()
        && let Some(r) = buffers::buffer_attr(vm, &var, name)
    {
        return Some(r);
    }
    // TVM 0.27's expressions have no `dtype` (their type is `ty`); a Var's refuses it
    // unless it is a buffer.
    if name == "dtype" && obj.is::<VarNode>() {
        return Some(Err(vm.new_attribute_error("dtype is only available on a Var with BufferType")));
    }
    None
}
