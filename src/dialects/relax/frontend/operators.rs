//! Python operators on Relax values, as TVM 0.27's `ExprWithOp` dispatches them
//! (`tvm/relax/op/__init__.py`): `x + y` is `R.add(x, y)`, `-x` is `R.negative(x)`,
//! `x < y` is `R.less(x, y)`. Only a value of tensor (or not yet known) type answers;
//! a Python number beside one must be made a constant first, as TVM says.

use rustpython_vm::builtins::{PyFloat, PyInt};
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::ops::call_op;
use crate::dialects::relax::ops::op_fact;
use crate::dialects::relax::types::as_tensor;
use crate::ir::arith::PyOp as A;
use crate::ir::{self, Expr, ObjectRef};
use crate::vm::native::{Args, Val};
use crate::vm::object::{unwrap_object, wrap, PyOp};

/// The Relax operator of a Python operator, if TVM gives it one.
fn operator(op: PyOp) -> Option<&'static str> {
    Some(match op {
        PyOp::Binary(A::Add) => "relax.add",
        PyOp::Binary(A::Sub) => "relax.subtract",
        PyOp::Binary(A::Mul) => "relax.multiply",
        PyOp::Binary(A::TrueDiv) => "relax.divide",
        PyOp::Binary(A::FloorDiv) => "relax.floor_divide",
        PyOp::Binary(A::Mod) => "relax.mod",
        PyOp::Pow => "relax.power",
        PyOp::Binary(A::Lt) => "relax.less",
        PyOp::Binary(A::Le) => "relax.less_equal",
        PyOp::Binary(A::Gt) => "relax.greater",
        PyOp::Binary(A::Ge) => "relax.greater_equal",
        PyOp::Neg => "relax.negative",
        _ => return None,
    })
}

/// A Relax expression whose operators are Relax's: one of tensor type or of a type
/// not inferred yet (a scalar expression keeps the arithmetic of `ir::arith`).
fn tensor_operand(o: &ObjectRef) -> Option<Expr> {
    if !o.isinstance(ir::expr_info()) {
        return None;
    }
    let e = Expr(o.clone());
    let ty = e.ty();
    (as_tensor(&ty).is_some() || ty.is_missing()).then_some(e)
}

/// Python operators on Relax expressions (`a + b` is `R.add(a, b)`).
pub fn relax_op(vm: &VirtualMachine, op: PyOp, a: &PyObjectRef, b: Option<&PyObjectRef>) -> Option<PyResult> {
    let name = operator(op)?;
    let lhs = unwrap_object(a).and_then(|o| tensor_operand(&o));
    let rhs = b.map(|b| unwrap_object(b).filter(|o| o.isinstance(ir::expr_info())));
    let args = match (lhs, rhs) {
        (Some(x), None) => vec![x],
        (Some(x), Some(Some(y))) => vec![x, Expr(y)],
        // A tensor beside something that is no expression (either side).
        (Some(_), Some(None)) => return Some(Err(not_an_expr(vm, b?))),
        (None, Some(Some(y))) if tensor_operand(&y).is_some() && unwrap_object(a).is_none() => {
            return Some(Err(not_an_expr(vm, a)));
        }
        _ => return None,
    };
    let fact = op_fact(name)?;
    let args = Args { args: args.into_iter().map(|e| Val::Ir(e.into_object())).collect(), kwargs: vec![] };
    Some(call_op(vm, fact, args).map(|v| match v {
        Val::Ir(o) => wrap(vm, o),
        other => other.into_py(vm),
    }))
}

/// TVM's message for an operand that is not a Relax expression.
fn not_an_expr(vm: &VirtualMachine, v: &PyObjectRef) -> rustpython_vm::builtins::PyBaseExceptionRef {
    let is_number = v.downcast_ref::<PyInt>().is_some() || v.downcast_ref::<PyFloat>().is_some();
    if is_number {
        let text = v.repr(vm).map(|s| s.to_string()).unwrap_or_default();
        vm.new_type_error(format!("Please convert {text} with `const` first"))
    } else {
        vm.new_type_error(format!("type {} not supported", v.class().name()))
    }
}
