//! Operand type matching (`BinaryOpMatchTypes`) and the folding `cast`.

use super::*;
use std::cmp::Ordering;

use crate::ir::expr::{BroadcastNode, FloatImmNode, IntImmNode, RampNode};

pub(super) fn broadcast_to_lanes_of(value: Expr, other: DataType) -> Result<Expr> {
    broadcast(value, lanes_expr(other)?, Span::none())
}

/// TVM's `BinaryOpMatchTypes`: bring both operands to one data type. A scalar is
/// broadcast against a vector; then two floats widen to the wider one, an int meets a
/// float (then bfloat16, float8, float6, float4) as that float, a bool meets an integer
/// as that integer, two ints (or two uints) widen, and int vs uint goes to the wider
/// one, uint on a tie. Constants are converted by folding ([`cast`]).
pub fn match_types(a: Expr, b: Expr, span: &Span) -> Result<(Expr, Expr)> {
    let (mut ta, mut tb) = (prim_dtype(&a)?, prim_dtype(&b)?);
    if ta == tb {
        return Ok((a, b));
    }
    let (mut a, mut b) = (a, b);
    if !is_vector(ta) && is_vector(tb) {
        a = broadcast_to_lanes_of(a, tb)?;
        ta = prim_dtype(&a)?;
    } else if is_vector(ta) && !is_vector(tb) {
        b = broadcast_to_lanes_of(b, ta)?;
        tb = prim_dtype(&b)?;
    }
    if is_scalable(ta) != is_scalable(tb) {
        return Err(internal("Can't match scalable and fixed length vectors"));
    }
    if ta.lanes != tb.lanes {
        return Err(internal(format!("Cannot match type {ta} vs {tb}")));
    }
    if ta == tb {
        return Ok((a, b));
    }
    // Which side converts to which type; `true` converts the left operand.
    let left_to_right = if is_ieee_float(ta) && is_ieee_float(tb) {
        ta.bits < tb.bits
    } else if !is_ieee_float(ta) && is_ieee_float(tb) {
        true
    } else if is_ieee_float(ta) && !is_ieee_float(tb) {
        false
    } else if ta.code != TypeCode::BFloat && is_bfloat16(tb) {
        true
    } else if is_bfloat16(ta) && tb.code != TypeCode::BFloat {
        false
    } else if !is_float8(ta) && is_float8(tb) {
        true
    } else if is_float8(ta) && !is_float8(tb) {
        false
    } else if !is_float6(ta) && is_float6(tb) {
        true
    } else if is_float6(ta) && !is_float6(tb) {
        false
    } else if !is_float4(ta) && is_float4(tb) {
        true
    } else if is_float4(ta) && !is_float4(tb) {
        false
    } else if ta.is_bool() && is_int_or_uint(tb) {
        true
    } else if is_int_or_uint(ta) && tb.is_bool() {
        false
    } else if (ta.is_int() && tb.is_int()) || (ta.is_uint() && tb.is_uint()) {
        ta.bits < tb.bits
    } else if is_int_or_uint(ta) && is_int_or_uint(tb) {
        // Signed meets unsigned: the wider wins; on a tie, the unsigned one.
        match ta.bits.cmp(&tb.bits) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => ta.is_int(),
        }
    } else {
        return Err(internal(format!("Cannot match type {ta} vs {tb}")));
    };
    if left_to_right {
        a = cast(tb, a, span.clone())?;
    } else {
        b = cast(ta, b, span.clone())?;
    }
    Ok((a, b))
}

/// TVM's `cast(dtype, value)` (`T.cast(value, dtype)`, `x.astype(dtype)`): the value
/// itself when the type already matches; constants fold into constants of the new
/// type (range-checked); a scalar cast to a vector type is broadcast; a cast of a
/// Broadcast (or an integer cast of a Ramp) moves inside it.
pub fn cast(dtype: DataType, value: impl Into<Operand>, span: Span) -> Result<Expr> {
    check_target_dtype(dtype)?;
    let value = value.into().into_expr()?;
    let vt = prim_dtype(&value)?;
    if vt == dtype {
        return Ok(value);
    }
    if dtype.lanes == 1 {
        if let Some(v) = value.downcast_ref::<IntImmNode>() {
            return make_const_int(dtype, v.value, v.span.clone());
        }
        if let Some(v) = value.downcast_ref::<FloatImmNode>() {
            return make_const_float(dtype, v.value, v.span.clone());
        }
        return make_cast(dtype, value, span);
    }
    let elem = dtype.element_of();
    if !is_vector(vt) {
        let mut value = value;
        if vt != elem {
            value = if let Some(v) = value.downcast_ref::<IntImmNode>() {
                make_const_int(elem, v.value, v.span.clone())?
            } else if let Some(v) = value.downcast_ref::<FloatImmNode>() {
                make_const_float(elem, v.value, v.span.clone())?
            } else {
                make_cast(elem, value, span.clone())?
            };
        }
        return broadcast(value, lanes_expr(dtype)?, span);
    }
    lanes_agree(vt, dtype)?;
    if let Some(bc) = value.downcast_ref::<BroadcastNode>() {
        let inner = cast(elem, bc.value.clone(), span.clone())?;
        return broadcast(inner, bc.lanes.clone(), span);
    }
    if let Some(r) = value.downcast_ref::<RampNode>()
        && is_int_or_uint(dtype)
    {
        let base = cast(elem, r.base.clone(), span.clone())?;
        let stride = cast(elem, r.stride.clone(), span.clone())?;
        return ramp(base, stride, r.lanes.clone(), span);
    }
    make_cast(dtype, value, span)
}
