//! Python values as TIRx IR: expressions (Python scalars become constants, iteration
//! variables their variable, `typing.TypeVar` symbols the function's variable),
//! data types (`"float32"`, `T.float32`, a `PrimType`). General glue (errors, sequences, wrapping) is `vm::convert`'s, re-exported here.

use rustpython_vm::builtins::{PyFloat, PyInt, PyStr};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::ir::arith::Operand;
use crate::dialects::tirx::nodes::IterVarNode;
use crate::ir::{self, DataType, Expr, ObjectRef, Type};
use crate::vm::object::unwrap_object;

pub use crate::vm::convert::{diag, err, is_python_int, is_str, is_type_var, iterate, py, py_int, py_list, py_str, py_to_value as to_value, seq, Py};

/// An IR object, if the Python value is one; an iteration variable converts to its variable.
pub fn ir_object(obj: &PyObjectRef) -> Option<ObjectRef> {
    unwrap_object(obj)
}

/// Whether an IR object is an expression operand as it is (functions are not).
pub fn is_expression(o: &ir::ObjectRef) -> bool {
    o.isinstance(ir::expr_info()) && !o.isinstance(ir::base_func_info())
}

/// A Python value as an operand of arithmetic, or `None` when it is not one.
pub fn operand(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Option<Operand>> {
    if let Some(o) = unwrap_object(obj) {
        if is_expression(&o) {
            return Ok(Some(Operand::Expr(Expr(o))));
        }
        if o.isinstance(ir::expr_info()) {
            return Ok(None);
        }
        if let Some(iv) = o.downcast_ref::<IterVarNode>() {
            return Ok(Some(Operand::Expr(iv.var.clone().into())));
        }
        return Ok(None);
    }
    if obj.class().is(vm.ctx.types.bool_type) {
        return Ok(Some(Operand::Bool(obj.clone().try_to_bool(vm)?)));
    }
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        return match i.try_to_primitive::<i64>(vm) {
            Ok(v) => Ok(Some(Operand::Int(v))),
            Err(_) => Err(vm.new_value_error("integer constant does not fit in 64 bits")),
        };
    }
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        return Ok(Some(Operand::Float(f.to_f64())));
    }
    if is_type_var(obj) {
        let name = py_str(vm, &obj.get_attr("__name__", vm)?)?;
        return Ok(super::context::type_var_symbol(&name).map(|v| Operand::Expr(v.into())));
    }
    Ok(None)
}

/// A Python value as an expression (TVM's `convert` for scalars and strings).
pub fn to_expr(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(op) = operand(vm, obj)? {
        return Operand::into_expr(op).py(vm);
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Ok(ir::string_imm(&s.to_string_lossy()));
    }
    if let Some(inner) = crate::vm::bridge::convert::prim_expr_of(vm, obj) {
        return to_expr(vm, &inner);
    }
    match unwrap_object(obj) {
        Some(o) => Err(vm.new_type_error(format!("expected an expression, got {}", o.type_key()))),
        None => Err(vm.new_type_error(format!("expected an expression, got a Python {}", obj.class().name()))),
    }
}

/// An optional expression argument (`None` stays `None`).
pub fn opt_expr(vm: &VirtualMachine, obj: Option<PyObjectRef>) -> PyResult<Option<Expr>> {
    match obj {
        Some(o) if !vm.is_none(&o) => Ok(Some(to_expr(vm, &o)?)),
        _ => Ok(None),
    }
}

/// A list of expressions from a sequence (or one expression).
pub fn to_exprs(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<Expr>> {
    match seq(obj) {
        Some(items) => items.iter().map(|x| to_expr(vm, x)).collect(),
        None => Ok(vec![to_expr(vm, obj)?]),
    }
}

/// A data type argument: `"float32"`, `T.float32`, `PrimType`, or an expression's dtype.
pub fn to_dtype(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<DataType> {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return super::exprs::parse_dtype(&s.to_string_lossy()).py(vm);
    }
    if let Some(c) = obj.downcast_ref::<super::exprs::DtypeCtor>() {
        return Ok(c.dtype);
    }
    if let Some(o) = unwrap_object(obj) {
        if let Some(p) = o.downcast_ref::<ir::PrimTypeNode>() {
            return Ok(p.dtype);
        }
        if o.isinstance(ir::type_info()) {
            return Ok(Type(o).dtype());
        }
    }
    if let Ok(s) = obj.get_attr("_dtype_str", vm) {
        return to_dtype(vm, &s);
    }
    Err(vm.new_type_error(format!("expected a data type, got {}", obj.class().name())))
}
