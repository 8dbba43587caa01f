//! Scalar expression construction for the frontend: thin adapters over the core
//! `ir::arith` (TVM's type matching and constant folding), with the frontend's
//! call shapes (no spans, frontend operator enum).

use crate::ir::arith as core;
use crate::ir::{BinOp, DataType, Expr, Result, Span, Type};

pub use crate::ir::arith::Operand;

/// A float constant. TVM keeps the double it is given, whatever the type's width
/// (`T.float32(1e-05)` stores `1e-05`), so no rounding here.
pub fn fimm(dtype: DataType, value: f64) -> Expr {
    crate::ir::FloatImm::new(crate::ir::FloatImmNode { ty: Type::prim(dtype), value, span: Span::none() }).into()
}

/// The dtype TVM gives a Python int: int32, int64 when it does not fit.
pub fn python_int_dtype(v: i64) -> DataType {
    if i32::try_from(v).is_ok() { DataType::INT32 } else { DataType::INT64 }
}

/// `cast(dtype, e)` with TVM's folding of constants and no-op casts.
pub fn cast(dtype: DataType, e: Expr) -> Result<Expr> {
    core::cast(dtype, e, Span::none())
}

/// `T.Cast(dtype, e)`: the node, without folding.
pub fn make_cast(dtype: DataType, e: Expr) -> Expr {
    core::make_cast(dtype, e.clone(), Span::none()).unwrap_or(e)
}

pub fn broadcast(value: Expr, lanes: i32) -> Result<Expr> {
    core::broadcast(value, Operand::Int(lanes as i64), Span::none())
}

/// TVM's `BinaryOpMatchTypes`.
pub fn match_types(a: Expr, b: Expr) -> Result<(Expr, Expr)> {
    core::match_types(a, b, &Span::none())
}

/// TVM's `tvm::add` & co.: match types, fold constants, build the node.
pub fn binary(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    core::binary(op, a, b, Span::none())
}

/// The node of a binary op without folding (`T.Add(a, b)`).
pub fn make_binary(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    core::make_binary(op, a, b, Span::none())
}

/// A comparison written in a script: no folding, literals take the other side's type.
pub fn script_compare(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    core::script_compare(op, a, b, Span::none())
}

/// A comparison from plain Python (outside a script): folds like TVM's operators.
pub fn python_compare(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    core::binary(op, a, b, Span::none())
}

/// `a and b` / `a or b` in a script.
pub fn script_logical(and: bool, a: Operand, b: Operand) -> Result<Expr> {
    if and { core::script_and(a, b, Span::none()) } else { core::script_or(a, b, Span::none()) }
}

/// `not a` in a script.
pub fn script_not(a: Operand) -> Result<Expr> {
    core::script_not(a, Span::none())
}

/// `-a` (TVM multiplies by a `-1` of the operand's type).
pub fn neg(a: Expr) -> Result<Expr> {
    core::neg(a)
}

/// `~a`: bitwise not (an error on floats).
pub fn invert(a: Expr) -> Result<Expr> {
    core::python_invert(a)
}
