//! Python operators on scalar expressions (`x + 1`, `i < n`, `~m`), with TVM 0.27's
//! construction rules from `ir::arith`. Inside a TVMScript definition, comparisons
//! follow the script parser (no folding); outside (and under a Python `IRBuilder`),
//! Python's `ExprOp` rules.

use rustpython_vm::builtins::{PyFloat, PyInt};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::vm::error::IntoPyResult;
use crate::vm::location;
use crate::vm::native::Val;
use crate::vm::object::{exact_ir, register_bool_hook, register_op_hook, unwrap_object, wrap, PyOp};
use crate::builder;
use crate::ir::arith::{self, Operand};
use crate::ir::{self, BinOp, Expr, ObjectRef, Span};

/// Register the scalar operators' hooks (called by [`crate::init`]).
pub fn register() {
    register_op_hook(prim_op);
    register_bool_hook(prim_bool);
}

/// An IR object as a scalar operand: an expression with a PrimType.
fn expr_operand(o: ObjectRef) -> Option<Operand> {
    if !o.isinstance(ir::expr_info()) {
        return None;
    }
    let e = Expr(o);
    e.prim_dtype().map(|_| Operand::Expr(e))
}

/// A scalar expression operand: an IR expression with a PrimType, or a Python number.
fn operand(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<Operand> {
    if let Some(o) = unwrap_object(obj) {
        return expr_operand(o);
    }
    if obj.class().is(vm.ctx.types.bool_type) {
        return obj.clone().try_to_bool(vm).ok().map(Operand::Bool);
    }
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        return i.try_to_primitive::<i64>(vm).ok().map(Operand::Int);
    }
    obj.downcast_ref::<PyFloat>().map(|f| Operand::Float(f.to_f64()))
}

/// The comparison node of a Python comparison operator.
pub(crate) fn comparison(op: PyOp) -> Option<BinOp> {
    use arith::PyOp as A;
    let PyOp::Binary(op) = op else { return None };
    Some(match op {
        A::Lt => BinOp::LT,
        A::Le => BinOp::LE,
        A::Gt => BinOp::GT,
        A::Ge => BinOp::GE,
        A::Eq => BinOp::EQ,
        A::Ne => BinOp::NE,
        _ => return None,
    })
}

fn prim_op(vm: &VirtualMachine, op: PyOp, a: &PyObjectRef, b: Option<&PyObjectRef>) -> Option<PyResult> {
    let x = operand(vm, a)?;
    let result = match b {
        None => match op {
            PyOp::Neg => arith::neg(x),
            PyOp::Invert => arith::python_invert(x),
            PyOp::Pos => x.into_expr(),
            _ => return None,
        },
        Some(b) => scalar_binary(op, x, operand(vm, b)?)?,
    };
    Some(result.py(vm).map(|e| {
        let mut e = e.into_object();
        location::stamp(vm, &mut e);
        wrap(vm, e)
    }))
}

/// `x op y` on scalar operands, as the operator of an IR value computes it; `None`
/// when this hook does not answer (no expression among the operands, or an operator
/// it leaves to others).
fn scalar_binary(op: PyOp, x: Operand, y: Operand) -> Option<ir::Result<Expr>> {
    if !matches!(x, Operand::Expr(_)) && !matches!(y, Operand::Expr(_)) {
        return None;
    }
    // `tvm.script.ir_builder` called from Python (`with IRBuilder()`) is Python, not
    // a script definition: its comparisons fold as Python's do.
    let in_script = builder::current_dialect().is_some() && !crate::vm::ir_builder::in_scope();
    Some(match (comparison(op), in_script) {
        (Some(cmp), true) => arith::script_compare(cmp, x, y, Span::none()),
        _ => match op {
            PyOp::Binary(op) => arith::python_binary(op, x, y, Span::none()),
            _ => return None,
        },
    })
}

/// A binary operator on values not yet handed to Python (the evaluator's operands
/// of a native computation): the expression Python's `a op b` would give when this
/// module's hook is the one that answers, computed without wrapping either side or
/// the result. `None` leaves the operation to Python. The hook answers first for
/// every scalar operand pair: [`register`] runs before any dialect adds its own.
pub fn native_binary(vm: &VirtualMachine, op: PyOp, a: &Val, b: &Val) -> Option<PyResult<Expr>> {
    let value_operand = |v: &Val| match v {
        Val::Ir(o) => expr_operand(o.clone()),
        Val::Tuple(_) => None,
        // Only values whose operators are exactly the ones computed here: a subclass
        // (of `int`, or of an IR class) may define its own, which Python calls first.
        Val::Py(obj) => {
            let cls = obj.class();
            let types = &vm.ctx.types;
            if cls.is(types.int_type) || cls.is(types.float_type) || cls.is(types.bool_type) {
                return operand(vm, obj);
            }
            expr_operand(exact_ir(vm, obj)?.clone())
        }
    };
    let (x, y) = (value_operand(a)?, value_operand(b)?);
    Some(scalar_binary(op, x, y)?.py(vm).map(|mut e| {
        location::stamp(vm, &mut e.0);
        e
    }))
}

/// `bool(expr)`: `a == b` is true when both sides are the same object (so IR values
/// work as dict keys); a constant is its value; anything else is ambiguous.
fn prim_bool(vm: &VirtualMachine, obj: &ObjectRef) -> Option<PyResult<bool>> {
    if let Some((op, a, b)) = BinOp::operands(obj)
        && matches!(op, BinOp::EQ | BinOp::NE)
    {
        let same = a.same_as(b);
        return Some(Ok(if op == BinOp::EQ { same } else { !same }));
    }
    if let Some(v) = Expr(obj.clone()).as_int()
        && obj.isinstance(ir::expr_info())
    {
        return Some(Ok(v != 0));
    }
    if obj.isinstance(ir::expr_info()) && Expr::from_object_ref_unchecked(obj).prim_dtype().is_some() {
        return Some(Err(vm.new_value_error(
            "Cannot use and / or / not operator to Expr, hint: use tvm.tirx.all / tvm.tirx.any instead",
        )));
    }
    None
}
