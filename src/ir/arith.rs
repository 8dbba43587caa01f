//! Building scalar expressions the way TVM 0.27 does when a script writes `a + b`,
//! `T.max(a, b)`, `T.cast(x, "int64")` or `x < 1`.
//!
//! Three layers, each matching one layer of TVM:
//! - **operators** ([`binary`], [`add`], [`floordiv`], [`cast`] …): TVM's C++ `tvm::add` & co.
//!   They match operand types (`BinaryOpMatchTypes`: broadcast a scalar against a vector,
//!   widen ints, int → float, bool → int …) and fold constants exactly where TVM's
//!   `TryConstFold` does (`x + 0` is `x`, `3 + 4` is `7`, `x * 0` is the zero …).
//! - **node constructors** ([`make_binary`], [`make_cast`], [`broadcast`], [`ramp`],
//!   [`select`] …): `tirx.Add(a, b)`, `tirx.Cast(t, v)`: no folding, only TVM's checks.
//! - **Python and TVMScript layers** ([`python_binary`], [`script_compare`], [`script_and`] …):
//!   what the `ExprOp` dunder methods and the TVMScript parser's operator overrides do on
//!   top of the operators (integer `/` is an error, `x < 1` in a script builds a node
//!   without folding, a Python int in `x & 3` takes `x`'s type …).
//!
//! An [`Operand`] is an expression or a Python scalar. A Python int becomes an `int32`
//! constant (`int64` outside the int32 range), a float a `float32` one, a bool a `bool`.
//!
//! Failures are typed like TVM's: `TypeError` for operands that are not scalar
//! expressions (a pointer, a buffer) and for mismatched node operands, `ValueError` for a
//! constant out of its type's range, `RuntimeError` for TVM's internal checks
//! (`InternalError` in TVM, a subclass of `RuntimeError`): division by a constant zero,
//! lanes mismatches, types that cannot be matched (`float8_e4m3fn` vs `float8_e5m2`),
//! a float given to `floordiv`.

mod consts;
mod fold;
pub mod affine_inverse;
pub mod int_set;
pub mod iter_map;
pub mod simplify;
mod matching;
mod nodes;
mod ops;
mod python;
mod std_ops;

pub use consts::*;
pub use matching::*;
pub use nodes::*;
pub use ops::*;
pub use python::*;

use super::dtype::{DataType, TypeCode};
use super::error::{Error, ErrorKind, Result};
use super::expr::Expr;
use super::object::{NodeType, Ref};
use super::span::Span;

// ---------------------------------------------------------------------------------------
// Operands
// ---------------------------------------------------------------------------------------

/// One side of an operation: an expression, or a Python scalar still to be converted.
#[derive(Clone, Debug)]
pub enum Operand {
    /// An expression.
    Expr(Expr),
    /// A Python `int`, typed by its value (int32, or int64 when it does not fit).
    Int(i64),
    /// A Python `float` (float32).
    Float(f64),
    /// A Python `bool`.
    Bool(bool),
}

impl From<Expr> for Operand {
    fn from(e: Expr) -> Self {
        Operand::Expr(e)
    }
}
impl From<&Expr> for Operand {
    fn from(e: &Expr) -> Self {
        Operand::Expr(e.clone())
    }
}
/// Any expression node handle (`Var`, `IntImm`, `Call` …).
impl<T: NodeType> From<Ref<T>> for Operand
where
    Expr: From<Ref<T>>,
{
    fn from(r: Ref<T>) -> Self {
        Operand::Expr(r.into())
    }
}
impl<T: NodeType> From<&Ref<T>> for Operand
where
    Expr: for<'a> From<&'a Ref<T>>,
{
    fn from(r: &Ref<T>) -> Self {
        Operand::Expr(r.into())
    }
}
impl From<i64> for Operand {
    fn from(v: i64) -> Self {
        Operand::Int(v)
    }
}
impl From<i32> for Operand {
    fn from(v: i32) -> Self {
        Operand::Int(v as i64)
    }
}
impl From<u32> for Operand {
    fn from(v: u32) -> Self {
        Operand::Int(v as i64)
    }
}
impl From<f64> for Operand {
    fn from(v: f64) -> Self {
        Operand::Float(v)
    }
}
impl From<f32> for Operand {
    fn from(v: f32) -> Self {
        Operand::Float(v as f64)
    }
}
impl From<bool> for Operand {
    fn from(v: bool) -> Self {
        Operand::Bool(v)
    }
}

impl Operand {
    /// The expression TVM's FFI makes of this operand: Python ints become `int32`
    /// (`int64` outside its range), floats `float32` (a ValueError beyond its range),
    /// bools `bool`.
    pub fn to_expr(&self) -> Result<Expr> {
        match self {
            Operand::Expr(e) => Ok(e.clone()),
            Operand::Int(v) => int_imm_checked(python_int_dtype(*v), *v, Span::none()),
            Operand::Float(v) => float_imm_checked(DataType::FLOAT32, *v, Span::none()),
            Operand::Bool(v) => int_imm_checked(DataType::bool(), *v as i64, Span::none()),
        }
    }
    /// As [`Operand::to_expr`], consuming the operand.
    pub fn into_expr(self) -> Result<Expr> {
        match self {
            Operand::Expr(e) => Ok(e),
            other => other.to_expr(),
        }
    }
    /// Whether this is a Python `int` (`bool` counts, as `isinstance(True, int)`).
    fn is_python_int(&self) -> bool {
        matches!(self, Operand::Int(_) | Operand::Bool(_))
    }
    /// The conversion without range checks, for the infallible operator impls.
    fn to_expr_lossy(&self) -> Expr {
        match self {
            Operand::Expr(e) => e.clone(),
            Operand::Int(v) => crate::ir::expr::int_imm(python_int_dtype(*v), *v),
            Operand::Float(v) => raw_float_imm(DataType::FLOAT32, *v, Span::none()),
            Operand::Bool(v) => crate::ir::expr::bool_imm(*v),
        }
    }
}

/// `tvm.tirx.convert` of a scalar: see [`Operand::to_expr`].
pub fn convert(v: impl Into<Operand>) -> Result<Expr> {
    v.into().into_expr()
}

/// The dtype TVM gives a Python int: int32, int64 when it does not fit.
pub fn python_int_dtype(v: i64) -> DataType {
    if i32::try_from(v).is_ok() { DataType::INT32 } else { DataType::INT64 }
}

// ---------------------------------------------------------------------------------------
// Type classification, as TVM's C++ `DataType` predicates see it
// ---------------------------------------------------------------------------------------

/// TVM's `is_float()`: only the IEEE-style `float<bits>` code, not bfloat16 or float8.
fn is_ieee_float(t: DataType) -> bool {
    t.code == TypeCode::Float
}
fn is_bfloat16(t: DataType) -> bool {
    t.code == TypeCode::BFloat && t.bits == 16
}
fn small_float_bits(t: DataType) -> Option<u16> {
    matches!(t.code, TypeCode::SmallFloat(_)).then_some(t.bits)
}
fn is_float8(t: DataType) -> bool {
    small_float_bits(t) == Some(8)
}
fn is_float6(t: DataType) -> bool {
    small_float_bits(t) == Some(6)
}
fn is_float4(t: DataType) -> bool {
    small_float_bits(t) == Some(4)
}
fn is_int_or_uint(t: DataType) -> bool {
    t.is_integer()
}
/// `arith::IsIndexType`: scalar int32/int64, the types folded most aggressively.
fn is_index_type(t: DataType) -> bool {
    t.code == TypeCode::Int && t.lanes == 1 && (t.bits == 32 || t.bits == 64)
}
fn is_scalable(t: DataType) -> bool {
    t.lanes < 0
}
fn is_vector(t: DataType) -> bool {
    t.lanes != 1
}

/// The data type of a scalar (or vector) expression; a TypeError for anything else
/// (pointers, buffers, expressions without a type).
pub fn prim_dtype(e: &Expr) -> Result<DataType> {
    match e.prim_dtype() {
        Some(d) if !d.is_handle() && !d.is_void() => Ok(d),
        _ => Err(Error::type_error(format!(
            "expected a scalar expression (PrimType), got {} of type {}",
            e.type_key(),
            e.ty().type_key()
        ))),
    }
}

fn internal(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::RuntimeError, message)
}

fn describe(e: &Expr) -> String {
    match (e.as_int(), e.as_float(), e.as_var()) {
        (Some(v), _, _) => format!("{v}"),
        (_, Some(v), _) => format!("{v}"),
        (_, _, Some(var)) => var.name.to_string(),
        _ => e.type_key().to_string(),
    }
}
