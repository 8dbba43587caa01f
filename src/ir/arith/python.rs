//! What Python operators (`ExprOp`) and the TVMScript parser's overrides add on top.

use super::*;
use crate::ir::expr::BinOp;

// ---- Python operators (tvm.ir.ExprOp)

/// A Python binary operator applied to an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    TrueDiv,
    /// `//`
    FloorDiv,
    /// `%`
    Mod,
    /// `<<`
    LShift,
    /// `>>`
    RShift,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

/// `_dtype_is_int` of TVM's ExprOp: a Python int, or an expression of a signed int type.
fn python_is_int(v: &Operand) -> bool {
    match v {
        Operand::Expr(e) => prim_dtype(e).is_ok_and(|t| t.is_int()),
        other => other.is_python_int(),
    }
}

/// The message TVM raises for `/` between integers.
pub const DIV_AMBIGUITY: &str = "TVM supports multiple types of integer divisions, please call div, \
    indexdiv/indexmod, floordiv/floormod  or truncdiv/truncmod directly to avoid ambiguity in the code.";

/// What a Python operator does with an expression operand in TVM 0.27 (outside the
/// TVMScript parser's overrides): `/` is `div` except between integers (a
/// RuntimeError), `//` is `floordiv`, `%` is `floormod`, comparisons fold.
pub fn python_binary(op: PyOp, a: impl Into<Operand>, b: impl Into<Operand>, span: Span) -> Result<Expr> {
    let (a, b) = (a.into(), b.into());
    let node = match op {
        PyOp::Add => BinOp::Add,
        PyOp::Sub => BinOp::Sub,
        PyOp::Mul => BinOp::Mul,
        PyOp::TrueDiv => {
            if python_is_int(&a) && python_is_int(&b) {
                return Err(internal(DIV_AMBIGUITY).at(&span));
            }
            BinOp::Div
        }
        PyOp::FloorDiv => BinOp::FloorDiv,
        PyOp::Mod => BinOp::FloorMod,
        PyOp::LShift => BinOp::LShift,
        PyOp::RShift => BinOp::RShift,
        PyOp::BitAnd => BinOp::BitwiseAnd,
        PyOp::BitOr => BinOp::BitwiseOr,
        PyOp::BitXor => BinOp::BitwiseXor,
        PyOp::Lt => BinOp::LT,
        PyOp::Le => BinOp::LE,
        PyOp::Gt => BinOp::GT,
        PyOp::Ge => BinOp::GE,
        PyOp::Eq => BinOp::EQ,
        PyOp::Ne => BinOp::NE,
    };
    binary(node, a, b, span)
}

/// Python's `~a`: a RuntimeError for floats, else [`bitwise_not`].
pub fn python_invert(a: impl Into<Operand>) -> Result<Expr> {
    let a = a.into().into_expr()?;
    if prim_dtype(&a).is_ok_and(is_ieee_float) {
        return Err(internal("Cannot use ~ operator on float type Expr."));
    }
    bitwise_not(a)
}

// ---- The TVMScript parser (tirx/script/parser/operation.py)

/// Convert a Python literal beside an expression `other`, as the parser's
/// `_auto_broadcast` does: an int takes `other`'s element type when that is an int,
/// uint, bool or float type. A float on the right takes `other`'s type whatever it is
/// (so `x < 1.5` with an int `x` is a ValueError); on the left it takes a float type,
/// else `float32`.
fn literal_like(v: Operand, other: &Expr, literal_on_left: bool) -> Result<Expr> {
    let t = prim_dtype(other)?.element_of();
    let x = match v {
        Operand::Expr(e) => return Ok(e),
        Operand::Float(x) => {
            let t = if literal_on_left && !is_ieee_float(t) { DataType::FLOAT32 } else { t };
            return float_imm_checked(t, x, Span::none());
        }
        Operand::Int(i) => i,
        Operand::Bool(b) => b as i64,
    };
    if matches!(t.code, TypeCode::Int | TypeCode::UInt | TypeCode::Bool) {
        int_imm_checked(t, x, Span::none())
    } else if is_ieee_float(t) {
        float_imm_checked(t, x as f64, Span::none())
    } else {
        Err(Error::type_error("Operand should be a Expr."))
    }
}

/// A comparison as written in a TVMScript function (`x < 1`): the literal takes the
/// other side's type, a scalar is broadcast against a vector, and the node is built
/// without type matching or folding (`T.int32(3) < 4` stays a `prim.LT`).
pub fn script_compare(op: BinOp, a: impl Into<Operand>, b: impl Into<Operand>, span: Span) -> Result<Expr> {
    if !op.is_comparison() {
        return Err(Error::value_error(format!("{} is not a comparison", op.type_key())));
    }
    let (a, b) = (a.into(), b.into());
    let (a, b) = match (a, b) {
        (Operand::Expr(a), b) => {
            let b = literal_like(b, &a, false)?;
            (a, b)
        }
        (a, Operand::Expr(b)) => {
            let a = literal_like(a, &b, true)?;
            (a, b)
        }
        (a, b) => (a.into_expr()?, b.into_expr()?),
    };
    let (ta, tb) = (prim_dtype(&a)?, prim_dtype(&b)?);
    let (a, b) = if ta.lanes == tb.lanes {
        (a, b)
    } else if ta.lanes == 1 {
        (broadcast_to_lanes_of(a, tb)?, b)
    } else if tb.lanes == 1 {
        let b = broadcast_to_lanes_of(b, ta)?;
        (a, b)
    } else {
        return Err(Error::type_error("do not know how to deal with it."));
    };
    new_binary_node(op, a, b, span.clone()).map_err(|e| e.at(&span))
}

/// `a and b` in a TVMScript function: `prim.And` of two scalar booleans (no folding;
/// a Python bool becomes a `bool` constant); with a vector side, `a & b`.
pub fn script_and(a: impl Into<Operand>, b: impl Into<Operand>, span: Span) -> Result<Expr> {
    script_logical(BinOp::And, a.into(), b.into(), span)
}

/// `a or b` in a TVMScript function; see [`script_and`].
pub fn script_or(a: impl Into<Operand>, b: impl Into<Operand>, span: Span) -> Result<Expr> {
    script_logical(BinOp::Or, a.into(), b.into(), span)
}

fn script_logical(op: BinOp, a: Operand, b: Operand, span: Span) -> Result<Expr> {
    let to_expr = |v: Operand| match v {
        Operand::Int(_) | Operand::Float(_) => Err(Error::type_error("Expected a PrimType expression")),
        other => other.into_expr(),
    };
    let (a, b) = (to_expr(a)?, to_expr(b)?);
    if prim_dtype(&a)?.lanes != 1 || prim_dtype(&b)?.lanes != 1 {
        let bit = if op == BinOp::And { BinOp::BitwiseAnd } else { BinOp::BitwiseOr };
        return binary(bit, a, b, span);
    }
    new_binary_node(op, a, b, span.clone()).map_err(|e| e.at(&span))
}

/// `not a` in a TVMScript function: `prim.Not`, no folding.
pub fn script_not(a: impl Into<Operand>, span: Span) -> Result<Expr> {
    make_not(a, span)
}
