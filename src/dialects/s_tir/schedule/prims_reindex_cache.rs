//! `reindex_cache_read` and `reindex_cache_write` (TVM's `ReindexCacheRead` /
//! `ReindexCacheWrite` in `cache_read_write.cc`): a cache of a buffer a block
//! accesses at one point, laid out by an index map of the block's iteration
//! variables (`{name}_{scope}` of the map's shape), and a copy stage that runs
//! over the loops of those variables, placed where `cache_read` / `cache_write`
//! place theirs.

use std::collections::HashSet;

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::index_map::{expr_text, map_indices, map_shape};
use crate::dialects::tirx::nodes::{
    buffer_region, buffer_type, BufferStore, BufferStoreNode, BufferTypeNode, For, ForKind, ForNode, IndexMap, IterVar, IterVarNode, IterVarType,
    SeqStmtNode, Stmt, TensorRegion, TensorRegionNode,
};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, DataType, Error, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Type, Var, VarNode};

use super::error::{fail, SchResult};
use super::prims_cache::{check_scope, detect, finish, nth_read_buffer, only_writer, Plan, Step};
use super::prims_inline::{region_buffer, scope_blocks, scope_root, substitute};
use super::prims_location::{nth_write_buffer, with_scope};
use super::region::realize_of;
use super::state::{SRefId, ScheduleState};

fn prim_name(read: bool) -> &'static str {
    if read { "reindex_cache_read" } else { "reindex_cache_write" }
}

/// The addresses of the variables `exprs` use.
fn vars_used(exprs: &[Expr]) -> HashSet<usize> {
    let mut out = HashSet::new();
    for e in exprs {
        pre_order_visit(e.as_object(), |n| {
            if n.is::<VarNode>() {
                out.insert(n.addr());
            }
            true
        });
    }
    out
}

fn list_text(exprs: &[Expr]) -> String {
    // TVM prints an array as a Python tuple.
    let items: Vec<String> = exprs.iter().map(expr_text).collect();
    if items.len() == 1 { format!("({},)", items[0]) } else { format!("({})", items.join(", ")) }
}

fn region_text(r: &TensorRegion) -> String {
    let name = r.source.as_object().downcast_ref::<VarNode>().map(|v| v.name.to_string()).unwrap_or_default();
    let dims: Vec<String> = r
        .region
        .iter()
        .map(|x| if x.extent.as_int() == Some(1) { expr_text(&x.min) } else { format!("{}:{} + {}", expr_text(&x.min), expr_text(&x.min), expr_text(&x.extent)) })
        .collect();
    format!("{name}[{}]", dims.join(", "))
}

/// TVM's `CheckSinglePoint`: every extent of the accessed region is the constant 1.
fn check_single_point(block: &SBlock, region: &TensorRegion, read: bool) -> SchResult<()> {
    if region.region.iter().all(|r| r.extent.as_int() == Some(1)) {
        return Ok(());
    }
    fail(
        "The buffer region accessed inside the block is not a single point.",
        format!(
            "The buffer region {} accessed inside block {{0}} is not a single point, which violates the prerequisite of {} primitive.",
            region_text(region),
            prim_name(read)
        ),
        vec![block.clone().upcast()],
    )
}

/// What the copy stage is made of (TVM's `ReindexCacheStageInfo`).
struct Touched {
    /// The map applied to the block's variables: the cache's indices.
    indices: Vec<Expr>,
    /// The block variables the indices use, with their bound values.
    iters: Vec<(IterVar, Expr)>,
    /// The loops (below the stage's place) those values use: variable, min, extent.
    loops: Vec<(Var, Expr, Expr)>,
    cache: Var,
}

#[allow(clippy::too_many_arguments)]
fn collect(
    state: &ScheduleState,
    block_id: SRefId,
    block: &SBlock,
    realize: &SBlockRealize,
    buffer: &Var,
    region: &TensorRegion,
    scope: &str,
    map: &IndexMap,
    loc: &ObjectRef,
    read: bool,
) -> SchResult<Touched> {
    let an = Analyzer::new();
    let vars: Vec<Expr> = block.iter_vars.iter().map(|iv| iv.var.clone().into()).collect();
    let extents: Vec<Expr> = block.iter_vars.iter().map(|iv| iv.dom.as_ref().map(|d| d.extent.clone()).unwrap_or_else(|| crate::ir::int_imm(DataType::int(32), 1))).collect();
    let indices = map_indices(map, &vars, &an)?;
    let shape = map_shape(map, &extents, &an)?;
    let old: Vec<Expr> = region.region.iter().map(|r| r.min.clone()).collect();
    let (in_old, in_new) = (vars_used(&old), vars_used(&indices));
    let mut iters = Vec::new();
    for (iv, value) in block.iter_vars.iter().zip(&realize.iter_values) {
        let a = iv.var.as_ref_obj().addr();
        let (o, n) = (in_old.contains(&a), in_new.contains(&a));
        if o != n {
            let (appears, other) = if o { (&old, &indices) } else { (&indices, &old) };
            return fail(
                "the block itervars appeared in lhs and rhs of reindex cache stage do not match.",
                format!(
                    "Error when applying {} on block {{0}}, the block itervar {} appears in {}, but not in {}.",
                    prim_name(read),
                    iv.var.name,
                    list_text(appears),
                    list_text(other)
                ),
                vec![block.clone().upcast()],
            );
        }
        if n {
            iters.push((iv.clone(), value.clone()));
        }
    }
    let used = vars_used(&iters.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>());
    // The loops between the block and the stage's place, outermost first.
    let mut path = state.ancestors(block_id)?;
    path.pop();
    let mut loops = Vec::new();
    for s in path.iter().rev() {
        if s.same_as(loc) {
            break;
        }
        let Some(l) = s.as_object().downcast_ref::<ForNode>() else { break };
        if used.contains(&l.loop_var.as_ref_obj().addr()) {
            loops.push((l.loop_var.clone(), l.min.clone(), l.extent.clone()));
        }
    }
    loops.reverse();
    let scoped = with_scope(buffer, scope)?;
    let mut ty: BufferTypeNode = buffer_type(&scoped).cloned().ok_or_else(|| Error::type_error("a buffer"))?;
    ty.shape = shape;
    let cache = crate::ir::new_var(&scoped.name.to_string(), Type::from(crate::dialects::tirx::nodes::BufferType::new(ty)), scoped.span.clone());
    Ok(Touched { indices, iters, loops, cache })
}

fn points(indices: &[Expr]) -> Vec<Range> {
    indices.iter().map(|e| Range::from_min_extent(e.clone(), crate::ir::int_imm(DataType::int(32), 1), Span::none())).collect()
}

fn subst(e: &Expr, map: &[(usize, Expr)]) -> SchResult<Expr> {
    Ok(Expr::try_from_object(substitute(e.clone().into_object(), map)?)?)
}

/// The copy stage (TVM's `MakeReindexCacheStage`): copies of the touched loops
/// and block variables (same names), `cache[map(v)] = buffer[region(v)]` (or
/// the other way for a write).
fn make_stage(t: &Touched, buffer: &Var, region: &TensorRegion, scope: &str, read: bool) -> SchResult<(Stmt, SBlock)> {
    let mut map: Vec<(usize, Expr)> = Vec::new();
    let mut loop_vars = Vec::new();
    for (v, _, _) in &t.loops {
        let nv = crate::ir::new_var(&v.name.to_string(), v.ty.clone(), Span::none());
        map.push((v.as_ref_obj().addr(), nv.clone().into()));
        loop_vars.push(nv);
    }
    let (mut iter_vars, mut values) = (Vec::new(), Vec::new());
    for (iv, value) in &t.iters {
        let nv = crate::ir::new_var(&iv.var.name.to_string(), iv.var.ty.clone(), Span::none());
        iter_vars.push(IterVar::new(IterVarNode { dom: iv.dom.clone(), var: nv.clone(), iter_type: IterVarType::DataPar, thread_tag: String::new(), span: Span::none() }));
        map.push((iv.var.as_ref_obj().addr(), nv.into()));
        values.push(subst(value, &map)?);
    }
    let old: Vec<Expr> = region.region.iter().map(|r| subst(&r.min, &map)).collect::<SchResult<_>>()?;
    let new: Vec<Expr> = t.indices.iter().map(|e| subst(e, &map)).collect::<SchResult<_>>()?;
    let (src, src_idx, dst, dst_idx) = if read { (buffer, old, &t.cache, new) } else { (&t.cache, new, buffer, old) };
    let dtype = buffer_type(src).map(|b| b.dtype.dtype).unwrap_or(DataType::FLOAT32);
    let load = TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: src.clone().into(), indices: src_idx.clone(), span: Span::none() });
    let body: Stmt = BufferStore::new(BufferStoreNode { buffer: dst.clone(), value: load.into(), indices: dst_idx.clone(), span: Span::none() }).into();
    let block = SBlock::new(SBlockNode {
        iter_vars,
        reads: vec![buffer_region(src, points(&src_idx), Span::none())?],
        writes: vec![buffer_region(dst, points(&dst_idx), Span::none())?],
        name_hint: format!("{}_{scope}", buffer.name),
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
    for (v, (_, min, extent)) in loop_vars.into_iter().zip(&t.loops).rev() {
        stmt = For::new(ForNode {
            loop_var: v,
            min: min.clone(),
            extent: extent.clone(),
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

/// A block whose loads, stores and regions of `old` become accesses of `cache`
/// at `indices` (TVM's `ReindexCacheReadRewriter` / `ReindexCacheWriteRewriter`).
fn repoint(b: &SBlockNode, old: usize, cache: &Var, indices: &[Expr]) -> SchResult<SBlock> {
    let out = structural_map(
        SBlock::new(b.clone()).upcast(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == old
            {
                let mut node = l.clone();
                node.source = cache.clone().into();
                node.indices = indices.to_vec();
                return Ok(MapResult::Replace(TensorLoad::new(node).upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && st.buffer.as_ref_obj().addr() == old
            {
                let mut node = st.clone();
                node.buffer = cache.clone();
                node.indices = indices.to_vec();
                return Ok(MapResult::Replace(BufferStore::new(node).upcast()));
            }
            if let Some(r) = n.downcast_ref::<TensorRegionNode>()
                && r.source.as_object().addr() == old
            {
                return Ok(MapResult::Replace(buffer_region(cache, points(indices), Span::none())?.upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Ok(out.try_downcast::<SBlockNode>().ok_or_else(|| Error::type_error("a block"))?)
}

/// `reindex_cache_read` (`read`) / `reindex_cache_write`: the stage block's reference.
pub fn reindex_cache(state: &mut ScheduleState, block_id: SRefId, index: i64, scope: &str, map: &IndexMap, read: bool) -> SchResult<SRefId> {
    check_scope(scope)?;
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let buffer = if read { nth_read_buffer(&block, index)? } else { nth_write_buffer(&block, index)? };
    let addr = buffer.as_ref_obj().addr();
    let root = scope_root(state, block_id)?;
    let realize = realize_of(&root.clone().upcast(), &block).ok_or_else(|| Error::value_error("the block has no realize"))?;
    let regions = if read { &block.reads } else { &block.writes };
    let region = regions.iter().find(|r| region_buffer(r) == addr).cloned().ok_or_else(|| Error::value_error("the buffer is not in the block's regions"))?;
    let at_root = |pos| Plan { loc: root.clone().upcast(), pos };
    let plan = if read {
        match only_writer(&root, &buffer)? {
            Some(writer) => detect(&root, Some(&writer), std::slice::from_ref(&block)).unwrap_or_else(|| at_root(0)),
            None => at_root(0),
        }
    } else {
        only_writer(&root, &buffer)?;
        let blocks = scope_blocks(&root);
        let at = blocks.iter().position(|b| b.ptr_eq(&block)).map(|i| i + 1).unwrap_or(blocks.len());
        let related: Vec<SBlock> = blocks[at..].iter().filter(|b| b.reads.iter().any(|r| region_buffer(r) == addr)).cloned().collect();
        if related.is_empty() {
            at_root(root.body.as_object().downcast_ref::<SeqStmtNode>().map(|s| s.seq.len()).unwrap_or(1))
        } else {
            detect(&root, Some(&block), &related).unwrap_or_else(|| at_root(0))
        }
    };
    if read {
        check_single_point(&block, &region, read)?;
    }
    let touched = collect(state, block_id, &block, &realize, &buffer, &region, scope, map, &plan.loc, read)?;
    if !read {
        check_single_point(&block, &region, read)?;
    }
    let (stage, stage_block) = make_stage(&touched, &buffer, &region, scope, read)?;
    let target = block.as_ref_obj().addr();
    let mut rewrite = |b: &SBlockNode| -> SchResult<Step> {
        if b as *const SBlockNode as usize != target {
            return Ok(Step::Descend);
        }
        Ok(Step::Replace(repoint(b, addr, &touched.cache, &touched.indices)?))
    };
    finish(state, &func, &root, &plan, &stage, Some(&touched.cache), &mut rewrite)?;
    Ok(state.sref_of(&func, &stage_block.into()))
}
