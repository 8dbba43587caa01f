//! The operators: TVM's C++ `tvm::add` … with type matching and folding.

use super::fold::{try_const_fold, try_const_fold_of};
use super::*;
use crate::ir::expr::BinOp;

fn require_integer(e: &Expr, what: &str) -> Result<()> {
    let t = prim_dtype(e)?;
    if !is_int_or_uint(t) {
        return Err(internal(format!("{what} expects integer operands, but received {} of type {t}", describe(e))));
    }
    Ok(())
}

fn require_bool(e: &Expr, what: &str) -> Result<()> {
    let t = prim_dtype(e)?;
    if !t.is_bool() {
        return Err(internal(format!(
            "Expected boolean argument for {what}, but received {} of type {t}",
            describe(e)
        )));
    }
    Ok(())
}

fn require_int_or_bool(e: &Expr, what: &str) -> Result<()> {
    let t = prim_dtype(e)?;
    if !(is_int_or_uint(t) || t.is_bool()) {
        return Err(internal(format!(
            "Expected integer or boolean argument for {what}, but received {} of type {t}",
            describe(e)
        )));
    }
    Ok(())
}

fn is_bit_op(op: BinOp) -> bool {
    matches!(op, BinOp::BitwiseAnd | BinOp::BitwiseOr | BinOp::BitwiseXor | BinOp::LShift | BinOp::RShift)
}

/// Convert the operands of a bitwise or shift operator the way TVM's FFI wrapper does:
/// a Python int (truncated to C `int`) becomes a constant of the other operand's type.
fn bit_operands(a: Operand, b: Operand) -> Result<(Expr, Expr)> {
    match (a, b) {
        (Operand::Int(x), b) => {
            let b = b.into_expr()?;
            let a = make_const_int(prim_dtype(&b)?, x as i32 as i64, Span::none())?;
            Ok((a, b))
        }
        (a, Operand::Int(y)) => {
            let a = a.into_expr()?;
            let b = make_const_int(prim_dtype(&a)?, y as i32 as i64, Span::none())?;
            Ok((a, b))
        }
        (a, b) => Ok((a.into_expr()?, b.into_expr()?)),
    }
}

/// The operator producing node kind `op`, as TVM's C++ API builds it: `Add` is
/// `tvm::add`, `Div` is `div` (truncating for integers), `Mod` is `truncmod`,
/// `FloorDiv`/`FloorMod` are `floordiv`/`floormod`, `And`/`Or` `logical_and`/`logical_or`,
/// `LShift`/`RShift` `left_shift`/`right_shift`. Operands are type-matched, then folded
/// where TVM folds; otherwise the node is built. In bitwise and shift operators a
/// Python int operand takes the other operand's type (as through TVM's FFI).
pub fn binary(op: BinOp, a: impl Into<Operand>, b: impl Into<Operand>, span: Span) -> Result<Expr> {
    let (a, b) =
        if is_bit_op(op) { bit_operands(a.into(), b.into())? } else { (a.into().into_expr()?, b.into().into_expr()?) };
    let result = binary_exprs(op, a, b, &span);
    result.map_err(|e| e.at(&span))
}

fn binary_exprs(op: BinOp, a: Expr, b: Expr, span: &Span) -> Result<Expr> {
    match op {
        BinOp::FloorDiv | BinOp::FloorMod => {
            let what = if op == BinOp::FloorDiv { "floordiv" } else { "floormod" };
            require_integer(&a, what)?;
            require_integer(&b, what)?;
        }
        BinOp::And | BinOp::Or => {
            let what = if op == BinOp::And { "&& operator (logical AND)" } else { "|| operator (logical OR)" };
            require_bool(&a, what)?;
            require_bool(&b, what)?;
            // Logical operators take no type matching: a bool vector meets only its own type.
            if let Some(folded) = try_const_fold(op, &a, &b)? {
                return Ok(folded);
            }
            return new_binary_node(op, a, b, span.clone());
        }
        BinOp::LShift | BinOp::RShift => {
            let what = if op == BinOp::LShift { "<< operator (left shift)" } else { ">> operator (right shift)" };
            require_integer(&a, what)?;
            require_integer(&b, what)?;
        }
        BinOp::BitwiseAnd | BinOp::BitwiseOr | BinOp::BitwiseXor => {
            require_int_or_bool(&a, "bitwise operator")?;
            require_int_or_bool(&b, "bitwise operator")?;
        }
        _ => {}
    }
    // Each operand's type is read once here (a type read is two dynamic calls, and
    // matching, folding and the node's checks all need both).
    let (ta, tb) = (prim_dtype(&a)?, prim_dtype(&b)?);
    let (a, b, ta, tb) = if ta == tb {
        (a, b, ta, tb)
    } else {
        let (a, b) = match_types(a, b, span)?;
        let (ta, tb) = (prim_dtype(&a)?, prim_dtype(&b)?);
        (a, b, ta, tb)
    };
    if let Some(folded) = try_const_fold_of(op, &a, &b, ta, tb)? {
        return Ok(folded);
    }
    // TVM's `equal` knows two vscale calls are the same value (an int32 1, C++'s `true`).
    if op == BinOp::EQ && super::nodes::is_vscale_call(&a) && super::nodes::is_vscale_call(&b) {
        return Ok(crate::ir::expr::int_imm(DataType::int(32), 1));
    }
    new_binary_node_of(op, a, b, ta, tb, span.clone())
}

macro_rules! operator_fns {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(a: impl Into<Operand>, b: impl Into<Operand>) -> Result<Expr> {
            binary(BinOp::$op, a, b, Span::none())
        }
    )*};
}

operator_fns! {
    /// `a + b`.
    add => Add;
    /// `a - b`.
    sub => Sub;
    /// `a * b`.
    mul => Mul;
    /// TVM's `div`: float division, or truncating integer division (`T.Div`).
    div => Div;
    /// `truncmod(a, b)` (`prim.Mod`); folds only for int32/int64 scalars.
    truncmod => Mod;
    /// `floordiv(a, b)` (`a // b` in Python); integer operands only.
    floordiv => FloorDiv;
    /// `floormod(a, b)` (`a % b` in Python); integer operands only.
    floormod => FloorMod;
    /// `T.min(a, b)`.
    min => Min;
    /// `T.max(a, b)`.
    max => Max;
    /// `a == b` as an expression.
    equal => EQ;
    /// `a != b` as an expression.
    not_equal => NE;
    /// `a < b`.
    less => LT;
    /// `a <= b`.
    less_equal => LE;
    /// `a > b`.
    greater => GT;
    /// `a >= b`.
    greater_equal => GE;
    /// Logical and of booleans (`T.And`, folding a constant side).
    logical_and => And;
    /// Logical or of booleans.
    logical_or => Or;
    /// `a & b`.
    bitwise_and => BitwiseAnd;
    /// `a | b`.
    bitwise_or => BitwiseOr;
    /// `a ^ b`.
    bitwise_xor => BitwiseXor;
    /// `a << b`.
    left_shift => LShift;
    /// `a >> b`.
    right_shift => RShift;
}

/// `truncdiv(a, b)`: `div` for integer operands only.
pub fn truncdiv(a: impl Into<Operand>, b: impl Into<Operand>) -> Result<Expr> {
    let (a, b) = (a.into().into_expr()?, b.into().into_expr()?);
    require_integer(&a, "truncdiv")?;
    require_integer(&b, "truncdiv")?;
    binary(BinOp::Div, a, b, Span::none())
}

/// `indexdiv(a, b)`: `floordiv`.
pub fn indexdiv(a: impl Into<Operand>, b: impl Into<Operand>) -> Result<Expr> {
    floordiv(a, b)
}

/// `indexmod(a, b)`: `floormod`.
pub fn indexmod(a: impl Into<Operand>, b: impl Into<Operand>) -> Result<Expr> {
    floormod(a, b)
}

/// `ceildiv(a, b)`: `floordiv(a + b - 1, b)`, the sum folded as it is built.
pub fn ceildiv(a: impl Into<Operand>, b: impl Into<Operand>) -> Result<Expr> {
    let (a, b) = (a.into().into_expr()?, b.into().into_expr()?);
    require_integer(&a, "ceildiv")?;
    require_integer(&b, "ceildiv")?;
    let (a, b) = match_types(a, b, &Span::none())?;
    let one = make_const_int(prim_dtype(&a)?, 1, Span::none())?;
    let numerator = sub(add(a, b.clone())?, one)?;
    if let Some(folded) = try_const_fold(BinOp::FloorDiv, &numerator, &b)? {
        return Ok(folded);
    }
    new_binary_node(BinOp::FloorDiv, numerator, b, Span::none())
}

/// `logical_not(a)` (`!a` in C++): folds a constant, else builds `prim.Not`.
pub fn logical_not(a: impl Into<Operand>) -> Result<Expr> {
    let a = a.into().into_expr()?;
    require_bool(&a, "! operator (logical NOT)")?;
    if let Some(v) = a.as_int() {
        return Ok(raw_int_imm(DataType::bool(), (v == 0) as i64, Span::none()));
    }
    make_not(a, Span::none())
}

/// `bitwise_not(a)` (`~a`): an integer or boolean operand; never folded.
pub fn bitwise_not(a: impl Into<Operand>) -> Result<Expr> {
    let a = a.into().into_expr()?;
    require_int_or_bool(&a, "~ operator (bitwise NOT)")?;
    make_bitwise_not(a, Span::none())
}

/// `-a` as TVM's Python `__neg__` builds it: `a * const(-1, a.dtype)`, so `-x` is
/// `x * -1`, `-T.int32(3)` folds to `-3`, and negating a uint or bool is an error.
pub fn neg(a: impl Into<Operand>) -> Result<Expr> {
    let a = a.into().into_expr()?;
    let minus_one = make_const_int(prim_dtype(&a)?, -1, Span::none())?;
    binary(BinOp::Mul, a, minus_one, Span::none())
}
