//! Loop reordering, unit loops, block inlining and the dataflow queries:
//! `reorder`, `add_unit_loop`, `compute_inline`, `reverse_compute_inline`,
//! `get_producers`, `get_consumers`, with TVM 0.27's checks and messages.

use std::collections::HashSet;

use crate::dialects::s_tir::frontend::regions;
use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{For, ForNode, IterVarType, SeqStmt, SeqStmtNode, Stmt, BufferStoreNode};
use crate::ir::expr::BinOp;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, DataType, Error, Expr, ObjectRef, Span, TensorLoadNode, Var};

use super::error::{fail, SchResult};
use super::state::{SRefId, ScheduleState};

/// Whether `root` mentions the object at `addr`.
pub(super) fn uses(root: &ObjectRef, addr: usize) -> bool {
    let mut found = false;
    pre_order_visit(root, |n| {
        found |= n.addr() == addr;
        !found
    });
    found
}

/// `root` with the variables of `pairs` replaced (no simplification).
pub(super) fn substitute(root: ObjectRef, pairs: &[(usize, Expr)]) -> crate::ir::Result<ObjectRef> {
    structural_map(
        root,
        |n: ObjectRef| match pairs.iter().find(|(a, _)| *a == n.addr()) {
            Some((_, e)) => MapResult::ReplaceAndSkip(e.clone().into_object()),
            None => MapResult::Unchanged,
        },
        WalkOrder::PreOrder,
    )
}

// ---------------------------------------------------------------------------
// reorder

/// Whether `e` is built from loop variables and constants with `+`, `-`, `*` and
/// division/modulo by constants (TVM's quasi-affine bindings).
fn quasi_affine(e: &Expr) -> bool {
    if e.as_int().is_some() || e.as_object().is::<crate::ir::VarNode>() {
        return true;
    }
    match BinOp::operands(e.as_object()) {
        Some((BinOp::Add | BinOp::Sub, a, b)) => quasi_affine(a) && quasi_affine(b),
        Some((BinOp::Mul, a, b)) => (a.as_int().is_some() || b.as_int().is_some()) && quasi_affine(a) && quasi_affine(b),
        Some((BinOp::FloorDiv | BinOp::FloorMod, a, b)) => b.as_int().is_some_and(|c| c > 0) && quasi_affine(a),
        _ => false,
    }
}

/// The conjuncts of a predicate.
fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match BinOp::operands(e.as_object()) {
        Some((BinOp::And, a, b)) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(e.clone()),
    }
}

/// An approximation of TVM's affine-binding check: quasi-affine bindings, and a
/// predicate that only bounds one of the bindings (or a loop variable), as a
/// split with predication makes it.
pub(super) fn is_affine_realize(r: &SBlockRealizeNode) -> bool {
    if !r.iter_values.iter().all(quasi_affine) {
        return false;
    }
    if r.predicate.as_int() == Some(1) {
        return true;
    }
    let mut parts = Vec::new();
    conjuncts(&r.predicate, &mut parts);
    parts.iter().all(|p| match BinOp::operands(p.as_object()) {
        Some((BinOp::LT, lhs, _)) => {
            lhs.as_object().is::<crate::ir::VarNode>()
                || r.iter_values.iter().any(|v| crate::ir::structural_equal(v.as_object(), lhs.as_object(), false))
        }
        _ => false,
    })
}

/// TVM's `IsAffineBinding`: the bindings form a surjective iterator map over
/// `loops` (variable, min, extent) in which each sum's leading split has scale 1.
/// A realize with a predicate is judged by [`is_affine_realize`].
pub(super) fn is_affine_binding(r: &SBlockRealizeNode, loops: &[(Var, Expr, Expr)]) -> bool {
    use crate::ir::arith::iter_map::{detect_iter_map, IterMapLevel};
    if loops.is_empty() {
        return true;
    }
    if r.predicate.as_int() != Some(1) {
        return is_affine_realize(r);
    }
    let res = detect_iter_map(&r.iter_values, loops, &r.predicate, IterMapLevel::Surjective, false);
    !res.indices.is_empty() && res.indices.iter().all(|s| s.args.first().is_none_or(|a| a.scale.as_int() == Some(1)))
}

/// The loops from a statement's parent up to (not including) its scope root or
/// `high_exclusive`, as (variable, min, extent) (TVM's `LoopDomainOfSRefTreePath`).
pub(super) fn loop_domain(path: &[Stmt], high_exclusive: Option<&For>) -> Vec<(Var, Expr, Expr)> {
    let mut out = Vec::new();
    for s in path[..path.len().saturating_sub(1)].iter().rev() {
        if s.is::<SBlockNode>() || high_exclusive.is_some_and(|h| h.same_as(s.as_object())) {
            break;
        }
        if let Some(l) = s.as_object().downcast_ref::<ForNode>() {
            out.push((l.loop_var.clone(), l.min.clone(), l.extent.clone()));
        }
    }
    out
}

/// `reorder`: the loops of a chain put in the given order (the loops of the chain
/// not listed keep their places).
pub fn reorder(state: &mut ScheduleState, ids: &[SRefId]) -> SchResult<()> {
    if ids.len() <= 1 {
        return Ok(());
    }
    let mut fors: Vec<For> = Vec::new();
    for &id in ids {
        let l = state.loop_of(id)?;
        if fors.iter().any(|f| f.ptr_eq(&l)) {
            return fail(
                "Some loop appears in the input array for multiple times.",
                "Loop {0} appears in the input array for multiple times.",
                vec![l.upcast()],
            );
        }
        fors.push(l);
    }
    let func = state.sref(ids[0]).func.clone();
    let in_set = |s: &Stmt, fors: &[For]| fors.iter().any(|f| f.same_as(s.as_object()));
    // The top and the bottom of the range (TVM's GetBoundaryOfReorderRange).
    let mut visited: Vec<Stmt> = Vec::new();
    let mut top: Option<Stmt> = None;
    let mut bottom: Stmt = fors[0].clone().into();
    let mut scope_visited = false;
    for (i, &id) in ids.iter().enumerate() {
        let me: Stmt = fors[i].clone().into();
        if visited.iter().any(|v| v.same_as(me.as_object())) {
            continue;
        }
        let path = state.ancestors(id)?;
        for v in path.iter().rev() {
            if v.is::<SBlockNode>() {
                if scope_visited {
                    return fail("the loops are not in a chain", "The loops are not in a chain because they are not under the same scope.", vec![]);
                }
                scope_visited = true;
                break;
            }
            if visited.iter().any(|x| x.same_as(v.as_object())) {
                if !v.same_as(bottom.as_object()) {
                    return fail(
                        "the loops are not in a chain",
                        "The loops are not in a chain because there is a non-single-branch stmt in between. Problematic stmt: {0}",
                        vec![v.clone().into_object()],
                    );
                }
                bottom = me.clone();
                break;
            }
            visited.push(v.clone());
            if i == 0 && in_set(v, &fors) {
                top = Some(v.clone());
            }
        }
    }
    let top = top.ok_or_else(|| Error::value_error("reorder: no top loop"))?;
    // The chain from the bottom up to the top, each loop the only child of its parent.
    let bottom_id = state.sref_of(&func, &bottom);
    let path = state.ancestors(bottom_id)?;
    let top_at = path.iter().position(|s| s.same_as(top.as_object())).ok_or_else(|| Error::value_error("reorder: top not above bottom"))?;
    let mut chain: Vec<For> = Vec::new();
    for k in (top_at..path.len()).rev() {
        let inner = path[k].as_object().try_downcast::<ForNode>().ok_or_else(|| Error::value_error("reorder: not a loop"))?;
        if k > top_at {
            let outer = path[k - 1].as_object().try_downcast::<ForNode>().ok_or_else(|| Error::value_error("reorder: not a loop"))?;
            if !outer.body.same_as(&inner.as_ref_obj()) {
                return fail(
                    "the loops are not in a chain",
                    "The loops are not in a chain because there is a non-single-branch stmt in between. Problematic stmt: {0}",
                    vec![outer.upcast()],
                );
            }
        }
        chain.push(inner);
    }
    // The blocks directly under the range: data-parallel or reduction iterators and
    // affine bindings.
    let mut loop_vars: Vec<usize> = Vec::new();
    let mut bounds: Vec<ObjectRef> = Vec::new();
    let mut collect = |n: &ObjectRef| {
        if let Some(l) = n.downcast_ref::<ForNode>() {
            loop_vars.push(l.loop_var.as_ref_obj().addr());
            bounds.push(l.min.clone().into_object());
            bounds.push(l.extent.clone().into_object());
        }
    };
    for s in &path {
        collect(s.as_object());
    }
    pre_order_visit(&bottom.clone().into_object(), |n| {
        collect(n);
        !n.is::<SBlockNode>()
    });
    let dependent_domains = bounds.iter().any(|b| loop_vars.iter().any(|&v| uses(b, v)));
    let high_exclusive = if top_at > 0 { path[top_at - 1].as_object().try_downcast::<ForNode>() } else { None };
    let mut realizes: Vec<crate::dialects::s_tir::nodes::SBlockRealize> = Vec::new();
    pre_order_visit(&bottom.clone().into_object(), |n| {
        if let Some(r) = n.clone().try_downcast::<SBlockRealizeNode>() {
            realizes.push(r);
            return false;
        }
        true
    });
    let mut error: Option<(bool, SBlock)> = None;
    for r in &realizes {
        if r.block.iter_vars.iter().any(|iv| iv.iter_type != IterVarType::DataPar && iv.iter_type != IterVarType::CommReduce) {
            error = Some((true, r.block.clone()));
            break;
        }
        if r.block.iter_vars.is_empty() {
            continue;
        }
        // Affine over all its loops (TVM's cached flag), or over the loops under the range.
        let block_id = state.sref_of(&func, &r.block.clone().into());
        let block_path = state.ancestors(block_id)?;
        let global = !dependent_domains && is_affine_binding(r, &loop_domain(&block_path, None));
        let partial = high_exclusive.as_ref().is_some_and(|h| is_affine_binding(r, &loop_domain(&block_path, Some(h))));
        if !global && !partial {
            error = Some((false, r.block.clone()));
            break;
        }
    }
    match error {
        Some((true, b)) => {
            return fail(
                "The block under the loops to be reordered have block iter type other than data-parallel or reduction",
                "The block {0} under the loops to be reordered have block iter type other than data-parallel or reduction",
                vec![b.upcast()],
            );
        }
        Some((false, b)) => {
            return match high_exclusive {
                Some(l) => fail(
                    &format!("The block is required to have an partial affine binding under {}", l.loop_var.name),
                    format!("The block {{0}} is required to have an partial affine binding under {}", l.loop_var.name),
                    vec![b.upcast()],
                ),
                None => fail("The block is required to have an affine binding", "The block {0} is required to have an affine binding", vec![b.upcast()]),
            };
        }
        None => {}
    }
    // The new chain, innermost first; an outer loop may not depend on an inner one.
    let mut inner_vars: Vec<Var> = Vec::new();
    let mut new_loop: Option<Stmt> = None;
    let mut index = fors.len();
    for l in &chain {
        let copy = if in_set(&l.clone().into(), &fors) {
            index -= 1;
            fors[index].clone()
        } else {
            l.clone()
        };
        let mut node = (*copy).clone();
        node.body = match &new_loop {
            Some(n) => n.clone(),
            None => l.body.clone(),
        };
        for v in &inner_vars {
            let a = v.as_ref_obj().addr();
            if uses(&copy.min.clone().into_object(), a) || uses(&copy.extent.clone().into_object(), a) {
                return fail(
                    "An outer loop's `min` or `extent` is dependent on an inner loop in the new order",
                    format!("Outer Loop {{0}}'s `min` or `extent` is dependent on an inner loop {} in the new order", v.name),
                    vec![copy.upcast()],
                );
            }
        }
        inner_vars.push(copy.loop_var.clone());
        new_loop = Some(For::new(node).into());
    }
    let new_loop = new_loop.ok_or_else(|| Error::value_error("reorder: empty chain"))?;
    state.replace(&func, top.as_object(), new_loop.into_object(), &[])?;
    Ok(())
}

// ---------------------------------------------------------------------------
// add_unit_loop

fn unit_loop(body: Stmt) -> For {
    let dtype = DataType::int(32);
    let one = arith::make_const_int(dtype, 1, Span::none()).expect("an int32 constant");
    super::primitives::new_loop(Var::scalar("u", dtype), one, body)
}

/// `add_unit_loop`: a loop of extent 1 above a loop or a block.
pub fn add_unit_loop(state: &mut ScheduleState, id: SRefId) -> SchResult<SRefId> {
    let stmt = state.stmt(id, "statement")?;
    let func = state.sref(id).func.clone();
    if stmt.is::<ForNode>() {
        let new: Stmt = unit_loop(stmt.clone()).into();
        state.replace(&func, stmt.as_object(), new.clone().into_object(), &[])?;
        return Ok(state.sref_of(&func, &new));
    }
    let Some(parent) = state.parent(id)? else {
        return Err(Error::value_error("Cannot add loops on top of the root block").into());
    };
    // The realize of the block, in its parent.
    let mut realize: Option<ObjectRef> = None;
    pre_order_visit(&parent.clone().into_object(), |n| {
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>()
            && r.block.same_as(stmt.as_object())
        {
            realize = Some(n.clone());
        }
        realize.is_none()
    });
    let realize = realize.ok_or_else(|| Error::value_error("add_unit_loop: the block has no realize"))?;
    let new: Stmt = unit_loop(Stmt::from_object_unchecked(realize.clone())).into();
    state.replace(&func, &realize, new.clone().into_object(), &[])?;
    Ok(state.sref_of(&func, &new))
}

// ---------------------------------------------------------------------------
// compute_inline

/// The nearest block above a block (its scope root).
pub(super) fn scope_root(state: &ScheduleState, id: SRefId) -> SchResult<SBlock> {
    let path = state.ancestors(id)?;
    path[..path.len() - 1]
        .iter()
        .rev()
        .find_map(|s| s.as_object().try_downcast::<SBlockNode>())
        .ok_or_else(|| Error::value_error("The root block has no scope root").into())
}

/// The blocks of a scope (under `root`, not nested in another block).
pub(super) fn scope_blocks(root: &SBlock) -> Vec<SBlock> {
    let mut out = Vec::new();
    pre_order_visit(&root.body.clone().into_object(), |n| {
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>() {
            out.push(r.block.clone());
            return false;
        }
        true
    });
    out
}

pub(super) fn region_buffer(r: &crate::dialects::tirx::nodes::TensorRegion) -> usize {
    r.source.as_object().addr()
}

pub(super) fn check_not_output(state: &ScheduleState, func: &str, block: &SBlock, root: &SBlock) -> SchResult<()> {
    let f = state.func(func)?;
    let is_func_root = f.body.as_object().downcast_ref::<SBlockRealizeNode>().is_some_and(|r| r.block.ptr_eq(root));
    let output = if is_func_root {
        let params: HashSet<usize> = f.params.iter().map(|p| p.as_ref_obj().addr()).collect();
        block.writes.iter().any(|w| params.contains(&region_buffer(w)))
    } else {
        let allocated: HashSet<usize> = root.alloc_buffers.iter().map(|b| b.as_ref_obj().addr()).collect();
        block.writes.iter().any(|w| !allocated.contains(&region_buffer(w)))
    };
    if output {
        return fail("Cannot operate on an output block", "The block {0} is an output block", vec![block.clone().upcast()]);
    }
    Ok(())
}

const COMPLETE_BLOCK_DEFINITION: &str = "Definition of a complete block:\n1) All block vars are data parallel\n2) Dominant: the block is the only writer of its output, dominating the reader of its output buffers\n3) No overlap between the buffers the block reads and writes";

pub(super) fn check_complete(block: &SBlock, root: &SBlock) -> SchResult<()> {
    let cond = if block.iter_vars.iter().any(|iv| iv.iter_type != IterVarType::DataPar) {
        1
    } else if {
        let written: HashSet<usize> = block.writes.iter().map(region_buffer).collect();
        scope_blocks(root).iter().any(|b| !b.ptr_eq(block) && b.writes.iter().any(|w| written.contains(&region_buffer(w))))
    } {
        2
    } else if block.reads.iter().any(|r| block.writes.iter().any(|w| region_buffer(w) == region_buffer(r))) {
        3
    } else {
        0
    };
    if cond != 0 {
        return fail(
            "Incomplete block",
            format!("The block {{0}} is not a complete block - it violates condition #{cond}.\n{COMPLETE_BLOCK_DEFINITION}"),
            vec![block.clone().upcast()],
        );
    }
    Ok(())
}

const BODY_INLINE: &str = "The body of the inlined block should be in form of\n    'A[f(i, j, k, ...)] = g(i, j, k, ...)',\nwhere the store indices mapping f on the left are bijective affine.";

/// `root`'s body with the statement at `target` taken out of its sequence (a
/// one-element sequence becomes its element).
pub(super) fn remove_leaf(body: &Stmt, target: usize) -> crate::ir::Result<Stmt> {
    let out = structural_map(
        body.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            let Some(s) = n.downcast_ref::<SeqStmtNode>() else { return Ok(MapResult::Unchanged) };
            if !s.seq.iter().any(|x| x.as_object().addr() == target) {
                return Ok(MapResult::Unchanged);
            }
            let rest: Vec<Stmt> = s.seq.iter().filter(|x| x.as_object().addr() != target).cloned().collect();
            Ok(MapResult::ReplaceAndSkip(if rest.len() == 1 {
                rest[0].clone().into_object()
            } else {
                SeqStmt::new(SeqStmtNode { seq: rest, span: s.span.clone() }).upcast()
            }))
        },
        WalkOrder::PreOrder,
    )?;
    Stmt::try_from_object(out)
}

/// The statement removing the block leaves out: its realize with the loops above
/// it that hold nothing else.
pub(super) fn leaf_to_remove(state: &ScheduleState, id: SRefId, block: &SBlock) -> SchResult<ObjectRef> {
    let path = state.ancestors(id)?;
    let parent = path[path.len() - 2].clone();
    let mut realize: Option<ObjectRef> = None;
    pre_order_visit(&parent.clone().into_object(), |n| {
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>()
            && r.block.ptr_eq(block)
        {
            realize = Some(n.clone());
        }
        realize.is_none()
    });
    let mut cur = realize.ok_or_else(|| Error::value_error("the block has no realize"))?;
    for s in path[..path.len() - 1].iter().rev() {
        match s.as_object().downcast_ref::<ForNode>() {
            Some(l) if l.body.as_object().addr() == cur.addr() => cur = s.clone().into_object(),
            _ => break,
        }
    }
    Ok(cur)
}

/// The buffers visible in a function: its buffer parameters and every allocation.
fn visible_buffers(state: &ScheduleState, func: &str) -> SchResult<HashSet<usize>> {
    let f = state.func(func)?;
    let mut out: HashSet<usize> = f.params.iter().map(|p| p.as_ref_obj().addr()).collect();
    pre_order_visit(&f.body.clone().into_object(), |n| {
        if let Some(b) = n.downcast_ref::<SBlockNode>() {
            out.extend(b.alloc_buffers.iter().map(|x| x.as_ref_obj().addr()));
        }
        true
    });
    Ok(out)
}

/// The scope root with `buffer` no longer allocated, and the regions of the
/// blocks that accessed it inferred again.
pub(super) fn finish_inline(state: &ScheduleState, func: &str, root: &SBlock, body: Stmt, buffer: usize) -> SchResult<SBlock> {
    let visible = visible_buffers(state, func)?;
    let body = structural_map(
        body,
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            let Some(b) = n.downcast_ref::<SBlockNode>() else { return Ok(MapResult::Unchanged) };
            if !b.reads.iter().chain(&b.writes).any(|r| region_buffer(r) == buffer) {
                return Ok(MapResult::Unchanged);
            }
            let (reads, writes) = regions::infer_block_regions(b, &visible);
            let mut node = b.clone();
            node.reads = reads;
            node.writes = writes;
            Ok(MapResult::Replace(SBlock::new(node).upcast()))
        },
        WalkOrder::PostOrder,
    )?;
    let mut node = (**root).clone();
    node.body = Stmt::try_from_object(body)?;
    node.alloc_buffers.retain(|b| b.as_ref_obj().addr() != buffer);
    let new = SBlock::new(node);
    if uses(&new.clone().upcast(), buffer) {
        return fail(
            "The buffer to be inlined has opaque access (e.g. `B.data`), or its subregion is matched into other blocks",
            "The buffer to be inlined has opaque access (e.g. `B.data`), or its subregion is matched into other blocks: {0}",
            vec![root.clone().upcast()],
        );
    }
    Ok(new)
}

pub(super) fn check_no_init(block: &SBlock) -> SchResult<()> {
    if block.init.is_some() {
        return fail("The block has init statement", "ScheduleError: The block has init statement: {0}", vec![block.clone().upcast()]);
    }
    Ok(())
}

/// For a block storing `A[v_p(0), v_p(1), …] = …` with distinct iterators, the
/// substitution of its iterators that reads the store at given indices.
#[allow(clippy::type_complexity)]
fn store_index_map(block: &SBlock) -> Option<Box<dyn Fn(&[Expr]) -> Vec<(usize, Expr)>>> {
    let store = block.body.as_object().downcast_ref::<BufferStoreNode>()?;
    let mut slots: Vec<(usize, Option<usize>, Expr)> = Vec::new();
    for iv in &block.iter_vars {
        let a = iv.var.as_ref_obj().addr();
        let pos = store.indices.iter().position(|e| e.as_object().addr() == a);
        let unit = iv.dom.as_ref().filter(|d| d.extent.as_int() == Some(1) && d.min.as_int().is_some()).map(|d| d.min.clone());
        match (pos, unit) {
            (Some(p), _) => slots.push((a, Some(p), Expr::from(iv.var.clone()))),
            (None, Some(m)) => slots.push((a, None, m)),
            (None, None) => return None,
        }
    }
    // Every index is an iterator or a constant.
    let used: Vec<usize> = slots.iter().filter_map(|s| s.1).collect();
    let distinct: HashSet<usize> = used.iter().copied().collect();
    if distinct.len() != used.len()
        || store.indices.iter().enumerate().any(|(k, e)| !distinct.contains(&k) && e.as_int().is_none())
    {
        return None;
    }
    Some(Box::new(move |indices: &[Expr]| {
        slots
            .iter()
            .map(|(a, p, fallback)| (*a, p.and_then(|p| indices.get(p).cloned()).unwrap_or_else(|| fallback.clone())))
            .collect()
    }))
}

/// `compute_inline`: a block's stores replaced by their value at each load of
/// the buffer it writes, and the block removed.
pub fn compute_inline(state: &mut ScheduleState, id: SRefId) -> SchResult<()> {
    let block = state.block_of(id)?;
    let func = state.sref(id).func.clone();
    check_no_init(&block)?;
    if block.writes.len() != 1 {
        return fail(
            "The block is allowed to write only a single buffer region",
            format!("The block is only allowed to write a single buffer region, but it writes {} region(s): {{0}}", block.writes.len()),
            vec![block.clone().upcast()],
        );
    }
    let buffer = region_buffer(&block.writes[0]);
    let root = scope_root(state, id)?;
    check_not_output(state, &func, &block, &root)?;
    check_complete(&block, &root)?;
    // The body must store to the block's iterators (in any order; the iterators not
    // among the indices have extent 1 and read as their minimum).
    let Some(pairs_of) = store_index_map(&block) else {
        return fail("The block cannot be inlined because its body pattern does not meet the condition for inlining", BODY_INLINE, vec![block.clone().upcast()]);
    };
    let store = block.body.as_object().downcast_ref::<BufferStoreNode>().cloned().ok_or_else(|| Error::value_error("store"))?;
    let value = store.value.clone();
    let leaf = leaf_to_remove(state, id, &block)?;
    let body = remove_leaf(&root.body, leaf.addr())?;
    let body = structural_map(
        body,
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            let Some(load) = n.downcast_ref::<TensorLoadNode>() else { return Ok(MapResult::Unchanged) };
            if load.source.as_object().addr() != buffer {
                return Ok(MapResult::Unchanged);
            }
            let pairs = pairs_of(&load.indices);
            Ok(MapResult::Replace(substitute(value.clone().into_object(), &pairs)?))
        },
        WalkOrder::PostOrder,
    )?;
    let new_root = finish_inline(state, &func, &root, Stmt::try_from_object(body)?, buffer)?;
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.upcast(), new_root.upcast())])?;
    Ok(())
}

// ---------------------------------------------------------------------------
// reverse_compute_inline

pub(super) const BODY_REVERSE_INLINE: &str = "The body of the inlined block should be in form of\n    `B[...] = g(i, j, k, A[f(i, j, k, ...)] ...)`,\nwhere A is the only buffer the block consumes, whose indices are distinct atomic variables,\nand there should be no variables other than the index variables), and f is a bijective affine\nmapping and there should not be predicates in the inlined block. The iter domains of the inlined\nblock should be covered by the producer block.";

/// The leaf blocks under `root` (blocks without blocks inside), in program order.
pub(super) fn leaf_blocks(root: &SBlock) -> Vec<SBlock> {
    let mut out = Vec::new();
    pre_order_visit(&root.body.clone().into_object(), |n| {
        if let Some(b) = n.downcast_ref::<SBlockNode>() {
            let mut inner = false;
            pre_order_visit(&b.body.clone().into_object(), |m| {
                inner |= m.is::<SBlockNode>();
                !inner
            });
            if !inner {
                if let Some(b) = n.clone().try_downcast::<SBlockNode>() {
                    out.push(b);
                }
            }
        }
        true
    });
    out
}

pub use super::prims_reverse_inline::reverse_compute_inline;

// ---------------------------------------------------------------------------
// get_producers / get_consumers

/// The blocks of the block's scope it depends on (`producers`) or that depend on
/// it, read after write, in program order.
pub fn dataflow_neighbours(state: &mut ScheduleState, id: SRefId, producers: bool) -> SchResult<Vec<SRefId>> {
    let block = state.block_of(id)?;
    let func = state.sref(id).func.clone();
    let root = scope_root(state, id)?;
    let blocks = scope_blocks(&root);
    let me = blocks.iter().position(|b| b.ptr_eq(&block)).ok_or_else(|| Error::value_error("the block is not in its scope"))?;
    let reads_of = |b: &SBlock| b.reads.iter().map(region_buffer).collect::<HashSet<usize>>();
    let writes_of = |b: &SBlock| b.writes.iter().map(region_buffer).collect::<HashSet<usize>>();
    let found: Vec<SBlock> = if producers {
        let reads = reads_of(&block);
        blocks[..me].iter().filter(|b| !writes_of(b).is_disjoint(&reads)).cloned().collect()
    } else {
        let writes = writes_of(&block);
        blocks[me + 1..].iter().filter(|b| !reads_of(b).is_disjoint(&writes)).cloned().collect()
    };
    Ok(found.into_iter().map(|b| state.sref_of(&func, &b.into())).collect())
}
