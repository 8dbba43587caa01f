//! Integer interval sets (TVM's `arith::IntSet` as intervals): `[min, max]` with
//! symbolic ends (an absent end is unbounded), the empty set, evaluation of an
//! expression over variable sets (`eval_set`, TVM's `EvalSet`), union,
//! intersection, and the range a set covers. Ends are simplified by an
//! [`Analyzer`] as TVM's users of these sets do.

use std::collections::HashMap;

use super::binary;
use super::simplify::Analyzer;
use crate::ir::expr::{int_imm, BinOp};
use crate::ir::map::pre_order_visit;
use crate::ir::{Expr, Range, Span, Var, VarNode};

/// An interval of integers.
#[derive(Clone, Debug)]
pub enum IntSet {
    /// No value.
    Nothing,
    /// `[min, max]`, both inclusive; `None` is -inf / +inf.
    Interval(Option<Expr>, Option<Expr>),
}

/// Variable (by address) to the set it ranges over.
pub type DomMap = HashMap<usize, IntSet>;

fn op(o: BinOp, a: &Expr, b: &Expr) -> Expr {
    binary(o, a.clone(), b.clone(), Span::none()).unwrap_or_else(|_| a.clone())
}

impl IntSet {
    /// The set `{e}`.
    pub fn point(e: Expr) -> IntSet {
        IntSet::Interval(Some(e.clone()), Some(e))
    }
    /// `[min, max]`.
    pub fn interval(min: Expr, max: Expr) -> IntSet {
        IntSet::Interval(Some(min), Some(max))
    }
    /// Every integer.
    pub fn everything() -> IntSet {
        IntSet::Interval(None, None)
    }
    /// `[r.min, r.min + r.extent - 1]`.
    pub fn from_range(r: &Range) -> IntSet {
        IntSet::from_min_extent(&r.min, &r.extent)
    }
    /// `[min, min + extent - 1]`.
    pub fn from_min_extent(min: &Expr, extent: &Expr) -> IntSet {
        if extent.as_int() == Some(1) {
            return IntSet::point(min.clone());
        }
        let one = int_imm(extent.dtype(), 1);
        IntSet::interval(min.clone(), op(BinOp::Sub, &op(BinOp::Add, min, extent), &one))
    }
    /// Whether this is the empty set.
    pub fn is_nothing(&self) -> bool {
        matches!(self, IntSet::Nothing)
    }
    /// The lower end, if bounded.
    pub fn min(&self) -> Option<&Expr> {
        match self {
            IntSet::Interval(m, _) => m.as_ref(),
            IntSet::Nothing => None,
        }
    }
    /// The upper end, if bounded.
    pub fn max(&self) -> Option<&Expr> {
        match self {
            IntSet::Interval(_, m) => m.as_ref(),
            IntSet::Nothing => None,
        }
    }
    /// Whether both ends are bounded.
    pub fn is_bounded(&self) -> bool {
        self.min().is_some() && self.max().is_some()
    }
    /// The single point, when the set provably has one element.
    pub fn single_point(&self, an: &Analyzer) -> Option<Expr> {
        match (self.min(), self.max()) {
            (Some(a), Some(b)) if a.same_as(b.as_object()) || an.can_prove_equal(a, b) => Some(a.clone()),
            _ => None,
        }
    }
    /// The set with both ends simplified.
    pub fn simplified(&self, an: &Analyzer) -> IntSet {
        match self {
            IntSet::Nothing => IntSet::Nothing,
            IntSet::Interval(a, b) => IntSet::Interval(a.as_ref().map(|e| an.simplify(e)), b.as_ref().map(|e| an.simplify(e))),
        }
    }
    /// The range covering the set (`fallback` when unbounded): `[min, max + 1 - min)`.
    pub fn cover_range(&self, fallback: &Range, an: &Analyzer) -> Range {
        match (self.min(), self.max()) {
            (Some(a), Some(b)) => {
                if an.can_prove_equal(a, b) {
                    return Range::from_min_extent(a.clone(), int_imm(a.dtype(), 1), Span::none());
                }
                let one = int_imm(b.dtype(), 1);
                let extent = an.simplify(&op(BinOp::Sub, &op(BinOp::Add, b, &one), a));
                Range::from_min_extent(a.clone(), extent, Span::none())
            }
            _ => fallback.clone(),
        }
    }
}

/// The smaller / larger of two ends, decided when their difference is constant.
fn pick(an: &Analyzer, a: &Expr, b: &Expr, smaller: bool) -> Expr {
    match an.const_difference(a, b) {
        Some(d) => {
            if (d >= 0) == smaller { a.clone() } else { b.clone() }
        }
        None => an.simplify(&op(if smaller { BinOp::Min } else { BinOp::Max }, a, b)),
    }
}

/// The smallest interval holding both sets.
pub fn union(an: &Analyzer, a: &IntSet, b: &IntSet) -> IntSet {
    match (a, b) {
        (IntSet::Nothing, x) | (x, IntSet::Nothing) => x.clone(),
        (IntSet::Interval(amin, amax), IntSet::Interval(bmin, bmax)) => {
            let lo = amin.as_ref().zip(bmin.as_ref()).map(|(x, y)| pick(an, x, y, true));
            let hi = amax.as_ref().zip(bmax.as_ref()).map(|(x, y)| pick(an, x, y, false));
            IntSet::Interval(lo, hi)
        }
    }
}

/// The intersection of two intervals.
pub fn intersect(an: &Analyzer, a: &IntSet, b: &IntSet) -> IntSet {
    match (a, b) {
        (IntSet::Nothing, _) | (_, IntSet::Nothing) => IntSet::Nothing,
        (IntSet::Interval(amin, amax), IntSet::Interval(bmin, bmax)) => {
            let lo = match (amin, bmin) {
                (Some(x), Some(y)) => Some(pick(an, x, y, false)),
                (x, y) => x.clone().or(y.clone()),
            };
            let hi = match (amax, bmax) {
                (Some(x), Some(y)) => Some(pick(an, x, y, true)),
                (x, y) => x.clone().or(y.clone()),
            };
            IntSet::Interval(lo, hi)
        }
    }
}

fn mentions(e: &Expr, dom: &DomMap) -> bool {
    let mut found = false;
    pre_order_visit(e.as_object(), |n| {
        found |= n.is::<VarNode>() && dom.contains_key(&n.addr());
        !found
    });
    found
}

/// The set of values `e` takes when each variable of `dom` ranges over its set
/// (TVM's `EvalSet`; other variables are fixed).
pub fn eval_set(e: &Expr, dom: &DomMap) -> IntSet {
    if !mentions(e, dom) {
        return IntSet::point(e.clone());
    }
    if e.as_object().is::<VarNode>() {
        return dom.get(&e.as_object().addr()).cloned().unwrap_or_else(|| IntSet::point(e.clone()));
    }
    let Some((o, a, b)) = BinOp::operands(e.as_object()) else { return IntSet::everything() };
    let (sa, sb) = (eval_set(a, dom), eval_set(b, dom));
    if sa.is_nothing() || sb.is_nothing() {
        return IntSet::Nothing;
    }
    let f = |x: Option<&Expr>, y: Option<&Expr>, o: BinOp| x.zip(y).map(|(x, y)| op(o, x, y));
    let point_b = sb.min().zip(sb.max()).filter(|(x, y)| x.same_as(y.as_object())).and_then(|(x, _)| x.as_int());
    match o {
        BinOp::Add => IntSet::Interval(f(sa.min(), sb.min(), o), f(sa.max(), sb.max(), o)),
        BinOp::Sub => IntSet::Interval(f(sa.min(), sb.max(), o), f(sa.max(), sb.min(), o)),
        BinOp::Mul => {
            let point_a = sa.min().zip(sa.max()).filter(|(x, y)| x.same_as(y.as_object())).and_then(|(x, _)| x.as_int());
            let (set, c) = match (point_b, point_a) {
                (Some(c), _) => (&sa, c),
                (None, Some(c)) => (&sb, c),
                _ => return IntSet::everything(),
            };
            let ce = int_imm(e.dtype(), c);
            if c == 0 {
                return IntSet::point(ce);
            }
            let m = |x: Option<&Expr>| x.map(|x| op(BinOp::Mul, x, &ce));
            if c > 0 { IntSet::Interval(m(set.min()), m(set.max())) } else { IntSet::Interval(m(set.max()), m(set.min())) }
        }
        BinOp::FloorDiv | BinOp::Div => match point_b {
            Some(c) if c > 0 => {
                let ce = int_imm(e.dtype(), c);
                let d = |x: Option<&Expr>| x.map(|x| op(o, x, &ce));
                IntSet::Interval(d(sa.min()), d(sa.max()))
            }
            _ => IntSet::everything(),
        },
        BinOp::FloorMod => match point_b {
            Some(c) if c > 0 => {
                // A set within one period keeps its shape; otherwise `[0, c - 1]`.
                let an = Analyzer::new();
                if let (Some(lo), Some(hi)) = (sa.min(), sa.max()) {
                    let ce = int_imm(e.dtype(), c);
                    let (ql, qh) = (an.simplify(&op(BinOp::FloorDiv, lo, &ce)), an.simplify(&op(BinOp::FloorDiv, hi, &ce)));
                    if an.can_prove_equal(&ql, &qh) {
                        return IntSet::Interval(Some(op(BinOp::FloorMod, lo, &ce)), Some(op(BinOp::FloorMod, hi, &ce)));
                    }
                }
                IntSet::interval(int_imm(e.dtype(), 0), int_imm(e.dtype(), c - 1))
            }
            _ => IntSet::everything(),
        },
        BinOp::Min | BinOp::Max => IntSet::Interval(f(sa.min(), sb.min(), o), f(sa.max(), sb.max(), o)),
        _ if o.is_comparison() || o.is_logical() => IntSet::interval(int_imm(e.dtype(), 0), int_imm(e.dtype(), 1)),
        _ => IntSet::everything(),
    }
}

/// A domain map binding each loop variable to its range.
pub fn dom_of(vars: &[(Var, Expr, Expr)]) -> DomMap {
    vars.iter().map(|(v, min, ext)| (v.as_ref_obj().addr(), IntSet::from_min_extent(min, ext))).collect()
}
