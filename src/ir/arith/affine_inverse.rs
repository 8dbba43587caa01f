//! Index expressions as sums of *splits* of bounded variables, and their
//! inverse: what an index map (`i -> (i // 4, i % 4)`, `(i, j) -> i * 128 + j`)
//! needs to be inverted, with the padding a non-divisible split adds.
//!
//! A split is `((x // lower) % extent) * scale` for an input `x` ranging over
//! `[0, n)` (the top split of `x` has `lower * extent >= n`, no modulus needed).
//! An expression is accepted when it is a constant plus splits built with `+`,
//! multiplication by a constant, and floor division / modulus by a constant that
//! fall on split boundaries. Only constant extents are handled: a map over
//! symbolic shapes is refused (`None`), as is anything else.

use crate::ir::{BinOp, DataType, Expr, Span, Var};

use super::simplify::Analyzer;

/// `((input // lower) % extent) * scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Which input variable (its position).
    pub input: usize,
    /// The divisor applied to the input.
    pub lower: i64,
    /// The modulus (the number of values the split takes).
    pub extent: i64,
    /// The multiplier of the split in the sum.
    pub scale: i64,
}

/// An expression as `base + sum(splits)`.
#[derive(Clone, Debug, Default)]
pub struct AffineForm {
    /// The splits added.
    pub splits: Vec<Split>,
    /// The constant added.
    pub base: i64,
}

impl AffineForm {
    /// The largest value the splits add to the base.
    fn span(&self) -> i64 {
        self.splits.iter().map(|s| (s.extent - 1) * s.scale).sum()
    }

    /// The extent the expression covers: the largest `extent * scale` of its
    /// splits (they are orthogonal), 1 for a constant.
    pub fn extent(&self) -> i64 {
        self.splits.iter().map(|s| s.extent * s.scale).max().unwrap_or(1)
    }
}

/// `e` as an affine form over `inputs` (variable address, extent).
pub fn affine_form(e: &Expr, inputs: &[(usize, i64)]) -> Option<AffineForm> {
    if let Some(c) = e.as_int() {
        return Some(AffineForm { splits: vec![], base: c });
    }
    let addr = e.as_object().addr();
    if let Some(k) = inputs.iter().position(|(a, _)| *a == addr) {
        let n = inputs[k].1;
        return Some(AffineForm { splits: vec![Split { input: k, lower: 1, extent: n, scale: 1 }], base: 0 });
    }
    if let Some(c) = e.as_object().downcast_ref::<crate::ir::expr::CastNode>() {
        return affine_form(&c.value, inputs);
    }
    let (op, a, b) = BinOp::operands(e.as_object())?;
    match op {
        BinOp::Add => {
            let (mut x, y) = (affine_form(a, inputs)?, affine_form(b, inputs)?);
            x.splits.extend(y.splits);
            x.base += y.base;
            Some(x)
        }
        BinOp::Sub => {
            let c = b.as_int()?;
            let mut x = affine_form(a, inputs)?;
            x.base -= c;
            Some(x)
        }
        BinOp::Mul => {
            let (x, c) = match (a.as_int(), b.as_int()) {
                (_, Some(c)) => (affine_form(a, inputs)?, c),
                (Some(c), _) => (affine_form(b, inputs)?, c),
                _ => return None,
            };
            if c <= 0 {
                return None;
            }
            Some(AffineForm { splits: x.splits.iter().map(|s| Split { scale: s.scale * c, ..*s }).collect(), base: x.base * c })
        }
        BinOp::FloorDiv => {
            let c = b.as_int().filter(|c| *c > 0)?;
            let x = affine_form(a, inputs)?;
            divide(&x, c, inputs)
        }
        BinOp::FloorMod => {
            let c = b.as_int().filter(|c| *c > 0)?;
            let x = affine_form(a, inputs)?;
            modulo(&x, c, inputs)
        }
        _ => None,
    }
}

fn is_top(s: &Split, inputs: &[(usize, i64)]) -> bool {
    s.lower * s.extent >= inputs[s.input].1
}

/// `x // c`.
fn divide(x: &AffineForm, c: i64, inputs: &[(usize, i64)]) -> Option<AffineForm> {
    if x.base != 0 {
        return None;
    }
    if let [s] = x.splits.as_slice() {
        if c % s.scale == 0 {
            // (split * scale) // c = split // (c / scale)
            let d = c / s.scale;
            if s.extent % d != 0 && !is_top(s, inputs) {
                return None;
            }
            let extent = (s.extent + d - 1) / d;
            return Some(AffineForm { splits: vec![Split { lower: s.lower * d, extent, scale: 1, ..*s }], base: 0 });
        }
    }
    // A fused sum: the splits of scale divisible by `c` keep their quotient, the
    // others must stay below `c`.
    let (high, low): (Vec<Split>, Vec<Split>) = x.splits.iter().partition(|s| s.scale % c == 0);
    let low = AffineForm { splits: low, base: 0 };
    if low.span() >= c {
        return None;
    }
    Some(AffineForm { splits: high.iter().map(|s| Split { scale: s.scale / c, ..*s }).collect(), base: 0 })
}

/// `x % c`.
fn modulo(x: &AffineForm, c: i64, inputs: &[(usize, i64)]) -> Option<AffineForm> {
    if x.base != 0 {
        return None;
    }
    if let [s] = x.splits.as_slice() {
        if s.scale == 1 {
            if s.extent <= c {
                return Some(x.clone());
            }
            if s.extent % c != 0 && !is_top(s, inputs) {
                return None;
            }
            return Some(AffineForm { splits: vec![Split { extent: c, ..*s }], base: 0 });
        }
    }
    let (_, low): (Vec<Split>, Vec<Split>) = x.splits.iter().partition(|s| s.scale % c == 0);
    let low = AffineForm { splits: low, base: 0 };
    if low.span() >= c {
        return None;
    }
    Some(low)
}

/// An inverse of index expressions.
pub struct Inverse {
    /// Each input in terms of the outputs.
    pub inputs: Vec<Expr>,
    /// Where an output is padding (no input maps to it); `None` when nowhere.
    pub padding: Option<Expr>,
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Result<Expr, String> {
    super::binary(op, a, b, Span::none()).map_err(|e| e.to_string())
}

fn konst(dtype: DataType, v: i64) -> Expr {
    crate::ir::int_imm(dtype, v)
}

/// The inverse of `finals` (over `inputs`, each `[0, extent)`), written in the
/// variables `outputs` (one per final expression). `bijective` refuses maps
/// whose image leaves gaps (padding); otherwise the padding is reported as a
/// predicate. An error says why the map is not invertible.
pub fn inverse(finals: &[Expr], inputs: &[(Var, i64)], outputs: &[Var], bijective: bool, an: &Analyzer) -> Result<Inverse, String> {
    let keys: Vec<(usize, i64)> = inputs.iter().map(|(v, n)| (v.as_ref_obj().addr(), *n)).collect();
    // Each input's splits, with the expression of its value in the outputs.
    let mut parts: Vec<Vec<(Split, Expr)>> = vec![vec![]; inputs.len()];
    for (j, e) in finals.iter().enumerate() {
        let form = affine_form(e, &keys).ok_or_else(|| "Could not normalize iterators".to_string())?;
        let mut splits = form.splits.clone();
        splits.sort_by_key(|s| s.scale);
        let y: Expr = outputs[j].clone().into();
        let dtype = y.dtype();
        let v = if form.base != 0 { bin(BinOp::Sub, y, konst(dtype, form.base))? } else { y };
        let mut expected = 1;
        for (k, s) in splits.iter().enumerate() {
            if s.scale != expected {
                return Err("Could not normalize iterators".into());
            }
            expected = s.scale * s.extent;
            let mut value = v.clone();
            if s.scale != 1 {
                value = bin(BinOp::FloorDiv, value, konst(dtype, s.scale))?;
            }
            if k + 1 < splits.len() {
                value = bin(BinOp::FloorMod, value, konst(dtype, s.extent))?;
            }
            parts[s.input].push((*s, value));
        }
    }
    let mut exprs = Vec::new();
    let mut padding: Option<Expr> = None;
    for (i, (var, n)) in inputs.iter().enumerate() {
        let mut ps = std::mem::take(&mut parts[i]);
        ps.sort_by_key(|(s, _)| s.lower);
        if ps.is_empty() {
            if *n == 1 {
                exprs.push(konst(var.dtype(), 0));
                continue;
            }
            return Err("Could not normalize iterators".into());
        }
        let mut expected = 1;
        for (s, _) in &ps {
            if s.lower != expected {
                return Err("Could not normalize iterators".into());
            }
            expected = s.lower * s.extent;
        }
        if expected < *n {
            return Err("Could not normalize iterators".into());
        }
        let mut sum: Option<Expr> = None;
        for (s, value) in &ps {
            let dtype = value.dtype();
            let term = if s.lower == 1 { value.clone() } else { bin(BinOp::Mul, value.clone(), konst(dtype, s.lower))? };
            sum = Some(match sum {
                None => term,
                Some(acc) => bin(BinOp::Add, term, acc)?,
            });
        }
        let sum = sum.expect("at least one split");
        exprs.push(an.simplify(&sum));
        if expected > *n {
            if bijective {
                return Err("Could not normalize iterators".into());
            }
            // Padding where the top split is at its last value and the rest reaches
            // past the input's end.
            let (top, top_value) = ps.last().expect("at least one split").clone();
            let dtype = top_value.dtype();
            let (q, r) = (n / top.lower, n % top.lower);
            let mut rest: Option<Expr> = None;
            for (s, value) in &ps[..ps.len() - 1] {
                let term = if s.lower == 1 { value.clone() } else { bin(BinOp::Mul, value.clone(), konst(dtype, s.lower))? };
                rest = Some(match rest {
                    None => term,
                    Some(acc) => bin(BinOp::Add, term, acc)?,
                });
            }
            let at_top = bin(BinOp::EQ, top_value, konst(dtype, q))?;
            let cond = match rest {
                Some(rest) if r > 0 => bin(BinOp::And, at_top, bin(BinOp::LE, konst(dtype, r), rest)?)?,
                _ => at_top,
            };
            padding = Some(match padding {
                None => cond,
                Some(p) => bin(BinOp::Or, p, cond)?,
            });
        }
    }
    Ok(Inverse { inputs: exprs, padding })
}
