//! Block read/write regions inferred the way TVM's `ScriptComplete` does for blocks
//! that do not declare them: accesses in the block (loop variables inside it
//! relaxed over their ranges, inner blocks through their bindings and regions),
//! one region per buffer in first-access order; a reduction block (one with an
//! init) does not read what it writes. An access to a buffer the block matches
//! (`C1 = T.match_buffer(C[vi, 0:16], ..)`) counts as an access to the matched
//! region of its source (`C[vi, 0:16]`), as TVM's detector records it; when the
//! source is one the block allocates itself, the access is the block's own.

use std::collections::{HashMap, HashSet};

use super::{MatchBufferRegion, SBlockNode, SBlockRealize, SBlockRealizeNode, DETECT_ACCESS};
use crate::ir::arith::{self, Operand};
use crate::dialects::tirx::frontend::linear::const_diff;
use crate::dialects::tirx::nodes::*;
use crate::ir::{
    self, int_imm, BinOp, Expr, MapResult, ObjectRef, Range, Result, Span, TensorLoadNode, Value, VarNode, WalkOrder,
};

/// Whether a statement contains a block.
pub fn contains_block(s: &Stmt) -> bool {
    let mut found = false;
    ir::pre_order_visit(&s.clone().into_object(), |n: &ObjectRef| {
        if n.is::<SBlockRealizeNode>() || n.is::<super::SBlockNode>() {
            found = true;
        }
        !found
    });
    found
}

/// Infer the regions of the blocks in `s` that asked for it (inner blocks first).
/// `outer` holds the buffers defined around `s` (the function's buffer parameters,
/// the root block's allocations). As in TVM 0.27's `ScriptComplete`, a block's
/// regions name only buffers in its scope: those defined around it and those of
/// the buffer declaration statements met so far (`T.decl_buffer` in its body
/// too: TVM never takes them out of scope), never ones it or an inner block
/// allocates or matches, nor ones declared without a definition (`A = T.Buffer(..)`).
pub fn complete(s: &Stmt, outer: &[Var]) -> Result<Stmt> {
    if !contains_block(s) {
        return Ok(s.clone());
    }
    let mut defined: HashSet<usize> = outer.iter().map(|b| b.as_ref_obj().addr()).collect();
    defined.extend(buffers_defined_in(s.as_object(), true));
    let out = ir::structural_map(
        s.clone().into_object(),
        |n: ObjectRef| -> Result<MapResult> {
            let Some(r) = n.downcast_ref::<SBlockRealizeNode>() else { return Ok(MapResult::Unchanged) };
            let detect = r
                .block
                .annotations
                .iter()
                .find(|(k, _)| k.as_str() == Some(DETECT_ACCESS))
                .and_then(|(_, v)| v.as_int());
            let Some(detect) = detect else { return Ok(MapResult::Unchanged) };
            let inside = buffers_defined_in(&r.block.as_ref_obj(), false);
            let scope: HashSet<usize> = defined.difference(&inside).copied().collect();
            let (reads, writes) = detect_regions(&r.block, scope);
            let mut block = (*r.block).clone();
            if detect & 1 != 0 {
                block.reads = reads;
            }
            if detect & 2 != 0 {
                block.writes = writes;
            }
            block.annotations = block.annotations.iter().filter(|(k, _)| k.as_str() != Some(DETECT_ACCESS)).cloned().collect();
            let mut rn = (*r).clone();
            rn.block = super::SBlock::new(block);
            Ok(MapResult::Replace(SBlockRealize::new(rn).as_ref_obj()))
        },
        WalkOrder::PostOrder,
    )?;
    Stmt::try_from_object(out)
}

/// The buffers a statement defines: blocks' allocations and matches, and with
/// `statements` the buffer declaration and allocation statements.
fn buffers_defined_in(s: &ObjectRef, statements: bool) -> HashSet<usize> {
    let mut out = HashSet::new();
    ir::pre_order_visit(s, |n: &ObjectRef| {
        if let Some(b) = n.downcast_ref::<SBlockNode>() {
            out.extend(b.alloc_buffers.iter().map(|v| v.as_ref_obj().addr()));
            out.extend(b.match_buffers.iter().map(|m| m.buffer.as_ref_obj().addr()));
        } else if !statements {
        } else if let Some(d) = n.downcast_ref::<DeclBufferNode>() {
            out.insert(d.buffer.as_ref_obj().addr());
        } else if let Some(a) = n.downcast_ref::<AllocBufferNode>() {
            out.insert(a.buffer.as_ref_obj().addr());
        }
        true
    });
    out
}

/// An interval `[lo, hi]` of an index.
#[derive(Clone)]
struct Interval {
    lo: Expr,
    hi: Expr,
}

struct Detector<'a> {
    /// Loop variables inside the block: their ranges `[lo, hi]`.
    relax: HashMap<usize, Interval>,
    /// Inner block iteration variables: their bindings.
    subst: HashMap<usize, Expr>,
    /// Buffers defined around the block: the only ones its regions name.
    scope: HashSet<usize>,
    /// Buffers the block matches: their match (target variable to source region).
    matched: HashMap<usize, MatchBufferRegion>,
    reads: Vec<(Var, Vec<Interval>)>,
    writes: Vec<(Var, Vec<Interval>)>,
    opaque: Vec<(Var, Vec<Interval>)>,
    _block: &'a SBlockNode,
}

use crate::ir::Var;

/// The regions a block accesses, inferred again (after a schedule primitive
/// changed its body); `visible` holds the buffers defined around it.
pub(crate) fn infer_block_regions(block: &SBlockNode, visible: &HashSet<usize>) -> (Vec<TensorRegion>, Vec<TensorRegion>) {
    let inside = buffers_defined_in(&super::SBlock::new(block.clone()).upcast(), false);
    detect_regions(block, visible.difference(&inside).copied().collect())
}

fn detect_regions(block: &SBlockNode, scope: HashSet<usize>) -> (Vec<TensorRegion>, Vec<TensorRegion>) {
    let mut d = Detector {
        relax: HashMap::new(),
        subst: HashMap::new(),
        scope,
        matched: block.match_buffers.iter().map(|m| (m.buffer.as_ref_obj().addr(), m.clone())).collect(),
        reads: vec![],
        writes: vec![],
        opaque: vec![],
        _block: block,
    };
    if let Some(init) = &block.init {
        d.stmt(init);
    }
    d.stmt(&block.body);
    let written: HashSet<usize> = d.writes.iter().map(|(b, _)| b.as_ref_obj().addr()).collect();
    let mut reads: Vec<TensorRegion> = vec![];
    for (b, iv) in &d.reads {
        if block.init.is_some() && written.contains(&b.as_ref_obj().addr()) {
            continue;
        }
        reads.push(region(b, iv));
    }
    let mut writes: Vec<TensorRegion> = d.writes.iter().map(|(b, iv)| region(b, iv)).collect();
    for (b, full) in &d.opaque {
        if !d.reads.iter().any(|(x, _)| x.ptr_eq(b)) {
            reads.push(region(b, full));
        }
        if !d.writes.iter().any(|(x, _)| x.ptr_eq(b)) {
            writes.push(region(b, full));
        }
    }
    (reads, writes)
}

fn full_intervals(b: &Var) -> Vec<Interval> {
    let bt = buffer_type(b).expect("buffer");
    bt.shape
        .iter()
        .map(|s| Interval { lo: int_imm(s.dtype(), 0), hi: sub_const(s, 1) })
        .collect()
}

fn sub_const(e: &Expr, c: i64) -> Expr {
    arith::binary(BinOp::Sub, Operand::Expr(e.clone()), Operand::Int(c), Span::none()).unwrap_or_else(|_| e.clone())
}

fn region(b: &Var, ivs: &[Interval]) -> TensorRegion {
    let ranges = ivs
        .iter()
        .map(|iv| {
            let extent = match const_diff(&iv.lo, &iv.hi) {
                Some(c) => int_imm(iv.lo.dtype(), c + 1),
                // TVM's cover range: `hi + 1 - lo`.
                None => {
                    let end = arith::binary(BinOp::Add, Operand::Expr(iv.hi.clone()), Operand::Int(1), Span::none())
                        .unwrap_or_else(|_| iv.hi.clone());
                    let extent = arith::binary(BinOp::Sub, Operand::Expr(end), Operand::Expr(iv.lo.clone()), Span::none())
                        .unwrap_or_else(|_| iv.hi.clone());
                    arith::simplify::Analyzer::default().simplify(&extent)
                }
            };
            Range::from_min_extent(iv.lo.clone(), extent, Span::none())
        })
        .collect();
    buffer_region(b, ranges, Span::none()).expect("region of the buffer's rank")
}

impl Detector<'_> {
    fn stmt(&mut self, s: &Stmt) {
        if let Some(f) = s.downcast_ref::<ForNode>() {
            self.expr(&f.min);
            self.expr(&f.extent);
            let lo = self.apply(&f.min);
            let ext = self.apply(&f.extent);
            let hi = arith::binary(BinOp::Add, Operand::Expr(lo.clone()), Operand::Expr(sub_const(&ext, 1)), Span::none()).unwrap_or(lo.clone());
            let lo_i = self.interval(&lo);
            let hi_i = self.interval(&hi);
            self.relax.insert(f.loop_var.as_ref_obj().addr(), Interval { lo: lo_i.lo, hi: hi_i.hi });
            self.stmt(&f.body);
            return;
        }
        if let Some(r) = s.downcast_ref::<SBlockRealizeNode>() {
            for v in &r.iter_values {
                self.expr(v);
            }
            let values: Vec<Expr> = r.iter_values.iter().map(|v| self.apply(v)).collect();
            for (iv, v) in r.block.iter_vars.iter().zip(values) {
                self.subst.insert(iv.var.as_ref_obj().addr(), v);
            }
            for rg in &r.block.reads {
                self.region_access(rg, false);
            }
            for rg in &r.block.writes {
                self.region_access(rg, true);
            }
            return;
        }
        if let Some(st) = s.downcast_ref::<BufferStoreNode>() {
            self.expr(&st.value);
            for i in &st.indices {
                self.expr(i);
            }
            let ivs = self.index_intervals(&st.buffer, &st.indices);
            self.access(&st.buffer, ivs, true);
            return;
        }
        // Other statements: visit every field.
        self.fields(s.as_object());
    }

    fn fields(&mut self, o: &ObjectRef) {
        for v in o.fields() {
            self.value(&v);
        }
    }

    fn value(&mut self, v: &Value) {
        match v {
            Value::Object(o) => {
                if o.isinstance(stmt_info()) {
                    self.stmt(&Stmt(o.clone()));
                } else if o.isinstance(ir::expr_info()) {
                    self.expr(&Expr(o.clone()));
                } else {
                    self.fields(o);
                }
            }
            Value::Array(items) => items.iter().for_each(|x| self.value(x)),
            Value::Map(m) => m.iter().for_each(|(_, x)| self.value(x)),
            _ => {}
        }
    }

    fn expr(&mut self, e: &Expr) {
        if let Some(l) = e.downcast_ref::<TensorLoadNode>() {
            // The load's own region first, then the loads in its indices (as TVM's
            // detector records `A[B[i]]`: A, then B).
            if let Some(buf) = l.source.as_object().try_downcast::<VarNode>() {
                let ivs = self.index_intervals(&buf, &l.indices);
                self.access(&buf, ivs, false);
            }
            for i in &l.indices {
                self.expr(i);
            }
            return;
        }
        if let Some(v) = e.downcast_ref::<VarNode>() {
            if buffer_type(v).is_some()
                && let Some(b) = e.as_object().try_downcast::<VarNode>()
            {
                let full = full_intervals(&b);
                self.record(b, full, Access::Opaque);
            }
            return;
        }
        if e.is::<ir::OpNode>() {
            return;
        }
        if let Some(c) = e.downcast_ref::<ir::CallNode>()
            && c.op.downcast_ref::<ir::OpNode>().is_some_and(|o| &*o.name == "tirx.tvm_access_ptr")
        {
            self.access_ptr(c);
            return;
        }
        for v in e.fields() {
            match &v {
                // Types do not access buffers.
                Value::Object(o) if o.isinstance(ir::type_info()) => {}
                other => self.value(other),
            }
        }
    }

    /// `T.tvm_access_ptr(ty, data, offset, extent, mask)`: the whole buffer, read
    /// (mask 1), written (mask 2) or opaque (both); a pointer that is not a buffer's
    /// data, or a mask that is not a constant, is an ordinary call.
    fn access_ptr(&mut self, c: &ir::CallNode) {
        let data = c.args.get(1).and_then(|d| match d.downcast_ref::<ir::CallNode>() {
            Some(inner) if inner.op.downcast_ref::<ir::OpNode>().is_some_and(|o| &*o.name == "tirx.buffer_data") => inner.args.first().cloned(),
            _ => Some(d.clone()),
        });
        let buf = data.and_then(|d| d.as_object().clone().try_downcast::<VarNode>()).filter(|b| buffer_type(b).is_some());
        let mask = c.args.get(4).and_then(|m| m.as_int());
        let (Some(buf), Some(mask)) = (buf, mask) else {
            for a in &c.args {
                self.expr(a);
            }
            return;
        };
        let full = full_intervals(&buf);
        let kind = match mask & 3 {
            3 => Access::Opaque,
            1 => Access::Read,
            2 => Access::Write,
            _ => return,
        };
        self.record(buf, full, kind);
    }

    fn region_access(&mut self, rg: &TensorRegion, write: bool) {
        let Some(buf) = rg.source.as_object().try_downcast::<VarNode>() else { return };
        let ivs: Vec<Interval> = rg
            .region
            .iter()
            .map(|r| {
                let lo = self.apply(&r.min);
                let ext = self.apply(&r.extent);
                let hi = arith::binary(BinOp::Add, Operand::Expr(lo.clone()), Operand::Expr(sub_const(&ext, 1)), Span::none()).unwrap_or(lo.clone());
                let a = self.interval(&lo);
                let b = self.interval(&hi);
                Interval { lo: a.lo, hi: b.hi }
            })
            .collect();
        self.access(&buf, ivs, write);
    }

    fn access(&mut self, buf: &Var, ivs: Vec<Interval>, write: bool) {
        self.record(buf.clone(), ivs, if write { Access::Write } else { Access::Read });
    }

    /// Record an access, one region per buffer (the union of its accesses); an
    /// access to a matched buffer is one to its source region.
    fn record(&mut self, buf: Var, ivs: Vec<Interval>, kind: Access) {
        let (buf, ivs) = match self.matched.get(&buf.as_ref_obj().addr()) {
            Some(m) => match source_access(m, &ivs) {
                Some(mapped) => mapped,
                None => return,
            },
            None => (buf, ivs),
        };
        if !self.scope.contains(&buf.as_ref_obj().addr()) {
            return;
        }
        let list = match kind {
            Access::Read => &mut self.reads,
            Access::Write => &mut self.writes,
            Access::Opaque => {
                if !self.opaque.iter().any(|(b, _)| b.ptr_eq(&buf)) {
                    self.opaque.push((buf, ivs));
                }
                return;
            }
        };
        match list.iter_mut().find(|(b, _)| b.ptr_eq(&buf)) {
            Some((_, old)) => {
                for (o, n) in old.iter_mut().zip(ivs) {
                    o.lo = pick(&o.lo, &n.lo, BinOp::Min);
                    o.hi = pick(&o.hi, &n.hi, BinOp::Max);
                }
            }
            None => list.push((buf, ivs)),
        }
    }

    /// Substitute inner block iteration variables by their bindings.
    fn apply(&self, e: &Expr) -> Expr {
        if self.subst.is_empty() {
            return e.clone();
        }
        let subst = &self.subst;
        let out = ir::structural_map(
            e.clone().into_object(),
            |n: ObjectRef| -> Result<MapResult> {
                if n.is::<VarNode>()
                    && let Some(v) = subst.get(&n.addr())
                {
                    return Ok(MapResult::ReplaceAndSkip(v.clone().into_object()));
                }
                Ok(MapResult::Unchanged)
            },
            WalkOrder::PreOrder,
        );
        match out {
            Ok(o) => refold(&Expr(o)),
            Err(_) => e.clone(),
        }
    }

    /// The interval of an index with the block's inner loop variables relaxed.
    fn interval(&self, e: &Expr) -> Interval {
        if !self.depends(e) {
            return Interval { lo: e.clone(), hi: e.clone() };
        }
        if let Some(iv) = e.as_var().and_then(|_| self.relax.get(&e.as_object().addr())) {
            return iv.clone();
        }
        let bin = |op, a: &Expr, b: &Expr| arith::binary(op, Operand::Expr(a.clone()), Operand::Expr(b.clone()), Span::none()).unwrap_or_else(|_| a.clone());
        if let Some((op, a, b)) = BinOp::operands(e.as_object()) {
            let (x, y) = (self.interval(a), self.interval(b));
            match op {
                BinOp::Add => return Interval { lo: bin(BinOp::Add, &x.lo, &y.lo), hi: bin(BinOp::Add, &x.hi, &y.hi) },
                BinOp::Sub => return Interval { lo: bin(BinOp::Sub, &x.lo, &y.hi), hi: bin(BinOp::Sub, &x.hi, &y.lo) },
                BinOp::Mul => {
                    if let Some(c) = b.as_int() {
                        let (l, h) = (bin(BinOp::Mul, &x.lo, b), bin(BinOp::Mul, &x.hi, b));
                        return if c >= 0 { Interval { lo: l, hi: h } } else { Interval { lo: h, hi: l } };
                    }
                    if let Some(c) = a.as_int() {
                        let (l, h) = (bin(BinOp::Mul, a, &y.lo), bin(BinOp::Mul, a, &y.hi));
                        return if c >= 0 { Interval { lo: l, hi: h } } else { Interval { lo: h, hi: l } };
                    }
                }
                BinOp::FloorDiv if b.as_int().is_some_and(|c| c > 0) => {
                    return Interval { lo: bin(BinOp::FloorDiv, &x.lo, b), hi: bin(BinOp::FloorDiv, &x.hi, b) };
                }
                BinOp::FloorMod if b.as_int().is_some_and(|c| c > 0) => {
                    let c = b.as_int().unwrap_or(1);
                    return Interval { lo: int_imm(e.dtype(), 0), hi: int_imm(e.dtype(), c - 1) };
                }
                BinOp::Min => return Interval { lo: bin(BinOp::Min, &x.lo, &y.lo), hi: bin(BinOp::Min, &x.hi, &y.hi) },
                BinOp::Max => return Interval { lo: bin(BinOp::Max, &x.lo, &y.lo), hi: bin(BinOp::Max, &x.hi, &y.hi) },
                _ => {}
            }
        }
        // Unknown shapes of dependence: the expression itself (a conservative point).
        Interval { lo: e.clone(), hi: e.clone() }
    }

    /// The intervals of an access's indices. An index TVM's set evaluator cannot
    /// follow (a call, a float load, a load at a relaxed index) has the bounds its
    /// enclosing `min`/`max` give it; a side left unbounded covers the whole dimension.
    fn index_intervals(&self, buf: &Var, indices: &[Expr]) -> Vec<Interval> {
        let mut full: Option<Vec<Interval>> = None;
        indices
            .iter()
            .enumerate()
            .map(|(k, i)| {
                let e = self.apply(i);
                if !self.opaque_to_sets(&e) {
                    return self.interval(&e);
                }
                let (lo, hi) = self.bounds(&e);
                match (lo, hi) {
                    (Some(lo), Some(hi)) => Interval { lo, hi },
                    _ => full.get_or_insert_with(|| full_intervals(buf))[k].clone(),
                }
            })
            .collect()
    }

    /// Whether `e` holds a node TVM's interval evaluator takes as unbounded.
    fn opaque_to_sets(&self, e: &Expr) -> bool {
        let mut found = false;
        ir::pre_order_visit(&e.clone().into_object(), |n: &ObjectRef| {
            if found {
                return false;
            }
            if let Some(c) = n.downcast_ref::<ir::CallNode>() {
                found = !is_vscale(c);
            } else if let Some(l) = n.downcast_ref::<TensorLoadNode>() {
                let dt = Expr(n.clone()).dtype();
                found = !(dt.is_int() || dt.is_uint()) || l.indices.iter().any(|i| self.depends(i));
            }
            !found
        });
        found
    }

    /// Lower and upper bounds of `e` (`None`: unbounded), as TVM's `EvalSet`.
    fn bounds(&self, e: &Expr) -> (Option<Expr>, Option<Expr>) {
        if !self.opaque_to_sets(e) {
            let iv = self.interval(e);
            return (Some(iv.lo), Some(iv.hi));
        }
        let bin = |op, a: &Expr, b: &Expr| arith::binary(op, Operand::Expr(a.clone()), Operand::Expr(b.clone()), Span::none()).ok();
        let both = |op, a: &Option<Expr>, b: &Option<Expr>| match (a, b) {
            (Some(a), Some(b)) => bin(op, a, b),
            _ => None,
        };
        if let Some(c) = e.downcast_ref::<ir::CastNode>() {
            let (lo, hi) = self.bounds(&c.value);
            let cast = |v: Option<Expr>| v.and_then(|v| arith::cast(e.dtype(), v, Span::none()).ok());
            return (cast(lo), cast(hi));
        }
        if let Some(sel) = e.downcast_ref::<ir::SelectNode>() {
            let (a, b) = (self.bounds(&sel.true_value), self.bounds(&sel.false_value));
            let lo = match (&a.0, &b.0) {
                (Some(x), Some(y)) => Some(pick(x, y, BinOp::Min)),
                _ => None,
            };
            let hi = match (&a.1, &b.1) {
                (Some(x), Some(y)) => Some(pick(x, y, BinOp::Max)),
                _ => None,
            };
            return (lo, hi);
        }
        let Some((op, a, b)) = BinOp::operands(e.as_object()) else {
            return (None, None);
        };
        let (x, y) = (self.bounds(a), self.bounds(b));
        match op {
            BinOp::Add => (both(BinOp::Add, &x.0, &y.0), both(BinOp::Add, &x.1, &y.1)),
            BinOp::Sub => (both(BinOp::Sub, &x.0, &y.1), both(BinOp::Sub, &x.1, &y.0)),
            BinOp::Mul | BinOp::FloorDiv if b.as_int().is_some_and(|c| c != 0) => {
                let c = b.as_int().unwrap_or(1);
                let (l, h) = (x.0.and_then(|v| bin(op, &v, b)), x.1.and_then(|v| bin(op, &v, b)));
                if c > 0 { (l, h) } else { (h, l) }
            }
            BinOp::FloorMod if b.as_int().is_some_and(|c| c > 0) => {
                (Some(int_imm(e.dtype(), 0)), Some(int_imm(e.dtype(), b.as_int().unwrap_or(1) - 1)))
            }
            BinOp::Min => {
                let hi = match (&x.1, &y.1) {
                    (Some(p), Some(q)) => Some(pick(p, q, BinOp::Min)),
                    (Some(p), None) | (None, Some(p)) => Some(p.clone()),
                    _ => None,
                };
                (both(BinOp::Min, &x.0, &y.0), hi)
            }
            BinOp::Max => {
                let lo = match (&x.0, &y.0) {
                    (Some(p), Some(q)) => Some(pick(p, q, BinOp::Max)),
                    (Some(p), None) | (None, Some(p)) => Some(p.clone()),
                    _ => None,
                };
                (lo, both(BinOp::Max, &x.1, &y.1))
            }
            _ => (None, None),
        }
    }

    fn depends(&self, e: &Expr) -> bool {
        if self.relax.is_empty() {
            return false;
        }
        let mut found = false;
        ir::pre_order_visit(&e.clone().into_object(), |n: &ObjectRef| {
            if n.is::<VarNode>() && self.relax.contains_key(&n.addr()) {
                found = true;
            }
            !found
        });
        found
    }
}

#[derive(Clone, Copy)]
enum Access {
    Read,
    Write,
    Opaque,
}

/// The source buffer and region of an access to a matched buffer (TVM's
/// `ConvertRegion`): the source's leading dimensions beyond the matched rank are
/// points at their minimum, the others are offset by the source region's minimum.
fn source_access(m: &MatchBufferRegion, ivs: &[Interval]) -> Option<(Var, Vec<Interval>)> {
    let src = m.source.source.as_object().try_downcast::<VarNode>()?;
    let region = &m.source.region;
    let lead = region.len().checked_sub(ivs.len())?;
    let add = |a: &Expr, b: &Expr| {
        arith::binary(BinOp::Add, Operand::Expr(a.clone()), Operand::Expr(b.clone()), Span::none()).unwrap_or_else(|_| a.clone())
    };
    let mut out: Vec<Interval> = region[..lead].iter().map(|r| Interval { lo: r.min.clone(), hi: r.min.clone() }).collect();
    for (r, iv) in region[lead..].iter().zip(ivs) {
        out.push(Interval { lo: add(&r.min, &iv.lo), hi: add(&r.min, &iv.hi) });
    }
    Some((src, out))
}

fn is_vscale(c: &ir::CallNode) -> bool {
    c.op.as_object().downcast_ref::<ir::OpNode>().is_some_and(|o| &*o.name == "prim.vscale")
}

/// Rebuild arithmetic after substitution so constants fold as TVM's simplifier would.
fn refold(e: &Expr) -> Expr {
    if let Some((op, a, b)) = BinOp::operands(e.as_object()) {
        let (a, b) = (refold(a), refold(b));
        return arith::binary(op, Operand::Expr(a), Operand::Expr(b), Span::none()).unwrap_or_else(|_| e.clone());
    }
    e.clone()
}

/// The smaller (`Min`) or larger (`Max`) of two bounds when their difference is known.
fn pick(a: &Expr, b: &Expr, op: BinOp) -> Expr {
    match const_diff(a, b) {
        Some(d) => {
            let b_is_larger = d > 0;
            if (op == BinOp::Max) == b_is_larger { b.clone() } else { a.clone() }
        }
        None => arith::binary(op, Operand::Expr(a.clone()), Operand::Expr(b.clone()), Span::none()).unwrap_or_else(|_| a.clone()),
    }
}

/// Well-formedness: a block with iteration variables must not use the variables of
/// the loops around it directly.
pub fn check_outer_loop_use(body: &Stmt) -> Option<(String, Option<ir::Span>)> {
    fn walk(s: &ObjectRef, loops: &mut Vec<usize>, out: &mut Option<(String, Option<ir::Span>)>) {
        if out.is_some() {
            return;
        }
        if let Some(f) = s.downcast_ref::<ForNode>() {
            loops.push(f.loop_var.as_ref_obj().addr());
            walk(f.body.as_object(), loops, out);
            loops.pop();
            return;
        }
        if let Some(r) = s.downcast_ref::<SBlockRealizeNode>() {
            if !r.block.iter_vars.is_empty() {
                let outer: HashSet<usize> = loops.iter().copied().collect();
                let mut bad = None;
                let check = |o: &ObjectRef, bad: &mut Option<(String, Option<ir::Span>)>| {
                    ir::pre_order_visit(o, |n: &ObjectRef| {
                        if bad.is_none()
                            && let Some(v) = n.downcast_ref::<VarNode>()
                            && outer.contains(&n.addr())
                        {
                            let var = n.addr();
                            // The statement of the body that reads it, else the block.
                            let span = ir::innermost_span(o, &|m: &ObjectRef| m.addr() == var)
                                .or_else(|| Some(s.span().clone()).filter(|sp| !sp.is_none()));
                            *bad = Some((
                                format!("Block {} uses the outer loop variable {} directly instead of an iteration variable", r.block.name_hint, v.name),
                                span,
                            ));
                        }
                        bad.is_none()
                    });
                };
                check(r.block.body.as_object(), &mut bad);
                if let Some(i) = &r.block.init {
                    check(i.as_object(), &mut bad);
                }
                if bad.is_some() {
                    *out = bad;
                    return;
                }
                let mut inner = vec![];
                walk(r.block.body.as_object(), &mut inner, out);
                return;
            }
            walk(r.block.body.as_object(), loops, out);
            return;
        }
        for v in s.fields() {
            walk_value(&v, loops, out);
        }
    }
    fn walk_value(v: &Value, loops: &mut Vec<usize>, out: &mut Option<(String, Option<ir::Span>)>) {
        match v {
            Value::Object(o) if o.isinstance(stmt_info()) => walk(o, loops, out),
            Value::Array(items) => items.iter().for_each(|x| walk_value(x, loops, out)),
            _ => {}
        }
    }
    let mut out = None;
    walk(body.as_object(), &mut vec![], &mut out);
    out
}
