//! Scalar expression construction for scripts: the operators `a + b`, `a < b`,
//! `a and b`, casts and constants, with TVM's type matching and the constant
//! folding TVM applies when a script writes them.
//!
//! This is a small stand-in with the same shape as the core `ir::arith` module
//! being written elsewhere (`binary`, `python_binary`, `script_compare` …); the
//! frontend calls only these functions so switching over is local to this file.

use crate::ir::{
    int_imm, BinOp, Broadcast, BroadcastNode, Cast, CastNode, DataType, Error, Expr, Not, NotNode, Result,
    Span, Type, TypeCode,
};

/// A float constant. TVM keeps the double it is given, whatever the type's width
/// (`T.float32(1e-05)` stores `1e-05`), so no rounding here.
pub fn fimm(dtype: DataType, value: f64) -> Expr {
    crate::ir::FloatImm::new(crate::ir::FloatImmNode { ty: Type::prim(dtype), value, span: Span::none() }).into()
}

/// One side of an operation: an expression or a Python scalar.
#[derive(Clone, Debug)]
pub enum Operand {
    Expr(Expr),
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl From<Expr> for Operand {
    fn from(e: Expr) -> Self {
        Operand::Expr(e)
    }
}

/// The dtype TVM gives a Python int: int32, int64 when it does not fit.
pub fn python_int_dtype(v: i64) -> DataType {
    if i32::try_from(v).is_ok() { DataType::INT32 } else { DataType::INT64 }
}

impl Operand {
    /// TVM's conversion of a lone Python scalar.
    pub fn into_expr(self) -> Result<Expr> {
        Ok(match self {
            Operand::Expr(e) => e,
            Operand::Int(v) => int_imm(python_int_dtype(v), v),
            Operand::Float(v) => fimm(DataType::FLOAT32, v),
            Operand::Bool(b) => int_imm(DataType::bool(), b as i64),
        })
    }
    /// A Python scalar converted next to an expression of type `other`
    /// (a literal takes the expression's element type where that is sensible).
    fn like(self, other: DataType) -> Result<Expr> {
        let t = other.element_of();
        Ok(match self {
            Operand::Expr(e) => e,
            Operand::Int(v) if t.is_float() => fimm(t, v as f64),
            Operand::Int(v) if t.is_integer() || t.is_bool() => const_int(t, v)?,
            Operand::Float(v) if t.is_float() => fimm(t, v),
            Operand::Bool(b) if t.is_bool() => int_imm(t, b as i64),
            other => other.into_expr()?,
        })
    }
}

fn const_int(t: DataType, v: i64) -> Result<Expr> {
    if t.is_uint() && v < 0 {
        return Err(Error::value_error(format!("ValueError: Literal value {v} is out of range for {t}")));
    }
    Ok(int_imm(t, v))
}

fn prim(e: &Expr) -> Result<DataType> {
    e.ty().as_prim().ok_or_else(|| Error::type_error(format!("Expected a PrimType expression, got {}", e.type_key())))
}

/// `cast(dtype, e)` with TVM's folding of constants and no-op casts.
pub fn cast(dtype: DataType, e: Expr) -> Result<Expr> {
    let from = prim(&e)?;
    if from == dtype {
        return Ok(e);
    }
    if from.lanes == 1 && dtype.lanes == 1 {
        if let Some(v) = e.as_int() {
            if dtype.is_float() {
                return Ok(fimm(dtype, v as f64));
            }
            if dtype.is_integer() || dtype.is_bool() {
                return Ok(int_imm(dtype, v));
            }
        }
        if let Some(v) = e.as_float() {
            if dtype.is_float() {
                return Ok(fimm(dtype, v));
            }
            if dtype.is_integer() {
                return Ok(int_imm(dtype, v as i64));
            }
        }
    }
    if from.lanes == 1 && dtype.lanes != 1 {
        let elem = cast(dtype.element_of(), e)?;
        return broadcast(elem, dtype.lanes);
    }
    Ok(Cast::new(CastNode { ty: Type::prim(dtype), value: e, span: Span::none() }).into())
}

/// `T.Cast(dtype, e)`: the node, without folding.
pub fn make_cast(dtype: DataType, e: Expr) -> Expr {
    Cast::new(CastNode { ty: Type::prim(dtype), value: e, span: Span::none() }).into()
}

pub fn broadcast(value: Expr, lanes: i32) -> Result<Expr> {
    let t = prim(&value)?;
    Ok(Broadcast::new(BroadcastNode {
        ty: Type::prim(t.with_lanes(lanes)),
        value,
        lanes: int_imm(DataType::INT32, lanes as i64),
        span: Span::none(),
    })
    .into())
}

/// TVM's `BinaryOpMatchTypes`: broadcast scalars against vectors, int to float,
/// narrower ints to wider.
pub fn match_types(a: Expr, b: Expr) -> Result<(Expr, Expr)> {
    let (mut a, mut b) = (a, b);
    let (mut ta, mut tb) = (prim(&a)?, prim(&b)?);
    if ta.lanes != tb.lanes {
        if ta.lanes == 1 {
            a = broadcast(a, tb.lanes)?;
            ta = ta.with_lanes(tb.lanes);
        } else if tb.lanes == 1 {
            b = broadcast(b, ta.lanes)?;
            tb = tb.with_lanes(ta.lanes);
        }
    }
    if ta == tb {
        return Ok((a, b));
    }
    let (ea, eb) = (ta.element_of(), tb.element_of());
    if !ea.is_float() && eb.is_float() {
        a = cast(tb, a)?;
    } else if ea.is_float() && !eb.is_float() {
        b = cast(ta, b)?;
    } else if ea.is_float() && eb.is_float() || ea.code == eb.code {
        if ea.bits < eb.bits {
            a = cast(tb, a)?;
        } else {
            b = cast(ta, b)?;
        }
    } else if ea.is_integer() && eb.is_integer() {
        if ea.bits < eb.bits {
            a = cast(tb, a)?;
        } else if ea.bits > eb.bits {
            b = cast(ta, b)?;
        } else {
            let u = DataType::new(TypeCode::UInt, ea.bits, ta.lanes);
            a = cast(u, a)?;
            b = cast(u, b)?;
        }
    } else if ea.is_bool() && eb.is_integer() {
        a = cast(tb, a)?;
    } else if ea.is_integer() && eb.is_bool() {
        b = cast(ta, b)?;
    } else {
        return Err(Error::runtime(format!("Cannot match type {ta} vs {tb}")));
    }
    Ok((a, b))
}

fn operands(a: Operand, b: Operand) -> Result<(Expr, Expr)> {
    match (a, b) {
        (Operand::Expr(a), b) => {
            let t = prim(&a)?;
            Ok((a, b.like(t)?))
        }
        (a, Operand::Expr(b)) => {
            let t = prim(&b)?;
            Ok((a.like(t)?, b))
        }
        (a, b) => Ok((a.into_expr()?, b.into_expr()?)),
    }
}

fn result_type(op: BinOp, t: DataType) -> DataType {
    if op.is_comparison() || op.is_logical() { DataType::bool().with_lanes(t.lanes) } else { t }
}

/// Fold what TVM's `TryConstFold` folds for integer and float constants.
fn fold(op: BinOp, a: &Expr, b: &Expr, t: DataType) -> Option<Expr> {
    use BinOp::*;
    if t.lanes != 1 {
        return None;
    }
    let rt = result_type(op, t);
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        let v = match op {
            Add => x.wrapping_add(y),
            Sub => x.wrapping_sub(y),
            Mul => x.wrapping_mul(y),
            Div if y != 0 => x.wrapping_div(y),
            Mod if y != 0 => x.wrapping_rem(y),
            FloorDiv if y != 0 => x.div_euclid(y) - if (x.rem_euclid(y) != 0) && (y < 0) { 1 } else { 0 },
            FloorMod if y != 0 => x - y * (x.div_euclid(y) - if (x.rem_euclid(y) != 0) && (y < 0) { 1 } else { 0 }),
            Min => x.min(y),
            Max => x.max(y),
            EQ => (x == y) as i64,
            NE => (x != y) as i64,
            LT => (x < y) as i64,
            LE => (x <= y) as i64,
            GT => (x > y) as i64,
            GE => (x >= y) as i64,
            And => (x != 0 && y != 0) as i64,
            Or => (x != 0 || y != 0) as i64,
            _ => return None,
        };
        return Some(int_imm(rt, v));
    }
    if let (Some(x), Some(y)) = (a.as_float(), b.as_float()) {
        let v = match op {
            Add => x + y,
            Sub => x - y,
            Mul => x * y,
            Div if y != 0.0 => x / y,
            Min => x.min(y),
            Max => x.max(y),
            EQ => return Some(int_imm(rt, (x == y) as i64)),
            NE => return Some(int_imm(rt, (x != y) as i64)),
            LT => return Some(int_imm(rt, (x < y) as i64)),
            LE => return Some(int_imm(rt, (x <= y) as i64)),
            GT => return Some(int_imm(rt, (x > y) as i64)),
            GE => return Some(int_imm(rt, (x >= y) as i64)),
            _ => return None,
        };
        return Some(fimm(rt, v));
    }
    let zero = |e: &Expr| e.as_int() == Some(0) || e.as_float() == Some(0.0);
    let one = |e: &Expr| e.as_int() == Some(1) || e.as_float() == Some(1.0);
    match op {
        Add if zero(b) => Some(a.clone()),
        Add if zero(a) => Some(b.clone()),
        Sub if zero(b) => Some(a.clone()),
        Mul if one(b) => Some(a.clone()),
        Mul if one(a) => Some(b.clone()),
        Mul if b.as_int() == Some(0) => Some(b.clone()),
        Mul if a.as_int() == Some(0) => Some(a.clone()),
        Div | FloorDiv if one(b) => Some(a.clone()),
        Mod | FloorMod if b.as_int() == Some(1) => Some(int_imm(t, 0)),
        _ => None,
    }
}

/// TVM's `tvm::add` & co.: match types, fold constants, build the node.
pub fn binary(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    let (a, b) = operands(a, b)?;
    let (a, b) = match_types(a, b)?;
    let t = prim(&a)?;
    if matches!(op, BinOp::Div | BinOp::Mod | BinOp::FloorDiv | BinOp::FloorMod) && b.as_int() == Some(0) {
        return Err(Error::runtime("Divide by zero"));
    }
    if let Some(f) = fold(op, &a, &b, t) {
        return Ok(f);
    }
    Ok(op.make(Type::prim(result_type(op, t)), a, b, Span::none()))
}

/// The node of a binary op without folding (`T.Add(a, b)`, `T.max` keeps folding: see `binary`).
pub fn make_binary(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    let (a, b) = operands(a, b)?;
    let t = prim(&a)?;
    Ok(op.make(Type::prim(result_type(op, t)), a, b, Span::none()))
}

/// Python operators on expressions (`tvm.ir.ExprOp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PyOp {
    Add,
    Sub,
    Mul,
    TrueDiv,
    FloorDiv,
    Mod,
    LShift,
    RShift,
    BitAnd,
    BitOr,
    BitXor,
}

fn is_int_operand(v: &Operand) -> bool {
    match v {
        Operand::Expr(e) => e.ty().as_prim().is_some_and(|t| t.is_int()),
        Operand::Int(_) | Operand::Bool(_) => true,
        Operand::Float(_) => false,
    }
}

/// `a <op> b` from Python: `/` between integers is an error, `//` floordiv, `%` floormod.
pub fn python_binary(op: PyOp, a: Operand, b: Operand) -> Result<Expr> {
    let node = match op {
        PyOp::Add => BinOp::Add,
        PyOp::Sub => BinOp::Sub,
        PyOp::Mul => BinOp::Mul,
        PyOp::TrueDiv => {
            if is_int_operand(&a) && is_int_operand(&b) {
                return Err(Error::runtime(
                    "TVM supports multiple types of integer divisions, please call div, indexdiv/indexmod, \
                     floordiv/floormod  or truncdiv/truncmod directly to avoid ambiguity in the code.",
                ));
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
    };
    binary(node, a, b)
}

/// A comparison written in a script: the literal takes the other side's type, a
/// scalar is broadcast against a vector, and the node is built without folding.
pub fn script_compare(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    let (a, b) = operands(a, b)?;
    let (ta, tb) = (prim(&a)?, prim(&b)?);
    let (a, b) = if ta.lanes == tb.lanes {
        (a, b)
    } else if ta.lanes == 1 {
        (broadcast(a, tb.lanes)?, b)
    } else if tb.lanes == 1 {
        (a, broadcast(b, ta.lanes)?)
    } else {
        return Err(Error::type_error("do not know how to deal with it."));
    };
    let t = prim(&a)?;
    Ok(op.make(Type::prim(DataType::bool().with_lanes(t.lanes)), a, b, Span::none()))
}

/// A comparison from plain Python (outside a script): folds like TVM's operators.
pub fn python_compare(op: BinOp, a: Operand, b: Operand) -> Result<Expr> {
    binary(op, a, b)
}

/// `a and b` / `a or b` in a script: `prim.And`/`prim.Or` of scalars, bitwise for vectors.
pub fn script_logical(and: bool, a: Operand, b: Operand) -> Result<Expr> {
    let conv = |v: Operand| match v {
        Operand::Bool(b) => Ok(int_imm(DataType::bool(), b as i64)),
        Operand::Expr(e) => Ok(e),
        _ => Err(Error::type_error("Expected a PrimType expression")),
    };
    let (a, b) = (conv(a)?, conv(b)?);
    let (ta, tb) = (prim(&a)?, prim(&b)?);
    if ta.lanes != 1 || tb.lanes != 1 {
        let op = if and { BinOp::BitwiseAnd } else { BinOp::BitwiseOr };
        return binary(op, Operand::Expr(a), Operand::Expr(b));
    }
    let op = if and { BinOp::And } else { BinOp::Or };
    Ok(op.make(Type::prim(DataType::bool()), a, b, Span::none()))
}

/// `not a` in a script: `prim.Not` without folding.
pub fn script_not(a: Operand) -> Result<Expr> {
    let a = match a {
        Operand::Bool(b) => int_imm(DataType::bool(), b as i64),
        other => other.into_expr()?,
    };
    let t = prim(&a)?;
    Ok(Not::new(NotNode { ty: Type::prim(DataType::bool().with_lanes(t.lanes)), a, span: Span::none() }).into())
}

/// `-a`: TVM's `ExprOp.__neg__` multiplies by a `-1` of the operand's type.
pub fn neg(a: Expr) -> Result<Expr> {
    let t = prim(&a)?;
    let minus_one = if t.is_float() { fimm(t.element_of(), -1.0) } else { int_imm(t.element_of(), -1) };
    binary(BinOp::Mul, Operand::Expr(a), Operand::Expr(minus_one))
}

/// `~a`: bitwise not (an error on floats).
pub fn invert(a: Expr) -> Result<Expr> {
    let t = prim(&a)?;
    if t.is_float() {
        return Err(Error::runtime("Cannot use ~ operator on float type Expr."));
    }
    Ok(crate::ir::BitwiseNot::new(crate::ir::BitwiseNotNode { ty: Type::prim(t), a, span: Span::none() }).into())
}
