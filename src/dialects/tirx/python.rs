//! The Python classes of TIRx (`tvm.tirx`): TVM 0.27's constructors for the scalar
//! expression nodes (`prim.*`, exported as `tvm.ir.prim` and `tvm.tirx`), the
//! statements, and the functions the package exports beside them (`BufferLoad`,
//! `decl_buffer`, `const`). A class is its constructor: `tvm.tirx.Add(a, b)` makes
//! the node `a + b` makes (unfolded), and `type(a + b) is tvm.tirx.Add`.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::frontend::args::bind;
use super::frontend::convert::{iterate, operand, to_dtype, to_expr};
use super::frontend::exprs;
use super::nodes::{stmt_info, BufferSpec, BufferTypeNode, PrimFunc, PrimFuncNode};
use crate::fast_hash::FastMap;
use crate::ir::{self, arith, BinOp, Expr, Span, Type, Value};
use crate::vm::classes::{define, define_abstract};
use crate::vm::convert::{py_str, py_to_value};
use crate::vm::error::IntoPyResult;
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};
use crate::vm::object::{unwrap_object, wrap};

/// The binary node classes by their `tvm.tirx` names.
pub const BINARY: &[(&str, BinOp)] = &[
    ("Add", BinOp::Add),
    ("Sub", BinOp::Sub),
    ("Mul", BinOp::Mul),
    ("Div", BinOp::Div),
    ("Mod", BinOp::Mod),
    ("FloorDiv", BinOp::FloorDiv),
    ("FloorMod", BinOp::FloorMod),
    ("Min", BinOp::Min),
    ("Max", BinOp::Max),
    ("EQ", BinOp::EQ),
    ("NE", BinOp::NE),
    ("LT", BinOp::LT),
    ("LE", BinOp::LE),
    ("GT", BinOp::GT),
    ("GE", BinOp::GE),
    ("And", BinOp::And),
    ("Or", BinOp::Or),
    ("BitwiseAnd", BinOp::BitwiseAnd),
    ("BitwiseOr", BinOp::BitwiseOr),
    ("BitwiseXor", BinOp::BitwiseXor),
    ("LShift", BinOp::LShift),
    ("RShift", BinOp::RShift),
];

const PRIM_MODULE: &str = "tvm.ir.prim.expr";

/// Build a registered node from its field values in declaration order (reflection's
/// constructor, which checks each value's kind).
fn create(vm: &VirtualMachine, key: &str, values: Vec<Value>) -> PyResult {
    let info = crate::ir::object::lookup_type(key).ok_or_else(|| vm.new_runtime_error(format!("{key} is not registered")))?;
    let make = info.create.ok_or_else(|| vm.new_type_error(format!("{key} cannot be constructed")))?;
    Ok(wrap(vm, make(values, Span::none()).py(vm)?))
}

fn expr_value(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Value> {
    Ok(Value::Object(to_expr(vm, obj)?.into_object()))
}

fn exprs_value(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Value> {
    let items = iterate(vm, obj)?.iter().map(|x| expr_value(vm, x)).collect::<PyResult<Vec<_>>>()?;
    Ok(Value::Array(items.into()))
}

/// A statement or IR object argument as given (`None` stays `None`).
fn object_value(vm: &VirtualMachine, obj: Option<PyObjectRef>) -> PyResult<Value> {
    match obj {
        None => Ok(Value::None),
        Some(o) => py_to_value(vm, &o),
    }
}

/// An optional map argument (`None` is the empty map).
fn map_value(vm: &VirtualMachine, obj: Option<PyObjectRef>) -> PyResult<Value> {
    match obj {
        None => Ok(Value::Map(Vec::new().into())),
        Some(o) => py_to_value(vm, &o),
    }
}

fn string_imm_value(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Value> {
    if let Some(o) = unwrap_object(obj)
        && o.is::<ir::StringImmNode>()
    {
        return Ok(Value::Object(o));
    }
    Ok(Value::Object(ir::string_imm(&py_str(vm, obj)?).into_object()))
}

fn expression_classes() {
    for &(name, op) in BINARY {
        define(op.type_key()).module(PRIM_MODULE).init(move |vm, a| exprs::node_fn(vm, op, name, a));
    }
    define("prim.Not").module(PRIM_MODULE).init(|vm, args: FuncArgs| {
        let a = bind(vm, "Not", args, &["a", "span"])?;
        let x = to_expr(vm, &a.req(vm, "a")?)?;
        let ty = Type::prim(ir::DataType::BOOL.with_lanes(x.dtype().lanes));
        Ok(wrap(vm, ir::Not::new(ir::NotNode { ty, a: x, span: Span::none() }).upcast()))
    });
    define("prim.BitwiseNot").module(PRIM_MODULE).init(exprs::bitwise_not);
    define("prim.Cast").module(PRIM_MODULE).init(exprs::cast_node);
    define("prim.Select").module(PRIM_MODULE).init(exprs::select);
    define("prim.Ramp").module(PRIM_MODULE).init(|vm, args: FuncArgs| {
        let a = bind(vm, "Ramp", args, &["base", "stride", "lanes", "span"])?;
        let base = to_expr(vm, &a.req(vm, "base")?)?;
        let stride = to_expr(vm, &a.req(vm, "stride")?)?;
        let lanes = to_expr(vm, &a.req(vm, "lanes")?)?;
        Ok(wrap(vm, exprs::make_ramp(base, stride, lanes).py(vm)?.into_object()))
    });
    define("prim.Broadcast").module(PRIM_MODULE).init(|vm, args: FuncArgs| {
        let a = bind(vm, "Broadcast", args, &["value", "lanes", "span"])?;
        let value = to_expr(vm, &a.req(vm, "value")?)?;
        let lanes = to_expr(vm, &a.req(vm, "lanes")?)?;
        let r = arith::broadcast(arith::Operand::Expr(value), arith::Operand::Expr(lanes), Span::none()).py(vm)?;
        Ok(wrap(vm, r.into_object()))
    });
    define("prim.Shuffle").module(PRIM_MODULE).init(exprs::shuffle);
    define("prim.Let").module(PRIM_MODULE).init(|vm, args: FuncArgs| {
        let a = bind(vm, "Let", args, &["var", "value", "body", "span"])?;
        let var_obj = a.req(vm, "var")?;
        let var = unwrap_object(&var_obj)
            .and_then(|o| o.try_downcast::<ir::VarNode>())
            .ok_or_else(|| vm.new_type_error("Let: var must be a Var"))?;
        let value = to_expr(vm, &a.req(vm, "value")?)?;
        let body = to_expr(vm, &a.req(vm, "body")?)?;
        Ok(wrap(vm, ir::Let::checked(var, value, body, Span::none()).py(vm)?.upcast()))
    });
}

fn statement_classes() {
    define_abstract(stmt_info()).module("tvm.tirx.stmt");
    let m = "tvm.tirx.stmt";
    define("tirx.BufferStore").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "BufferStore", args, &["buffer", "value", "indices", "span"])?;
        let buffer = object_value(vm, Some(a.req(vm, "buffer")?))?;
        create(vm, "tirx.BufferStore", vec![buffer, expr_value(vm, &a.req(vm, "value")?)?, exprs_value(vm, &a.req(vm, "indices")?)?])
    });
    define("tirx.Bind").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "Bind", args, &["var", "value", "span"])?;
        create(vm, "tirx.Bind", vec![object_value(vm, Some(a.req(vm, "var")?))?, expr_value(vm, &a.req(vm, "value")?)?])
    });
    define("tirx.SeqStmt").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "SeqStmt", args, &["seq", "span"])?;
        let seq = iterate(vm, &a.req(vm, "seq")?)?
            .iter()
            .map(|s| {
                unwrap_object(s)
                    .filter(|o| o.isinstance(stmt_info()))
                    .map(super::nodes::Stmt)
                    .ok_or_else(|| vm.new_type_error("SeqStmt: seq must hold statements"))
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(wrap(vm, super::nodes::SeqStmt::construct(seq, Span::none()).py(vm)?.upcast()))
    });
    define("tirx.For").module(m).init(|vm, args: FuncArgs| {
        let a = bind(
            vm,
            "For",
            args,
            &["loop_var", "min", "extent", "kind", "body", "thread_binding", "annotations", "step", "span"],
        )?;
        let kind = crate::vm::convert::py_int(vm, &a.req(vm, "kind")?)?;
        let step = match a.get(vm, "step") {
            None => Value::None,
            Some(s) => expr_value(vm, &s)?,
        };
        create(
            vm,
            "tirx.For",
            vec![
                object_value(vm, Some(a.req(vm, "loop_var")?))?,
                expr_value(vm, &a.req(vm, "min")?)?,
                expr_value(vm, &a.req(vm, "extent")?)?,
                Value::Int(kind),
                object_value(vm, Some(a.req(vm, "body")?))?,
                object_value(vm, a.get(vm, "thread_binding"))?,
                map_value(vm, a.get(vm, "annotations"))?,
                step,
            ],
        )
    });
    define("tirx.While").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "While", args, &["condition", "body", "span"])?;
        create(vm, "tirx.While", vec![expr_value(vm, &a.req(vm, "condition")?)?, object_value(vm, Some(a.req(vm, "body")?))?])
    });
    define("tirx.IfThenElse").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "IfThenElse", args, &["condition", "then_case", "else_case", "span"])?;
        create(
            vm,
            "tirx.IfThenElse",
            vec![
                expr_value(vm, &a.req(vm, "condition")?)?,
                object_value(vm, Some(a.req(vm, "then_case")?))?,
                object_value(vm, Some(a.req(vm, "else_case")?).filter(|e| !vm.is_none(e)))?,
            ],
        )
    });
    define("tirx.Evaluate").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "Evaluate", args, &["value", "span"])?;
        create(vm, "tirx.Evaluate", vec![expr_value(vm, &a.req(vm, "value")?)?])
    });
    define("tirx.AttrStmt").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "AttrStmt", args, &["node", "attr_key", "value", "body", "span"])?;
        create(
            vm,
            "tirx.AttrStmt",
            vec![
                object_value(vm, a.raw(vm, "node"))?,
                Value::str(&py_str(vm, &a.req(vm, "attr_key")?)?),
                expr_value(vm, &a.req(vm, "value")?)?,
                object_value(vm, Some(a.req(vm, "body")?))?,
            ],
        )
    });
    // TVM 0.27's Python passes its arguments on in the order its FFI constructor
    // takes (condition, kind, parts) whatever their names say: the working call is
    // `AssertStmt(condition, kind, parts)`.
    define("tirx.AssertStmt").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "AssertStmt", args, &["kind", "condition", "message_parts", "span"])?;
        let cond = a.req(vm, "kind")?;
        let kind = a.req(vm, "condition")?;
        if unwrap_object(&cond).is_some_and(|o| o.is::<ir::StringImmNode>()) || cond.downcast_ref::<rustpython_vm::builtins::PyStr>().is_some() {
            return Err(vm.new_type_error(
                "Mismatched type on argument #1 when calling: `tirx.AssertStmt(0: ir.Expr, 1: ir.StringImm, 2: Array<ir.StringImm>, 3: ir.Span) -> tirx.AssertStmt`. Expected `ir.StringImm`",
            ));
        }
        let parts = match a.get(vm, "message_parts") {
            None => Vec::new(),
            Some(p) => iterate(vm, &p)?.iter().map(|x| string_imm_value(vm, x)).collect::<PyResult<_>>()?,
        };
        create(vm, "tirx.AssertStmt", vec![expr_value(vm, &cond)?, string_imm_value(vm, &kind)?, Value::Array(parts.into())])
    });
    define("tirx.AllocBuffer").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "AllocBuffer", args, &["buffer", "annotations", "span"])?;
        create(vm, "tirx.AllocBuffer", vec![object_value(vm, Some(a.req(vm, "buffer")?))?, map_value(vm, a.get(vm, "annotations"))?])
    });
    define("tirx.DeclBuffer").module(m).init(|vm, args: FuncArgs| {
        // TVM 0.27: `DeclBuffer(buffer, data=...)`; a positional second argument is the
        // legacy body (carried on the Python side only, so dropped here) or a span.
        let a = bind(vm, "DeclBuffer", args, &["buffer", "body", "span", "*", "data"])?;
        let buffer = a.req(vm, "buffer")?;
        let data = match a.get(vm, "data") {
            Some(d) if !vm.is_none(&d) => expr_value(vm, &d)?,
            _ => return Err(vm.new_type_error("DeclBuffer requires a physical data binding")),
        };
        create(vm, "tirx.DeclBuffer", vec![object_value(vm, Some(buffer))?, data])
    });
    define("tirx.Break").module(m).init(|vm, args: FuncArgs| {
        bind(vm, "Break", args, &["span"])?;
        create(vm, "tirx.Break", vec![])
    });
    define("tirx.Continue").module(m).init(|vm, args: FuncArgs| {
        bind(vm, "Continue", args, &["span"])?;
        create(vm, "tirx.Continue", vec![])
    });
    define("tirx.Return").module(m).init(|vm, args: FuncArgs| {
        let a = bind(vm, "Return", args, &["value", "span"])?;
        create(vm, "tirx.Return", vec![expr_value(vm, &a.req(vm, "value")?)?])
    });
    // `IterVar(dom, var, iter_type, thread_tag="")`: `dom` a Range, a (begin, end) pair
    // or None; `iter_type` an `IterVar.<kind>` number; a string `var` names a fresh
    // variable of the domain's type (`T.iter_var` with the kind's name).
    define("tirx.IterVar").module("tvm.tirx.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "IterVar", args, &["dom", "var", "iter_type", "thread_tag", "span"])?;
        let code = crate::vm::convert::py_int(vm, &a.req(vm, "iter_type")?)?;
        let kind = super::nodes::IterVarType::from_i64(code)
            .ok_or_else(|| vm.new_value_error(format!("unknown IterVar iter_type {code}")))?;
        let var = a.get(vm, "var").unwrap_or_else(|| vm.ctx.new_str("iter").into());
        let tag = a.get(vm, "thread_tag").unwrap_or_else(|| vm.ctx.new_str("").into());
        let call = vec![var, a.raw(vm, "dom").unwrap_or_else(|| vm.ctx.none()), vm.ctx.new_str(kind.name()).into(), tag];
        exprs::iter_var(vm, FuncArgs::from(call))
    });
}

fn as_var(vm: &VirtualMachine, obj: &PyObjectRef, what: &str) -> PyResult<ir::Var> {
    unwrap_object(obj)
        .and_then(|o| o.try_downcast::<ir::VarNode>())
        .ok_or_else(|| vm.new_type_error(format!("{what} can only contain Var or Buffer")))
}

fn as_prim_func(vm: &VirtualMachine, obj: &ir::ObjectRef) -> PyResult<PrimFunc> {
    obj.try_downcast::<PrimFuncNode>().ok_or_else(|| vm.new_type_error("expected a PrimFunc"))
}

/// Replace variables (by address) throughout an object, without entering a
/// replacement. As TVM's specializer does, an arithmetic or logical node whose
/// operands changed is rebuilt through its operator function, so constants fold
/// (`n - 1` with `n = 16` is `15`); nodes left as they were are not refolded.
fn substitute(root: ir::ObjectRef, map: &FastMap<usize, ir::ObjectRef>) -> ir::Result<ir::ObjectRef> {
    if map.is_empty() {
        return Ok(root);
    }
    let mut original = crate::fast_hash::FastSet::default();
    // The replacements are taken as they are too.
    for r in std::iter::once(&root).chain(map.values()) {
        ir::post_order_visit(r, |n| {
            original.insert(n.addr());
        });
    }
    let replaced = ir::structural_map(
        root.clone(),
        |n: ir::ObjectRef| -> ir::Result<ir::MapResult> {
            Ok(match map.get(&n.addr()) {
                Some(r) => ir::MapResult::ReplaceAndSkip(r.clone()),
                None => ir::MapResult::Unchanged,
            })
        },
        ir::WalkOrder::PreOrder,
    )?;
    // Unchanged subtrees are shared with the original: a node not in it was rebuilt.
    ir::structural_map(
        replaced,
        |n: ir::ObjectRef| -> ir::Result<ir::MapResult> {
            if original.contains(&n.addr()) {
                return Ok(ir::MapResult::Unchanged);
            }
            if let Some((op, a, b)) = BinOp::operands(&n)
                && !matches!(op, BinOp::BitwiseAnd | BinOp::BitwiseOr | BinOp::BitwiseXor | BinOp::LShift | BinOp::RShift)
            {
                return Ok(ir::MapResult::Replace(arith::binary(op, a.clone(), b.clone(), Span::none())?.into_object()));
            }
            if let Some(not) = n.downcast_ref::<ir::NotNode>() {
                return Ok(ir::MapResult::Replace(arith::logical_not(not.a.clone())?.into_object()));
            }
            Ok(ir::MapResult::Unchanged)
        },
        ir::WalkOrder::PostOrder,
    )
}

/// `PrimFunc.specialize(param_map)`: the function with the mapped parameters
/// replaced by their values (and dropped from the signature); buffers whose shape
/// used them are rebuilt with the values in place.
/// The buffer type of a buffer variable.
fn buffer_type_of(o: &ir::ObjectRef) -> Option<&BufferTypeNode> {
    o.downcast_ref::<ir::VarNode>().and_then(|v| v.ty.downcast_ref::<BufferTypeNode>())
}

fn specialize(vm: &VirtualMachine, f_ref: &PrimFunc, param_map: &PyObjectRef) -> PyResult<PrimFunc> {
    let f: &PrimFuncNode = f_ref;
    let dict = param_map
        .downcast_ref::<rustpython_vm::builtins::PyDict>()
        .ok_or_else(|| vm.new_type_error("specialize expects a dict from parameters to values"))?;
    let mut map: FastMap<usize, ir::ObjectRef> = FastMap::default();
    let mut dropped: Vec<usize> = Vec::new();
    for (k, v) in dict {
        let var = as_var(vm, &k, "param_map")?;
        if !f.params.iter().any(|p| p.ptr_eq(&var)) {
            return Err(vm.new_value_error(format!("Specialize expects a parameter of the function, got {}", var.name)));
        }
        let value: ir::ObjectRef = match unwrap_object(&v) {
            Some(o) => o,
            None => match crate::vm::convert::py_to_value(vm, &v)? {
                Value::Int(i) => ir::int_imm(var.dtype(), i).into_object(),
                Value::Float(x) => ir::float_imm(var.dtype(), x).into_object(),
                _ => to_expr(vm, &v)?.into_object(),
            },
        };
        // A buffer parameter specialized to a buffer stays a parameter: its shape,
        // strides and offset are unified with the new buffer's (a symbolic variable
        // takes the new buffer's value), and it takes the new buffer's type.
        // (A buffer parameter mapped to another parameter is replaced by it.)
        let to_param = f.params.iter().any(|p| p.as_ref_obj().addr() == value.addr());
        if let (Some(old), Some(new), false) = (var.ty.downcast_ref::<BufferTypeNode>(), buffer_type_of(&value), to_param) {
            // TVM's `UpdateSpecializeVarMap`: a differing field must be a variable of
            // the old signature, mapped to one value only.
            let text = super::index_map::expr_text;
            let mut unify = |a: &Expr, b: &Expr| -> PyResult<()> {
                if ir::structural_equal(a.as_object(), b.as_object(), false) {
                    return Ok(());
                }
                if !a.is::<ir::VarNode>() {
                    return Err(vm.new_type_error(format!(
                        "Check failed: (maybe_var) is false: The signature of target buffer exprected an independent Var, but got {}.",
                        text(a)
                    )));
                }
                match map.get(&a.as_object().addr()) {
                    Some(old) if !ir::structural_equal(old, b.as_object(), false) => Err(vm.new_value_error(format!(
                        "Check failed: (expr_equal(it->second, new_expr)) is false: The assigned value of var {} mismatched. {} vs. {}.",
                        text(a),
                        text(&Expr(old.clone())),
                        text(b)
                    ))),
                    Some(_) => Ok(()),
                    None => {
                        map.insert(a.as_object().addr(), b.as_object().clone());
                        Ok(())
                    }
                }
            };
            for (a, b) in old.shape.iter().zip(new.shape.iter()) {
                unify(a, b)?;
            }
            for (a, b) in old.strides.iter().zip(new.strides.iter()) {
                unify(a, b)?;
            }
            unify(&old.elem_offset, &new.elem_offset)?;
            continue;
        }
        dropped.push(var.as_ref_obj().addr());
        map.insert(var.as_ref_obj().addr(), value);
    }
    if map.is_empty() {
        return Ok(f_ref.clone());
    }
    // Buffer parameters whose type mentions a specialized variable get a new type.
    let mut params = Vec::new();
    for p in &f.params {
        let addr = p.as_ref_obj().addr();
        // Specialized parameters go (a scalar unified with a buffer's shape too).
        if dropped.contains(&addr) || map.contains_key(&addr) {
            continue;
        }
        let ty = substitute(p.ty.as_object().clone(), &map).py(vm)?;
        if ty.same_as(p.ty.as_object()) {
            params.push(p.clone());
        } else {
            let nv = ir::new_var(&p.name.to_string(), Type(ty), Span::none());
            map.insert(addr, nv.as_ref_obj());
            params.push(nv);
        }
    }
    let body = super::nodes::Stmt(substitute(f.body.as_object().clone(), &map).py(vm)?);
    Ok(PrimFunc::make(params, body, f.ret_type.clone(), f.attrs.clone(), Span::none()))
}

fn function_class() {
    define("tirx.PrimFunc")
        .module("tvm.tirx.function")
        .init(|vm, args: FuncArgs| {
            let a = bind(vm, "PrimFunc", args, &["params", "body", "ret_type", "attrs", "span"])?;
            let params = iterate(vm, &a.req(vm, "params")?)?.iter().map(|p| as_var(vm, p, "params")).collect::<PyResult<Vec<_>>>()?;
            let body_obj = a.req(vm, "body")?;
            let body = unwrap_object(&body_obj)
                .filter(|o| o.isinstance(stmt_info()))
                .map(super::nodes::Stmt)
                .ok_or_else(|| vm.new_type_error("PrimFunc: body must be a Stmt"))?;
            // No return type is the unit type (TVM's VoidType, printed `None`), as parsed.
            let ret_type = match a.get(vm, "ret_type") {
                Some(t) if !vm.is_none(&t) => crate::dialects::ir::classes::type_arg(vm, &t, "ret_type")?,
                _ => Type::unit(),
            };
            let attrs = match a.get(vm, "attrs").map(|d| py_to_value(vm, &d)).transpose()? {
                None | Some(Value::None) => ir::AttrMap::from(Vec::new()),
                Some(Value::Map(m)) => m,
                Some(_) => return Err(vm.new_type_error("PrimFunc: attrs must be a dict")),
            };
            Ok(wrap(vm, PrimFunc::make(params, body, ret_type, attrs, Span::none()).upcast()))
        })
        .method("with_body", |vm, f, args: FuncArgs| {
            let a = bind(vm, "with_body", args, &["new_body", "span"])?;
            let f = as_prim_func(vm, f)?;
            let body_obj = a.req(vm, "new_body")?;
            let body = unwrap_object(&body_obj)
                .filter(|o| o.isinstance(stmt_info()))
                .map(super::nodes::Stmt)
                .ok_or_else(|| vm.new_type_error("with_body: new_body must be a Stmt"))?;
            let made = PrimFunc::new(PrimFuncNode { body, ..(*f).clone() });
            Ok(wrap(vm, made.upcast()))
        })
        .method("specialize", |vm, f, args: FuncArgs| {
            let a = bind(vm, "specialize", args, &["param_map"])?;
            let f = as_prim_func(vm, f)?;
            Ok(wrap(vm, specialize(vm, &f, &a.req(vm, "param_map")?)?.upcast()))
        });
}

/// `tvm.tirx.decl_buffer(shape, dtype=None, name="buffer", ...)`: a buffer variable.
fn decl_buffer(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(
        vm,
        "decl_buffer",
        args,
        &[
            "shape", "dtype", "name", "data", "strides", "elem_offset", "scope", "data_alignment", "offset_factor", "span",
            "layout",
        ],
    )?;
    let shape_obj = a.req(vm, "shape")?;
    let shape = super::frontend::buffers::shape_arg(vm, &shape_obj)?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => to_dtype(vm, &d)?,
        None => ir::DataType::FLOAT32,
    };
    let mut spec = BufferSpec::new(dtype, shape);
    if let Some(s) = a.get(vm, "strides") {
        spec.strides = iterate(vm, &s)?.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?;
    }
    spec.elem_offset = a.get(vm, "elem_offset").map(|e| to_expr(vm, &e)).transpose()?;
    spec.scope = match a.str_or(vm, "scope", "")?.as_str() {
        "" => "global".to_string(),
        s => s.to_string(),
    };
    spec.data_alignment = a.int_or(vm, "data_alignment", -1)?;
    spec.offset_factor = a.int_or(vm, "offset_factor", 0)?;
    spec.layout = super::frontend::buffers::layout_choice(vm, a.raw(vm, "layout"), &spec.scope)?;
    let name = a.str_or(vm, "name", "buffer")?;
    Ok(wrap(vm, spec.to_buffer(&name, Span::none()).py(vm)?.upcast()))
}

/// `tvm.tirx.BufferLoad(buffer, indices)`: TVM 0.27 makes an `ir.TensorLoad`.
fn buffer_load(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "BufferLoad", args, &["buffer", "indices", "span"])?;
    let buf_obj = a.req(vm, "buffer")?;
    let buf = unwrap_object(&buf_obj)
        .and_then(|o| o.try_downcast::<ir::VarNode>())
        .ok_or_else(|| vm.new_type_error("BufferLoad: buffer must be a buffer Var"))?;
    let indices: Vec<Expr> = iterate(vm, &a.req(vm, "indices")?)?.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?;
    Ok(wrap(vm, super::frontend::buffers::load(&buf, indices).py(vm)?.into_object()))
}

/// `tvm.tirx.const(value, dtype=None)`.
fn const_fn(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "const", args, &["value", "dtype", "span"])?;
    let value = operand(vm, &a.req(vm, "value")?)?.ok_or_else(|| vm.new_type_error("const: expected a number"))?;
    let dtype = a.get(vm, "dtype").map(|d| to_dtype(vm, &d)).transpose()?;
    Ok(wrap(vm, arith::const_value(value, dtype, Span::none()).py(vm)?.into_object()))
}

/// `tvm.tirx.BufferRegion(buffer, region)`: a buffer-backed `ir.TensorRegion`, one
/// `Range` per buffer dimension.
fn buffer_region(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "BufferRegion", args, &["buffer", "region"])?;
    let buf_obj = a.req(vm, "buffer")?;
    let buf = unwrap_object(&buf_obj)
        .and_then(|o| o.try_downcast::<ir::VarNode>())
        .ok_or_else(|| vm.new_type_error("BufferRegion: buffer must be a buffer Var"))?;
    let region = iterate(vm, &a.req(vm, "region")?)?
        .iter()
        .map(|r| {
            unwrap_object(r)
                .and_then(|o| o.try_downcast::<ir::RangeNode>())
                .ok_or_else(|| vm.new_type_error("BufferRegion: region must hold Range objects"))
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(wrap(vm, super::nodes::buffer_region(&buf, region, Span::none()).py(vm)?.upcast()))
}

/// The functions `tvm.tirx` exports beside its classes (`tirx.nodes`).
fn functions(t: &mut NamespaceTable) {
    t.func("BufferRegion", buffer_region);
    t.func("const", const_fn);
    t.func("BufferLoad", buffer_load);
    t.func("decl_buffer", decl_buffer);
    // The folding logical operators behind `tvm.tirx.all` / `any` (TVM's `_OpAnd`).
    t.func("_op_and", |vm, a| exprs::binary_fn(vm, BinOp::And, "all", a));
    t.func("_op_or", |vm, a| exprs::binary_fn(vm, BinOp::Or, "any", a));
    // `Expr.equal(other)`: the folding `==` node (TVM's `_OpEQ`), not the deferred `EqualOp`.
    t.func("_op_eq", |vm, a| exprs::binary_fn(vm, BinOp::EQ, "equal", a));
    // `tvm.tirx.div(a, b)`: TVM's `div` (truncating for integers), folded where TVM folds.
    t.func("div", |vm, a| exprs::binary_fn(vm, BinOp::Div, "div", a));
}

/// Register the classes' Python faces and the `tirx.nodes` functions.
pub fn register() {
    expression_classes();
    statement_classes();
    function_class();
    // TVM writes a layout axis into JSON as its name.
    crate::ir::json::register_named_type("tirx.Axis", |name| Ok(super::nodes::Axis::get(name).upcast()));
    register_namespace_initializer("tirx.nodes", functions);
}
