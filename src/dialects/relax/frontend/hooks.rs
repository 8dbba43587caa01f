//! What the construction protocol means in Relax functions (TVM's relax parser):
//! assignments emit bindings (or name symbolic variables, or keep Python values),
//! expression statements emit bindings to fresh variables, `if` builds a Relax
//! `If` whose branches are sequences, `return` sets the function's result, and
//! `with R.dataflow():` opens a dataflow block. Also the object hooks: `t[i]` on
//! tuples and calls of function values (`cls.f(x)`).

use rustpython_vm::builtins::{PyInt, PyStr, PyTuple};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{pyclass, AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::convert::{to_expr, to_expr_v, to_type, to_type_v};
use super::emit::{self, is_leaf};
use super::construct::Seq;
use super::frame::{resolve, substitute, with_func};
use crate::dialects::relax::nodes::{AnyBlock, Binding, If, MatchCast, SeqExpr, VarBinding};
use crate::dialects::relax::types::as_func;
use crate::vm::convert::{diag, py};
use crate::ir::{self, DataType, Expr, GlobalVarNode, ObjectRef, Span, TupleGetItem, TupleGetItemNode, Type, Var, VarNode};
use crate::vm::native::Val;
use crate::vm::object::unwrap_object;
use crate::program::runtime::{BranchState, Branches, DialectHooks};

/// The Relax dialect's construction-protocol hooks.
pub struct RelaxHooks;

fn ir_err(vm: &VirtualMachine, e: ir::Error) -> rustpython_vm::builtins::PyBaseExceptionRef {
    if e.kind == ir::ErrorKind::DiagnosticError {
        diag(vm, e.message)
    } else {
        diag(vm, format!("error: {}", e.message))
    }
}

/// `R.match_cast(value, ty)` before it is bound to a name.
#[pyclass(module = "tvm.script.relax", name = "MatchCastValue")]
#[derive(Debug, PyPayload)]
pub struct MatchCastValue {
    /// The value cast.
    pub value: ObjectRef,
    /// The type it is matched against.
    pub ty: Type,
}

#[pyclass]
impl MatchCastValue {}

/// `R.match_cast(value, ty)`.
pub fn match_cast(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let get = |i: usize, k: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(k).cloned());
    let value = get(0, "value").ok_or_else(|| diag(vm, "error: R.match_cast expects a value"))?;
    let ty = get(1, "struct_info").or_else(|| get(1, "ty")).ok_or_else(|| diag(vm, "error: R.match_cast expects a type"))?;
    let value = to_expr(vm, &value)?;
    let ty = to_type(vm, &ty)?;
    Ok(MatchCastValue { value: value.into_object(), ty }.into_ref(&vm.ctx).into())
}

/// A Python tuple or list holding IR values means a Relax tuple.
fn holds_ir(obj: &PyObjectRef) -> bool {
    match crate::vm::convert::seq(obj) {
        Some(items) => items.iter().any(|x| unwrap_object(x).is_some() || holds_ir(x)),
        None => false,
    }
}

fn as_ir_value(vm: &VirtualMachine, value: PyObjectRef) -> PyResult<PyObjectRef> {
    if holds_ir(&value) {
        return Ok(py(vm, to_expr(vm, &value)?.into_object()));
    }
    Ok(value)
}

impl RelaxHooks {
    /// `name: ann = value`, the annotation read by `ann_type` when it is needed.
    fn bind_annotated_with(&self, vm: &VirtualMachine, name: String, ann_type: impl FnOnce(&VirtualMachine) -> PyResult<Type>, value: PyObjectRef) -> PyResult {
        // A Python number is a scalar prim value under a scalar annotation, else a
        // constant (TVM's parser: `relax.prim_value(v, dtype)` / `R.const(v)`).
        if is_number(vm, &value) {
            let ty = ann_type(vm)?;
            let e = match ty.as_prim() {
                Some(d) => number_prim_value(vm, &value, d)?,
                None => number_const(vm, &value)?,
            };
            let var = emit::emit_named(&name, e, Some(ty)).map_err(|e| ir_err(vm, e))?;
            return Ok(py(vm, var.into_object()));
        }
        let value = as_ir_value(vm, value)?;
        if let Some(m) = value.downcast_ref::<MatchCastValue>() {
            let var = emit::emit_match_cast(&name, Expr(m.value.clone()), m.ty.clone()).map_err(|e| ir_err(vm, e))?;
            return Ok(py(vm, var.into_object()));
        }
        if !unwrap_object(&value).is_some_and(|o| o.isinstance(ir::expr_info())) {
            return Ok(value);
        }
        let ty = ann_type(vm)?;
        let e = to_expr(vm, &value)?;
        let var = emit::emit_named(&name, e, Some(ty)).map_err(|e| ir_err(vm, e))?;
        Ok(py(vm, var.into_object()))
    }
}

fn bind_one(vm: &VirtualMachine, name: &str, value: PyObjectRef) -> PyResult {
    // `c = I.meta_var(v)`: the name is the Python value itself, as in TVM's parser.
    if let Some(m) = value.downcast_ref::<crate::dialects::tirx::frontend::exprs::MetaVar>() {
        return Ok(m.value.clone());
    }
    if is_number(vm, &value) {
        let e = number_const(vm, &value)?;
        let var = emit::emit_named(name, e, None).map_err(|e| ir_err(vm, e))?;
        return Ok(py(vm, var.into_object()));
    }
    let value = as_ir_value(vm, value)?;
    if let Some(m) = value.downcast_ref::<MatchCastValue>() {
        let var = emit::emit_match_cast(name, Expr(m.value.clone()), m.ty.clone()).map_err(|e| ir_err(vm, e))?;
        return Ok(py(vm, var.into_object()));
    }
    let Some(o) = unwrap_object(&value) else { return Ok(value) };
    if !o.isinstance(ir::expr_info()) {
        return Ok(value);
    }
    bind_expr(vm, name, o)
}

/// `name = value` for an IR expression.
fn bind_expr(vm: &VirtualMachine, name: &str, o: ObjectRef) -> PyResult {
    // `n = T.int64()`: a symbolic variable of the function.
    if let Some(v) = o.downcast_ref::<VarNode>()
        && v.name.is_empty()
        && v.ty.as_prim().is_some()
    {
        // As TVM: a name the signature already made a symbol (`R.Tensor(("n",))`) is
        // that symbol, declared again; a symbol of another dtype is an error.
        let dtype = v.ty.dtype();
        let named = with_func(|f| match f.symbols.get(name) {
            Some(prev) if prev.ty.dtype() == dtype => Ok(prev.clone()),
            Some(prev) => Err(prev.ty.dtype()),
            None => {
                let named = Var::scalar(name, dtype);
                f.symbols.insert(name.to_string(), named.clone());
                Ok(named)
            }
        });
        return match named {
            Some(Ok(named)) => Ok(py(vm, named)),
            Some(Err(prev)) => Err(diag(vm, format!("error: Expected the same dtype for PrimType values but got {dtype} vs {prev}"))),
            None => Ok(py(vm, Var::scalar(name, dtype))),
        };
    }
    let e = to_expr_v(vm, &Val::Ir(o))?;
    let var = emit::emit_named(name, e, None).map_err(|e| ir_err(vm, e))?;
    Ok(py(vm, var.into_object()))
}

impl DialectHooks for RelaxHooks {
    fn dialect(&self) -> &'static str {
        "relax"
    }

    fn bind_val(&self, vm: &VirtualMachine, names: PyObjectRef, value: Val) -> PyResult {
        // A builder's result, straight from a native call: no wrapper to look through.
        if let Val::Ir(o) = &value
            && o.isinstance(ir::expr_info())
            && let Some(s) = names.downcast_ref::<PyStr>()
        {
            return bind_expr(vm, &s.to_string_lossy(), o.clone());
        }
        self.bind(vm, names, value.into_py(vm))
    }

    fn bind(&self, vm: &VirtualMachine, names: PyObjectRef, value: PyObjectRef) -> PyResult {
        if let Some(s) = names.downcast_ref::<PyStr>() {
            return bind_one(vm, &s.to_string_lossy(), value);
        }
        let Some(t) = names.downcast_ref::<PyTuple>() else { return Ok(value) };
        let names: Vec<PyObjectRef> = t.as_slice().to_vec();
        // As in TVM, a Relax value does not unpack (index it instead).
        if unwrap_object(&value).is_some() {
            return Err(diag(vm, format!("error: cannot unpack a Relax value into {} names; index it instead", names.len())));
        }
        let items: Vec<PyObjectRef> = crate::vm::convert::iterate(vm, &value)?;
        if items.len() != names.len() {
            return Err(diag(vm, format!("error: cannot unpack {} values into {} names", items.len(), names.len())));
        }
        let out = names.iter().zip(items).map(|(n, v)| self.bind(vm, n.clone(), v)).collect::<PyResult<Vec<_>>>()?;
        Ok(vm.ctx.new_tuple(out).into())
    }

    fn bind_annotated_val(&self, vm: &VirtualMachine, name: String, ann: Val, value: Val) -> PyResult {
        // The annotation is only read as a type: a native call's type stays unwrapped.
        let value = value.into_py(vm);
        match ann {
            Val::Ir(t) => self.bind_annotated_with(vm, name, |vm| to_type_v(vm, &Val::Ir(t)), value),
            ann => {
                let ann = ann.into_py(vm);
                self.bind_annotated_with(vm, name, |vm| to_type(vm, &ann), value)
            }
        }
    }

    fn bind_annotated(&self, vm: &VirtualMachine, name: String, ann: PyObjectRef, value: PyObjectRef) -> PyResult {
        self.bind_annotated_with(vm, name, |vm| to_type(vm, &ann), value)
    }

    fn declare(&self, vm: &VirtualMachine, name: String, ann: PyObjectRef) -> PyResult {
        // `n: T.int64` — a symbolic variable.
        let ty = to_type(vm, &ann)?;
        match ty.as_prim() {
            Some(d) => {
                let v = Var::scalar(&name, d);
                with_func(|f| f.symbols.insert(name.clone(), v.clone()));
                Ok(py(vm, v))
            }
            None => Err(diag(vm, "error: a Relax variable declaration needs a value")),
        }
    }

    fn emit(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
        if let Some(m) = value.downcast_ref::<MatchCastValue>() {
            let name = with_func(|f| f.fresh_name()).unwrap_or_default();
            emit::emit_match_cast(&name, Expr(m.value.clone()), m.ty.clone()).map_err(|e| ir_err(vm, e))?;
            return Ok(());
        }
        let Some(o) = unwrap_object(&value).filter(|o| o.isinstance(ir::expr_info())) else { return Ok(()) };
        let e = resolve(Expr(o)).map_err(|e| ir_err(vm, e))?;
        if is_leaf(&e) {
            return Ok(());
        }
        // TVM names the variable of an expression statement `_`.
        emit::emit_named("_", e, None).map_err(|e| ir_err(vm, e))?;
        with_func(|f| f.seq().last_name = None);
        Ok(())
    }

    fn if_(&self, vm: &VirtualMachine, cond: PyObjectRef, has_else: bool) -> PyResult {
        if cond.class().is(vm.ctx.types.bool_type) {
            return Ok(Branches::new(BranchState::Host(Some(cond.try_to_bool(vm)?))).into_ref(&vm.ctx).into());
        }
        let cond = resolve(to_expr(vm, &cond)?).map_err(|e| ir_err(vm, e))?;
        let cond = emit::normalize_arg(cond).map_err(|e| ir_err(vm, e))?;
        if !has_else {
            return Err(diag(vm, "error: a Relax if statement needs an else branch"));
        }
        let mut then_seq: Option<Seq> = None;
        let step = move |vm: &VirtualMachine, i: usize| -> PyResult<()> {
            match i {
                0 => {
                    with_func(|f| f.build.seqs.push(Seq::default()));
                }
                1 => {
                    then_seq = with_func(|f| f.build.seqs.pop()).flatten();
                    with_func(|f| f.build.seqs.push(Seq::default()));
                }
                _ => {
                    let else_seq = with_func(|f| f.build.seqs.pop()).flatten();
                    let (Some(t), Some(e)) = (then_seq.take(), else_seq) else {
                        return Err(diag(vm, "error: unbalanced if branches"));
                    };
                    finish_if(vm, cond.clone(), t, e)?;
                }
            }
            Ok(())
        };
        Ok(Branches::new(BranchState::Ir { next: 0, step: Box::new(step) }).into_ref(&vm.ctx).into())
    }

    fn return_(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
        if vm.is_none(&value) {
            return Err(diag(vm, "error: a Relax function must return a value"));
        }
        let e = resolve(to_expr(vm, &value)?).map_err(|e| ir_err(vm, e))?;
        let nested = with_func(|f| f.build.seqs.len() > 1).unwrap_or(false);
        if nested {
            return Err(diag(vm, "error: return inside an if branch is not supported in Relax functions"));
        }
        let e = emit::normalize_arg(e).map_err(|e| ir_err(vm, e))?;
        with_func(|f| f.ret = Some(e));
        Ok(())
    }

    fn lookup_name(&self, vm: &VirtualMachine, name: String) -> PyResult {
        if let Some(v) = with_func(|f| f.symbols.get(&name).cloned()).flatten() {
            return Ok(py(vm, v));
        }
        if let Some(globals) = crate::program::eval::current_globals(vm)
            && let Ok(Some(v)) = globals.get_item_opt(name.as_str(), vm)
        {
            return Ok(v);
        }
        let key = vm.ctx.new_str(name.as_str());
        if let Ok(v) = vm.builtins.get_attr(&key, vm) {
            return Ok(v);
        }
        Err(vm.new_name_error(format!("name '{name}' is not defined"), vm.ctx.new_str(name.as_str())))
    }
}

/// The bindings of a branch and its result: the last binding (to the name the branch
/// assigns) becomes the body — inline when its value is a leaf, else renamed
/// `<name>_then` / `<name>_else`.
fn branch(vm: &VirtualMachine, mut seq: Seq, suffix: &str) -> PyResult<(SeqExpr, String, Option<ObjectRef>)> {
    seq.flush();
    let name = seq.last_name.clone().ok_or_else(|| diag(vm, "error: each branch of a Relax if must assign the result variable"))?;
    let mut blocks = seq.blocks;
    let last_block = blocks.pop().ok_or_else(|| diag(vm, "error: empty if branch"))?;
    let mut bindings: Vec<Binding> = last_block.bindings().to_vec();
    let last = bindings.pop().ok_or_else(|| diag(vm, "error: empty if branch"))?;
    let var = last.var().cloned().ok_or_else(|| diag(vm, "error: malformed binding"))?;
    let value = last.value().cloned().ok_or_else(|| diag(vm, "error: malformed binding"))?;
    let body: Expr = if last.as_match_cast().is_none() && is_leaf(&value) {
        value
    } else {
        let renamed = ir::new_var(&format!("{name}_{suffix}"), var.ty(), Span::none());
        let b: Binding = match last.as_match_cast() {
            Some(m) => MatchCast::make(renamed.clone(), m.value.clone(), m.ty.clone(), Span::none()).into(),
            None => VarBinding::make(renamed.clone(), value, Span::none()).into(),
        };
        bindings.push(b);
        renamed.into()
    };
    if !bindings.is_empty() {
        blocks.push(AnyBlock::make(last_block.is_dataflow(), bindings, Span::none()));
    }
    Ok((emit::seq_expr(blocks, body), name, Some(var.into_object())))
}

/// Emit the `If` of two finished branches; returns its variable. (Also the IR
/// builder's `R.If` frame, `builder_api.rs`.)
pub(super) fn finish_if(vm: &VirtualMachine, cond: Expr, then_seq: Seq, else_seq: Seq) -> PyResult<crate::dialects::relax::nodes::AnyVar> {
    let (t, tname, tvar) = branch(vm, then_seq, "then")?;
    let (e, ename, evar) = branch(vm, else_seq, "else")?;
    if tname != ename {
        return Err(diag(vm, format!("error: the branches of a Relax if assign different variables: {tname} and {ename}")));
    }
    let iff = If::make(cond, t, e, Span::none());
    let var = emit::emit_named(&tname, iff.into(), None).map_err(|e| ir_err(vm, e))?;
    with_func(|f| {
        for old in [tvar, evar].into_iter().flatten() {
            f.replace(old, var.as_expr());
        }
    });
    Ok(var)
}

/// `t[i]` on a Relax tuple value; an index outside the tuple's type is an
/// `IndexError` with TVM's message (so iterating a tuple value stops at its end).
pub(super) fn tuple_item(vm: &VirtualMachine, t: &Expr, index: i64) -> PyResult<Expr> {
    let shown = match t.downcast_ref::<ir::VarNode>() {
        Some(v) => format!(" {}", v.name),
        None => String::new(),
    };
    if index < 0 {
        return Err(vm.new_index_error(format!("Index out of bounds: Tuple{shown} cannot be accessed with negative index {index}")));
    }
    let ty = match t.ty().downcast_ref::<ir::TupleTypeNode>() {
        Some(tt) => {
            let n = tt.fields.len();
            if index as usize >= n {
                return Err(vm.new_index_error(format!("Index out of bounds: Tuple{shown} is of size {n}, and cannot be accessed with index {index}")));
            }
            tt.fields[index as usize].clone()
        }
        None => Type::missing(),
    };
    Ok(TupleGetItem::new(TupleGetItemNode { ty, tuple_value: t.clone(), index, span: Span::none() }).into())
}

/// `t[i]`: a `TupleGetItem` of a tuple-typed Relax expression.
pub fn item_hook(vm: &VirtualMachine, obj: &ObjectRef, key: &crate::vm::native::Val) -> Option<PyResult<crate::vm::native::Val>> {
    let crate::vm::native::Val::Py(key) = key else { return None };
    if !obj.isinstance(ir::expr_info()) || obj.is::<VarNode>() && obj.downcast_ref::<VarNode>().is_some_and(|v| v.ty.as_prim().is_some()) {
        return None;
    }
    let e = Expr(obj.clone());
    if e.ty().downcast_ref::<ir::TupleTypeNode>().is_none() && !e.is::<ir::TupleNode>() {
        return None;
    }
    let i = key.downcast_ref::<PyInt>()?.try_to_primitive::<i64>(vm).ok()?;
    Some((|| {
        let t = resolve(e).map_err(|e| ir_err(vm, e))?;
        Ok(crate::vm::native::Val::Ir(tuple_item(vm, &t, i)?.into_object()))
    })())
}

/// Calls of Relax function values: `cls.f(x)`, a closure variable, `R.ExternFunc(..)(x)`.
pub fn call_hook(vm: &VirtualMachine, obj: &ObjectRef, args: &FuncArgs) -> Option<PyResult> {
    if !super::frame::in_func() || !obj.isinstance(ir::expr_info()) {
        return None;
    }
    let e = Expr(obj.clone());
    let callable = e.is::<GlobalVarNode>()
        || e.is::<crate::dialects::relax::nodes::ExternFuncNode>()
        || e.is::<crate::dialects::relax::nodes::FunctionNode>()
        || as_func(&e.ty()).is_some();
    if !callable {
        return None;
    }
    Some((|| {
        if !args.kwargs.is_empty() {
            return Err(diag(vm, "error: calls of Relax functions take positional arguments only"));
        }
        let callee = resolve(e).map_err(|e| ir_err(vm, e))?;
        let call_args = args.args.iter().map(|a| to_expr(vm, a)).collect::<PyResult<Vec<_>>>()?;
        Ok(py(vm, super::special::call_value(vm, callee, call_args, vec![])?.into_object()))
    })())
}

/// `with R.dataflow():` — bindings inside form a dataflow block; the variables
/// `R.output` names become plain variables.
#[pyclass(module = "tvm.script.relax", name = "DataflowFrame")]
#[derive(Debug, PyPayload)]
pub struct DataflowCtx;

#[pyclass]
impl DataflowCtx {
    #[pymethod]
    fn __enter__(&self, vm: &VirtualMachine) -> PyResult {
        with_func(|f| {
            f.seq().start_block(true);
            f.outputs.clear();
        })
        .ok_or_else(|| diag(vm, "error: R.dataflow() must be used inside an R.function"))?;
        Ok(vm.ctx.none())
    }

    #[pymethod]
    fn __exit__(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult<bool> {
        if args.args.first().is_some_and(|e| !vm.is_none(e)) {
            with_func(|f| f.seq().dataflow = false);
            return Ok(false);
        }
        let r = with_func(|f| -> ir::Result<()> {
            let outputs: crate::fast_hash::FastSet<usize> = f.outputs.iter().map(|o| o.addr()).collect();
            let bindings = std::mem::take(&mut f.seq().current);
            let mut map = crate::fast_hash::FastMap::default();
            let mut replaced = vec![];
            let mut out = Vec::with_capacity(bindings.len());
            for b in bindings {
                let var = b.var().cloned().expect("bindings have variables");
                let old_value = b.value().cloned().expect("bindings have values");
                let value = substitute(old_value.clone(), &map)?;
                let exported = outputs.contains(&var.as_object().addr());
                // Most bindings neither export nor use an export: kept as they are.
                if !exported && value.same_as(&old_value) {
                    out.push(b);
                    continue;
                }
                let new_var = if exported {
                    let v = emit::exported(&var);
                    map.insert(var.as_object().addr(), Expr::from(v.clone()));
                    replaced.push(var.as_object().clone());
                    crate::dialects::relax::nodes::AnyVar::from(v)
                } else {
                    var
                };
                out.push(match b.as_match_cast() {
                    Some(m) => MatchCast::make(new_var, value, m.ty.clone(), Span::none()).into(),
                    None => VarBinding::make(new_var, value, Span::none()).into(),
                });
            }
            f.seq().current = out;
            f.seq().start_block(false);
            f.outputs.clear();
            f.subst.extend(map);
            f.replaced.extend(replaced);
            Ok(())
        });
        match r {
            Some(Ok(())) => Ok(false),
            Some(Err(e)) => Err(ir_err(vm, e)),
            None => Err(diag(vm, "error: R.dataflow() must be used inside an R.function")),
        }
    }
}

/// `R.output(*vars)`.
pub fn output(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut vars = vec![];
    for a in &args.args {
        let e = to_expr(vm, a)?;
        if !e.is::<crate::dialects::relax::nodes::DataflowVarNode>() && !e.is::<VarNode>() {
            return Err(diag(vm, "error: R.output expects variables bound in the dataflow block"));
        }
        vars.push(e.into_object());
    }
    with_func(|f| f.outputs.extend(vars)).ok_or_else(|| diag(vm, "error: R.output must be used inside R.dataflow()"))?;
    Ok(vm.ctx.none())
}

/// `R.func_attr({...})`.
pub fn func_attr(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let d = args.args.first().ok_or_else(|| diag(vm, "error: R.func_attr expects a dict"))?;
    let v = crate::vm::convert::py_to_value(vm, d)?;
    let ir::Value::Map(m) = v else { return Err(diag(vm, "error: R.func_attr expects a dict")) };
    with_func(|f| {
        for (k, v) in m.iter() {
            f.attrs.retain(|(x, _)| x != k);
            f.attrs.push((k.clone(), v.clone()));
        }
    })
    .ok_or_else(|| diag(vm, "error: R.func_attr must be used inside an R.function"))?;
    Ok(vm.ctx.none())
}

/// A Python int, float or bool.
fn is_number(vm: &VirtualMachine, v: &PyObjectRef) -> bool {
    v.downcast_ref::<PyInt>().is_some() || v.class().is(vm.ctx.types.float_type)
}

/// `R.const(v)` of a Python number.
fn number_const(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Expr> {
    let r = crate::vm::namespace::namespace_object(vm, "relax");
    let c = r.get_attr("const", vm)?.call((v.clone(),), vm)?;
    super::convert::to_expr(vm, &c)
}

/// `relax.prim_value(v, dtype)` of a Python number.
fn number_prim_value(vm: &VirtualMachine, v: &PyObjectRef, dtype: DataType) -> PyResult<Expr> {
    if v.class().is(vm.ctx.types.float_type) {
        let f = v.clone().try_float(vm)?.to_f64();
        return Ok(ir::float_imm(dtype, f));
    }
    let i: i64 = v.downcast_ref::<PyInt>().map(|i| i.try_to_primitive(vm)).transpose()?.unwrap_or(0);
    Ok(if dtype.is_bool() { ir::bool_imm(i != 0) } else if dtype.is_float() { ir::float_imm(dtype, i as f64) } else { ir::int_imm(dtype, i) })
}

/// `R.prim_value(v)`: the scalar itself (Python ints as int64).
pub fn prim_value(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let v = args.args.first().or_else(|| args.kwargs.get("value")).ok_or_else(|| diag(vm, "error: R.prim_value expects a value"))?;
    let e = if let Some(i) = v.downcast_ref::<PyInt>().filter(|_| !v.class().is(vm.ctx.types.bool_type)) {
        ir::int_imm(DataType::INT64, i.try_to_primitive(vm)?)
    } else if let Some(f) = v.downcast_ref::<rustpython_vm::builtins::PyFloat>() {
        ir::float_imm(DataType::float(64), f.to_f64())
    } else {
        crate::dialects::tirx::frontend::convert::to_expr(vm, v)?
    };
    Ok(py(vm, e.into_object()))
}
