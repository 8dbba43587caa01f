//! Constant folding exactly where TVM folds at construction (`arith/const_fold.h`).

use super::*;
use std::cmp::Ordering;

use crate::ir::expr::BinOp;

/// Wrap a folded integer to its type's width (`GetFoldResultInt64Repr`): mask to the
/// bits, sign-extend signed types. `bool` is 8 bits wide here, as in TVM.
fn fold_int_repr(x: i64, dtype: DataType) -> i64 {
    let bits = dtype.bits as u32;
    if bits == 0 || bits >= 64 {
        return x;
    }
    let masked = x & ((1i64 << bits) - 1);
    if dtype.is_int() {
        let m = 1i64 << (bits - 1);
        (masked ^ m) - m
    } else {
        masked
    }
}

/// Integers compare as unsigned for uint types (uint64 keeps its bit pattern in i64).
fn int_cmp(dtype: DataType, x: i64, y: i64) -> Ordering {
    if dtype.is_uint() { (x as u64).cmp(&(y as u64)) } else { x.cmp(&y) }
}

fn floordiv_i64(x: i64, y: i64) -> i64 {
    let q = x.wrapping_div(y);
    if (x % y != 0) && ((x < 0) != (y < 0)) { q - 1 } else { q }
}

fn floormod_i64(x: i64, y: i64) -> i64 {
    let r = x.wrapping_rem(y);
    if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r }
}

fn divide_by_zero() -> Error {
    internal("Divide by zero")
}

/// Fold two float constants of a 32- or 64-bit float type (others do not fold).
/// float32 arithmetic happens in single precision, like TVM's.
fn fold_float(dtype: DataType, x: f64, y: f64, f32op: fn(f32, f32) -> f32, f64op: fn(f64, f64) -> f64) -> Option<f64> {
    match dtype.bits {
        32 => Some(f32op(x as f32, y as f32) as f64),
        64 => Some(f64op(x, y)),
        _ => None,
    }
}

/// The constants of a folding step: integer and float values of both sides.
struct Consts {
    pa: Option<i64>,
    pb: Option<i64>,
    fa: Option<f64>,
    fb: Option<f64>,
}

impl Consts {
    fn of(a: &Expr, b: &Expr) -> Consts {
        let ((pa, fa), (pb, fb)) = (a.constant_value(), b.constant_value());
        Consts { pa, pb, fa, fb }
    }
    fn any(&self) -> bool {
        self.pa.is_some() || self.pb.is_some() || self.fa.is_some() || self.fb.is_some()
    }
}

fn int_result(dtype: DataType, v: i64) -> Result<Option<Expr>> {
    int_imm_checked(dtype, fold_int_repr(v, dtype), Span::none()).map(Some)
}

fn float_result(dtype: DataType, v: f64) -> Result<Option<Expr>> {
    float_imm_checked(dtype, v, Span::none()).map(Some)
}

fn bool_result(v: bool) -> Result<Option<Expr>> {
    Ok(Some(raw_int_imm(DataType::bool(), v as i64, Span::none())))
}

/// TVM's `TryConstFold<Op>(a, b)` on operands of one data type: `Some` when TVM folds.
pub(super) fn try_const_fold(op: BinOp, a: &Expr, b: &Expr) -> Result<Option<Expr>> {
    let rtype = prim_dtype(a)?;
    let btype = if is_index_type(rtype) { prim_dtype(b)? } else { rtype };
    try_const_fold_of(op, a, b, rtype, btype)
}

/// [`try_const_fold`] of operands whose data types (`rtype`, `btype`) were already read.
pub(super) fn try_const_fold_of(op: BinOp, a: &Expr, b: &Expr, rtype: DataType, btype: DataType) -> Result<Option<Expr>> {
    let consts = Consts::of(a, b);
    let index = is_index_type(rtype) && is_index_type(btype);
    // Without a constant operand only `min`/`max` of one operand twice folds (most
    // operators a script writes combine variables).
    if !consts.any() && !matches!(op, BinOp::Min | BinOp::Max) {
        return Ok(None);
    }
    let Consts { pa, pb, fa, fb } = consts;
    let ra = || Ok(Some(a.clone()));
    let rb = || Ok(Some(b.clone()));
    match op {
        BinOp::Add => {
            if let (Some(x), Some(y)) = (pa, pb) {
                return int_result(rtype, x.wrapping_add(y));
            }
            if pa == Some(0) {
                return rb();
            }
            if pb == Some(0) {
                return ra();
            }
            if let (Some(x), Some(y)) = (fa, fb)
                && let Some(v) = fold_float(rtype, x, y, |x, y| x + y, |x, y| x + y)
            {
                return float_result(rtype, v);
            }
            if fa == Some(0.0) {
                return rb();
            }
            if fb == Some(0.0) {
                return ra();
            }
        }
        BinOp::Sub => {
            // Operands share one type here, so one uint test covers both.
            if rtype.is_uint() && pa == Some(0) && pb.is_some_and(|v| v != 0) {
                return Err(internal(
                    "Checked failed. Minuend 's value is 0U and it's dtype is uint while Subtrahend's dtype is uint; \
                     which will cause a negative uint",
                ));
            }
            if let (Some(x), Some(y)) = (pa, pb) {
                return int_result(rtype, x.wrapping_sub(y));
            }
            if pb == Some(0) {
                return ra();
            }
            if let (Some(x), Some(y)) = (fa, fb)
                && let Some(v) = fold_float(rtype, x, y, |x, y| x - y, |x, y| x - y)
            {
                return float_result(rtype, v);
            }
            if fb == Some(0.0) {
                return ra();
            }
        }
        BinOp::Mul => {
            if let (Some(x), Some(y)) = (pa, pb) {
                return int_result(rtype, x.wrapping_mul(y));
            }
            match (pa, pb) {
                (Some(1), _) => return rb(),
                (Some(0), _) => return ra(),
                (_, Some(1)) => return ra(),
                (_, Some(0)) => return rb(),
                _ => {}
            }
            if let (Some(x), Some(y)) = (fa, fb)
                && let Some(v) = fold_float(rtype, x, y, |x, y| x * y, |x, y| x * y)
            {
                return float_result(rtype, v);
            }
            if fa == Some(1.0) {
                return rb();
            }
            if fa == Some(0.0) {
                return ra();
            }
            if fb == Some(1.0) {
                return ra();
            }
            if fb == Some(0.0) {
                return rb();
            }
        }
        BinOp::Div => {
            if let (Some(x), Some(y)) = (pa, pb) {
                if y == 0 {
                    return Err(divide_by_zero());
                }
                let q = if rtype.is_uint() { ((x as u64) / (y as u64)) as i64 } else { x.wrapping_div(y) };
                return int_result(rtype, q);
            }
            if pa == Some(0) {
                return ra();
            }
            match pb {
                Some(1) => return ra(),
                Some(0) => return Err(divide_by_zero()),
                _ => {}
            }
            if let (Some(x), Some(y)) = (fa, fb) {
                if y == 0.0 {
                    return Err(divide_by_zero());
                }
                if let Some(v) = fold_float(rtype, x, y, |x, y| x / y, |x, y| x / y) {
                    return float_result(rtype, v);
                }
            }
            if fa == Some(0.0) {
                return ra();
            }
            if fb == Some(1.0) {
                return ra();
            }
            if fb == Some(0.0) {
                return Err(divide_by_zero());
            }
        }
        BinOp::Mod if index => {
            if let (Some(x), Some(y)) = (pa, pb) {
                if y == 0 {
                    return Err(divide_by_zero());
                }
                return int_result(rtype, x.wrapping_rem(y));
            }
            if pa == Some(0) {
                return ra();
            }
            match pb {
                Some(1) => return make_zero(rtype).map(Some),
                Some(0) => return Err(divide_by_zero()),
                _ => {}
            }
        }
        BinOp::FloorDiv => {
            if let (Some(x), Some(y)) = (pa, pb) {
                if y == 0 {
                    return Err(divide_by_zero());
                }
                let q = if rtype.is_uint() { ((x as u64) / (y as u64)) as i64 } else { floordiv_i64(x, y) };
                return int_result(rtype, q);
            }
            if pa == Some(0) {
                return ra();
            }
            match pb {
                Some(1) => return ra(),
                Some(0) => return Err(divide_by_zero()),
                _ => {}
            }
            if let (Some(x), Some(y)) = (fa, fb)
                && y != 0.0
            {
                return match fold_float(rtype, x, y, |x, y| (x / y).floor(), |x, y| (x / y).floor()) {
                    Some(v) => float_result(rtype, v),
                    None => Ok(None),
                };
            }
            if fa == Some(0.0) {
                return ra();
            }
            if fb == Some(1.0) {
                return ra();
            }
            if fb == Some(0.0) {
                return Err(divide_by_zero());
            }
        }
        BinOp::FloorMod if index => {
            if let (Some(x), Some(y)) = (pa, pb) {
                if y == 0 {
                    return Err(divide_by_zero());
                }
                return int_result(rtype, floormod_i64(x, y));
            }
            if pa == Some(0) {
                return ra();
            }
            match pb {
                Some(1) => return make_zero(rtype).map(Some),
                Some(0) => return Err(divide_by_zero()),
                _ => {}
            }
        }
        BinOp::Min | BinOp::Max => {
            let want_min = op == BinOp::Min;
            if let (Some(x), Some(y)) = (pa, pb) {
                let v = match (int_cmp(rtype, x, y), want_min) {
                    (Ordering::Greater, true) | (Ordering::Less, false) => y,
                    _ => x,
                };
                return Ok(Some(raw_int_imm(rtype, v, Span::none())));
            }
            if let (Some(x), Some(y)) = (fa, fb) {
                // std::min(x, y) is `y < x ? y : x`; std::max(x, y) is `x < y ? y : x`.
                let v = if want_min {
                    if y < x { y } else { x }
                } else if x < y {
                    y
                } else {
                    x
                };
                return float_result(rtype, v);
            }
            if a.same_as(b) {
                return ra();
            }
        }
        BinOp::EQ | BinOp::NE | BinOp::LT | BinOp::LE | BinOp::GT | BinOp::GE => {
            let ord = match (pa, pb, fa, fb) {
                (Some(x), Some(y), _, _) => Some(int_cmp(rtype, x, y)),
                (_, _, Some(x), Some(y)) => {
                    // NaN compares false both ways; only EQ/NE need care.
                    if x.is_nan() || y.is_nan() {
                        return bool_result(op == BinOp::NE);
                    }
                    x.partial_cmp(&y)
                }
                _ => None,
            };
            if let Some(ord) = ord {
                let v = match op {
                    BinOp::EQ => ord == Ordering::Equal,
                    BinOp::NE => ord != Ordering::Equal,
                    BinOp::LT => ord == Ordering::Less,
                    BinOp::LE => ord != Ordering::Greater,
                    BinOp::GT => ord == Ordering::Greater,
                    _ => ord != Ordering::Less,
                };
                return bool_result(v);
            }
        }
        BinOp::And => match (pa, pb) {
            (Some(x), _) => return if x != 0 { rb() } else { ra() },
            (_, Some(y)) => return if y != 0 { ra() } else { rb() },
            _ => {}
        },
        BinOp::Or => match (pa, pb) {
            (Some(x), _) => return if x != 0 { ra() } else { rb() },
            (_, Some(y)) => return if y != 0 { rb() } else { ra() },
            _ => {}
        },
        BinOp::BitwiseAnd | BinOp::BitwiseOr | BinOp::BitwiseXor if index => {
            if let (Some(x), Some(y)) = (pa, pb) {
                let v = match op {
                    BinOp::BitwiseAnd => x & y,
                    BinOp::BitwiseOr => x | y,
                    _ => x ^ y,
                };
                return int_imm_checked(rtype, v, Span::none()).map(Some);
            }
        }
        BinOp::LShift | BinOp::RShift if index => {
            if let Some(y) = pb
                && (y < 0 || y >= rtype.bits as i64)
            {
                return Err(internal(format!(
                    "Shift amount must be non-negative and less than {} for type {rtype}",
                    rtype.bits
                )));
            }
            if let (Some(x), Some(y)) = (pa, pb) {
                let v = if op == BinOp::LShift { x.wrapping_shl(y as u32) } else { x >> y };
                return int_imm_checked(rtype, v, Span::none()).map(Some);
            }
            if pb == Some(0) {
                return ra();
            }
        }
        _ => {}
    }
    Ok(None)
}
