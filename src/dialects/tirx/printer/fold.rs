//! The constant folding TVM's Python operators apply (`arith::TryConstFold`), as far
//! as the printer needs it: an operator prints as Python sugar (`a + b`) only when
//! parsing that sugar back rebuilds the same node, and slice bounds (`min + extent`)
//! are computed the way TVM computes them.

use crate::ir::{int_imm, BinOp, DataType, Expr, IntImmNode, Span, Type};

fn int_value(e: &Expr) -> Option<i64> {
    e.downcast_ref::<IntImmNode>().map(|i| i.value)
}

/// An operand as folding sees it: its constant value, if it is one. Read once per
/// operand (each read is a type test; printing asks this of every binary node).
#[derive(Clone, Copy)]
enum Operand {
    Int(i64),
    Float(f64),
    Other,
}

impl Operand {
    fn of(e: &Expr) -> Operand {
        match e.constant_value() {
            (Some(i), _) => Operand::Int(i),
            (None, Some(f)) => Operand::Float(f),
            (None, None) => Operand::Other,
        }
    }
    fn int(self) -> Option<i64> {
        if let Operand::Int(i) = self { Some(i) } else { None }
    }
    fn float(self) -> Option<f64> {
        if let Operand::Float(f) = self { Some(f) } else { None }
    }
    /// Whether this is the constant `v` (as an integer or a float).
    fn is(self, v: i64) -> bool {
        match self {
            Operand::Int(i) => i == v,
            Operand::Float(f) => f == v as f64,
            Operand::Other => false,
        }
    }
}

fn is_index_type(d: DataType) -> bool {
    d.is_scalar() && d.is_int() && (d.bits == 32 || d.bits == 64)
}

/// Whether building `a <op> b` through the Python operator would give something other
/// than a plain `op` node of `a` and `b` (a folded constant, one operand, or casts).
/// Arithmetic folds constants of any type; the truncated/floored modulus only folds
/// int32/int64 ("index") constants.
pub fn sugar_changes(op: BinOp, a: &Expr, b: &Expr) -> bool {
    // Common scalar types are shared nodes, so one type object on both sides is the
    // usual answer, without reading either type.
    let one_type = matches!((a.ty_ref(), b.ty_ref()), (Some(x), Some(y)) if x.same_as(y));
    if !one_type && a.dtype() != b.dtype() {
        return true;
    }
    let index = || is_index_type(a.dtype());
    let (a, b) = (Operand::of(a), Operand::of(b));
    let (ia, ib) = (a.int(), b.int());
    let (fa, fb) = (a.float(), b.float());
    let int_both = ia.is_some() && ib.is_some();
    let float_both = fa.is_some() && fb.is_some();
    match op {
        BinOp::Add => int_both || float_both || a.is(0) || b.is(0),
        BinOp::Sub => int_both || float_both || b.is(0),
        BinOp::Mul => int_both || float_both || a.is(1) || b.is(1) || a.is(0) || b.is(0),
        BinOp::Div | BinOp::FloorDiv => {
            (int_both && ib != Some(0))
                || ia == Some(0)
                || ib == Some(1)
                || (float_both && fb != Some(0.0))
                || fa == Some(0.0)
                || fb == Some(1.0)
        }
        BinOp::FloorMod | BinOp::Mod => index() && ((int_both && ib != Some(0)) || ia == Some(0) || ib == Some(1)),
        BinOp::EQ | BinOp::NE | BinOp::LT | BinOp::LE | BinOp::GT | BinOp::GE | BinOp::Min | BinOp::Max => {
            int_both || float_both
        }
        BinOp::And | BinOp::Or => ia.is_some() || ib.is_some(),
        BinOp::BitwiseAnd | BinOp::BitwiseOr | BinOp::BitwiseXor | BinOp::LShift | BinOp::RShift => false,
    }
}

/// The dtype two integer index expressions are combined in (the wider one).
fn index_dtype(a: DataType, b: DataType) -> DataType {
    if a.bits >= b.bits { a } else { b }
}

/// `a + b` on index expressions, folded as TVM's `operator+` folds it.
pub fn add(a: &Expr, b: &Expr) -> Expr {
    let d = index_dtype(a.dtype(), b.dtype());
    match (int_value(a), int_value(b)) {
        (Some(x), Some(y)) => int_imm(d, x.wrapping_add(y)),
        (Some(0), _) => b.clone(),
        (_, Some(0)) => a.clone(),
        _ => BinOp::Add.make(Type::prim(d), a.clone(), b.clone(), Span::none()),
    }
}

/// `a * b` on index expressions, folded as TVM's `operator*` folds it.
pub fn mul(a: &Expr, b: &Expr) -> Expr {
    let d = index_dtype(a.dtype(), b.dtype());
    match (int_value(a), int_value(b)) {
        (Some(x), Some(y)) => int_imm(d, x.wrapping_mul(y)),
        (Some(1), _) => b.clone(),
        (_, Some(1)) => a.clone(),
        (Some(0), _) => a.clone(),
        (_, Some(0)) => b.clone(),
        _ => BinOp::Mul.make(Type::prim(d), a.clone(), b.clone(), Span::none()),
    }
}
