//! An arithmetic analyzer for integer index expressions (TVM's `arith::Analyzer`,
//! the part schedules need): variable ranges, constant bounds, proofs of
//! comparisons, and a simplifier that writes affine index forms as TVM's
//! canonical simplifier does.
//!
//! An integer expression is read as a sum of *split terms* `(x % upper) // lower
//! * scale` over opaque indices plus a constant (TVM's `SumExpr` of `SplitExpr`s):
//! `floordiv`/`floormod` by a positive constant separate the divisible part,
//! drop what the variable ranges prove to be in `[0, c)`, and fold a lone term
//! into its factors. The sum is written back positive terms first (by
//! decreasing scale, then decreasing factors), a positive constant, then the
//! negative terms and a negative constant as subtractions: `i * 16 + j - 1`.

use std::collections::HashMap;

use super::binary;
use crate::ir::expr::{int_imm, BinOp};
use crate::ir::{structural_equal, DataType, Expr, Span, Var, VarNode};

/// Constant bounds of an expression (`None`: unbounded on that side).
pub type Bound = (Option<i64>, Option<i64>);

/// Variable ranges and the questions asked about expressions over them.
#[derive(Clone, Debug, Default)]
pub struct Analyzer {
    /// Variable (by address) to its constant bounds, both inclusive.
    ranges: HashMap<usize, Bound>,
}

/// `x % upper // lower * scale` (`upper` absent: no modulo).
#[derive(Clone, Debug)]
struct Split {
    index: Expr,
    lower: i64,
    upper: Option<i64>,
    scale: i64,
}

impl Split {
    fn same_term(&self, o: &Split) -> bool {
        self.lower == o.lower && self.upper == o.upper && structural_equal(&self.index, &o.index, false)
    }
}

/// `Σ terms + base`.
#[derive(Clone, Debug)]
struct Sum {
    terms: Vec<Split>,
    base: i64,
}

impl Sum {
    fn constant(c: i64) -> Sum {
        Sum { terms: vec![], base: c }
    }
    fn atom(e: Expr) -> Sum {
        Sum { terms: vec![Split { index: e, lower: 1, upper: None, scale: 1 }], base: 0 }
    }
    fn as_const(&self) -> Option<i64> {
        self.terms.iter().all(|t| t.scale == 0).then_some(self.base)
    }
    fn add_term(&mut self, t: Split) {
        match self.terms.iter_mut().find(|x| x.same_term(&t)) {
            Some(x) => x.scale += t.scale,
            None => self.terms.push(t),
        }
    }
    fn add(mut self, o: &Sum, k: i64) -> Sum {
        for t in &o.terms {
            let mut t = t.clone();
            t.scale *= k;
            self.add_term(t);
        }
        self.base += o.base * k;
        self.terms.retain(|t| t.scale != 0);
        self
    }
    fn scaled(mut self, k: i64) -> Sum {
        for t in &mut self.terms {
            t.scale *= k;
        }
        self.base *= k;
        self.terms.retain(|t| t.scale != 0);
        self
    }
}

fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

fn is_int_like(e: &Expr) -> bool {
    let t = e.dtype();
    t.is_int() || t.is_integer()
}

impl Analyzer {
    /// An analyzer that knows no variable.
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// `var` ranges over `[min, min + extent)` (constant bounds of both are used).
    pub fn bind(&mut self, var: &Var, min: &Expr, extent: &Expr) {
        let (lo, _) = self.bound(min);
        let (_, min_hi) = self.bound(min);
        let (_, ext_hi) = self.bound(extent);
        let hi = match (min_hi, ext_hi) {
            (Some(a), Some(b)) => Some(a + b - 1),
            _ => None,
        };
        self.ranges.insert(var.as_ref_obj().addr(), (lo, hi));
    }

    /// `var` lies in `[lo, hi]`.
    pub fn bind_bounds(&mut self, var: &Var, lo: Option<i64>, hi: Option<i64>) {
        self.ranges.insert(var.as_ref_obj().addr(), (lo, hi));
    }

    /// Constant bounds of `e` from the variable ranges.
    pub fn bound(&self, e: &Expr) -> Bound {
        if let Some(c) = e.as_int() {
            return (Some(c), Some(c));
        }
        if e.as_object().is::<VarNode>() {
            return self.ranges.get(&e.as_object().addr()).copied().unwrap_or((None, None));
        }
        let Some((op, a, b)) = BinOp::operands(e.as_object()) else { return (None, None) };
        let (al, ah) = self.bound(a);
        let (bl, bh) = self.bound(b);
        let add = |x: Option<i64>, y: Option<i64>| x.zip(y).and_then(|(x, y)| x.checked_add(y));
        let sub = |x: Option<i64>, y: Option<i64>| x.zip(y).and_then(|(x, y)| x.checked_sub(y));
        match op {
            BinOp::Add => (add(al, bl), add(ah, bh)),
            BinOp::Sub => (sub(al, bh), sub(ah, bl)),
            BinOp::Mul => {
                let (lo, hi, c) = match (b.as_int(), a.as_int()) {
                    (Some(c), _) => (al, ah, c),
                    (None, Some(c)) => (bl, bh, c),
                    _ => return (None, None),
                };
                let m = |x: Option<i64>| x.and_then(|x| x.checked_mul(c));
                if c >= 0 { (m(lo), m(hi)) } else { (m(hi), m(lo)) }
            }
            BinOp::FloorDiv => match b.as_int() {
                Some(c) if c > 0 => (al.map(|x| floor_div(x, c)), ah.map(|x| floor_div(x, c))),
                _ => (None, None),
            },
            BinOp::FloorMod => match b.as_int() {
                Some(c) if c > 0 => match (al, ah) {
                    (Some(l), Some(h)) if l >= 0 && h < c => (Some(l), Some(h)),
                    (Some(l), Some(h)) if floor_div(l, c) == floor_div(h, c) => (Some(l.rem_euclid(c)), Some(h.rem_euclid(c))),
                    _ => (Some(0), Some(c - 1)),
                },
                _ => (None, None),
            },
            BinOp::Min => (al.zip(bl).map(|(x, y)| x.min(y)).or(None), match (ah, bh) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (Some(x), None) | (None, Some(x)) => Some(x),
                _ => None,
            }),
            BinOp::Max => (match (al, bl) {
                (Some(x), Some(y)) => Some(x.max(y)),
                (Some(x), None) | (None, Some(x)) => Some(x),
                _ => None,
            }, ah.zip(bh).map(|(x, y)| x.max(y))),
            _ => (None, None),
        }
    }

    fn split_bound(&self, t: &Split) -> Bound {
        let (mut lo, mut hi) = self.bound(&t.index);
        if let Some(u) = t.upper {
            match (lo, hi) {
                (Some(l), Some(h)) if l >= 0 && h < u => {}
                _ => {
                    lo = Some(0);
                    hi = Some(u - 1);
                }
            }
        }
        if t.lower != 1 {
            lo = lo.map(|x| floor_div(x, t.lower));
            hi = hi.map(|x| floor_div(x, t.lower));
        }
        let m = |x: Option<i64>| x.and_then(|x| x.checked_mul(t.scale));
        if t.scale >= 0 { (m(lo), m(hi)) } else { (m(hi), m(lo)) }
    }

    fn sum_bound(&self, s: &Sum) -> Bound {
        let mut lo = Some(s.base);
        let mut hi = Some(s.base);
        for t in &s.terms {
            let (l, h) = self.split_bound(t);
            lo = lo.zip(l).and_then(|(a, b)| a.checked_add(b));
            hi = hi.zip(h).and_then(|(a, b)| a.checked_add(b));
        }
        (lo, hi)
    }

    fn to_sum(&self, e: &Expr) -> Sum {
        if let Some(c) = e.as_int() {
            if is_int_like(e) {
                return Sum::constant(c);
            }
        }
        if e.as_object().is::<VarNode>()
            && let Some((Some(lo), Some(hi))) = self.ranges.get(&e.as_object().addr())
            && lo == hi
        {
            return Sum::constant(*lo);
        }
        let Some((op, a, b)) = BinOp::operands(e.as_object()) else {
            return Sum::atom(e.clone());
        };
        if !is_int_like(e) {
            return Sum::atom(self.rebuild(e));
        }
        match op {
            BinOp::Add => self.to_sum(a).add(&self.to_sum(b), 1),
            BinOp::Sub => self.to_sum(a).add(&self.to_sum(b), -1),
            BinOp::Mul => {
                let (sa, sb) = (self.to_sum(a), self.to_sum(b));
                match (sa.as_const(), sb.as_const()) {
                    (_, Some(c)) => sa.scaled(c),
                    (Some(c), _) => sb.scaled(c),
                    _ => Sum::atom(self.rebuild(e)),
                }
            }
            BinOp::FloorDiv => match b.as_int() {
                Some(c) if c > 0 => self.div_sum(self.to_sum(a), c, e.dtype()),
                _ => Sum::atom(self.rebuild(e)),
            },
            BinOp::FloorMod => match b.as_int() {
                Some(c) if c > 0 => self.mod_sum(self.to_sum(a), c, e.dtype()),
                _ => Sum::atom(self.rebuild(e)),
            },
            BinOp::Min | BinOp::Max => {
                let (sa, sb) = (self.to_sum(a), self.to_sum(b));
                let diff = sa.clone().add(&sb, -1);
                let (lo, hi) = self.sum_bound(&diff);
                let a_le_b = hi.is_some_and(|h| h <= 0);
                let a_ge_b = lo.is_some_and(|l| l >= 0);
                let pick_a = if op == BinOp::Min { a_le_b } else { a_ge_b };
                let pick_b = if op == BinOp::Min { a_ge_b } else { a_le_b };
                if pick_a {
                    sa
                } else if pick_b {
                    sb
                } else {
                    let dt = e.dtype();
                    let x = self.normalize(&sa, dt);
                    let y = self.normalize(&sb, dt);
                    Sum::atom(binary(op, x, y, Span::none()).unwrap_or_else(|_| e.clone()))
                }
            }
            _ => Sum::atom(self.rebuild(e)),
        }
    }

    /// `e` with its operands simplified (for expressions that are not sums).
    fn rebuild(&self, e: &Expr) -> Expr {
        match BinOp::operands(e.as_object()) {
            Some((op, a, b)) => binary(op, self.simplify(a), self.simplify(b), Span::none()).unwrap_or_else(|_| e.clone()),
            None => e.clone(),
        }
    }

    /// `floordiv(s, c)`, `c > 0`.
    fn div_sum(&self, s: Sum, c: i64, dtype: DataType) -> Sum {
        if c == 1 {
            return s;
        }
        let mut q = Sum::constant(floor_div(s.base, c));
        let mut extra = Sum::constant(s.base.rem_euclid(c));
        for t in s.terms {
            if t.scale % c == 0 {
                let mut t = t;
                t.scale /= c;
                q.add_term(t);
            } else {
                extra.add_term(t);
            }
        }
        if extra.terms.is_empty() && extra.base == 0 {
            return q;
        }
        let (lo, hi) = self.sum_bound(&extra);
        if lo.is_some_and(|l| l >= 0) && hi.is_some_and(|h| h < c) {
            return q;
        }
        // A scale beyond the divisor: its multiple of `c` joins the quotient when
        // what remains is provably within one period.
        if extra.terms.iter().any(|t| t.scale.abs() > c) {
            let mut q2 = q.clone();
            let mut rest = Sum::constant(extra.base);
            for t in &extra.terms {
                let r = t.scale.rem_euclid(c);
                if t.scale - r != 0 {
                    q2.add_term(Split { scale: (t.scale - r) / c, ..t.clone() });
                }
                if r != 0 {
                    rest.add_term(Split { scale: r, ..t.clone() });
                }
            }
            let (lo, hi) = self.sum_bound(&rest);
            if lo.is_some_and(|l| l >= 0) && hi.is_some_and(|h| h < c) {
                q2.terms.retain(|t| t.scale != 0);
                return q2;
            }
        }
        if extra.base == 0 && extra.terms.len() == 1 {
            let t = extra.terms[0].clone();
            if t.scale > 0 && c % t.scale == 0 {
                let f = c / t.scale;
                let lower = t.lower * f;
                if t.upper.is_none_or(|u| u % lower == 0) {
                    q.add_term(Split { index: t.index, lower, upper: t.upper, scale: 1 });
                    return q;
                }
            }
        }
        let inner = self.normalize(&extra, dtype);
        let c = int_imm(dtype, c);
        let atom = binary(BinOp::FloorDiv, inner.clone(), c.clone(), Span::none()).unwrap_or(inner);
        q.add_term(Split { index: atom, lower: 1, upper: None, scale: 1 });
        q
    }

    /// `floormod(s, c)`, `c > 0`.
    fn mod_sum(&self, s: Sum, c: i64, dtype: DataType) -> Sum {
        if c == 1 {
            return Sum::constant(0);
        }
        let mut extra = Sum::constant(s.base.rem_euclid(c));
        for t in s.terms {
            if t.scale % c != 0 {
                extra.add_term(t);
            }
        }
        let (lo, hi) = self.sum_bound(&extra);
        if lo.is_some_and(|l| l >= 0) && hi.is_some_and(|h| h < c) {
            return extra;
        }
        if extra.base == 0 && extra.terms.len() == 1 {
            let t = extra.terms[0].clone();
            if t.scale > 0 && c % t.scale == 0 {
                let upper = t.lower * (c / t.scale);
                if t.upper.is_none_or(|u| u % upper == 0) {
                    let mut out = Sum::constant(0);
                    out.add_term(Split { index: t.index, lower: t.lower, upper: Some(upper), scale: t.scale });
                    return out;
                }
            }
        }
        let inner = self.normalize(&extra, dtype);
        let c = int_imm(dtype, c);
        Sum::atom(binary(BinOp::FloorMod, inner.clone(), c, Span::none()).unwrap_or(inner))
    }

    fn split_expr(&self, t: &Split, scale: i64, dtype: DataType) -> Expr {
        let mut res = t.index.clone();
        let b = |op, x: Expr, c: i64| binary(op, x.clone(), int_imm(dtype, c), Span::none()).unwrap_or(x);
        if let Some(u) = t.upper {
            res = b(BinOp::FloorMod, res, u);
        }
        if t.lower != 1 {
            res = b(BinOp::FloorDiv, res, t.lower);
        }
        if scale != 1 {
            res = b(BinOp::Mul, res, scale);
        }
        res
    }

    fn normalize(&self, s: &Sum, dtype: DataType) -> Expr {
        let mut terms: Vec<&Split> = s.terms.iter().filter(|t| t.scale != 0).collect();
        terms.sort_by(|x, y| {
            y.scale
                .cmp(&x.scale)
                .then(y.lower.cmp(&x.lower))
                .then(y.upper.unwrap_or(i64::MAX).cmp(&x.upper.unwrap_or(i64::MAX)))
        });
        let add = |op, a: Expr, b: Expr| binary(op, a.clone(), b, Span::none()).unwrap_or(a);
        let mut res = int_imm(dtype, 0);
        for t in terms.iter().filter(|t| t.scale > 0) {
            res = add(BinOp::Add, res, self.split_expr(t, t.scale, dtype));
        }
        if s.base > 0 {
            res = add(BinOp::Add, res, int_imm(dtype, s.base));
        }
        for t in terms.iter().filter(|t| t.scale < 0) {
            res = add(BinOp::Sub, res, self.split_expr(t, -t.scale, dtype));
        }
        if s.base < 0 {
            res = add(BinOp::Sub, res, int_imm(dtype, -s.base));
        }
        res
    }

    /// `e` simplified (integer sums canonical, provable comparisons and
    /// conjunctions folded).
    pub fn simplify(&self, e: &Expr) -> Expr {
        if let Some((op, a, b)) = BinOp::operands(e.as_object()) {
            if op.is_comparison() {
                if let Some(v) = self.prove_cmp(op, a, b) {
                    return int_imm(e.dtype(), v as i64);
                }
                return self.simplify_cmp(op, a, b).unwrap_or_else(|| e.clone());
            }
            if op == BinOp::And || op == BinOp::Or {
                let (x, y) = (self.simplify(a), self.simplify(b));
                let is = |v: &Expr, k: i64| v.as_int() == Some(k);
                return match op {
                    BinOp::And if is(&x, 1) => y,
                    BinOp::And if is(&y, 1) => x,
                    BinOp::And if is(&x, 0) || is(&y, 0) => int_imm(e.dtype(), 0),
                    BinOp::Or if is(&x, 0) => y,
                    BinOp::Or if is(&y, 0) => x,
                    BinOp::Or if is(&x, 1) || is(&y, 1) => int_imm(e.dtype(), 1),
                    BinOp::And => Self::and_mod_bound(&x, &y).unwrap_or_else(|| binary(op, x, y, Span::none()).unwrap_or_else(|_| e.clone())),
                    _ => binary(op, x, y, Span::none()).unwrap_or_else(|_| e.clone()),
                };
            }
        }
        if !is_int_like(e) || e.dtype().lanes != 1 {
            return e.clone();
        }
        if e.as_int().is_some() {
            return e.clone();
        }
        let s = self.to_sum(e);
        self.normalize(&s, e.dtype())
    }

    /// A comparison with its sides simplified; against a constant, the constants
    /// gathered on the constant's side (`x - 1 < 224` is `x < 225`, `x - 16 >= 0`
    /// is `16 <= x`), as TVM's rewrite simplifier writes them.
    fn simplify_cmp(&self, op: BinOp, a: &Expr, b: &Expr) -> Option<Expr> {
        let (x, y) = (self.simplify(a), self.simplify(b));
        if !is_int_like(a) || !is_int_like(b) || (x.as_int().is_none() && y.as_int().is_none()) {
            return binary(op, x, y, Span::none()).ok();
        }
        // `S op c` with the symbolic side's terms on the left.
        let (sym, other, op) = if x.as_int().is_none() { (&x, &y, op) } else {
            let flipped = match op { BinOp::LT => BinOp::GT, BinOp::LE => BinOp::GE, BinOp::GT => BinOp::LT, BinOp::GE => BinOp::LE, o => o };
            (&y, &x, flipped)
        };
        let dt = sym.dtype();
        let d = self.to_sum(sym).add(&self.to_sum(other), -1);
        let c = int_imm(dt, -d.base);
        let lhs = self.normalize(&Sum { terms: d.terms.clone(), base: 0 }, dt);
        // TVM's `floordiv(x, c1) < c2` is `x < c1 * c2`; `c1 < floordiv(x, c2)` is
        // `(c1 + 1) * c2 - 1 < x`.
        let div = BinOp::operands(lhs.as_object())
            .and_then(|(o, x, k)| (o == BinOp::FloorDiv).then(|| (x.clone(), k.as_int())))
            .and_then(|(x, k)| k.filter(|k| *k > 0).map(|k| (x, k)));
        let bound = -d.base;
        let out = match (op, div) {
            (BinOp::LT, Some((x, k))) => binary(BinOp::LT, x, int_imm(dt, k * bound), Span::none()),
            (BinOp::GT, Some((x, k))) => binary(BinOp::LT, int_imm(dt, (bound + 1) * k - 1), x, Span::none()),
            (BinOp::GE, _) => binary(BinOp::LE, c, lhs, Span::none()),
            (BinOp::GT, _) => binary(BinOp::LT, c, lhs, Span::none()),
            _ => binary(op, lhs, c, Span::none()),
        };
        out.ok()
    }

    /// TVM's rule for `x < c1 && floormod(x, c2) < c3`: the bound on `x` tightened
    /// to the last value whose remainder passes.
    fn and_mod_bound(x: &Expr, y: &Expr) -> Option<Expr> {
        let (BinOp::LT, v, c1) = BinOp::operands(x.as_object())? else { return None };
        let (BinOp::LT, m, c3) = BinOp::operands(y.as_object())? else { return None };
        let (BinOp::FloorMod, mv, c2) = BinOp::operands(m.as_object())? else { return None };
        let (c1, c2, c3) = (c1.as_int()?, c2.as_int()?, c3.as_int()?);
        if c2 == 0 || !crate::ir::structural_equal(v.as_object(), mv.as_object(), false) {
            return None;
        }
        let new_bound = if c1 % c2 == 0 {
            c1 - c2 + c3
        } else if (c1 % c2 + c2) % c2 > c3 {
            c1 - c1.rem_euclid(c2) + c3
        } else {
            return None;
        };
        let lt = binary(BinOp::LT, v.clone(), int_imm(v.dtype(), new_bound), Span::none()).ok()?;
        binary(BinOp::And, lt, y.clone(), Span::none()).ok()
    }

    /// Whether `a op b` always holds (`Some(true)`), never holds (`Some(false)`),
    /// or is unknown.
    fn prove_cmp(&self, op: BinOp, a: &Expr, b: &Expr) -> Option<bool> {
        if !is_int_like(a) || !is_int_like(b) {
            return None;
        }
        let d = self.to_sum(a).add(&self.to_sum(b), -1);
        let (lo, hi) = self.sum_bound(&d);
        let lt0 = hi.is_some_and(|h| h < 0);
        let le0 = hi.is_some_and(|h| h <= 0);
        let gt0 = lo.is_some_and(|l| l > 0);
        let ge0 = lo.is_some_and(|l| l >= 0);
        let eq0 = d.as_const() == Some(0);
        match op {
            BinOp::LT if lt0 => Some(true),
            BinOp::LT if ge0 => Some(false),
            BinOp::LE if le0 => Some(true),
            BinOp::LE if gt0 => Some(false),
            BinOp::GT if gt0 => Some(true),
            BinOp::GT if le0 => Some(false),
            BinOp::GE if ge0 => Some(true),
            BinOp::GE if lt0 => Some(false),
            BinOp::EQ if eq0 => Some(true),
            BinOp::EQ if lt0 || gt0 => Some(false),
            BinOp::NE if eq0 => Some(false),
            BinOp::NE if lt0 || gt0 => Some(true),
            _ => None,
        }
    }

    /// Whether a condition is provably true.
    pub fn can_prove(&self, cond: &Expr) -> bool {
        match BinOp::operands(cond.as_object()) {
            Some((op, a, b)) if op.is_comparison() => self.prove_cmp(op, a, b) == Some(true),
            Some((BinOp::And, a, b)) => self.can_prove(a) && self.can_prove(b),
            Some((BinOp::Or, a, b)) => self.can_prove(a) || self.can_prove(b),
            _ => cond.as_int().is_some_and(|v| v != 0),
        }
    }

    /// Whether `a == b` is provable.
    pub fn can_prove_equal(&self, a: &Expr, b: &Expr) -> bool {
        if is_int_like(a) && is_int_like(b) {
            return self.to_sum(a).add(&self.to_sum(b), -1).as_const() == Some(0);
        }
        structural_equal(a, b, false)
    }

    /// `b - a` when it simplifies to a constant.
    pub fn const_difference(&self, a: &Expr, b: &Expr) -> Option<i64> {
        self.to_sum(b).add(&self.to_sum(a), -1).as_const()
    }
}
