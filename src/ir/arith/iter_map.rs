//! Iterator maps (TVM's `arith::DetectIterMap`): index expressions over loop
//! iterators written as sums of splits of marked iterators, and the check that
//! such indices are independent (surjective or bijective onto their space).
//!
//! An index is an [`IterSum`] `Σ splits + base`; a split is
//! `floormod(floordiv(source, lower_factor), extent) * scale` of an [`IterMark`], an
//! iterator over `[0, extent)` whose source is an input variable (shifted to start at
//! zero) or a fused sum of splits. Detection rewrites `+`, `-`, `*` by a non-iterator,
//! and `floordiv`/`floormod` by a non-iterator, fusing sums into one mark where a
//! division needs it; then every mark's splits must tile it without overlap.
//!
//! Where it stops: a predicate other than `True` is not matched against the
//! iterators (detection reports it); padding covers a whole iterator divided by a
//! constant its extent is not a multiple of (the padded mark is shared by the
//! iterator's divisions, and no padding predicate is computed), any other padding is
//! reported.

use std::sync::Arc;

use super::binary;
use super::simplify::Analyzer;
use crate::ir::expr::{int_imm, BinOp};
use crate::ir::{structural_equal, DataType, Expr, Span, Var, VarNode};

/// How strictly detected indices must cover their iterators (TVM's `IterMapLevel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IterMapLevel {
    /// Every input iterator fully covered, no split overlapping another.
    Bijective = 0,
    /// Each mark covered by splits that could be completed to cover it.
    Surjective = 1,
    /// No coverage check.
    NoCheck = 3,
}

impl IterMapLevel {
    /// The level of TVM's integer code.
    pub fn from_code(code: i64) -> Option<IterMapLevel> {
        match code {
            0 => Some(IterMapLevel::Bijective),
            1 => Some(IterMapLevel::Surjective),
            3 => Some(IterMapLevel::NoCheck),
            _ => None,
        }
    }
}

/// An iterator over `[0, extent)`; marks are compared by identity.
#[derive(Debug)]
pub struct IterMarkNode {
    /// What the mark iterates.
    pub source: MarkSource,
    /// Its extent.
    pub extent: Expr,
}

/// A shared mark.
pub type IterMark = Arc<IterMarkNode>;

/// What a mark iterates: an expression (an input variable, possibly minus its
/// minimum) or a fused sum of splits.
#[derive(Clone, Debug)]
pub enum MarkSource {
    /// An input variable (minus its minimum when that is not zero).
    Expr(Expr),
    /// Splits fused into one iterator.
    Sum(IterSum),
}

/// `floormod(floordiv(source, lower_factor), extent) * scale`.
#[derive(Clone, Debug)]
pub struct IterSplit {
    /// The mark split.
    pub source: IterMark,
    /// The divisor taken first.
    pub lower_factor: Expr,
    /// The modulus taken next.
    pub extent: Expr,
    /// The factor applied last.
    pub scale: Expr,
}

/// `Σ args + base`.
#[derive(Clone, Debug)]
pub struct IterSum {
    /// The splits summed.
    pub args: Vec<IterSplit>,
    /// The constant (or symbolic) offset.
    pub base: Expr,
}

/// What [`detect_iter_map`] found: the indices (empty when detection failed), the
/// reasons it failed, and the predicate that is true on padding (always false here).
#[derive(Clone, Debug)]
pub struct IterMapResult {
    /// One sum per index; empty when detection failed.
    pub indices: Vec<IterSum>,
    /// Why detection failed.
    pub errors: Vec<String>,
    /// True on padded iterations (not computed: always false).
    pub padding_predicate: Expr,
}

fn dtype_of(e: &Expr) -> DataType {
    e.dtype()
}

fn is_const(e: &Expr, v: i64) -> bool {
    e.as_int() == Some(v)
}

fn op(o: BinOp, a: &Expr, b: &Expr) -> Expr {
    binary(o, a.clone(), b.clone(), Span::none()).unwrap_or_else(|_| a.clone())
}

fn deep_equal(a: &Expr, b: &Expr) -> bool {
    structural_equal(a, b, false)
}

impl IterSplit {
    /// The whole mark, `source * 1`.
    pub fn of_mark(mark: IterMark) -> IterSplit {
        let dt = mark.extent.dtype();
        IterSplit { lower_factor: int_imm(dt, 1), extent: mark.extent.clone(), scale: int_imm(dt, 1), source: mark }
    }
    /// The type of the split's value.
    pub fn dtype(&self) -> DataType {
        dtype_of(&self.scale)
    }
}

impl IterSum {
    /// The type of the sum's value.
    pub fn dtype(&self) -> DataType {
        dtype_of(&self.base)
    }
}

fn split_equal(a: &IterSplit, b: &IterSplit, check_scale: bool) -> bool {
    Arc::ptr_eq(&a.source, &b.source)
        && deep_equal(&a.lower_factor, &b.lower_factor)
        && (!check_scale || deep_equal(&a.scale, &b.scale))
        && deep_equal(&a.extent, &b.extent)
}

fn sum_equal(a: &IterSum, b: &IterSum) -> bool {
    a.args.len() == b.args.len() && deep_equal(&a.base, &b.base) && a.args.iter().zip(&b.args).all(|(x, y)| split_equal(x, y, true))
}

/// The factors of a product, constants multiplied together (TVM's `MulAndNormalize`).
fn mul_normalize(a: &Expr, b: &Expr) -> Expr {
    let mut c: i64 = 1;
    let mut res = int_imm(a.dtype(), 1);
    let mut collect = |e: &Expr, res: &mut Expr| {
        let mut stack = vec![e.clone()];
        while let Some(x) = stack.pop() {
            match BinOp::operands(x.as_object()) {
                Some((BinOp::Mul, l, r)) => {
                    stack.push(r.clone());
                    stack.push(l.clone());
                }
                _ => match x.as_int() {
                    Some(v) => c = c.wrapping_mul(v),
                    None => *res = op(BinOp::Mul, res, &x),
                },
            }
        }
    };
    collect(a, &mut res);
    collect(b, &mut res);
    if c != 1 {
        res = op(BinOp::Mul, &res, &int_imm(res.dtype(), c));
    }
    res
}

fn mul_count(e: &Expr) -> usize {
    match BinOp::operands(e.as_object()) {
        Some((BinOp::Mul, a, b)) => mul_count(a) + mul_count(b),
        _ => 1,
    }
}

/// A rewritten expression: an ordinary one, or an iterator form.
#[derive(Clone, Debug)]
enum Rw {
    Expr(Expr),
    Split(IterSplit),
    Sum(IterSum),
}

impl Rw {
    fn is_iter(&self) -> bool {
        !matches!(self, Rw::Expr(_))
    }
    fn into_sum(self) -> IterSum {
        match self {
            Rw::Sum(s) => s,
            Rw::Split(s) => {
                let dt = s.dtype();
                IterSum { args: vec![s], base: int_imm(dt, 0) }
            }
            Rw::Expr(e) => IterSum { args: vec![], base: e },
        }
    }
}

struct FusedMark {
    flattened: IterSum,
    mark: IterMark,
    offset: Expr,
}

struct Rewriter<'a> {
    an: &'a Analyzer,
    level: IterMapLevel,
    errors: Vec<String>,
    var_map: Vec<(usize, Rw)>,
    input_marks: Vec<IterMark>,
    fused: Vec<FusedMark>,
    /// Iterators padded for a division, and their padded marks.
    padded: Vec<(IterMark, IterMark)>,
    /// Each padded mark with the extent before padding.
    padded_extent_before: Vec<(IterMark, Expr)>,
}

impl<'a> Rewriter<'a> {
    fn new(an: &'a Analyzer, iters: &[(Var, Expr, Expr)], level: IterMapLevel, simplify_trivial: bool) -> Self {
        let mut rw = Rewriter { an, level, errors: vec![], var_map: vec![], input_marks: vec![], fused: vec![], padded: vec![], padded_extent_before: vec![] };
        for (v, min, extent) in iters {
            let key = v.as_ref_obj().addr();
            let ve: Expr = v.clone().into();
            if simplify_trivial && is_const(extent, 1) {
                rw.var_map.push((key, Rw::Sum(IterSum { args: vec![], base: min.clone() })));
            } else if is_const(min, 0) {
                let mark = Arc::new(IterMarkNode { source: MarkSource::Expr(ve), extent: extent.clone() });
                rw.var_map.push((key, Rw::Split(IterSplit::of_mark(mark.clone()))));
                rw.input_marks.push(mark);
            } else {
                let shifted = op(BinOp::Sub, &ve, min);
                let mark = Arc::new(IterMarkNode { source: MarkSource::Expr(shifted), extent: extent.clone() });
                let sum = IterSum { args: vec![IterSplit::of_mark(mark.clone())], base: min.clone() };
                rw.var_map.push((key, Rw::Sum(sum)));
                rw.input_marks.push(mark);
            }
        }
        rw
    }

    fn error(&mut self, msg: String) {
        self.errors.push(msg);
    }

    fn rewrite(&mut self, e: &Expr) -> IterSum {
        let s = self.mutate(e).into_sum();
        self.normalize_with_offset(s)
    }

    fn normalize_with_offset(&mut self, s: IterSum) -> IterSum {
        if s.args.is_empty() {
            return s;
        }
        match self.try_fuse(s.clone(), true) {
            Some(f) => f,
            None => {
                self.error("Could not normalize iterators".into());
                s
            }
        }
    }

    fn mutate(&mut self, e: &Expr) -> Rw {
        let obj = e.as_object();
        if obj.is::<VarNode>() {
            let key = obj.addr();
            if let Some((_, r)) = self.var_map.iter().find(|(k, _)| *k == key) {
                return r.clone();
            }
            return Rw::Expr(e.clone());
        }
        let Some((o, a, b)) = BinOp::operands(obj) else { return Rw::Expr(e.clone()) };
        let int_like = e.dtype().is_int() || e.dtype().is_integer();
        if !int_like || !matches!(o, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::FloorDiv | BinOp::FloorMod) {
            return Rw::Expr(e.clone());
        }
        let (ra, rb) = (self.mutate(a), self.mutate(b));
        if let (Rw::Expr(x), Rw::Expr(y)) = (&ra, &rb) {
            if x.as_object().same_as(a.as_object()) && y.as_object().same_as(b.as_object()) {
                return Rw::Expr(e.clone());
            }
            return Rw::Expr(op(o, x, y));
        }
        match o {
            BinOp::Add | BinOp::Sub => {
                let sign = if o == BinOp::Add { 1 } else { -1 };
                let mut ret = ra.into_sum();
                match rb {
                    Rw::Expr(y) => ret.base = op(o, &ret.base, &y),
                    other => add_to(&mut ret, &other.into_sum(), sign),
                }
                Rw::Sum(ret)
            }
            BinOp::Mul => {
                if ra.is_iter() && rb.is_iter() {
                    self.error(format!("Product of two iterators cannot be represented as an IterMap, occurs in {}", show(e)));
                    return Rw::Expr(e.clone());
                }
                let (it, k) = if ra.is_iter() { (ra, rb) } else { (rb, ra) };
                let Rw::Expr(k) = k else { unreachable!() };
                match it {
                    Rw::Sum(mut s) => {
                        for arg in &mut s.args {
                            arg.scale = op(BinOp::Mul, &arg.scale, &k);
                        }
                        s.base = op(BinOp::Mul, &s.base, &k);
                        Rw::Sum(s)
                    }
                    Rw::Split(mut s) => {
                        s.scale = op(BinOp::Mul, &s.scale, &k);
                        Rw::Split(s)
                    }
                    Rw::Expr(_) => unreachable!(),
                }
            }
            _ => {
                let Rw::Expr(divisor) = rb else {
                    let what = if o == BinOp::FloorDiv { "the divisor in" } else { "the right-hand side of FloorMod in" };
                    self.error(format!("Cannot represent as an IterMap: {what} {} may not be an iterator", show(e)));
                    return Rw::Expr(e.clone());
                };
                let Some(pre) = self.preprocess_dividend(ra, a) else { return Rw::Expr(e.clone()) };
                let split = pre.args[0].clone();
                let res = if o == BinOp::FloorDiv {
                    self.split_floordiv(split, pre.base, divisor)
                } else {
                    self.split_floormod(split, pre.base, divisor)
                };
                res.unwrap_or_else(|| Rw::Expr(e.clone()))
            }
        }
    }

    fn preprocess_dividend(&mut self, d: Rw, original: &Expr) -> Option<IterSum> {
        match d {
            Rw::Split(s) => {
                let dt = s.dtype();
                Some(IterSum { args: vec![s], base: int_imm(dt, 0) })
            }
            Rw::Sum(s) => {
                if s.args.is_empty() {
                    return None;
                }
                if s.args.len() == 1 {
                    return Some(s);
                }
                match self.try_fuse(s, true) {
                    Some(f) if f.args.len() == 1 => Some(f),
                    _ => {
                        self.error(format!("Dividend  {}, can't be written as a single fused IterSum", show(original)));
                        None
                    }
                }
            }
            Rw::Expr(_) => None,
        }
    }

    fn divisible(&self, lhs: &Expr, rhs: &Expr) -> bool {
        match (lhs.as_int(), rhs.as_int()) {
            (_, Some(0)) => false,
            (Some(a), Some(b)) => a % b == 0,
            _ => {
                self.an.can_prove_equal(lhs, rhs)
                    || self.an.can_prove_equal(&op(BinOp::FloorMod, lhs, rhs), &int_imm(lhs.dtype(), 0))
            }
        }
    }

    /// The dividend `split + base` ready for division by `divisor`, and the left
    /// padding of `base`. A whole iterator whose extent the divisor does not divide
    /// is padded up to a multiple of it (one padded mark per iterator, shared by all
    /// its divisions); other padding is not supported and reported.
    fn pad_dividend(&mut self, split: &IterSplit, base: &Expr, divisor: &Expr) -> Option<(IterSplit, Expr)> {
        let left_pad = self.an.simplify(&op(BinOp::FloorMod, base, divisor));
        if let Some((_, padded)) = self.padded.iter().find(|(orig, _)| Arc::ptr_eq(orig, &split.source)) {
            if !self.divisible(&padded.extent, divisor) || !is_const(&left_pad, 0) {
                self.error(format!("Cannot represent as an IterMap: {} is padded to {}, which {} does not divide", show(&normalize_split(split, self.an)), show(&padded.extent), show(divisor)));
                return None;
            }
            let extent = op(BinOp::FloorDiv, &padded.extent, &split.lower_factor);
            return Some((IterSplit { source: padded.clone(), extent, ..split.clone() }, left_pad));
        }
        let right_edge = op(BinOp::Add, &left_pad, &split.extent);
        if is_const(&left_pad, 0) && self.divisible(&right_edge, divisor) {
            return Some((split.clone(), left_pad));
        }
        if self.level == IterMapLevel::Bijective {
            return Some((split.clone(), left_pad));
        }
        let whole = is_const(&split.lower_factor, 1) && self.an.can_prove_equal(&split.extent, &split.source.extent);
        let (Some(ext), Some(d)) = (split.extent.as_int(), divisor.as_int()) else {
            return self.no_padding(split, divisor);
        };
        if !is_const(&left_pad, 0) || !whole || d <= 0 {
            return self.no_padding(split, divisor);
        }
        let padded_extent = int_imm(split.extent.dtype(), ext + (-ext).rem_euclid(d));
        let dt = split.dtype();
        let source = IterSum { args: vec![IterSplit::of_mark(split.source.clone())], base: int_imm(dt, 0) };
        let mark = Arc::new(IterMarkNode { source: MarkSource::Sum(source), extent: padded_extent.clone() });
        self.padded.push((split.source.clone(), mark.clone()));
        self.padded_extent_before.push((mark.clone(), split.source.extent.clone()));
        Some((IterSplit { source: mark, extent: padded_extent, ..split.clone() }, left_pad))
    }

    fn no_padding<T>(&mut self, split: &IterSplit, divisor: &Expr) -> Option<T> {
        self.error(format!(
            "Cannot represent as an IterMap without padding: {} over the divisor {}",
            show(&normalize_split(split, self.an)),
            show(divisor)
        ));
        None
    }

    fn split_floordiv(&mut self, mut lhs: IterSplit, mut base: Expr, mut rhs: Expr) -> Option<Rw> {
        let dt = lhs.dtype();
        if is_const(&rhs, 1) {
            return Some(if is_const(&base, 0) { Rw::Split(lhs) } else { Rw::Sum(IterSum { args: vec![lhs], base }) });
        }
        if !is_const(&lhs.scale, 1) {
            if self.divisible(&lhs.scale, &rhs) && is_const(&base, 0) {
                lhs.scale = op(BinOp::FloorDiv, &lhs.scale, &rhs);
                return Some(Rw::Split(lhs));
            } else if self.divisible(&lhs.scale, &rhs) && self.divisible(&base, &rhs) {
                lhs.scale = op(BinOp::FloorDiv, &lhs.scale, &rhs);
                return Some(Rw::Sum(IterSum { args: vec![lhs], base: op(BinOp::FloorDiv, &base, &rhs) }));
            } else if self.divisible(&rhs, &lhs.scale) && is_const(&base, 0) {
                rhs = op(BinOp::FloorDiv, &rhs, &lhs.scale);
                lhs.scale = int_imm(dt, 1);
            } else if self.divisible(&rhs, &lhs.scale) && self.divisible(&base, &lhs.scale) {
                base = op(BinOp::FloorDiv, &base, &lhs.scale);
                rhs = op(BinOp::FloorDiv, &rhs, &lhs.scale);
                lhs.scale = int_imm(dt, 1);
            } else {
                self.error(format!(
                    "Cannot represent as IterMap: the numerator's scaling factor, {} and the divisor {} cannot be simplified to remove the scaling factor.",
                    show(&lhs.scale),
                    show(&rhs)
                ));
                return None;
            }
        }
        let (padded, left_pad) = self.pad_dividend(&lhs, &base, &rhs)?;
        let new_split = if self.divisible(&padded.extent, &rhs) {
            IterSplit {
                lower_factor: op(BinOp::Mul, &padded.lower_factor, &rhs),
                extent: self.an.simplify(&op(BinOp::FloorDiv, &padded.extent, &rhs)),
                scale: padded.scale.clone(),
                source: padded.source.clone(),
            }
        } else if is_const(&padded.lower_factor, 1) && self.an.can_prove_equal(&padded.extent, &padded.source.extent) {
            IterSplit {
                lower_factor: rhs.clone(),
                extent: self.an.simplify(&ceildiv(&padded.extent, &rhs)),
                scale: padded.scale.clone(),
                source: padded.source.clone(),
            }
        } else {
            let extent = padded.extent.clone();
            let mark = Arc::new(IterMarkNode { source: MarkSource::Sum(IterSum { args: vec![padded], base: int_imm(dt, 0) }), extent });
            IterSplit {
                lower_factor: rhs.clone(),
                extent: self.an.simplify(&ceildiv(&mark.extent, &rhs)),
                scale: int_imm(dt, 1),
                source: mark,
            }
        };
        let new_base = self.an.simplify(&op(BinOp::FloorDiv, &op(BinOp::Sub, &base, &left_pad), &rhs));
        Some(if is_const(&new_base, 0) { Rw::Split(new_split) } else { Rw::Sum(IterSum { args: vec![new_split], base: new_base }) })
    }

    fn split_floormod(&mut self, lhs: IterSplit, mut base: Expr, mut rhs: Expr) -> Option<Rw> {
        let dt = lhs.dtype();
        if is_const(&rhs, 1) {
            return Some(Rw::Expr(int_imm(dt, 0)));
        }
        if !is_const(&lhs.scale, 1) {
            if self.divisible(&lhs.scale, &rhs) && self.divisible(&base, &rhs) {
                return Some(Rw::Expr(int_imm(dt, 0)));
            } else if self.divisible(&rhs, &lhs.scale) && is_const(&base, 0) {
                rhs = op(BinOp::FloorDiv, &rhs, &lhs.scale);
            } else if self.divisible(&rhs, &lhs.scale) && self.divisible(&base, &lhs.scale) {
                rhs = op(BinOp::FloorDiv, &rhs, &lhs.scale);
                base = op(BinOp::FloorDiv, &base, &lhs.scale);
            } else {
                self.error(format!(
                    "Cannot represent as IterMap: the left-hand side of FloorMod has a scaling factor, {} and the right-hand {} cannot be used to simplify out the scaling factor.",
                    show(&lhs.scale),
                    show(&rhs)
                ));
                return None;
            }
        }
        let (padded, _) = self.pad_dividend(&lhs, &base, &rhs)?;
        Some(Rw::Split(IterSplit { extent: rhs, ..padded }))
    }

    // ---- fusing sums into one mark

    fn find_base_iter(&self, s: &IterSum, skip: &[bool], source: Option<&IterMark>, rbegin: Option<usize>) -> Option<usize> {
        let rbegin = rbegin.unwrap_or(s.args.len().wrapping_sub(1));
        let matches = |i: usize| !skip[i] && source.is_none_or(|m| Arc::ptr_eq(m, &s.args[i].source));
        let mut base: Option<usize> = None;
        let mut min_scale = 0;
        for i in (0..=rbegin).rev().filter(|&i| i < s.args.len()) {
            if !matches(i) {
                continue;
            }
            if let Some(v) = s.args[i].scale.as_int() {
                match base {
                    None => {
                        base = Some(i);
                        min_scale = v;
                    }
                    Some(_) if v < min_scale => {
                        base = Some(i);
                        min_scale = v;
                    }
                    Some(b) if v == min_scale => {
                        if is_const(&s.args[i].extent, 1) && !is_const(&s.args[b].extent, 1) {
                            base = Some(i);
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut min_size = 0;
        for i in (0..=rbegin).rev().filter(|&i| i < s.args.len()) {
            if !matches(i) {
                continue;
            }
            let size = mul_count(&s.args[i].scale);
            if base.is_none() || size < min_size {
                min_size = size;
                base = Some(i);
            }
        }
        base
    }

    fn find_exact_scale(&self, s: &IterSum, skip: &[bool], scale: &Expr, source: Option<&IterMark>, rbegin: Option<usize>, first_unit: usize) -> Option<usize> {
        let rbegin = rbegin.unwrap_or(s.args.len().wrapping_sub(1));
        let mut matched = None;
        for j in (0..=rbegin).rev().filter(|&j| j < s.args.len()) {
            if skip[j] || source.is_some_and(|m| !Arc::ptr_eq(m, &s.args[j].source)) {
                continue;
            }
            if self.an.can_prove_equal(&s.args[j].scale, scale) {
                if is_const(&s.args[j].extent, 1) {
                    return Some(j);
                }
                if matched.is_none() {
                    matched = Some(j);
                }
                if j <= first_unit {
                    return matched;
                }
            }
        }
        matched
    }

    fn find_smaller_closest(&self, s: &IterSum, skip: &[bool], scale: &Expr) -> Option<(usize, Expr)> {
        let mut out: Option<(usize, Expr)> = None;
        let zero = int_imm(scale.dtype(), 0);
        for j in (0..s.args.len()).rev() {
            if skip[j] {
                continue;
            }
            let cur = &s.args[j].scale;
            let ge = |x: &Expr| self.an.can_prove(&op(BinOp::GE, x, &zero));
            if ge(&op(BinOp::Sub, scale, cur)) && ge(cur) {
                let better = match &out {
                    None => true,
                    Some((_, m)) => self.an.can_prove(&op(BinOp::LT, &op(BinOp::Sub, m, cur), &zero)),
                };
                if better {
                    out = Some((j, cur.clone()));
                }
            }
        }
        out
    }

    fn try_combine_same_source(&self, s: &IterSum) -> Option<IterSum> {
        if s.args.len() <= 1 {
            return None;
        }
        let count = |m: &IterMark| s.args.iter().filter(|a| Arc::ptr_eq(&a.source, m)).count();
        if s.args.iter().all(|a| count(&a.source) == 1) {
            return None;
        }
        let mut visited = vec![false; s.args.len()];
        let first_unit = s.args.iter().position(|a| is_const(&a.extent, 1)).unwrap_or(s.args.len());
        let mut reversed: Vec<IterSplit> = Vec::new();
        let mut rend = s.args.len() as isize - 1;
        while rend >= 0 {
            let r = rend as usize;
            if visited[r] {
                rend -= 1;
                continue;
            }
            if count(&s.args[r].source) == 1 {
                reversed.push(s.args[r].clone());
                visited[r] = true;
                rend -= 1;
                continue;
            }
            let src = s.args[r].source.clone();
            let Some(mi) = self.find_base_iter(s, &visited, Some(&src), Some(r)) else { return None };
            visited[mi] = true;
            let mut rhs = s.args[mi].clone();
            loop {
                let lhs_scale = mul_normalize(&rhs.extent, &rhs.scale);
                let Some(m) = self.find_exact_scale(s, &visited, &lhs_scale, Some(&rhs.source), Some(r), first_unit) else { break };
                let lhs = &s.args[m];
                let lhs_lower = mul_normalize(&rhs.lower_factor, &rhs.extent);
                if !self.an.can_prove_equal(&lhs.lower_factor, &lhs_lower) {
                    break;
                }
                visited[m] = true;
                rhs.extent = mul_normalize(&lhs.extent, &rhs.extent);
            }
            reversed.push(rhs);
        }
        reversed.reverse();
        Some(IterSum { args: reversed, base: s.base.clone() })
    }

    fn try_fuse(&mut self, mut s: IterSum, allow_early_skip: bool) -> Option<IterSum> {
        if let Some(c) = self.try_combine_same_source(&s) {
            s = c;
            if s.args.len() <= 1 && allow_early_skip {
                return Some(s);
            }
        }
        let n = s.args.len();
        let mut visited = vec![false; n];
        let base_index = self.find_base_iter(&s, &visited, None, None)?;
        let base_scale = s.args[base_index].scale.clone();
        let dt = s.dtype();
        let mut flattened: Vec<IterSplit> = Vec::new();
        let mut grouped: Vec<IterSplit> = Vec::new();
        let expected_extra_base = int_imm(dt, 0);
        let mut tail_extent = int_imm(dt, 0);
        let mut expected_scale = base_scale.clone();
        let first_unit = s.args.iter().position(|a| is_const(&a.extent, 1)).unwrap_or(n);
        for i in 0..n {
            let mut matched = if i == 0 {
                Some((base_index, expected_scale.clone(), true))
            } else {
                self.find_exact_scale(&s, &visited, &expected_scale, None, None, first_unit).map(|p| (p, expected_scale.clone(), true))
            };
            if matched.is_none() && self.level != IterMapLevel::Bijective && is_const(&base_scale, 1) {
                matched = self.find_smaller_closest(&s, &visited, &expected_scale).map(|(p, sc)| (p, sc, false));
            }
            let (pos, matched_scale, exact) = matched?;
            visited[pos] = true;
            let mut arg = s.args[pos].clone();
            arg.scale = self.an.simplify(&op(BinOp::FloorDiv, &arg.scale, &base_scale));
            flattened.push(arg.clone());
            grouped.push(arg);
            if !exact {
                tail_extent = op(BinOp::Add, &tail_extent, &op(BinOp::Sub, &expected_scale, &matched_scale));
            }
            expected_scale = mul_normalize(&s.args[pos].extent, &matched_scale);
        }
        flattened.reverse();
        grouped.reverse();
        let flattened_form = IterSum { args: flattened, base: int_imm(dt, 0) };
        let structured = IterSum { args: grouped, base: int_imm(dt, 0) };
        if let Some(f) = self.fused.iter().find(|f| sum_equal(&f.flattened, &flattened_form)) {
            if !self.an.can_prove_equal(&expected_extra_base, &op(BinOp::Mul, &f.offset, &base_scale)) {
                return None;
            }
            let split = IterSplit { scale: base_scale, ..IterSplit::of_mark(f.mark.clone()) };
            return Some(IterSum { args: vec![split], base: op(BinOp::Add, &s.base, &expected_extra_base) });
        }
        let extent = op(BinOp::Add, &truncdiv(&expected_scale, &base_scale), &tail_extent);
        let mark = Arc::new(IterMarkNode { source: MarkSource::Sum(structured), extent });
        self.fused.push(FusedMark { flattened: flattened_form, mark: mark.clone(), offset: expected_extra_base.clone() });
        let split = IterSplit { scale: base_scale, ..IterSplit::of_mark(mark) };
        Some(IterSum { args: vec![split], base: op(BinOp::Add, &s.base, &expected_extra_base) })
    }

    // ---- the independence check

    fn check_mapping(&mut self, indices: &[IterSum]) -> bool {
        // Marks in first-visit order, each with the splits that refer to it.
        let mut marks: Vec<(IterMark, Vec<IterSplit>)> = Vec::new();
        fn visit_mark(m: &IterMark, marks: &mut Vec<(IterMark, Vec<IterSplit>)>) {
            if marks.iter().any(|(k, _)| Arc::ptr_eq(k, m)) {
                return;
            }
            marks.push((m.clone(), vec![]));
            if let MarkSource::Sum(s) = &m.source {
                for split in &s.args {
                    visit_mark(&split.source, marks);
                    marks.iter_mut().find(|(k, _)| Arc::ptr_eq(k, &split.source)).unwrap().1.push(split.clone());
                }
            }
        }
        for sum in indices {
            for split in &sum.args {
                visit_mark(&split.source, &mut marks);
                marks.iter_mut().find(|(k, _)| Arc::ptr_eq(k, &split.source)).unwrap().1.push(split.clone());
            }
        }
        for (m, splits) in &marks {
            if !self.try_normalize_splits(m, splits) {
                return false;
            }
        }
        if self.level == IterMapLevel::Bijective {
            for m in &self.input_marks {
                if !marks.iter().any(|(k, _)| Arc::ptr_eq(k, m)) && !is_const(&m.extent, 1) {
                    return false;
                }
            }
        }
        true
    }

    fn try_normalize_splits(&mut self, mark: &IterMark, splits: &[IterSplit]) -> bool {
        let mut used = vec![false; splits.len()];
        let mut expected = int_imm(mark.extent.dtype(), 1);
        for _ in 0..splits.len() {
            let mut j = (0..splits.len()).find(|&j| !used[j] && self.an.can_prove_equal(&splits[j].lower_factor, &expected));
            if j.is_none() {
                if self.level == IterMapLevel::Bijective {
                    return false;
                }
                // The unused split with the smallest lower factor, when all of them are
                // multiples of the expected one.
                let mut res: Option<usize> = None;
                for i in 0..splits.len() {
                    if used[i] {
                        continue;
                    }
                    if !self.divisible(&splits[i].lower_factor, &expected) {
                        res = None;
                        break;
                    }
                    if res.is_none_or(|r| self.divisible(&splits[r].lower_factor, &splits[i].lower_factor)) {
                        res = Some(i);
                    }
                }
                j = res;
            }
            let Some(j) = j else { return false };
            used[j] = true;
            expected = op(BinOp::Mul, &splits[j].lower_factor, &splits[j].extent);
        }
        let full = self.an.can_prove_equal(&expected, &mark.extent);
        let divides = full || self.divisible(&mark.extent, &expected);
        let before = self.padded_extent_before.iter().find(|(m, _)| Arc::ptr_eq(m, mark)).map(|(_, e)| e.clone());
        if self.level == IterMapLevel::Bijective {
            if before.is_some() {
                self.error("Bijectvie mapping should not take iter paddings".into());
                return false;
            }
            if !full {
                self.error("The iterations do not traverse full iter space".into());
                return false;
            }
        } else if let Some(before) = before {
            if self.level == IterMapLevel::Surjective {
                let zero = int_imm(expected.dtype(), 0);
                let covers = self.an.can_prove(&op(BinOp::GE, &op(BinOp::Sub, &before, &expected), &zero));
                if full {
                    if splits.len() != 1 {
                        self.error("Dependent iterations on padding iter space".into());
                        return false;
                    }
                } else if divides {
                    if !covers {
                        self.error("The extent before padding is less than lower factor".into());
                        return false;
                    }
                } else {
                    self.error("The lower factor is not divisible by the full iter space extent".into());
                    return false;
                }
            }
        } else if !divides {
            self.error("The lower factor is not divisible by the full iter space extent".into());
            return false;
        }
        true
    }
}

fn add_to(lhs: &mut IterSum, rhs: &IterSum, sign: i64) {
    for r in &rhs.args {
        let mut r = r.clone();
        match lhs.args.iter_mut().find(|l| {
            Arc::ptr_eq(&l.source, &r.source) && deep_equal(&l.lower_factor, &r.lower_factor) && deep_equal(&l.extent, &r.extent)
        }) {
            Some(l) => {
                l.scale = op(if sign > 0 { BinOp::Add } else { BinOp::Sub }, &l.scale, &r.scale);
            }
            None => {
                if sign < 0 {
                    r.scale = op(BinOp::Sub, &int_imm(r.scale.dtype(), 0), &r.scale);
                }
                lhs.args.push(r);
            }
        }
    }
    lhs.base = op(if sign > 0 { BinOp::Add } else { BinOp::Sub }, &lhs.base, &rhs.base);
}

fn ceildiv(a: &Expr, b: &Expr) -> Expr {
    super::ceildiv(a.clone(), b.clone()).unwrap_or_else(|_| a.clone())
}

fn truncdiv(a: &Expr, b: &Expr) -> Expr {
    super::truncdiv(a.clone(), b.clone()).unwrap_or_else(|_| a.clone())
}

/// An index expression as infix text for the error messages (the IR core does not
/// reach the printer), parenthesized as TVMScript prints it.
fn show(e: &Expr) -> String {
    show_prec(e).0
}

fn show_prec(e: &Expr) -> (String, u8) {
    if let Some(v) = e.as_int() {
        return (v.to_string(), 3);
    }
    if let Some(v) = e.as_object().downcast_ref::<VarNode>() {
        return (v.name.to_string(), 3);
    }
    let Some((o, a, b)) = BinOp::operands(e.as_object()) else { return ("expr".into(), 3) };
    let (sym, prec) = match o {
        BinOp::Add => ("+", 1),
        BinOp::Sub => ("-", 1),
        BinOp::Mul => ("*", 2),
        BinOp::FloorDiv => ("//", 2),
        BinOp::FloorMod => ("%", 2),
        _ => return (format!("{o:?}({}, {})", show(a), show(b)), 3),
    };
    let (l, lp) = show_prec(a);
    let (r, rp) = show_prec(b);
    let l = if lp < prec { format!("({l})") } else { l };
    let r = if rp <= prec { format!("({r})") } else { r };
    (format!("{l} {sym} {r}"), prec)
}

/// Whether some input iterator's range mentions an input iterator.
fn ranges_independent(iters: &[(Var, Expr, Expr)]) -> bool {
    let keys: Vec<usize> = iters.iter().map(|(v, _, _)| v.as_ref_obj().addr()).collect();
    let mentions = |e: &Expr| {
        let mut hit = false;
        crate::ir::map::pre_order_visit(e.as_object(), |n| {
            hit |= keys.contains(&n.addr());
            !hit
        });
        hit
    };
    !iters.iter().any(|(_, min, ext)| mentions(min) || mentions(ext))
}

/// TVM's `DetectIterMap`: `indices` over the iterators `iters` (variable, min,
/// extent) as iterator sums, checked at `level`.
pub fn detect_iter_map(indices: &[Expr], iters: &[(Var, Expr, Expr)], predicate: &Expr, level: IterMapLevel, simplify_trivial: bool) -> IterMapResult {
    let mut result = IterMapResult { indices: vec![], errors: vec![], padding_predicate: crate::ir::expr::bool_imm(false) };
    if !ranges_independent(iters) {
        result.errors.push("Invalid iterators.  Iterators may not be expressions of each other.".into());
        return result;
    }
    if !is_const(predicate, 1) {
        result.errors.push("Could not parse predicate as constraints on the input iterators.".into());
        return result;
    }
    let mut an = Analyzer::new();
    for (v, min, ext) in iters {
        an.bind(v, min, ext);
    }
    let mut rw = Rewriter::new(&an, iters, level, simplify_trivial);
    let mut out = Vec::with_capacity(indices.len());
    for e in indices {
        out.push(rw.rewrite(e));
        if !rw.errors.is_empty() {
            result.errors = rw.errors;
            return result;
        }
    }
    if !rw.check_mapping(&out) {
        result.errors = std::mem::take(&mut rw.errors);
        result.errors.push(if level == IterMapLevel::Bijective {
            "Index mapping does not form a bijective transform.".into()
        } else {
            "Mapped indices are not independent.".into()
        });
        return result;
    }
    result.indices = out;
    result
}

fn normalize_split(s: &IterSplit, an: &Analyzer) -> Expr {
    let source = match &s.source.source {
        MarkSource::Expr(e) => e.clone(),
        MarkSource::Sum(sum) => normalize_sum(sum, an),
    };
    let mark_extent = &s.source.extent;
    if an.can_prove_equal(&s.extent, mark_extent) && is_const(&s.lower_factor, 1) {
        op(BinOp::Mul, &source, &s.scale)
    } else if an.can_prove_equal(mark_extent, &op(BinOp::Mul, &s.lower_factor, &s.extent)) {
        if is_const(&s.extent, 1) && !is_const(mark_extent, 1) {
            return int_imm(s.extent.dtype(), 0);
        }
        op(BinOp::Mul, &op(BinOp::FloorDiv, &source, &s.lower_factor), &s.scale)
    } else {
        let full = an.simplify(&op(BinOp::Mul, &s.extent, &s.lower_factor));
        op(BinOp::Mul, &op(BinOp::FloorDiv, &op(BinOp::FloorMod, &source, &full), &s.lower_factor), &s.scale)
    }
}

fn normalize_sum(s: &IterSum, an: &Analyzer) -> Expr {
    let mut res = int_imm(s.dtype(), 0);
    for a in &s.args {
        res = op(BinOp::Add, &res, &normalize_split(a, an));
    }
    op(BinOp::Add, &res, &s.base)
}

/// TVM's `NormalizeIterMapToExpr` of a sum: the ordinary expression it stands for.
pub fn normalize_iter_sum(s: &IterSum) -> Expr {
    normalize_sum(s, &Analyzer::new())
}

/// TVM's `NormalizeIterMapToExpr` of a split.
pub fn normalize_iter_split(s: &IterSplit) -> Expr {
    normalize_split(s, &Analyzer::new())
}

/// TVM's `IterMapSimplify`: the indices rewritten through their iterator map when
/// one is detected, else unchanged.
pub fn iter_map_simplify(indices: &[Expr], iters: &[(Var, Expr, Expr)], predicate: &Expr, level: IterMapLevel, simplify_trivial: bool) -> Vec<Expr> {
    if !ranges_independent(iters) {
        return indices.to_vec();
    }
    let mut res = detect_iter_map(indices, iters, predicate, level, simplify_trivial);
    if res.indices.is_empty() && !is_const(predicate, 1) && level != IterMapLevel::Bijective {
        res = detect_iter_map(indices, iters, &crate::ir::expr::bool_imm(true), level, simplify_trivial);
    }
    if res.indices.is_empty() {
        return indices.to_vec();
    }
    let mut an = Analyzer::new();
    for (v, min, ext) in iters {
        an.bind(v, min, ext);
    }
    res.indices.iter().map(|s| normalize_sum(s, &an)).collect()
}

/// TVM's `InverseAffineIterMap`: for a bijective map `iter_map` (from
/// [`detect_iter_map`]) and one value per index, the value of each input variable,
/// found by propagating the values back through sums and splits (marks shared by
/// several splits gather all their contributions first).
pub fn inverse_affine_iter_map(iter_map: &[IterSum], outputs: &[Expr]) -> Vec<(Var, Expr)> {
    // Marks in an order where every mark comes after the marks whose sources
    // refer to it (reverse post-order of the DFS from the outputs).
    fn visit(m: &IterMark, order: &mut Vec<IterMark>) {
        if order.iter().any(|k| Arc::ptr_eq(k, m)) {
            return;
        }
        if let MarkSource::Sum(s) = &m.source {
            for a in &s.args {
                visit(&a.source, order);
            }
        }
        order.push(m.clone());
    }
    let mut order: Vec<IterMark> = Vec::new();
    for s in iter_map {
        for a in &s.args {
            visit(&a.source, &mut order);
        }
    }
    order.reverse();
    let mut acc: Vec<Option<Expr>> = vec![None; order.len()];
    let mut inverse: Vec<(Var, Expr)> = Vec::new();
    let add = |slot: &mut Option<Expr>, v: Expr| {
        *slot = Some(match slot.take() {
            Some(x) => op(BinOp::Add, &x, &v),
            None => v,
        });
    };
    // A sum's value spread over its splits, each adding `value * lower_factor` to its mark.
    let spread = |sum: &IterSum, value: &Expr, acc: &mut Vec<Option<Expr>>| {
        let input = op(BinOp::Sub, value, &sum.base);
        let n = sum.args.len();
        for (i, split) in sum.args.iter().enumerate().rev() {
            let prop = if n == 1 {
                op(BinOp::Mul, &input, &split.scale)
            } else {
                let q = op(BinOp::FloorDiv, &input, &split.scale);
                if i > 0 { op(BinOp::FloorMod, &q, &split.extent) } else { q }
            };
            let contribution = op(BinOp::Mul, &prop, &split.lower_factor);
            if let Some(k) = order.iter().position(|m| Arc::ptr_eq(m, &split.source)) {
                add(&mut acc[k], contribution);
            }
        }
    };
    for (s, out) in iter_map.iter().zip(outputs) {
        spread(s, out, &mut acc);
    }
    for k in 0..order.len() {
        let value = acc[k].clone().unwrap_or_else(|| int_imm(order[k].extent.dtype(), 0));
        match &order[k].source {
            MarkSource::Sum(s) => spread(s, &value, &mut acc),
            MarkSource::Expr(e) => {
                if let Some(v) = e.as_object().clone().try_downcast::<VarNode>() {
                    inverse.push((v, value));
                }
            }
        }
    }
    inverse
}
