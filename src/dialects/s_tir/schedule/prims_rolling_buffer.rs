//! `rolling_buffer` (TVM's `rolling_buffer.cc`): a buffer written tile by tile
//! under a loop, where neighbouring tiles overlap, folded along the outermost
//! such ("rolling") dimension to the tile's extent and indexed modulo it; the
//! writing block gets a predicate so the overlap is not computed again.

use std::collections::HashSet;

use crate::dialects::s_tir::frontend::regions;
use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{expect_buffer, BufferStore, BufferStoreNode, BufferType, ForNode, IterVar, IterVarNode, IterVarType, Stmt, TensorRegion};
use crate::ir::arith::int_set::{eval_set, DomMap, IntSet};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{int_imm, BinOp};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{self, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Type, Var};

use super::error::{fail, SchResult};
use super::prims_inline::{check_not_output, region_buffer, scope_blocks, scope_root};
use super::state::{SRefId, ScheduleState};

/// The kinds of dependency between two blocks of a scope (TVM's `DepKind`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum DepKind {
    Raw,
    Waw,
    War,
}

/// The dependencies of a scope's blocks, in TVM's `SBlockScope` order: for each
/// block in program order, read-after-write edges from the earlier (and the same
/// round's) writers of what it reads, then write-after-write, then
/// write-after-read. Edges are `(src, dst, kind)` over indices into `blocks`.
pub(super) fn scope_dependencies(blocks: &[SBlock]) -> Vec<(usize, usize, DepKind)> {
    let mut readers: Vec<(usize, usize)> = Vec::new();
    let mut writers: Vec<(usize, usize)> = Vec::new();
    let mut deps = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        readers.extend(b.reads.iter().map(|r| (region_buffer(r), i)));
        writers.extend(b.writes.iter().map(|w| (region_buffer(w), i)));
        let mut edges = |regions: &[TensorRegion], table: &[(usize, usize)], kind: DepKind| {
            for r in regions {
                for &(buf, from) in table {
                    if buf == region_buffer(r) && from != i {
                        deps.push((from, i, kind));
                    }
                }
            }
        };
        edges(&b.reads, &writers, DepKind::Raw);
        edges(&b.writes, &writers, DepKind::Waw);
        edges(&b.writes, &readers, DepKind::War);
    }
    deps
}

/// What the rolling pattern found on the relaxed region.
struct Rolling {
    axis: usize,
    extent: Expr,
    overlaps: Vec<i64>,
    iter_vars: Vec<Option<Var>>,
}

/// The loop variable and stride of one relaxed dimension's start: `v * s // d`
/// (stride `ceil(s / d)`), `v * s`, `v`; `Some(None)` for a constant start,
/// `None` for anything else.
fn rolling_start(min: &Expr) -> Option<Option<(Var, i64)>> {
    let var_of = |e: &Expr| e.as_object().try_downcast::<ir::VarNode>().map(Var::from);
    let var_times = |e: &Expr| match BinOp::operands(e.as_object()) {
        Some((BinOp::Mul, a, b)) => var_of(a).zip(b.as_int()),
        _ => None,
    };
    if let Some((BinOp::FloorDiv, a, d)) = BinOp::operands(min.as_object())
        && let (Some((v, s)), Some(d)) = (var_times(a), d.as_int())
    {
        return Some(Some((v, (s as f32 / d as f32).ceil() as i64)));
    }
    if let Some(vs) = var_times(min) {
        return Some(Some(vs));
    }
    if let Some(v) = var_of(min) {
        return Some(Some((v, 1)));
    }
    if min.as_int().is_some() {
        return Some(None);
    }
    None
}

fn match_rolling(region: &[Range], loops: &[Var]) -> Option<Rolling> {
    let mut iter_vars = Vec::with_capacity(region.len());
    let mut overlaps = Vec::with_capacity(region.len());
    for r in region {
        let mut var = None;
        let mut overlap = 0;
        if let Some((v, stride)) = rolling_start(&r.min)? {
            overlap = r.extent.as_int().unwrap_or(0) - stride;
            // A dimension whose tiles do not overlap is left to buffer compaction.
            if overlap > 0 {
                var = Some(v);
            }
        }
        iter_vars.push(var);
        overlaps.push(overlap);
    }
    // The outermost loop named by a dimension is the rolling one.
    let axis = loops.iter().find_map(|l| iter_vars.iter().position(|v| v.as_ref().is_some_and(|v| addr(v) == addr(l))))?;
    Some(Rolling { axis, extent: region[axis].extent.clone(), overlaps, iter_vars })
}

fn addr(v: &Var) -> usize {
    v.as_ref_obj().addr()
}

/// Whether a block stores to `buffer` itself (not in a block nested in it).
fn stores_to(block: &SBlockNode, buffer: usize) -> bool {
    let mut found = false;
    let mut visit = |s: &Stmt| {
        pre_order_visit(&s.clone().into_object(), |n| {
            if n.is::<SBlockRealizeNode>() {
                return false;
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>() {
                found |= addr(&st.buffer) == buffer;
            }
            !found
        })
    };
    if let Some(init) = &block.init {
        visit(init);
    }
    visit(&block.body);
    found
}

/// `rolling_buffer(block, write_buffer_index)`.
pub fn rolling_buffer(state: &mut ScheduleState, block_id: SRefId, write_buffer_index: i64) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let buffer = super::prims_location::nth_write_buffer(&block, write_buffer_index)?;
    let region = block.writes[write_buffer_index as usize].clone();
    let root = scope_root(state, block_id)?;
    check_not_output(state, &func, &block, &root)?;
    // Only read-after-write dependencies, to and from the block.
    let blocks = scope_blocks(&root);
    let me = blocks.iter().position(|b| b.ptr_eq(&block)).ok_or_else(|| ir::Error::value_error("the block is not in its scope"))?;
    let deps = scope_dependencies(&blocks);
    if deps.iter().any(|&(s, d, k)| (s == me || d == me) && k != DepKind::Raw) {
        return fail(
            "The target block is required to have only RAW dependencies",
            "The target block {0} is required to have only RAW dependencies",
            vec![block.clone().upcast()],
        );
    }
    // The lowest common ancestor of the block and its consumers must be a loop.
    let mut consumers: Vec<SBlock> = Vec::new();
    for &(s, d, k) in &deps {
        if s == me && k == DepKind::Raw && !consumers.iter().any(|c| c.ptr_eq(&blocks[d])) {
            consumers.push(blocks[d].clone());
        }
    }
    let path = state.ancestors(block_id)?;
    let mut common = path.len();
    for c in &consumers {
        let id = state.sref_of(&func, &c.clone().into());
        let other = state.ancestors(id)?;
        common = common.min(path.iter().zip(&other).take_while(|(a, b)| a.same_as(b)).count());
    }
    let lca = &path[common - 1];
    if !lca.as_object().is::<ForNode>() {
        return fail(
            "rolling_buffer injection is invalid, the lca of the access location of the target buffer is not a for loop. ",
            format!(
                "rolling_buffer injection is invalid. The block {{0}} should be tiled so that the lca of the access location of the target buffer {} is a for loop. ",
                buffer.name
            ),
            vec![block.clone().upcast()],
        );
    }
    // The loops right above the block (innermost first); those under the lca are relaxed.
    let loops: Vec<(&Stmt, &ForNode)> =
        path[..path.len() - 1].iter().rev().map_while(|s| s.as_object().downcast_ref::<ForNode>().map(|l| (s, l))).collect();
    let mut dom = DomMap::new();
    for (s, l) in &loops {
        if s.same_as(lca) {
            break;
        }
        dom.insert(addr(&l.loop_var), IntSet::from_min_extent(&l.min, &l.extent));
    }
    let loop_vars: Vec<Var> = loops.iter().rev().map(|(_, l)| l.loop_var.clone()).collect();
    let realize = super::region::realize_of(&root.clone().upcast(), &block).ok_or_else(|| ir::Error::value_error("block realize not found"))?;
    let an = Analyzer::new();
    let bt = expect_buffer(&buffer, "rolling_buffer")?.clone();
    let sets = super::region::relax_region(&region, &super::region::bindings(&realize), &dom, &an)?;
    let relaxed: Vec<Range> = sets
        .iter()
        .zip(&bt.shape)
        .map(|(s, d)| s.cover_range(&Range::from_min_extent(int_imm(d.dtype(), 0), d.clone(), Span::none()), &an))
        .collect();
    let Some(info) = match_rolling(&relaxed, &loop_vars) else {
        let ranges: Vec<String> =
            relaxed.iter().map(|r| crate::printer::engine::script(&r.clone().upcast(), &Default::default()).unwrap_or_default()).collect();
        return fail(
            "rolling_buffer expect the buffer region to have at least one dimentionmatching the rolling pattern such as: hh.outer * stride + hh.inner",
            format!(
                "The target buffer {} with region [{}] should have at least one dimension range that matches a rolling pattern such as hh.outer * stride + hh.inner. ",
                buffer.name,
                ranges.join(", ")
            ),
            vec![block.clone().upcast()],
        );
    };
    // The folded buffer.
    let mut ty = bt.clone();
    ty.shape[info.axis] = info.extent.clone();
    let new_buffer = ir::new_var(&buffer.name, Type::from(BufferType::new(ty)), buffer.span.clone());
    let new_root = rewrite(&root, &buffer, &new_buffer, &info)?;
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.upcast(), new_root.upcast())])?;
    Ok(())
}

/// The scope with every access to `old` going to `new` (the rolling index taken
/// modulo the tile's extent), the rolling iteration variable of each block made
/// opaque, and the writing block's predicate extended.
fn rewrite(root: &SBlock, old: &Var, new: &Var, info: &Rolling) -> SchResult<SBlock> {
    let (old_addr, new_addr) = (addr(old), addr(new));
    let new_expr: Expr = new.clone().into();
    let roll = |indices: &[Expr]| -> ir::Result<Vec<Expr>> {
        indices
            .iter()
            .enumerate()
            .map(|(i, e)| if i == info.axis { ir::arith::binary(BinOp::FloorMod, e.clone(), info.extent.clone(), Span::none()) } else { Ok(e.clone()) })
            .collect()
    };
    let visible: HashSet<usize> = [new_addr].into_iter().collect();
    let body = structural_map(
        root.body.clone().into_object(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == old_addr
            {
                let load = TensorLoadNode { source: new_expr.clone(), indices: roll(&l.indices)?, ..l.clone() };
                return Ok(MapResult::Replace(TensorLoad::new(load).upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && addr(&st.buffer) == old_addr
            {
                let store = BufferStoreNode { buffer: new.clone(), indices: roll(&st.indices)?, ..st.clone() };
                return Ok(MapResult::Replace(BufferStore::new(store).upcast()));
            }
            if let Some(b) = n.downcast_ref::<SBlockNode>() {
                let mut node = b.clone();
                node.iter_vars = b
                    .iter_vars
                    .iter()
                    .enumerate()
                    .map(|(i, iv)| if i == info.axis { IterVar::new(IterVarNode { iter_type: IterVarType::Opaque, ..(**iv).clone() }) } else { iv.clone() })
                    .collect();
                let (reads, writes) = regions::infer_block_regions(&node, &visible);
                let swap = |rs: &[TensorRegion], inferred: &[TensorRegion]| -> Vec<TensorRegion> {
                    rs.iter().map(|r| if region_buffer(r) == old_addr { inferred.first().cloned().unwrap_or_else(|| r.clone()) } else { r.clone() }).collect()
                };
                node.reads = swap(&b.reads, &reads);
                node.writes = swap(&b.writes, &writes);
                return Ok(MapResult::Replace(SBlock::new(node).upcast()));
            }
            if let Some(r) = n.downcast_ref::<SBlockRealizeNode>()
                && stores_to(&r.block, new_addr)
            {
                let mut node = r.clone();
                node.predicate = extended_predicate(&r.predicate, info, &r.iter_values)?;
                return Ok(MapResult::Replace(SBlockRealize::new(node).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    let mut node = (**root).clone();
    node.body = Stmt::try_from_object(body)?;
    node.alloc_buffers = root.alloc_buffers.iter().map(|b| if addr(b) == old_addr { new.clone() } else { b.clone() }).collect();
    Ok(SBlock::new(node))
}

/// `predicate` and, per rolled dimension, `v < 1 or start >= overlap` (`start`
/// the binding with the tile loop `v` at 0): only the first tile computes the
/// overlap.
fn extended_predicate(predicate: &Expr, info: &Rolling, iter_values: &[Expr]) -> ir::Result<Expr> {
    let an = Analyzer::new();
    let mut cond = predicate.clone();
    for (i, v) in info.iter_vars.iter().enumerate() {
        let (Some(v), Some(value)) = (v, iter_values.get(i)) else { continue };
        if info.overlaps[i] <= 0 {
            continue;
        }
        let zero = int_imm(v.dtype(), 0);
        let dom: DomMap = [(addr(v), IntSet::point(zero))].into_iter().collect();
        let start = eval_set(value, &dom).simplified(&an).min().cloned().unwrap_or_else(|| value.clone());
        let first = ir::arith::binary(BinOp::LT, Expr::from(v.clone()), int_imm(v.dtype(), 1), Span::none())?;
        let past = ir::arith::binary(BinOp::GE, start.clone(), int_imm(start.dtype(), info.overlaps[i]), Span::none())?;
        let either = ir::arith::binary(BinOp::Or, first, past, Span::none())?;
        cond = an.simplify(&ir::arith::binary(BinOp::And, cond, either, Span::none())?);
    }
    Ok(cond)
}
