//! TVM's math functions that fold or check before they build a call: the rounding
//! family (`floor`, `ceil`, `round`, `nearbyint`, `trunc`), `abs`, the float
//! classifications (`isnan`, `isinf`, `isfinite`) and `pow`. Integer operands of the
//! rounding family are returned as they are, float constants are folded, and each
//! refuses the types TVM 0.27 refuses, with its message.

use super::frontend::ops::call;
use crate::ir::{arith, BinOp, DataType, Error, ErrorKind, Expr, Result, Span, Type};

/// The rounding functions, by their script names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Toward minus infinity.
    Floor,
    /// Toward plus infinity.
    Ceil,
    /// To the nearest, half to even.
    Round,
    /// To the nearest, half to even (C's `nearbyint`).
    NearbyInt,
    /// Toward zero.
    Trunc,
}

impl Rounding {
    /// Every rounding function.
    pub const ALL: [Rounding; 5] = [Rounding::Floor, Rounding::Ceil, Rounding::Round, Rounding::NearbyInt, Rounding::Trunc];

    /// The script (and `tvm.tirx`) name.
    pub fn name(self) -> &'static str {
        match self {
            Rounding::Floor => "floor",
            Rounding::Ceil => "ceil",
            Rounding::Round => "round",
            Rounding::NearbyInt => "nearbyint",
            Rounding::Trunc => "trunc",
        }
    }

    /// The operator a call of it builds.
    fn op(self) -> &'static str {
        match self {
            Rounding::Floor => "tirx.floor",
            Rounding::Ceil => "prim.ceil",
            Rounding::Round => "tirx.round",
            Rounding::NearbyInt => "tirx.nearbyint",
            Rounding::Trunc => "tirx.trunc",
        }
    }

    /// The function on a constant (`round` rounds half to even, as C's `nearbyint`).
    fn apply(self, v: f64) -> f64 {
        match self {
            Rounding::Floor => v.floor(),
            Rounding::Ceil => v.ceil(),
            Rounding::Round | Rounding::NearbyInt => v.round_ties_even(),
            Rounding::Trunc => v.trunc(),
        }
    }
}

fn internal(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::InternalError, message)
}

/// TVM's `IsFloatType`: the IEEE float code only (not bfloat16 or the small floats).
fn is_ieee_float(t: DataType) -> bool {
    t.code == crate::ir::dtype::TypeCode::Float
}

/// A data type as TVM's messages print it (`T.bool`, `T.bfloat16`).
fn shown(t: DataType) -> String {
    format!("T.{t}")
}

fn float_const(x: &Expr) -> Option<f64> {
    x.downcast_ref::<crate::ir::FloatImmNode>().map(|f| f.value)
}

/// `floor(x)` and the others of its family.
pub fn rounding(kind: Rounding, x: Expr) -> Result<Expr> {
    let t = arith::prim_dtype(&x)?;
    if t.is_integer() || t.is_bool() {
        return Ok(x);
    }
    if let Some(v) = float_const(&x) {
        return Ok(crate::ir::float_imm(t, kind.apply(v)));
    }
    call(kind.op(), Some(x.ty()), vec![x])
}

/// `abs(x)`: a select for integers, `fabs` for floats, the value for uints.
pub fn abs(x: Expr) -> Result<Expr> {
    let t = arith::prim_dtype(&x)?;
    if t.is_int() {
        if let Some(v) = x.as_int() {
            return Ok(crate::ir::int_imm(t, v.wrapping_abs()));
        }
        let zero = arith::make_const_int(t, 0, Span::none())?;
        let ge = arith::binary(BinOp::GE, x.clone(), zero.clone(), Span::none())?;
        let neg = arith::binary(BinOp::Sub, zero, x.clone(), Span::none())?;
        return arith::select(ge, x, neg, Span::none());
    }
    if is_ieee_float(t) || t.code == crate::ir::dtype::TypeCode::BFloat {
        if let Some(v) = float_const(&x) {
            return Ok(crate::ir::float_imm(t, v.abs()));
        }
        return call("tirx.fabs", Some(x.ty()), vec![x]);
    }
    if t.is_uint() {
        return Ok(x);
    }
    Err(internal(format!("Data type {} not supported for absolute op. Skipping absolute op...", shown(t))))
}

/// `isnan(x)`: false for integers; a float16 operand is tested as float32.
pub fn isnan(x: Expr) -> Result<Expr> {
    let t = arith::prim_dtype(&x)?;
    let result = DataType::bool().with_lanes(t.lanes);
    if t.is_integer() {
        return arith::make_const_int(result, 0, Span::none());
    }
    if !is_ieee_float(t) {
        return Err(internal(format!("Data type {} not supported for isnan op. Skipping isnan op...", shown(t))));
    }
    if let Some(v) = float_const(&x) {
        return arith::make_const_int(result, v.is_nan() as i64, Span::none());
    }
    let x = if t.bits == 16 { arith::cast(DataType::float(32).with_lanes(t.lanes), x, Span::none())? } else { x };
    call("tirx.isnan", Some(Type::prim(result)), vec![x])
}

/// `isinf(x)`: `abs(x) == inf && !isnan(x)`, false for integers.
pub fn isinf(x: Expr) -> Result<Expr> {
    let t = arith::prim_dtype(&x)?;
    if t.is_integer() {
        return arith::make_const_int(DataType::bool().with_lanes(t.lanes), 0, Span::none());
    }
    if !is_ieee_float(t) {
        return Err(internal(format!("Data type {} not supported for finiteness ops. Skipping it...", shown(t))));
    }
    if t.lanes != 1 {
        return Err(internal(format!("Check failed: dtype.lanes() == 1 ({} vs. 1) : ", t.lanes)));
    }
    let inf = crate::ir::float_imm(t, f64::INFINITY);
    let is_inf = arith::binary(BinOp::EQ, abs(x.clone())?, inf, Span::none())?;
    arith::binary(BinOp::And, is_inf, arith::logical_not(isnan(x)?)?, Span::none())
}

/// `isfinite(x)`: `!isinf(x) && !isnan(x)`.
pub fn isfinite(x: Expr) -> Result<Expr> {
    let not_inf = arith::logical_not(isinf(x.clone())?)?;
    arith::binary(BinOp::And, not_inf, arith::logical_not(isnan(x)?)?, Span::none())
}

/// `pow(x, y)`: the operands matched to one type, which must be a float.
pub fn pow(x: Expr, y: Expr) -> Result<Expr> {
    let (x, y) = arith::match_types(x, y, &Span::none())?;
    if !is_ieee_float(arith::prim_dtype(&x)?) {
        return Err(internal("Check failed: (IsFloatType(x.ty())) is false: power only applies to float"));
    }
    call("tirx.pow", Some(x.ty()), vec![x, y])
}

/// `if_then_else(cond, t, f)`: the condition must be boolean; a constant one picks
/// a side.
pub fn if_then_else(cond: Expr, t: Expr, f: Expr) -> Result<Expr> {
    if !arith::prim_dtype(&cond)?.is_bool() {
        return Err(internal(
            "Check failed: (cond.ty().MatchesCode(DLDataTypeCode::kDLBool)) is false: if_then_else only accept the condition to be boolean type.",
        ));
    }
    let (t, f) = arith::match_types(t, f, &Span::none())?;
    if let Some(c) = cond.as_int() {
        return Ok(if c != 0 { t } else { f });
    }
    call("prim.if_then_else", Some(t.ty()), vec![cond, t, f])
}
