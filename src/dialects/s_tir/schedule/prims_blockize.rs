//! `blockize`: the subtree under a loop made a block of its own, the iteration
//! space divided into the part outside the loop (the new outer block's iterators)
//! and the part inside it (the original block's).
//!
//! TVM divides the bindings with its iterator-map subspace division. Here each
//! binding is divided when it is a sum `outer + inner` of loop variables times
//! constants, the inner part a dense mixed-radix combination of the inner loops
//! and every outer coefficient a multiple of the inner extent (what splitting,
//! fusing and tiling produce); other bindings raise TVM's "can not be blockized".

use std::collections::HashSet;

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{expect_buffer, For, ForNode, IterVar, IterVarNode, IterVarType, Stmt, TensorRegion};
use crate::ir::expr::BinOp;
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{arith, DataType, Error, Expr, ObjectRef, Range, Span, Var};

use super::error::{fail, SchResult};
use super::primitives::{linear_terms, refold};
use super::prims_inline::{substitute, uses};
use super::prims_reduction::{single_child_realize_pub, uses_any, var_like};
use super::state::{SRefId, ScheduleState};

/// One binding divided: `(outer binding, outer extent, inner binding, inner extent)`.
struct Division {
    outer: Expr,
    outer_extent: Expr,
    inner: Expr,
    inner_extent: Expr,
}

fn int(dtype: DataType, v: i64) -> Expr {
    arith::make_const_int(dtype, v, Span::none()).expect("an integer constant")
}

/// `Σ atom * k` as TVM prints a normalized iterator sum: terms by decreasing
/// coefficient.
fn sum_of(mut terms: Vec<(Expr, i64)>, dtype: DataType) -> crate::ir::Result<Expr> {
    terms.sort_by(|a, b| b.1.cmp(&a.1));
    let mut out: Option<Expr> = None;
    for (atom, k) in terms {
        let t = if k == 1 { atom } else { arith::binary(BinOp::Mul, atom, int(dtype, k), Span::none())? };
        out = Some(match out {
            None => t,
            Some(o) => arith::binary(BinOp::Add, o, t, Span::none())?,
        });
    }
    Ok(out.unwrap_or_else(|| int(dtype, 0)))
}

fn divide(binding: &Expr, extent: &Expr, inner_loops: &[For], outer_loops: &[For], preserve: bool) -> Option<Division> {
    let dtype = binding.dtype();
    let (mut terms, mut constant) = (Vec::new(), 0i64);
    if !linear_terms(binding, 1, &mut terms, &mut constant) || constant != 0 {
        return None;
    }
    let find = |loops: &[For], e: &Expr| loops.iter().find(|l| l.loop_var.as_ref_obj().addr() == e.as_object().addr()).cloned();
    let (mut inner, mut outer) = (Vec::new(), Vec::new());
    for (atom, k) in terms {
        if let Some(l) = find(inner_loops, &atom) {
            if !preserve && l.extent.as_int() == Some(1) {
                continue;
            }
            inner.push((atom, k, l));
        } else if let Some(l) = find(outer_loops, &atom) {
            if !preserve && l.extent.as_int() == Some(1) {
                continue;
            }
            outer.push((atom, k, l));
        } else {
            return None;
        }
    }
    // The inner part must be dense: coefficients 1, e1, e1*e2 ... by the loops' extents.
    inner.sort_by_key(|t| t.1);
    let mut inner_extent = 1i64;
    for (_, k, l) in &inner {
        if *k != inner_extent {
            return None;
        }
        inner_extent *= l.extent.as_int()?;
    }
    if inner.is_empty() {
        // Only outer loops (or a constant): the outer part is the whole binding.
        let outer_terms: Vec<(Expr, i64)> = outer.into_iter().map(|(a, k, _)| (a, k)).collect();
        return Some(Division { outer: sum_of(outer_terms, dtype).ok()?, outer_extent: extent.clone(), inner: int(dtype, 0), inner_extent: int(extent.dtype(), 1) });
    }
    if outer.iter().any(|(_, k, _)| k % inner_extent != 0) {
        return None;
    }
    let total = extent.as_int()?;
    if total % inner_extent != 0 {
        return None;
    }
    let outer_terms: Vec<(Expr, i64)> = outer.into_iter().map(|(a, k, _)| (a, k / inner_extent)).collect();
    let inner_terms: Vec<(Expr, i64)> = inner.into_iter().map(|(a, k, _)| (a, k)).collect();
    Some(Division {
        outer: sum_of(outer_terms, dtype).ok()?,
        outer_extent: int(extent.dtype(), total / inner_extent),
        inner: sum_of(inner_terms, dtype).ok()?,
        inner_extent: int(extent.dtype(), inner_extent),
    })
}

/// A region relaxed over the inner iterators (each in `[0, extent)`), as TVM's
/// `EvalSet` then `CoverRange` give it for affine indices; other indices cover
/// the whole dimension.
fn relax(region: &TensorRegion, inner: &[(Var, i64)]) -> SchResult<TensorRegion> {
    let buffer = region.source.as_object().clone().try_downcast::<crate::ir::VarNode>().ok_or_else(|| Error::type_error("expected a buffer"))?;
    let shape = expect_buffer(&buffer, "blockize")?.shape.clone();
    let addrs: HashSet<usize> = inner.iter().map(|(v, _)| v.as_ref_obj().addr()).collect();
    let mut out = Vec::new();
    for (dim, r) in region.region.iter().enumerate() {
        if !uses_any(r.min.as_object(), &addrs) {
            out.push(r.clone());
            continue;
        }
        let (mut terms, mut constant) = (Vec::new(), 0i64);
        let mut grow = 0i64;
        let mut ok = linear_terms(&r.min, 1, &mut terms, &mut constant) && r.extent.as_int().is_some();
        if ok {
            for (atom, k) in &terms {
                if let Some((_, ext)) = inner.iter().find(|(v, _)| v.as_ref_obj().addr() == atom.as_object().addr()) {
                    if *k < 0 {
                        ok = false;
                    }
                    grow += k * (ext - 1);
                } else if uses_any(atom.as_object(), &addrs) {
                    ok = false;
                }
            }
        }
        if !ok {
            let d = shape[dim].dtype();
            out.push(Range::from_min_extent(int(d, 0), shape[dim].clone(), Span::none()));
            continue;
        }
        let zeros: Vec<(usize, Expr)> = inner.iter().map(|(v, _)| (v.as_ref_obj().addr(), int(v.dtype(), 0))).collect();
        let lo = Expr::try_from_object(substitute(r.min.clone().into_object(), &zeros)?)?;
        let lo = refold(&lo)?;
        let extent = int(r.extent.dtype(), r.extent.as_int().unwrap_or(1) + grow);
        out.push(Range::from_min_extent(lo, extent, Span::none()));
    }
    Ok(crate::dialects::tirx::nodes::buffer_region(&buffer, out, Span::none())?)
}

/// Substitute block variables in a block (and simplify the changed expressions).
fn subst_block(block: &SBlock, map: &[(usize, Expr)]) -> SchResult<SBlock> {
    // The block's own iterators are replaced by the caller: leave them out here.
    let mut node: SBlockNode = (**block).clone();
    node.iter_vars = vec![];
    let out = substitute(SBlock::new(node).upcast(), map)?;
    let out = structural_map(
        out,
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if BinOp::operands(&n).is_some() {
                let e = Expr::try_from_object(n.clone())?;
                let r = refold(&e).map_err(|_| Error::runtime("blockize: simplification failed"))?;
                return Ok(MapResult::ReplaceAndSkip(r.into_object()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    out.try_downcast::<SBlockNode>().ok_or_else(|| Error::type_error("expected a block").into())
}

/// `blockize(loop, preserve_unit_iters)`: returns the new outer block.
pub fn blockize(state: &mut ScheduleState, loop_id: SRefId, preserve: bool) -> SchResult<SRefId> {
    let lp = state.loop_of(loop_id)?;
    let func = state.sref(loop_id).func.clone();
    let (outer_realize, block, inner_block) = blockize_realize(state, loop_id, preserve)?;
    let outer_block = outer_realize.block.clone();
    state.replace(&func, &lp.as_ref_obj(), outer_realize.upcast(), &[(block.upcast(), inner_block.upcast())])?;
    Ok(state.sref_of(&func, &outer_block.into()))
}

/// The outer block realize `blockize` puts in place of the loop (TVM's
/// `BlockizeImpl`), without changing the state; with the original block and the
/// inner block that continues it.
pub fn blockize_realize(state: &mut ScheduleState, loop_id: SRefId, preserve: bool) -> SchResult<(SBlockRealize, SBlock, SBlock)> {
    let lp = state.loop_of(loop_id)?;
    let func = state.sref(loop_id).func.clone();
    let realize = single_child_realize_pub(&lp.as_ref_obj())?;
    let block = realize.block.clone();
    let block_id = state.sref_of(&func, &block.clone().into());
    let loop_ids = super::primitives::get_loops(state, block_id)?;
    let all: Vec<For> = loop_ids.iter().map(|&l| state.loop_of(l)).collect::<Result<_, _>>()?;
    let pos = all.iter().position(|l| l.ptr_eq(&lp)).ok_or_else(|| Error::value_error("blockize: the loop is not above the block"))?;
    let inner_loops: Vec<For> = all[pos..].to_vec();
    let outer_loops: Vec<For> = all[..pos].to_vec();
    let not_divisible = || {
        fail::<()>(
            "The bindings of the inner block can not be blockized.",
            "ScheduleError: The bindings of the inner block {0} can not be blockized by the loops starting at {1}.",
            vec![block.clone().upcast(), lp.clone().upcast()],
        )
    };
    // The predicate goes with the side whose loops it uses.
    let inner_addrs: HashSet<usize> = inner_loops.iter().map(|l| l.loop_var.as_ref_obj().addr()).collect();
    let outer_addrs: HashSet<usize> = outer_loops.iter().map(|l| l.loop_var.as_ref_obj().addr()).collect();
    let t = arith::make_const_int(DataType::BOOL, 1, Span::none())?;
    let (outer_pred, inner_pred) = if realize.predicate.as_int() == Some(1) {
        (t.clone(), t.clone())
    } else if !uses_any(realize.predicate.as_object(), &outer_addrs) {
        (t.clone(), realize.predicate.clone())
    } else if !uses_any(realize.predicate.as_object(), &inner_addrs) {
        (realize.predicate.clone(), t.clone())
    } else {
        not_divisible()?;
        unreachable!()
    };
    let mut outer_iters = Vec::new();
    let mut outer_values = Vec::new();
    let mut inner_iters = Vec::new();
    let mut inner_values = Vec::new();
    let mut subst: Vec<(usize, Expr)> = Vec::new();
    for (iv, binding) in block.iter_vars.iter().zip(&realize.iter_values) {
        let extent = iv.dom.as_ref().map(|d| d.extent.clone()).ok_or_else(|| Error::value_error("blockize: a block iterator has no domain"))?;
        let Some(d) = divide(binding, &extent, &inner_loops, &outer_loops, preserve) else {
            not_divisible()?;
            unreachable!()
        };
        let zero = int(d.outer_extent.dtype(), 0);
        let outer_iter = IterVar::new(IterVarNode {
            dom: Some(Range::from_min_extent(zero.clone(), d.outer_extent.clone(), Span::none())),
            var: var_like(&iv.var, &format!("{}_o", iv.var.name)),
            iter_type: iv.iter_type,
            thread_tag: String::new(),
            span: Span::none(),
        });
        outer_values.push(d.outer.clone());
        let sub: Expr = if d.inner_extent.as_int() == Some(1) {
            if d.outer_extent.as_int() == Some(1) && !preserve { int(iv.var.dtype(), 0) } else { outer_iter.var.clone().into() }
        } else {
            let inner_iter = IterVar::new(IterVarNode {
                dom: Some(Range::from_min_extent(int(d.inner_extent.dtype(), 0), d.inner_extent.clone(), Span::none())),
                var: var_like(&iv.var, &format!("{}_i", iv.var.name)),
                iter_type: iv.iter_type,
                thread_tag: String::new(),
                span: Span::none(),
            });
            inner_values.push(d.inner.clone());
            let v: Expr = inner_iter.var.clone().into();
            inner_iters.push(inner_iter);
            if d.outer_extent.as_int() == Some(1) {
                v
            } else {
                let ov: Expr = outer_iter.var.clone().into();
                let scaled = arith::binary(BinOp::Mul, ov, d.inner_extent.clone(), Span::none())?;
                arith::binary(BinOp::Add, scaled, v, Span::none())?
            }
        };
        outer_iters.push(outer_iter);
        subst.push((iv.var.as_ref_obj().addr(), sub));
    }
    let block_subst = subst_block(&block, &subst)?;
    let has_outer_reduction = block_subst.init.is_some() && outer_iters.iter().any(|iv| iv.iter_type == IterVarType::CommReduce);
    let mut inner_node: SBlockNode = (*block_subst).clone();
    inner_node.iter_vars = inner_iters.clone();
    inner_node.init = None;
    if has_outer_reduction {
        let mut reads = block_subst.writes.clone();
        reads.extend(block_subst.reads.iter().cloned());
        inner_node.reads = reads;
    }
    let inner_block = SBlock::new(inner_node);
    let inner_realize = SBlockRealize::new(SBlockRealizeNode { iter_values: inner_values.clone(), predicate: inner_pred.clone(), block: inner_block.clone(), span: Span::none() });
    // The inner loops around the inner block, as they were.
    let mut body: Stmt = inner_realize.clone().into();
    for l in inner_loops.iter().rev() {
        let mut node: ForNode = (**l).clone();
        node.body = body;
        body = For::new(node).into();
    }
    // The outer block's regions: the inner block's relaxed over the inner iterators.
    let inner_doms: Vec<(Var, i64)> = inner_iters.iter().map(|iv| (iv.var.clone(), iv.dom.as_ref().and_then(|d| d.extent.as_int()).unwrap_or(1))).collect();
    let reads = block_subst.reads.iter().map(|r| relax(r, &inner_doms)).collect::<Result<Vec<_>, _>>()?;
    let writes = block_subst.writes.iter().map(|r| relax(r, &inner_doms)).collect::<Result<Vec<_>, _>>()?;
    // The outer init: the init block under the inner loops its bindings use.
    let init = match &block_subst.init {
        None => None,
        Some(init) => {
            let mut map: Vec<(usize, Expr)> = Vec::new();
            let (mut ivs, mut vals) = (Vec::new(), Vec::new());
            for (iv, v) in inner_block.iter_vars.iter().zip(&inner_values) {
                if iv.iter_type == IterVarType::DataPar && uses(init.as_object(), iv.var.as_ref_obj().addr()) {
                    let nv = var_like(&iv.var, &format!("{}_init", iv.var.name));
                    map.push((iv.var.as_ref_obj().addr(), nv.clone().into()));
                    let mut n: IterVarNode = (**iv).clone();
                    n.var = nv;
                    ivs.push(IterVar::new(n));
                    vals.push(v.clone());
                }
            }
            let init_block = SBlock::new(SBlockNode {
                iter_vars: ivs,
                reads: vec![],
                writes: inner_block.writes.clone(),
                name_hint: format!("{}_init", block_subst.name_hint),
                alloc_buffers: vec![],
                match_buffers: vec![],
                annotations: std::sync::Arc::from(Vec::new()),
                init: None,
                body: init.clone(),
                span: Span::none(),
            });
            let mut stmt: Stmt = SBlockRealize::new(SBlockRealizeNode { iter_values: vals.clone(), predicate: inner_pred.clone(), block: init_block, span: Span::none() }).into();
            for l in inner_loops.iter().rev() {
                if vals.iter().any(|v| uses(v.as_object(), l.loop_var.as_ref_obj().addr())) {
                    let nv = var_like(&l.loop_var, &l.loop_var.name);
                    map.push((l.loop_var.as_ref_obj().addr(), nv.clone().into()));
                    let mut node: ForNode = (**l).clone();
                    node.loop_var = nv;
                    node.body = stmt;
                    stmt = For::new(node).into();
                }
            }
            Some(Stmt::try_from_object(substitute(stmt.into_object(), &map)?)?)
        }
    };
    let outer_block = SBlock::new(SBlockNode {
        iter_vars: outer_iters,
        reads,
        writes,
        name_hint: format!("{}_o", block_subst.name_hint),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: std::sync::Arc::from(Vec::new()),
        init,
        body,
        span: Span::none(),
    });
    let outer_realize = SBlockRealize::new(SBlockRealizeNode { iter_values: outer_values, predicate: outer_pred, block: outer_block, span: Span::none() });
    Ok((outer_realize, block, inner_block))
}
