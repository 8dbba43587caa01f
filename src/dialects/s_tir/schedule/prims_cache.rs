//! `cache_read` and `cache_write`: a copy stage between a buffer and a new one
//! under another storage scope (`A_shared`), placed where TVM 0.27's
//! `CacheLocDetector` puts it (after the writer, before the first related block,
//! under their lowest common loop), over the region relaxed up to that place;
//! the cache is compact (the region's extents) when it is placed at block level
//! with every reader under that block, else the full buffer.

use std::collections::HashSet;

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{
    buffer_region, buffer_type, BufferStore, BufferStoreNode, BufferTypeNode, For, ForKind, ForNode, IterVar, IterVarNode, IterVarType, SeqStmt, SeqStmtNode,
    Stmt, TensorRegion,
};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{arith, BinOp, DataType, Error, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Type, Var, VarNode};

use super::error::{fail, SchResult};
use super::prims_inline::{region_buffer, scope_blocks, scope_root};
use super::prims_location::{nth_write_buffer, valid_storage_scope, with_scope};
use super::region::{bindings, loop_domain, realize_of, relax_region};
use super::state::{SRefId, ScheduleState};

/// The buffer of the `n`-th read region (TVM's `GetNthAccessBuffer` with `kRead`).
pub fn nth_read_buffer(block: &SBlock, n: i64) -> SchResult<Var> {
    let region = usize::try_from(n).ok().and_then(|i| block.reads.get(i));
    match region.and_then(|r| r.source.as_object().try_downcast::<VarNode>()) {
        Some(v) => Ok(v),
        None => fail(
            "The input `buffer_index` is out of range. It is required to be in range [0, num_read_regions) where `num_read_regions` is the number of buffer regions read by the block.",
            format!(
                "The block {{0}} has {} read regions, so `buffer_index` is required to be in [0, {}). However, the input `buffer_index` is {n}, which is out of the expected range.",
                block.reads.len(),
                block.reads.len()
            ),
            vec![block.clone().upcast()],
        ),
    }
}

pub(super) fn check_scope(scope: &str) -> SchResult<()> {
    if !valid_storage_scope(scope) {
        return fail("The input storage scope is invalid", format!("The input storage scope \"{scope}\" is invalid."), vec![]);
    }
    Ok(())
}

/// The blocks of the scope writing `buffer`: none, or the only one (TVM's `GetOnlyWriteBlock`).
pub(super) fn only_writer(root: &SBlock, buffer: &Var) -> SchResult<Option<SBlock>> {
    let addr = buffer.as_ref_obj().addr();
    let writers: Vec<SBlock> = scope_blocks(root).into_iter().filter(|b| b.writes.iter().any(|w| region_buffer(w) == addr)).collect();
    if writers.len() > 1 {
        return fail(
            "The buffer is allowed to be written by single block.",
            format!("The buffer {} is expected to be written by single block, but got {} blocks who write it.", buffer.name, writers.len()),
            writers.into_iter().map(|b| b.upcast()).collect(),
        );
    }
    Ok(writers.into_iter().next())
}

/// The blocks under a statement (not the statement itself), nested ones included.
pub(super) fn blocks_under(s: &ObjectRef) -> Vec<SBlock> {
    let mut out = Vec::new();
    crate::ir::map::pre_order_visit(s, |n| {
        if !n.same_as(s)
            && let Some(b) = n.clone().try_downcast::<SBlockNode>()
        {
            out.push(b);
        }
        true
    });
    out
}

/// TVM's `CacheLocDetector`: the statement (a loop or the scope block) under which
/// the stage goes, and its position there.
struct LocDetector<'a> {
    scope: &'a SBlock,
    block: Option<&'a SBlock>,
    related: &'a [SBlock],
    visited_block: bool,
    visited_related: bool,
    loc: Option<ObjectRef>,
    pos: i64,
}

impl LocDetector<'_> {
    fn visit(&mut self, s: &ObjectRef) {
        if let Some(seq) = s.downcast_ref::<SeqStmtNode>() {
            let prev = self.visited_block;
            self.visited_block = false;
            for (i, x) in seq.seq.iter().enumerate() {
                if self.pos != -1 {
                    break;
                }
                self.visit(x.as_object());
                if self.visited_block && self.visited_related && self.pos == -1 {
                    self.pos = i as i64;
                    break;
                } else if self.visited_related {
                    break;
                }
            }
            self.visited_block = self.visited_block || prev;
        } else if let Some(b) = s.downcast_ref::<SBlockNode>() {
            if std::ptr::eq(b, &**self.scope) {
                if let Some(init) = &b.init {
                    self.visit(init.as_object());
                }
                self.visit(b.body.as_object());
                if self.visited_related && self.loc.is_none() {
                    self.loc = Some(s.clone());
                    if !self.visited_block && self.pos == -1 {
                        self.pos = 0;
                    }
                }
                return;
            }
            if self.block.is_some_and(|x| std::ptr::eq(b, &**x)) {
                self.visited_block = true;
                return;
            }
            if self.related.iter().any(|x| std::ptr::eq(b, &**x)) {
                self.visited_related = true;
            }
        } else if let Some(l) = s.downcast_ref::<ForNode>() {
            self.visit(l.body.as_object());
            if self.visited_block && self.visited_related && self.loc.is_none() && self.pos != -1 {
                self.loc = Some(s.clone());
            }
        } else if let Some(r) = s.downcast_ref::<SBlockRealizeNode>() {
            self.visit(&r.block.as_ref_obj());
        } else {
            // Other statements: the loops, blocks and sequences right below them.
            let mut kids: Vec<ObjectRef> = Vec::new();
            crate::ir::map::pre_order_visit(s, |n| {
                if n.same_as(s) {
                    return true;
                }
                if n.is::<SeqStmtNode>() || n.is::<ForNode>() || n.is::<SBlockRealizeNode>() || n.is::<SBlockNode>() {
                    kids.push(n.clone());
                    return false;
                }
                true
            });
            for k in kids {
                self.visit(&k);
            }
        }
    }
}

/// `stage` inserted at `pos` among the statements of `body`.
pub(super) fn insert_stage(body: &Stmt, pos: usize, stage: &Stmt) -> Stmt {
    let mut seq: Vec<Stmt> = match body.as_object().downcast_ref::<SeqStmtNode>() {
        Some(s) => s.seq.clone(),
        None => vec![body.clone()],
    };
    seq.insert(pos.min(seq.len()), stage.clone());
    SeqStmt::new(SeqStmtNode { seq, span: Span::none() }).into()
}

/// The copy stage: loops `ax*` over the region, block `{buffer}_{scope}` copying
/// `src` into `dst` (TVM's `MakeCacheStage`). `reading` says the region is of
/// `src` (cache_read) rather than of `dst`.
fn make_stage(region: &[Range], src: &Var, dst: &Var, name: &str, full: bool, reading: bool, shape: &[Expr]) -> SchResult<(Stmt, SBlock)> {
    let mut loop_vars = Vec::new();
    let mut values = Vec::new();
    for r in region {
        let v = Var::scalar(&format!("ax{}", loop_vars.len()), r.extent.dtype());
        values.push(if full { arith::binary(BinOp::Add, r.min.clone(), Expr::from(v.clone()), Span::none())? } else { Expr::from(v.clone()) });
        loop_vars.push(v);
    }
    let (mut iter_vars, mut src_idx, mut dst_idx) = (Vec::new(), Vec::new(), Vec::new());
    for (i, r) in region.iter().enumerate() {
        let v = Var::scalar(&format!("v{i}"), r.extent.dtype());
        let ve: Expr = v.clone().into();
        let dom = if full {
            let dim = &shape[i];
            Range::from_min_extent(arith::make_const_int(dim.dtype(), 0, Span::none())?, dim.clone(), Span::none())
        } else {
            Range::from_min_extent(arith::make_const_int(r.extent.dtype(), 0, Span::none())?, r.extent.clone(), Span::none())
        };
        iter_vars.push(IterVar::new(IterVarNode { dom: Some(dom), var: v, iter_type: IterVarType::DataPar, thread_tag: String::new(), span: Span::none() }));
        let shifted = if full { ve.clone() } else { arith::binary(BinOp::Add, r.min.clone(), ve.clone(), Span::none())? };
        if reading {
            src_idx.push(shifted);
            dst_idx.push(ve);
        } else {
            dst_idx.push(shifted);
            src_idx.push(ve);
        }
    }
    let one = |e: &Expr| Range::from_min_extent(e.clone(), arith::make_const_int(e.dtype(), 1, Span::none()).unwrap(), Span::none());
    let reads = vec![buffer_region(src, src_idx.iter().map(one).collect(), Span::none())?];
    let writes = vec![buffer_region(dst, dst_idx.iter().map(one).collect(), Span::none())?];
    let dtype = buffer_type(src).map(|b| b.dtype.dtype).unwrap_or(DataType::FLOAT32);
    let load = TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: src.clone().into(), indices: src_idx, span: Span::none() });
    let body: Stmt = BufferStore::new(BufferStoreNode { buffer: dst.clone(), value: load.into(), indices: dst_idx, span: Span::none() }).into();
    let block = SBlock::new(SBlockNode {
        iter_vars,
        reads,
        writes,
        name_hint: name.to_string(),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: std::sync::Arc::from(Vec::new()),
        init: None,
        body,
        span: Span::none(),
    });
    let mut stmt: Stmt = SBlockRealize::new(SBlockRealizeNode {
        iter_values: values,
        predicate: arith::make_const_int(DataType::bool(), 1, Span::none())?,
        block: block.clone(),
        span: Span::none(),
    })
    .into();
    for (v, r) in loop_vars.into_iter().zip(region).rev() {
        stmt = For::new(ForNode {
            loop_var: v,
            min: arith::make_const_int(r.extent.dtype(), 0, Span::none())?,
            extent: r.extent.clone(),
            kind: ForKind::Serial,
            body: stmt,
            thread_binding: None,
            annotations: std::sync::Arc::from(Vec::new()),
            step: None,
            span: Span::none(),
        })
        .into();
    }
    Ok((stmt, block))
}

/// A region of `block`'s realize relaxed over the loops from its parent up to
/// `loc` (exclusive), covered by ranges within the buffer's shape.
pub(super) fn relax_up_to(
    state: &mut ScheduleState,
    func: &str,
    root: &SBlock,
    block: &SBlock,
    region: &TensorRegion,
    loc: &ObjectRef,
    extra_predicate: Option<&Expr>,
) -> SchResult<Vec<Range>> {
    let id = state.sref_of(func, &block.clone().into());
    let mut path = state.ancestors(id)?;
    path.pop();
    let high = path.iter().position(|s| s.same_as(loc)).unwrap_or(0);
    let mut dom = loop_domain(&path, high, None);
    let realize = realize_of(&root.clone().upcast(), block).ok_or_else(|| Error::value_error("the block has no realize"))?;
    let an = Analyzer::new();
    // The realize's predicate (and a nested block's) bounds the loops it compares.
    let mut predicate = realize.predicate.clone();
    if let Some(p) = extra_predicate {
        predicate = arith::binary(BinOp::And, predicate, p.clone(), Span::none())?;
    }
    let predicate = Expr::try_from_object(super::prims_inline::substitute(predicate.into_object(), &bindings(&realize))?)?;
    tighten_by_predicate(&mut dom, &predicate, &an);
    let mut sets = relax_region(region, &bindings(&realize), &dom, &an)?;
    // A conjunct bounding a point index itself (`i * 8 + j < 120`) bounds that dimension.
    let mut bounds = Vec::new();
    predicate_bounds(&predicate, &mut bounds);
    for (set, r) in sets.iter_mut().zip(&region.region) {
        if r.extent.as_int() != Some(1) {
            continue;
        }
        let index = Expr::try_from_object(super::prims_inline::substitute(r.min.clone().into_object(), &bindings(&realize))?)?;
        for (e, lo, hi) in &bounds {
            if !e.as_object().is::<VarNode>() && crate::ir::structural_equal(e, &index, false) {
                *set = bounded(set, index.dtype(), *lo, *hi, &an);
            }
        }
    }
    let buf = region.source.as_object().clone().try_downcast::<VarNode>().ok_or_else(|| Error::type_error("a buffer"))?;
    let shape = buffer_type(&buf)
        .map(|b| b.shape.clone())
        .unwrap_or_default();
    Ok(sets
        .iter()
        .zip(&shape)
        .map(|(s, dim)| s.cover_range(&full_range(dim), &an))
        .collect())
}

/// `[0, dim)` with an `int32` zero, as TVM's `Range::FromMinExtent(0, dim)` makes it.
fn full_range(dim: &Expr) -> Range {
    Range::from_min_extent(arith::make_const_int(DataType::int(32), 0, Span::none()).unwrap(), dim.clone(), Span::none())
}

pub(super) fn full_region(buffer: &Var) -> Vec<Range> {
    buffer_type(buffer).map(|b| b.shape.iter().map(full_range).collect()).unwrap_or_default()
}

/// The conjuncts of `predicate` that bound an expression by a constant
/// (`i < 10`, `10 > i * 8 + j`, `i >= 2`): the expression and its inclusive bounds.
fn predicate_bounds(predicate: &Expr, out: &mut Vec<(Expr, Option<i64>, Option<i64>)>) {
    let Some((op, a, b)) = BinOp::operands(predicate.as_object()) else { return };
    if op == BinOp::And {
        let (a, b) = (a.clone(), b.clone());
        predicate_bounds(&a, out);
        predicate_bounds(&b, out);
        return;
    }
    // Normalise to `e OP c` with OP one of <, <=, >, >=.
    let (e, c, op) = match (b.as_int(), a.as_int()) {
        (Some(c), None) => (a, c, op),
        (None, Some(c)) => (
            b,
            c,
            match op {
                BinOp::LT => BinOp::GT,
                BinOp::LE => BinOp::GE,
                BinOp::GT => BinOp::LT,
                BinOp::GE => BinOp::LE,
                o => o,
            },
        ),
        _ => return,
    };
    let (lo, hi) = match op {
        BinOp::LT => (None, Some(c - 1)),
        BinOp::LE => (None, Some(c)),
        BinOp::GT => (Some(c + 1), None),
        BinOp::GE => (Some(c), None),
        _ => return,
    };
    out.push((e.clone(), lo, hi));
}

fn bounded(set: &crate::ir::arith::int_set::IntSet, dtype: DataType, lo: Option<i64>, hi: Option<i64>, an: &Analyzer) -> crate::ir::arith::int_set::IntSet {
    use crate::ir::arith::int_set::{intersect, IntSet};
    let k = |v: i64| arith::make_const_int(dtype, v, Span::none()).ok();
    intersect(an, set, &IntSet::Interval(lo.and_then(k), hi.and_then(k)))
}

/// Narrow the loop domains of `dom` by the conjuncts of `predicate` that compare
/// one of its loop variables with a constant, the bounds a block predicate
/// (`T.where`) puts on the region it touches.
pub(super) fn tighten_by_predicate(dom: &mut crate::ir::arith::int_set::DomMap, predicate: &Expr, an: &Analyzer) {
    let mut bounds = Vec::new();
    predicate_bounds(predicate, &mut bounds);
    for (e, lo, hi) in bounds {
        if !e.as_object().is::<VarNode>() {
            continue;
        }
        let key = e.as_object().addr();
        if let Some(cur) = dom.get(&key).cloned() {
            dom.insert(key, bounded(&cur, e.dtype(), lo, hi, an));
        }
    }
}

/// The predicates of the blocks nested in `body` that read (`read`) or write
/// `buffer`, in terms of the enclosing block's variables, or-ed together (TVM's
/// `CollectNestedBlockPredicates`); `None` when no nested block accesses it.
pub(super) fn nested_block_predicate(body: &Stmt, buffer: usize, read: bool) -> SchResult<Option<Expr>> {
    let mut found: Vec<Expr> = Vec::new();
    let mut err = None;
    crate::ir::map::pre_order_visit(body.as_object(), |n| {
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>() {
            let regions = if read { &r.block.reads } else { &r.block.writes };
            if regions.iter().any(|x| region_buffer(x) == buffer) {
                let realize = n.clone().try_downcast::<SBlockRealizeNode>().expect("a realize");
                match super::prims_inline::substitute(r.predicate.clone().into_object(), &bindings(&realize)).and_then(Expr::try_from_object) {
                    Ok(p) => found.push(p),
                    Err(e) => err = Some(e),
                }
            }
        }
        true
    });
    if let Some(e) = err {
        return Err(e.into());
    }
    let mut it = found.into_iter();
    let Some(first) = it.next() else { return Ok(None) };
    let mut acc = first;
    for p in it {
        acc = arith::binary(BinOp::Or, acc, p, Span::none())?;
    }
    Ok(Some(acc))
}

/// Whether every block of the scope reading `buffer` is under `loc`.
fn all_readers_under(root: &SBlock, buffer: usize, loc: &ObjectRef) -> bool {
    let under: Vec<SBlock> = blocks_under(loc);
    scope_blocks(root).iter().filter(|b| b.reads.iter().any(|r| region_buffer(r) == buffer)).all(|b| under.iter().any(|u| u.ptr_eq(b)))
}

/// The cache buffer: `buffer` under `scope`, with the region's extents as its
/// shape when compact.
fn cache_buffer(buffer: &Var, scope: &str, region: &[Range], full: bool) -> SchResult<Var> {
    let v = with_scope(buffer, scope)?;
    if full {
        return Ok(v);
    }
    let mut ty: BufferTypeNode = buffer_type(&v).cloned().ok_or_else(|| Error::type_error("a buffer"))?;
    ty.shape = region.iter().map(|r| r.extent.clone()).collect();
    Ok(crate::ir::new_var(&v.name, Type::from(crate::dialects::tirx::nodes::BufferType::new(ty)), v.span.clone()))
}

/// A block with every use of the buffer `old` (loads, stores, regions, match
/// sources, `old.data`) made a use of `new`, in it and in the blocks inside it;
/// the indices shifted by the cache's origin when compact.
fn repoint_block(b: &SBlockNode, old: usize, new: &Var, origin: Option<&[Range]>, an: &Analyzer) -> SchResult<SBlock> {
    let new_addr = new.as_ref_obj().addr();
    let shift = |idx: &[Expr]| -> Vec<Expr> {
        match origin {
            None => idx.to_vec(),
            Some(o) => idx
                .iter()
                .zip(o)
                .map(|(e, c)| arith::binary(BinOp::Sub, e.clone(), c.min.clone(), Span::none()).map(|m| an.simplify(&m)).unwrap_or(e.clone()))
                .collect(),
        }
    };
    let out = structural_map(
        SBlock::new(b.clone()).upcast(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if n.addr() == old {
                return Ok(MapResult::Replace(new.clone().upcast()));
            }
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == new_addr
                && origin.is_some()
            {
                let mut node = l.clone();
                node.indices = shift(&l.indices);
                return Ok(MapResult::Replace(TensorLoad::new(node).upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && st.buffer.as_ref_obj().addr() == new_addr
                && origin.is_some()
            {
                let mut node = st.clone();
                node.indices = shift(&st.indices);
                return Ok(MapResult::Replace(BufferStore::new(node).upcast()));
            }
            if let Some(r) = n.downcast_ref::<crate::dialects::tirx::nodes::TensorRegionNode>()
                && r.source.as_object().addr() == new_addr
                && let Some(o) = origin
            {
                let mut node = r.clone();
                node.region = r
                    .region
                    .iter()
                    .zip(o)
                    .map(|(x, c)| {
                        let m = arith::binary(BinOp::Sub, x.min.clone(), c.min.clone(), Span::none()).map(|m| an.simplify(&m)).unwrap_or(x.min.clone());
                        Range::from_min_extent(m, x.extent.clone(), Span::none())
                    })
                    .collect();
                return Ok(MapResult::Replace(TensorRegion::new(node).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Ok(out.try_downcast::<SBlockNode>().ok_or_else(|| Error::type_error("a block"))?)
}

/// What `finish` does with a block below the scope.
pub(super) enum Step {
    /// Leave it, and look at the blocks inside it.
    Descend,
    /// Leave it and what is inside it.
    Skip,
    /// Put this block in its place.
    Replace(SBlock),
}

pub(super) struct Plan {
    pub(super) loc: ObjectRef,
    pub(super) pos: usize,
}

pub(super) fn detect(root: &SBlock, block: Option<&SBlock>, related: &[SBlock]) -> Option<Plan> {
    let mut d = LocDetector { scope: root, block, related, visited_block: false, visited_related: false, loc: None, pos: -1 };
    d.visit(&root.clone().upcast());
    Some(Plan { loc: d.loc?, pos: d.pos.max(0) as usize })
}

/// Put `stage` at the plan's place and `alloc` among the scope's allocations; the
/// rest of the rewrite (`rewrite`) is applied to every block below the scope.
pub(super) fn finish(
    state: &mut ScheduleState,
    func: &str,
    root: &SBlock,
    plan: &Plan,
    stage: &Stmt,
    alloc: Option<&Var>,
    rewrite: &mut dyn FnMut(&SBlockNode) -> SchResult<Step>,
) -> SchResult<Vec<(ObjectRef, ObjectRef)>> {
    let loc = plan.loc.addr();
    let mut reuse: Vec<(ObjectRef, ObjectRef)> = Vec::new();
    let mut err: Option<super::error::SchError> = None;
    let body = structural_map(
        root.body.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if let Some(b) = n.downcast_ref::<SBlockNode>() {
                match rewrite(b) {
                    Ok(Step::Replace(nb)) => {
                        reuse.push((n.clone(), nb.clone().upcast()));
                        return Ok(MapResult::ReplaceAndSkip(nb.upcast()));
                    }
                    Ok(Step::Skip) => return Ok(MapResult::ReplaceAndSkip(n)),
                    Ok(Step::Descend) => {}
                    Err(e) => err = Some(e),
                }
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    if let Some(e) = err {
        return Err(e);
    }
    // The stage at its place: the plan's loop is found by its loop variable (it
    // may have been rebuilt).
    let loop_var = plan.loc.downcast_ref::<ForNode>().map(|l| l.loop_var.as_ref_obj().addr());
    let mut body = Stmt::try_from_object(body)?;
    match loop_var {
        Some(lv) => {
            body = Stmt::try_from_object(structural_map(
                body,
                |n: ObjectRef| match n.downcast_ref::<ForNode>() {
                    Some(l) if l.loop_var.as_ref_obj().addr() == lv => {
                        let mut node = l.clone();
                        node.body = insert_stage(&l.body, plan.pos, stage);
                        MapResult::ReplaceAndSkip(For::new(node).upcast())
                    }
                    _ => MapResult::Unchanged,
                },
                WalkOrder::PreOrder,
            )?)?;
        }
        None if loc == root.as_ref_obj().addr() => body = insert_stage(&body, plan.pos, stage),
        None => {}
    }
    let mut node = (**root).clone();
    node.body = body;
    node.alloc_buffers.extend(alloc.cloned());
    let new_root = SBlock::new(node);
    reuse.push((root.clone().upcast(), new_root.clone().upcast()));
    state.replace(func, &root.as_ref_obj(), new_root.upcast(), &reuse)?;
    Ok(reuse)
}

/// The blocks `consumer_blocks` names, each with the blocks nested in it.
fn consumer_blocks(state: &ScheduleState, consumers: &[SRefId]) -> SchResult<Vec<SBlock>> {
    let mut blocks = Vec::new();
    for &c in consumers {
        let b = state.block_of(c)?;
        blocks.extend(blocks_under(&b.clone().upcast()));
        blocks.push(b);
    }
    Ok(blocks)
}

/// `cache_read`.
pub fn cache_read(state: &mut ScheduleState, block_id: SRefId, index: i64, scope: &str, consumers: &[SRefId]) -> SchResult<SRefId> {
    check_scope(scope)?;
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let buffer = nth_read_buffer(&block, index)?;
    let addr = buffer.as_ref_obj().addr();
    let root = scope_root(state, block_id)?;
    let consumer_blocks = consumer_blocks(state, consumers)?;
    let an = Analyzer::new();
    let (plan, region) = match only_writer(&root, &buffer)? {
        Some(writer) => {
            let related: Vec<SBlock> = if !consumer_blocks.is_empty() {
                consumer_blocks.clone()
            } else {
                let blocks = scope_blocks(&root);
                let at = blocks.iter().position(|b| b.ptr_eq(&writer)).unwrap_or(0);
                blocks[at + 1..].iter().filter(|b| b.reads.iter().any(|r| region_buffer(r) == addr)).cloned().collect()
            };
            let plan = if related.is_empty() {
                let n = root.body.as_object().downcast_ref::<SeqStmtNode>().map(|s| s.seq.len()).unwrap_or(1);
                Plan { loc: root.clone().upcast(), pos: n }
            } else {
                detect(&root, Some(&writer), &related).unwrap_or(Plan { loc: root.clone().upcast(), pos: 0 })
            };
            let wr = writer.writes.iter().find(|w| region_buffer(w) == addr).cloned().ok_or_else(|| Error::value_error("writer region"))?;
            let region = relax_up_to(state, &func, &root, &writer, &wr, &plan.loc, None)?;
            (plan, region)
        }
        None => {
            // A nested block gating the read with `T.where` narrows the copied region.
            let read_region = block.reads.iter().find(|r| region_buffer(r) == addr).cloned();
            let nested = match &read_region {
                Some(_) => nested_block_predicate(&block.body, addr, true)?.filter(|p| p.as_int() != Some(1)),
                None => None,
            };
            let region = match (read_region, nested) {
                (Some(r), Some(p)) if !block.ptr_eq(&root) => relax_up_to(state, &func, &root, &block, &r, &root.clone().upcast(), Some(&p))?,
                _ => match root.reads.iter().find(|r| region_buffer(r) == addr) {
                    Some(r) => r.region.clone(),
                    None => full_region(&buffer),
                },
            };
            (Plan { loc: root.clone().upcast(), pos: 0 }, region)
        }
    };
    let full = !plan.loc.is::<SBlockNode>() || !all_readers_under(&root, addr, &plan.loc);
    let cache = cache_buffer(&buffer, scope, &region, full)?;
    let shape = buffer_type(&buffer).map(|b| b.shape.clone()).unwrap_or_default();
    let (stage, stage_block) = make_stage(&region, &buffer, &cache, &format!("{}_{scope}", buffer.name), full, true, &shape)?;
    let origin = if full { None } else { Some(region.as_slice()) };
    let consumer_addrs: HashSet<usize> = consumer_blocks.iter().map(|b| b.as_ref_obj().addr()).collect();
    let mut rewrite = |b: &SBlockNode| -> SchResult<Step> {
        // The writer of the buffer (and what is inside it) keeps the buffer.
        if b.writes.iter().any(|w| region_buffer(w) == addr) {
            return Ok(Step::Skip);
        }
        let is_consumer = consumer_addrs.is_empty() || consumer_addrs.contains(&(b as *const SBlockNode as usize));
        if !is_consumer || !crate::dialects::s_tir::schedule::prims_inline::uses(&SBlock::new(b.clone()).upcast(), addr) {
            return Ok(Step::Descend);
        }
        Ok(Step::Replace(repoint_block(b, addr, &cache, origin, &an)?))
    };
    finish(state, &func, &root, &plan, &stage, Some(&cache), &mut rewrite)?;
    Ok(state.sref_of(&func, &stage_block.into()))
}

/// `cache_write`.
pub fn cache_write(state: &mut ScheduleState, block_id: SRefId, index: i64, scope: &str, consumers: &[SRefId]) -> SchResult<SRefId> {
    check_scope(scope)?;
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let buffer = nth_write_buffer(&block, index)?;
    let addr = buffer.as_ref_obj().addr();
    let root = scope_root(state, block_id)?;
    let consumer_blocks = consumer_blocks(state, consumers)?;
    only_writer(&root, &buffer)?;
    let wr = block.writes.iter().find(|w| region_buffer(w) == addr).cloned().ok_or_else(|| Error::value_error("write region"))?;
    let blocks = scope_blocks(&root);
    let at = blocks.iter().position(|b| b.ptr_eq(&block)).unwrap_or(0);
    let related: Vec<SBlock> = blocks[at + 1..]
        .iter()
        .filter(|b| b.reads.iter().any(|r| region_buffer(r) == addr) && !consumer_blocks.iter().any(|c| c.ptr_eq(b)))
        .cloned()
        .collect();
    let plan = if related.is_empty() {
        let n = root.body.as_object().downcast_ref::<SeqStmtNode>().map(|s| s.seq.len()).unwrap_or(1);
        Plan { loc: root.clone().upcast(), pos: n }
    } else {
        detect(&root, Some(&block), &related).unwrap_or(Plan { loc: root.clone().upcast(), pos: 0 })
    };
    let nested = nested_block_predicate(&block.body, addr, false)?;
    let region = if block.ptr_eq(&root) { wr.region.clone() } else { relax_up_to(state, &func, &root, &block, &wr, &plan.loc, nested.as_ref())? };
    let full = !plan.loc.is::<SBlockNode>() || !all_readers_under(&root, addr, &plan.loc);
    let cache = cache_buffer(&buffer, scope, &region, full)?;
    let shape = buffer_type(&buffer).map(|b| b.shape.clone()).unwrap_or_default();
    let (stage, stage_block) = make_stage(&region, &cache, &buffer, &format!("{}_{scope}", buffer.name), full, false, &shape)?;
    let origin = if full { None } else { Some(region.as_slice()) };
    let an = Analyzer::new();
    let writer = block.as_ref_obj().addr();
    let consumer_addrs: HashSet<usize> = consumer_blocks.iter().map(|b| b.as_ref_obj().addr()).collect();
    let mut rewrite = |b: &SBlockNode| -> SchResult<Step> {
        let me = b as *const SBlockNode as usize;
        if me != writer && !consumer_addrs.contains(&me) {
            return Ok(Step::Skip);
        }
        Ok(Step::Replace(repoint_block(b, addr, &cache, origin, &an)?))
    };
    finish(state, &func, &root, &plan, &stage, Some(&cache), &mut rewrite)?;
    Ok(state.sref_of(&func, &stage_block.into()))
}

/// Where `cache_inplace` puts a stage (TVM's `CacheInplaceLocDetector`): in the
/// innermost loop above the block (below its scope), else in the scope block,
/// before the statement holding the block.
fn inplace_plan(state: &ScheduleState, block_id: SRefId, root: &SBlock) -> SchResult<Plan> {
    let path = state.ancestors(block_id)?;
    let at = path.iter().rposition(|s| s.same_as(&root.as_ref_obj())).unwrap_or(0);
    let loc: ObjectRef = match path[at + 1..path.len() - 1].iter().rev().find(|s| s.as_object().is::<ForNode>()) {
        Some(l) => l.clone().into_object(),
        None => root.clone().upcast(),
    };
    let body = match loc.downcast_ref::<ForNode>() {
        Some(l) => l.body.clone(),
        None => root.body.clone(),
    };
    let target = path[path.len() - 1].addr();
    let pos = match body.as_object().downcast_ref::<SeqStmtNode>() {
        Some(seq) => seq
            .seq
            .iter()
            .position(|x| {
                let mut found = false;
                crate::ir::map::pre_order_visit(x.as_object(), |n| {
                    found |= n.addr() == target;
                    !found
                });
                found
            })
            .unwrap_or(0),
        None => 0,
    };
    Ok(Plan { loc, pos })
}

/// `cache_inplace`: a block reading and writing a buffer works on a copy under
/// `scope`, filled before it and copied back after it; the two stages' references.
pub fn cache_inplace(state: &mut ScheduleState, block_id: SRefId, index: i64, scope: &str) -> SchResult<Vec<SRefId>> {
    check_scope(scope)?;
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let buffer = nth_read_buffer(&block, index)?;
    let addr = buffer.as_ref_obj().addr();
    let read_region = block.reads.iter().find(|r| region_buffer(r) == addr).cloned();
    let write_region = block.writes.iter().find(|r| region_buffer(r) == addr).cloned();
    let (Some(read_region), Some(write_region)) = (read_region, write_region) else {
        return fail(
            "The target block does not both read & write target buffer.",
            "The target block {0} does not both read & write target buffer {1}.",
            vec![block.clone().upcast(), buffer.clone().upcast()],
        );
    };
    let cache = with_scope(&buffer, scope)?;
    let shape = buffer_type(&buffer).map(|b| b.shape.clone()).unwrap_or_default();
    let name = format!("{}_{scope}", buffer.name);
    // The copy in: only placed (the block itself writes the buffer, so it is kept).
    let root = scope_root(state, block_id)?;
    let plan = inplace_plan(state, block_id, &root)?;
    let (stage, read_stage) = make_stage(&read_region.region, &buffer, &cache, &name, true, true, &shape)?;
    finish(state, &func, &root, &plan, &stage, Some(&cache), &mut |_: &SBlockNode| Ok(Step::Descend))?;
    let read_id = state.sref_of(&func, &read_stage.into());
    // The copy back, after the block, which now works on the cache.
    let block = state.block_of(block_id)?;
    let root = scope_root(state, block_id)?;
    let mut plan = inplace_plan(state, block_id, &root)?;
    plan.pos += 1;
    let (stage, write_stage) = make_stage(&write_region.region, &cache, &buffer, &name, true, false, &shape)?;
    let an = Analyzer::new();
    let target = block.as_ref_obj().addr();
    let mut rewrite = |b: &SBlockNode| -> SchResult<Step> {
        if b as *const SBlockNode as usize != target {
            return Ok(Step::Skip);
        }
        Ok(Step::Replace(repoint_block(b, addr, &cache, None, &an)?))
    };
    finish(state, &func, &root, &plan, &stage, None, &mut rewrite)?;
    let write_id = state.sref_of(&func, &write_stage.into());
    Ok(vec![read_id, write_id])
}
