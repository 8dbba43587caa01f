//! Integer expressions as linear forms `c0 + c1*t1 + c2*t2 …` over opaque terms,
//! enough to decide what TVM's simplifier decides for slice extents and access
//! regions: `(i + 2) - i` is `2`, `i*4 + 3 - i*4` is `3`.

use crate::ir::{int_imm, structural_equal, AddNode, BinOp, DataType, Expr, IntImmNode, MulNode, SubNode};

/// `constant + Σ coef * term`, terms kept in first-seen order.
#[derive(Clone, Debug)]
pub struct Linear {
    /// The constant term.
    pub constant: i64,
    /// `(term, coefficient)` pairs.
    pub terms: Vec<(Expr, i64)>,
}

impl Linear {
    /// A constant.
    pub fn constant(c: i64) -> Self {
        Linear { constant: c, terms: vec![] }
    }

    /// The linear form of an integer expression (non-linear parts become terms).
    pub fn of(e: &Expr) -> Linear {
        if let Some(i) = e.downcast_ref::<IntImmNode>() {
            return Linear::constant(i.value);
        }
        if let Some(a) = e.downcast_ref::<AddNode>() {
            return Linear::of(&a.a).add(&Linear::of(&a.b), 1);
        }
        if let Some(s) = e.downcast_ref::<SubNode>() {
            return Linear::of(&s.a).add(&Linear::of(&s.b), -1);
        }
        if let Some(m) = e.downcast_ref::<MulNode>() {
            if let Some(c) = m.b.as_int() {
                return Linear::of(&m.a).scale(c);
            }
            if let Some(c) = m.a.as_int() {
                return Linear::of(&m.b).scale(c);
            }
        }
        Linear { constant: 0, terms: vec![(e.clone(), 1)] }
    }

    /// Multiply by `k`.
    pub fn scale(mut self, k: i64) -> Linear {
        self.constant = self.constant.wrapping_mul(k);
        for t in self.terms.iter_mut() {
            t.1 = t.1.wrapping_mul(k);
        }
        self.terms.retain(|t| t.1 != 0);
        self
    }

    /// `self + k * other`.
    pub fn add(mut self, other: &Linear, k: i64) -> Linear {
        self.constant = self.constant.wrapping_add(other.constant.wrapping_mul(k));
        for (t, c) in &other.terms {
            match self.terms.iter_mut().find(|(s, _)| same(s, t)) {
                Some(entry) => entry.1 = entry.1.wrapping_add(c.wrapping_mul(k)),
                None => self.terms.push((t.clone(), c.wrapping_mul(k))),
            }
        }
        self.terms.retain(|t| t.1 != 0);
        self
    }

    /// The constant, if there are no terms.
    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// An expression of this form the way TVM's canonical simplifier writes it: the
    /// positive terms, a positive constant, the negative terms subtracted, then a
    /// negative constant subtracted (`n - i - 1`, `n + 2 - i`).
    pub fn to_expr(&self, dtype: DataType) -> Expr {
        use crate::ir::arith::{binary, Operand};
        if self.terms.is_empty() {
            return int_imm(dtype, self.constant);
        }
        let bin = |op, a: Expr, b: Expr| binary(op, Operand::Expr(a.clone()), Operand::Expr(b), crate::ir::Span::none()).unwrap_or(a);
        let scaled = |t: &Expr, c: i64| if c == 1 { t.clone() } else { bin(BinOp::Mul, t.clone(), int_imm(dtype, c)) };
        // The most negative value has no positive counterpart: TVM adds it.
        let min_value = if dtype.bits >= 64 { self.constant == i64::MIN } else { self.constant == -(1i64 << (dtype.bits - 1)) };
        let mut acc: Option<Expr> = None;
        let add = |acc: Option<Expr>, e: Expr| Some(match acc {
            Some(a) => bin(BinOp::Add, a, e),
            None => e,
        });
        let sub = |acc: Option<Expr>, e: Expr| Some(bin(BinOp::Sub, acc.unwrap_or_else(|| int_imm(dtype, 0)), e));
        for (t, c) in self.terms.iter().filter(|(_, c)| *c > 0) {
            acc = add(acc, scaled(t, *c));
        }
        if self.constant > 0 || min_value {
            acc = add(acc, int_imm(dtype, self.constant));
        }
        for (t, c) in self.terms.iter().filter(|(_, c)| *c < 0) {
            acc = sub(acc, scaled(t, c.wrapping_neg()));
        }
        if self.constant < 0 && !min_value {
            acc = sub(acc, int_imm(dtype, self.constant.wrapping_neg()));
        }
        acc.unwrap_or_else(|| int_imm(dtype, 0))
    }
}

/// Terms are the same when they are the same object or structurally equal
/// (variables compared by identity).
pub fn same(a: &Expr, b: &Expr) -> bool {
    a.same_as(b) || structural_equal(a, b, false)
}

/// `b - a` when it is a constant.
pub fn const_diff(a: &Expr, b: &Expr) -> Option<i64> {
    Linear::of(b).add(&Linear::of(a), -1).as_constant()
}
