//! Node constructors with TVM's checks and no folding, and vector lanes (`vscale`).

use super::*;
use crate::ir::dtype::MAX_LANES;
use crate::ir::expr::{
    BinOp, BitwiseNot, BitwiseNotNode, Broadcast, BroadcastNode, Call, CallNode, Cast, CastNode, MulNode, Not, NotNode,
    Op, OpNode, Ramp, RampNode, Select, SelectNode,
};
use crate::ir::op::OpDef;
use crate::ir::ty::Type;
use crate::ir::value::Value;

// ---- Lanes and vscale

/// The name of TVM 0.27's vscale intrinsic (`T.vscale()`).
pub const VSCALE_OP: &str = "prim.vscale";

/// `T.vscale()`: the call TVM puts in the lanes of scalable vectors. Registers the
/// `prim.vscale` operator on first use when no dialect has registered it.
pub fn vscale() -> Result<Expr> {
    let op = match Op::lookup(VSCALE_OP) {
        Some(op) => op,
        None => match OpDef::new(VSCALE_OP, "The scalable-vector length multiplier.").signature(()).register() {
            Ok(op) => op,
            // Registered concurrently by someone else: use theirs.
            Err(_) => Op::get(VSCALE_OP)?,
        },
    };
    let call = CallNode {
        ty: Type::prim(DataType::INT32),
        op: op.into(),
        args: vec![],
        attrs: Value::None,
        ty_args: vec![],
        span: Span::none(),
    };
    Ok(Call::new(call).into())
}

pub(super) fn is_vscale_call(e: &Expr) -> bool {
    e.as_call()
        .is_some_and(|c| c.args.is_empty() && c.op.downcast_ref::<OpNode>().is_some_and(|op| &*op.name == VSCALE_OP))
}

/// The `k` of a `vscale * k` (or `k * vscale`) lanes expression.
fn vscale_factor(e: &Expr) -> Option<i64> {
    let mul = e.downcast_ref::<MulNode>()?;
    match (is_vscale_call(&mul.a), is_vscale_call(&mul.b)) {
        (true, false) => mul.b.as_int(),
        (false, true) => mul.a.as_int(),
        _ => None,
    }
}

/// The lanes field TVM stores for a vector type: an `int32` constant, or
/// `T.vscale() * k` for a scalable vector.
pub fn lanes_expr(dtype: DataType) -> Result<Expr> {
    if dtype.lanes < 0 {
        let factor = raw_int_imm(DataType::INT32, -(dtype.lanes as i64), Span::none());
        let ty = Type::prim(DataType::INT32);
        Ok(BinOp::Mul.make(ty, vscale()?, factor, Span::none()))
    } else {
        Ok(raw_int_imm(DataType::INT32, dtype.lanes as i64, Span::none()))
    }
}

/// Read a lanes argument: a count, or `vscale * k`. Returns signed lanes (negative for
/// scalable), checking TVM's `lanes > 1`.
fn read_lanes(lanes: &Operand) -> Result<i32> {
    let e = match lanes {
        Operand::Int(n) => return fixed_lanes(*n),
        Operand::Bool(b) => return fixed_lanes(*b as i64),
        Operand::Float(_) => return Err(Error::type_error("lanes must be an integer")),
        Operand::Expr(e) => e,
    };
    if let Some(n) = e.as_int() {
        return fixed_lanes(n);
    }
    match vscale_factor(e) {
        Some(k) if k >= 1 && k <= MAX_LANES as i64 => Ok(-(k as i32)),
        _ => Err(internal(format!("Invalid expression for scalable lanes {}", describe(e)))),
    }
}

fn fixed_lanes(n: i64) -> Result<i32> {
    if n <= 1 {
        return Err(internal(format!("Check failed: lanes > 1 ({n} vs. 1)")));
    }
    i32::try_from(n)
        .ok()
        .filter(|n| *n <= MAX_LANES)
        .ok_or_else(|| Error::value_error(format!("lanes {n} exceeds the maximum of {MAX_LANES}")))
}

// ---- Node constructors

fn result_type(op: BinOp, a: &Expr, dtype: DataType) -> Type {
    if op.is_comparison() { Type::prim(DataType::bool().with_lanes(dtype.lanes)) } else { a.ty() }
}

/// The checks of TVM's binary node constructors (`tirx.Add(a, b)` …), on converted operands.
fn check_binary_node(op: BinOp, ta: DataType, tb: DataType) -> Result<DataType> {
    let int_like = |t: DataType| is_int_or_uint(t) || t.is_bool();
    match op {
        BinOp::And | BinOp::Or if !ta.is_bool() || !tb.is_bool() => {
            return Err(internal(format!("{} expects boolean operands, got {ta} and {tb}", op.type_key())));
        }
        BinOp::BitwiseAnd | BinOp::BitwiseOr | BinOp::BitwiseXor if !int_like(ta) || !int_like(tb) => {
            return Err(Error::type_error(format!(
                "{} expects integer or boolean operands, got {ta} and {tb}",
                op.type_key()
            )));
        }
        BinOp::LShift | BinOp::RShift if !is_int_or_uint(ta) || !is_int_or_uint(tb) => {
            return Err(Error::type_error(format!("{} expects integer operands, got {ta} and {tb}", op.type_key())));
        }
        _ => {}
    }
    if ta != tb {
        return Err(Error::type_error(format!("mismatched types. {ta} vs. {tb}")));
    }
    Ok(ta)
}

pub(super) fn new_binary_node(op: BinOp, a: Expr, b: Expr, span: Span) -> Result<Expr> {
    let (ta, tb) = (prim_dtype(&a)?, prim_dtype(&b)?);
    new_binary_node_of(op, a, b, ta, tb, span)
}

/// [`new_binary_node`] of operands whose data types (`ta`, `tb`) were already read.
pub(super) fn new_binary_node_of(op: BinOp, a: Expr, b: Expr, ta: DataType, tb: DataType, span: Span) -> Result<Expr> {
    let dtype = check_binary_node(op, ta, tb)?;
    let ty = result_type(op, &a, dtype);
    Ok(op.make(ty, a, b, span))
}

/// `tirx.Add(a, b)`, `tirx.LT(a, b)` …: the node itself, no type matching or folding.
/// Both sides must have the same data type (TypeError otherwise); And/Or need bools,
/// bitwise nodes integers or bools, shifts integers.
pub fn make_binary(op: BinOp, a: impl Into<Operand>, b: impl Into<Operand>, span: Span) -> Result<Expr> {
    let a = a.into().into_expr()?;
    let b = b.into().into_expr()?;
    new_binary_node(op, a, b, span)
}

/// `tirx.Not(a)`: a boolean (or boolean vector) operand, no folding.
pub fn make_not(a: impl Into<Operand>, span: Span) -> Result<Expr> {
    let a = a.into().into_expr()?;
    let t = prim_dtype(&a)?;
    if !t.is_bool() {
        return Err(internal(format!("Not expects a boolean operand, got {t}")));
    }
    Ok(Not::new(NotNode { ty: a.ty(), a, span }).into())
}

/// `tirx.BitwiseNot(a)`: an integer or boolean operand, no folding.
pub fn make_bitwise_not(a: impl Into<Operand>, span: Span) -> Result<Expr> {
    let a = a.into().into_expr()?;
    let t = prim_dtype(&a)?;
    if !(is_int_or_uint(t) || t.is_bool()) {
        return Err(Error::type_error(format!("BitwiseNot requires an integer or boolean operand, got {t}")));
    }
    Ok(BitwiseNot::new(BitwiseNotNode { ty: a.ty(), a, span }).into())
}

pub(super) fn check_target_dtype(dtype: DataType) -> Result<()> {
    if dtype.is_handle() || dtype.is_void() {
        return Err(Error::type_error(format!("cannot cast to {dtype}: not a scalar data type")));
    }
    Ok(())
}

pub(super) fn lanes_agree(from: DataType, to: DataType) -> Result<()> {
    if is_scalable(from) != is_scalable(to) || from.lanes != to.lanes {
        return Err(internal(format!(
            "Check failed: lanes of the cast value ({from}) and the target type ({to}) must match"
        )));
    }
    Ok(())
}

/// `tirx.Cast(dtype, value)` (`T.Cast`): the node, no folding. Lanes must agree.
pub fn make_cast(dtype: DataType, value: impl Into<Operand>, span: Span) -> Result<Expr> {
    check_target_dtype(dtype)?;
    let value = value.into().into_expr()?;
    lanes_agree(prim_dtype(&value)?, dtype)?;
    Ok(Cast::new(CastNode { ty: Type::prim(dtype), value, span }).into())
}

/// `tirx.Broadcast(value, lanes)`: a scalar repeated over `lanes` (a count > 1, or
/// `vscale * k`). The lanes are stored as an `int32` constant or `T.vscale() * k`.
pub fn broadcast(value: impl Into<Operand>, lanes: impl Into<Operand>, span: Span) -> Result<Expr> {
    let value = value.into().into_expr()?;
    let t = prim_dtype(&value)?;
    if t.lanes != 1 {
        return Err(internal(format!("Broadcast expects a scalar value, got {t}")));
    }
    let lanes = read_lanes(&lanes.into())?;
    let dtype = t.with_lanes(lanes);
    let node = BroadcastNode { ty: Type::prim(dtype), value, lanes: lanes_expr(dtype)?, span };
    Ok(Broadcast::new(node).into())
}

/// `tirx.Ramp(base, stride, lanes)`: `base + i * stride`. A stride of another type is
/// cast (folding) to the base's type, as TVM's constructor does.
pub fn ramp(
    base: impl Into<Operand>,
    stride: impl Into<Operand>,
    lanes: impl Into<Operand>,
    span: Span,
) -> Result<Expr> {
    let base = base.into().into_expr()?;
    let mut stride = stride.into().into_expr()?;
    let (tb, ts) = (prim_dtype(&base)?, prim_dtype(&stride)?);
    if tb.lanes != 1 || ts.lanes != 1 {
        return Err(internal(format!("Ramp expects scalar base and stride, got {tb} and {ts}")));
    }
    if ts != tb {
        stride = cast(tb, stride, span.clone())?;
    }
    let lanes = read_lanes(&lanes.into())?;
    let dtype = tb.with_lanes(lanes);
    let node = RampNode { ty: Type::prim(dtype), base, stride, lanes: lanes_expr(dtype)?, span };
    Ok(Ramp::new(node).into())
}

/// `tirx.Select(cond, t, f)`: `cond` boolean (scalar, or with the values' lanes); both
/// values of one type.
pub fn select(
    condition: impl Into<Operand>,
    true_value: impl Into<Operand>,
    false_value: impl Into<Operand>,
    span: Span,
) -> Result<Expr> {
    let condition = condition.into().into_expr()?;
    let true_value = true_value.into().into_expr()?;
    let false_value = false_value.into().into_expr()?;
    let (tc, tt, tf) = (prim_dtype(&condition)?, prim_dtype(&true_value)?, prim_dtype(&false_value)?);
    if !tc.is_bool() {
        return Err(internal(format!("Select expects a boolean condition, got {tc}")));
    }
    if tt != tf {
        return Err(Error::type_error(format!("mismatched types. False type: {tf}; True type: {tt}")));
    }
    if tc.lanes != 1 && tc.lanes != tt.lanes {
        return Err(internal(format!("Select condition {tc} does not match the lanes of {tt}")));
    }
    let node = SelectNode { ty: true_value.ty(), condition, true_value, false_value, span };
    Ok(Select::new(node).into())
}
