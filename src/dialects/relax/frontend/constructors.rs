//! Relax nodes built from Python as TVM's node classes build them: the constructors
//! of `tvm.ir.Call` (`tvm.relax.Call`), `tvm.ir.Tuple` and `tvm.ir.TupleGetItem`
//! (`relax::classes` makes them the classes' `__new__`; `R.TupleGetItem` too) and
//! `R.emit_with_type`/`R.emit_with_ty`, which TVM writes as
//! `Call(Op.get(op), args, ty_args=...)`. Signatures and defaults are TVM 0.27's.
//!
//! TVM's constructors leave the type unset and its block builder infers it when
//! the value is bound; we infer on construction, which is what the binding sees.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::convert::{make_tuple, to_expr, to_types};
use super::ops::call_error;
use super::special::{call_value, relax_callee};
use crate::vm::convert::{py, py_int, py_str, seq};
use crate::ir::{self, Call, Expr, OpNode, Span, Type};

/// Positional-or-keyword arguments against a signature of names; unknown or
/// repeated ones are Python's `TypeError`s.
fn bind(vm: &VirtualMachine, what: &str, names: &[&str], args: FuncArgs) -> PyResult<Vec<Option<PyObjectRef>>> {
    if args.args.len() > names.len() {
        return Err(vm.new_type_error(format!("{what}() takes at most {} arguments ({} given)", names.len(), args.args.len())));
    }
    let mut out: Vec<Option<PyObjectRef>> = names.iter().map(|_| None).collect();
    for (i, a) in args.args.into_iter().enumerate() {
        out[i] = Some(a);
    }
    for (k, v) in args.kwargs {
        let i = names.iter().position(|n| *n == k).ok_or_else(|| vm.new_type_error(format!("{what}() got an unexpected keyword argument '{k}'")))?;
        if out[i].is_some() {
            return Err(vm.new_type_error(format!("{what}() got multiple values for argument '{k}'")));
        }
        out[i] = Some(v);
    }
    Ok(out)
}

fn given(vm: &VirtualMachine, v: &Option<PyObjectRef>) -> Option<PyObjectRef> {
    v.clone().filter(|x| !vm.is_none(x))
}

fn required(vm: &VirtualMachine, what: &str, name: &str, v: &Option<PyObjectRef>) -> PyResult<PyObjectRef> {
    v.clone().ok_or_else(|| vm.new_type_error(format!("{what}() missing 1 required positional argument: '{name}'")))
}

/// The expressions of an argument list (a list or tuple of expressions).
fn expr_list(vm: &VirtualMachine, what: &str, v: &PyObjectRef) -> PyResult<Vec<Expr>> {
    let items = seq(v).ok_or_else(|| vm.new_type_error(format!("{what}: args must be a list or tuple of expressions")))?;
    // A PrimFunc's GlobalVar as an argument (`call_tir`'s callee) is typed as Relax
    // sees it, as the script functions do.
    items.iter().map(|x| to_expr(vm, x).map(relax_callee)).collect()
}

/// Type arguments: one type or a list of them (TVM's `ty_args`, `sinfo_args`).
fn type_args(vm: &VirtualMachine, v: &Option<PyObjectRef>) -> PyResult<Vec<Type>> {
    match given(vm, v) {
        Some(t) => to_types(vm, &t),
        None => Ok(vec![]),
    }
}

/// A call of `op` (an operator, or a Relax callee) as TVM's `Call` makes it.
fn call(vm: &VirtualMachine, what: &str, op: Expr, args: Vec<Expr>, attrs: Option<PyObjectRef>, ty_args: Vec<Type>) -> PyResult<Expr> {
    if let Some(a) = attrs {
        // Attribute nodes are not constructible from Python.
        return Err(vm.new_not_implemented_error(format!("{what}: attrs given as a Python value ({}) are not supported", a.class().name())));
    }
    if op.is::<OpNode>() {
        return Ok(Call::make(None, op, args, None, ty_args, Span::none()).map_err(|e| call_error(vm, e))?.into());
    }
    call_value(vm, op, args, ty_args)
}

/// `R.emit_with_type(op, args, ty_args=None)` (`R.emit_with_ty` is its alias):
/// `Call(Op.get(op), args, attrs=None, ty_args=ty_args)`.
pub fn emit_with_type(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "emit_with_type", &["op", "args", "ty_args"], args)?;
    let name = py_str(vm, &required(vm, "emit_with_type", "op", &a[0])?)?;
    let op = ir::Op::get(&name).map_err(|e| call_error(vm, e))?;
    let call_args = expr_list(vm, "emit_with_type", &required(vm, "emit_with_type", "args", &a[1])?)?;
    let ty_args = type_args(vm, &a[2])?;
    Ok(py(vm, call(vm, "emit_with_type", op.into(), call_args, None, ty_args)?))
}

/// `tvm.relax.Tuple(fields, span=None)`.
pub fn tuple_node(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Tuple", &["fields", "span"], args)?;
    let given = required(vm, "Tuple", "fields", &a[0])?;
    // A tuple (or a value of tuple type) given as the fields: its items.
    if let Some(o) = crate::vm::object::unwrap_object(&given) {
        let e = to_expr(vm, &given)?;
        if let Some(t) = o.downcast_ref::<ir::TupleNode>() {
            return Ok(py(vm, make_tuple(t.fields.clone())));
        }
        if let Some(tt) = e.ty().downcast_ref::<ir::TupleTypeNode>() {
            let n = tt.fields.len();
            let items = (0..n).map(|i| super::hooks::tuple_item(vm, &e, i as i64)).collect::<PyResult<Vec<_>>>()?;
            return Ok(py(vm, make_tuple(items)));
        }
    }
    let fields = expr_list(vm, "Tuple", &given)?;
    Ok(py(vm, make_tuple(fields)))
}

/// `tvm.relax.TupleGetItem(tuple_value, index, span=None)`: TVM's checks of the
/// index against the tuple's type.
pub fn tuple_get_item(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "TupleGetItem", &["tuple_value", "index", "span"], args)?;
    let t = to_expr(vm, &required(vm, "TupleGetItem", "tuple_value", &a[0])?)?;
    let index = py_int(vm, &required(vm, "TupleGetItem", "index", &a[1])?)?;
    Ok(py(vm, super::hooks::tuple_item(vm, &t, index)?))
}
