//! Buffer regions under loops, for the primitives that move or copy data
//! (`compute_at`, `cache_read` …): a block's regions with its bindings
//! substituted, relaxed over the loops between it and a given ancestor (TVM's
//! `LoopDomainOfSRefTreePath` and `EvalSet` over a region), and the storage-scope
//! rule by which thread-bound loops further up are relaxed too.

use crate::dialects::s_tir::nodes::{SBlock, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{buffer_type, ForNode, Stmt, TensorRegion};
use crate::ir::arith::int_set::{eval_set, DomMap, IntSet};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::map::pre_order_visit;
use crate::ir::{arith, BinOp, Expr, ObjectRef, Span};

use super::prims_inline::substitute;

/// The realize of `block` under `root`.
pub fn realize_of(root: &ObjectRef, block: &SBlock) -> Option<SBlockRealize> {
    let mut out = None;
    pre_order_visit(root, |n| {
        if out.is_some() {
            return false;
        }
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>()
            && r.block.ptr_eq(block)
        {
            out = n.clone().try_downcast::<SBlockRealizeNode>();
            return false;
        }
        true
    });
    out
}

/// A block's iteration variables paired with their bound values (by address).
pub fn bindings(r: &SBlockRealize) -> Vec<(usize, Expr)> {
    r.block.iter_vars.iter().zip(&r.iter_values).map(|(iv, v)| (iv.var.as_ref_obj().addr(), v.clone())).collect()
}

/// A storage scope's rank (TVM's `StorageRank`: global 0, shared 1, warp 2, local 3).
fn storage_rank(scope: &str) -> i32 {
    if scope.starts_with("shared") {
        1
    } else if scope.starts_with("warp") {
        2
    } else if scope.starts_with("local") || scope.starts_with("wmma") || scope.starts_with("m16n8k8") {
        3
    } else {
        0
    }
}

/// Whether a buffer of `scope` is shared across the threads of `tag`, so a loop
/// bound to it is relaxed (TVM's `CanRelaxStorageUnderThread`).
fn relaxed_under_thread(scope: &str, tag: &str) -> bool {
    let thread_rank = if tag.starts_with("blockIdx") {
        0
    } else if tag.starts_with("threadIdx") || tag.starts_with("vthread") || tag == "cthread" {
        1
    } else {
        return false;
    };
    let rank = storage_rank(scope);
    if rank == 2 {
        return tag == "threadIdx.x";
    }
    rank <= thread_rank
}

/// The domain of the loops of `path` (from the function's root down to a
/// block's parent) below position `high` (exclusive; the loops right above the
/// block, up to the first block), plus, for a buffer of a shared storage scope,
/// the thread-bound loops at `high` and above that the scope is shared across.
pub fn loop_domain(path: &[Stmt], high: usize, scope: Option<&str>) -> DomMap {
    let mut dom = DomMap::new();
    for s in path[high + 1..].iter().rev() {
        let Some(l) = s.as_object().downcast_ref::<ForNode>() else { break };
        dom.insert(l.loop_var.as_ref_obj().addr(), IntSet::from_min_extent(&l.min, &l.extent));
    }
    if let Some(sc) = scope.filter(|sc| storage_rank(sc) != 0) {
        for s in &path[..=high.min(path.len() - 1)] {
            if let Some(l) = s.as_object().downcast_ref::<ForNode>()
                && let Some(t) = &l.thread_binding
                && relaxed_under_thread(sc, &t.thread_tag)
            {
                dom.insert(l.loop_var.as_ref_obj().addr(), IntSet::from_min_extent(&l.min, &l.extent));
            }
        }
    }
    dom
}

/// The storage scope of a buffer variable.
pub fn scope_of(buffer: &Expr) -> String {
    buffer
        .as_object()
        .downcast_ref::<crate::ir::VarNode>()
        .and_then(buffer_type)
        .map(|b| b.storage_scope.clone())
        .unwrap_or_default()
}

/// A region (bindings substituted) relaxed over `dom`, one set per dimension.
pub fn relax_region(region: &TensorRegion, binding: &[(usize, Expr)], dom: &DomMap, an: &Analyzer) -> crate::ir::Result<Vec<IntSet>> {
    let mut out = Vec::with_capacity(region.region.len());
    for r in &region.region {
        let min = Expr::try_from_object(substitute(r.min.clone().into_object(), binding)?)?;
        let ext = Expr::try_from_object(substitute(r.extent.clone().into_object(), binding)?)?;
        let smin = eval_set(&min, dom);
        let set = if ext.as_int() == Some(1) {
            smin
        } else {
            let sext = eval_set(&ext, dom);
            let one = arith::make_const_int(ext.dtype(), 1, Span::none())?;
            let hi = match (smin.max(), sext.max()) {
                (Some(a), Some(b)) => Some(arith::binary(BinOp::Sub, arith::binary(BinOp::Add, a.clone(), b.clone(), Span::none())?, one, Span::none())?),
                _ => None,
            };
            IntSet::Interval(smin.min().cloned(), hi)
        };
        out.push(set.simplified(an));
    }
    Ok(out)
}
