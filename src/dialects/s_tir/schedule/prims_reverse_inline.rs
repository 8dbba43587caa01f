//! `reverse_compute_inline`: a consumer block folded into the store of its single
//! producer, as TVM 0.27's `ReverseComputeInliner` does it. The consumer's loads of
//! the inlined buffer may use any affine indices of its iterators: their iterator
//! map is inverted at the producer's store indices, giving each consumer iterator
//! as an expression of the producer's. Where the producer computes more than the
//! consumer reads, the producer's realize gets the predicate that keeps the
//! consumer's iterators in their domains.

use std::collections::HashSet;

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{BufferStore, BufferStoreNode, ForNode, IfThenElseNode, Stmt};
use crate::ir::arith::int_set::{dom_of, eval_set};
use crate::ir::arith::iter_map::{detect_iter_map, inverse_affine_iter_map, IterMapLevel};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{bool_imm, BinOp};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, structural_equal, Error, Expr, ObjectRef, Span, TensorLoad, TensorLoadNode, Var};

use super::error::{fail, SchResult};
use super::prims_inline::{
    check_complete, check_no_init, check_not_output, finish_inline, leaf_blocks, leaf_to_remove, region_buffer, remove_leaf,
    scope_root, substitute, BODY_REVERSE_INLINE,
};
use super::state::{SRefId, ScheduleState};

const NON_SINGLE_PRODUCER: &str = "The consumer block to be inlined is required to have only a single producer block, and the producer block should be a complete block who has only a single consumer";

/// TVM's `s_tir::attr::auto_copy`: a producer whose body is a loop nest around its store.
const AUTO_COPY: &str = "auto_copy";

fn not_single_read<T>(block: &SBlock) -> SchResult<T> {
    fail(
        "The block is allowed to read only a single buffer region",
        format!("The block is only allowed to read a single buffer region, but it reads {} region(s): {{0}}", block.reads.len()),
        vec![block.clone().upcast()],
    )
}

fn non_single_producer<T>(block: &SBlock) -> SchResult<T> {
    fail(
        NON_SINGLE_PRODUCER,
        "The consumer block {0} to be inlined is required to have only a single producer block, and the producer block should be a complete block who has only a single consumer",
        vec![block.clone().upcast()],
    )
}

/// The one buffer the block reads that a block of the scope writes.
fn single_read(block: &SBlock, root: &SBlock) -> SchResult<usize> {
    let written: HashSet<usize> = leaf_blocks(root).iter().flat_map(|b| b.writes.iter().map(region_buffer).collect::<Vec<_>>()).collect();
    let mut buffer: Option<usize> = None;
    for r in &block.reads {
        let b = region_buffer(r);
        if Some(b) == buffer || !written.contains(&b) {
            continue;
        }
        if buffer.is_some() {
            return not_single_read(block);
        }
        buffer = Some(b);
    }
    match buffer {
        Some(b) => Ok(b),
        None => not_single_read(block),
    }
}

/// The single leaf block of the scope writing `buffer`, which must be complete.
fn single_producer(block: &SBlock, root: &SBlock, buffer: usize) -> SchResult<SBlock> {
    let mut producers = Vec::new();
    for b in leaf_blocks(root) {
        if b.writes.iter().any(|w| region_buffer(w) == buffer) {
            if check_complete(&b, root).is_err() {
                return non_single_producer(&b);
            }
            producers.push(b);
        }
    }
    if producers.len() != 1 {
        return non_single_producer(block);
    }
    Ok(producers.remove(0))
}

/// The store a producer's body makes: the body itself, the then-branch of an `if`
/// without else, or (for an auto-copy block) the innermost body of its loop nest,
/// with the loops of that nest.
fn producer_store(producer: &SBlock) -> Option<(BufferStore, Vec<crate::dialects::tirx::nodes::For>)> {
    if let Some(i) = producer.body.downcast_ref::<IfThenElseNode>() {
        if i.else_case.is_some() {
            return None;
        }
        return i.then_case.as_object().clone().try_downcast::<BufferStoreNode>().map(|s| (s, vec![]));
    }
    let mut loops = Vec::new();
    let mut body = producer.body.clone();
    if producer.annotations.iter().any(|(k, _)| k.as_str() == Some(AUTO_COPY)) {
        while let Some(l) = body.as_object().clone().try_downcast::<ForNode>() {
            body = l.body.clone();
            loops.push(l);
        }
    }
    body.as_object().clone().try_downcast::<BufferStoreNode>().map(|s| (s, loops))
}

/// What the body analysis found: each consumer iterator's value in terms of the
/// producer's iterators, and the loops of an auto-copy producer.
struct Plan {
    idx_sub: Vec<(usize, Expr)>,
    loops: Vec<crate::dialects::tirx::nodes::For>,
}

fn set_sub(idx_sub: &mut Vec<(usize, Expr)>, var: usize, value: Expr) {
    match idx_sub.iter_mut().find(|(a, _)| *a == var) {
        Some(slot) => slot.1 = value,
        None => idx_sub.push((var, value)),
    }
}

/// TVM's `BodyPatternAllowInline` for a consumer: `None` when the body does not
/// have the form reverse inlining needs.
fn analyze(realize: &SBlockRealize, producer: &SBlock, buffer: usize) -> Option<Plan> {
    let consumer = &realize.block;
    if realize.predicate.as_int() != Some(1) {
        return None;
    }
    let store = consumer.body.as_object().downcast_ref::<BufferStoreNode>()?;
    let mut loads: Vec<Vec<Expr>> = Vec::new();
    for e in store.indices.iter().chain(std::iter::once(&store.value)) {
        pre_order_visit(&e.clone().into_object(), |n| {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == buffer
            {
                loads.push(l.indices.clone());
            }
            true
        });
    }
    let first = loads.first()?.clone();
    let mut idx_sub: Vec<(usize, Expr)> = Vec::new();
    let mut iters: Vec<(Var, Expr, Expr)> = Vec::new();
    for iv in &consumer.iter_vars {
        let d = iv.dom.as_ref()?;
        iters.push((iv.var.clone(), d.min.clone(), d.extent.clone()));
        if d.extent.as_int() == Some(1) && d.min.as_int().is_some() {
            set_sub(&mut idx_sub, iv.var.as_ref_obj().addr(), d.min.clone());
        }
    }
    if loads.iter().any(|l| l.len() != first.len() || l.iter().zip(&first).any(|(a, b)| !structural_equal(a.as_object(), b.as_object(), false))) {
        return None;
    }
    let res = detect_iter_map(&first, &iters, &bool_imm(true), IterMapLevel::NoCheck, false);
    if res.indices.is_empty() {
        return None;
    }
    let (pstore, loops) = producer_store(producer)?;
    for (v, e) in inverse_affine_iter_map(&res.indices, &pstore.indices) {
        set_sub(&mut idx_sub, v.as_ref_obj().addr(), e);
    }
    // Every consumer iterator has a value, whose range over the producer's domain
    // covers the consumer's domain.
    let pdom = dom_of(
        &producer.iter_vars.iter().filter_map(|iv| iv.dom.as_ref().map(|d| (iv.var.clone(), d.min.clone(), d.extent.clone()))).collect::<Vec<_>>(),
    );
    let an = Analyzer::new();
    let cmp = |o: BinOp, a: &Expr, b: &Expr| arith::binary(o, a.clone(), b.clone(), Span::none()).ok();
    for (v, min, ext) in &iters {
        let value = idx_sub.iter().find(|(a, _)| *a == v.as_ref_obj().addr())?.1.clone();
        let set = eval_set(&value, &pdom);
        let last = cmp(BinOp::Sub, &cmp(BinOp::Add, min, ext)?, &arith::make_const_int(min.dtype(), 1, Span::none()).ok()?)?;
        let below = set.min().and_then(|lo| cmp(BinOp::GT, lo, min)).is_some_and(|c| an.can_prove(&c));
        let above = set.max().and_then(|hi| cmp(BinOp::LT, hi, &last)).is_some_and(|c| an.can_prove(&c));
        if below || above {
            return None;
        }
    }
    Some(Plan { idx_sub, loops })
}

/// `e` with the consumer's iterators replaced and the loads of `buffer` replaced by `load`.
fn substitute_loads(e: ObjectRef, plan: &Plan, buffer: usize, load: &Expr) -> crate::ir::Result<ObjectRef> {
    structural_map(
        e,
        |n: ObjectRef| {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == buffer
            {
                return MapResult::ReplaceAndSkip(load.clone().into_object());
            }
            match plan.idx_sub.iter().find(|(a, _)| *a == n.addr()) {
                Some((_, v)) => MapResult::ReplaceAndSkip(v.clone().into_object()),
                None => MapResult::Unchanged,
            }
        },
        WalkOrder::PreOrder,
    )
}

/// The conjunction keeping each consumer iterator in its domain, in terms of the
/// producer's iterators. An iterator whose value is a producer iterator of the same
/// domain adds nothing (the analyzer knows only constant bounds, so this is how a
/// symbolic domain such as `[0, n)` is known to hold).
fn in_bound(consumer: &SBlockNode, producer: &SBlockNode, plan: &Plan) -> crate::ir::Result<Expr> {
    let same = |a: &Expr, b: &Expr| structural_equal(a.as_object(), b.as_object(), false);
    let mut acc = bool_imm(true);
    for iv in &consumer.iter_vars {
        let Some(d) = iv.dom.as_ref() else { continue };
        let value = plan.idx_sub.iter().find(|(a, _)| *a == iv.var.as_ref_obj().addr()).map(|(_, e)| e.clone());
        let Some(value) = value else { continue };
        let covered = producer.iter_vars.iter().any(|p| {
            p.var.as_ref_obj().addr() == value.as_object().addr() && p.dom.as_ref().is_some_and(|pd| same(&pd.min, &d.min) && same(&pd.extent, &d.extent))
        });
        if covered {
            continue;
        }
        let lo = arith::binary(BinOp::GE, value.clone(), d.min.clone(), Span::none())?;
        let end = arith::binary(BinOp::Add, d.min.clone(), d.extent.clone(), Span::none())?;
        let hi = arith::binary(BinOp::LT, value, end, Span::none())?;
        let both = arith::binary(BinOp::And, lo, hi, Span::none())?;
        acc = arith::binary(BinOp::And, acc, both, Span::none())?;
    }
    Ok(acc)
}

/// The consumer's store as the producer makes it in place of `store` (one of its
/// stores of the inlined buffer: the body's or the init's): the consumer's
/// iterators replaced, its loads of the buffer replaced by the producer's value,
/// whose own loads of the buffer read the consumer's output instead.
fn inline_into(store: &BufferStoreNode, consumer_store: &BufferStoreNode, plan: &Plan, buffer: usize) -> crate::ir::Result<ObjectRef> {
    let out_load: Expr = TensorLoad::new(TensorLoadNode {
        ty: crate::ir::Type::prim(consumer_store.value.dtype()),
        source: consumer_store.buffer.clone().into(),
        indices: consumer_store.indices.clone(),
        span: Span::none(),
    })
    .into();
    let out_load = Expr::try_from_object(substitute_loads(out_load.into_object(), plan, usize::MAX, &bool_imm(true))?)?;
    let rhs = Expr::try_from_object(substitute_loads(store.value.clone().into_object(), plan, buffer, &out_load)?)?;
    substitute_loads(BufferStore::new(consumer_store.clone()).upcast(), plan, buffer, &rhs)
}

/// The producer's realize after inlining: its stores of the buffer replaced (see
/// [`inline_into`]), and the predicate keeping the consumer's iterators in bounds
/// (TVM's `BuildInlinedConsumerPredicate`).
fn inlined_producer(realize: &SBlockRealizeNode, plan: &Plan, consumer: &SBlockNode, buffer: usize) -> crate::ir::Result<SBlockRealize> {
    let consumer_store = consumer.body.as_object().downcast_ref::<BufferStoreNode>().ok_or_else(|| Error::value_error("store"))?;
    let replace = |s: Stmt| -> crate::ir::Result<Stmt> {
        let out = structural_map(
            s.into_object(),
            |n: ObjectRef| -> crate::ir::Result<MapResult> {
                match n.downcast_ref::<BufferStoreNode>() {
                    Some(st) if st.buffer.as_ref_obj().addr() == buffer => Ok(MapResult::ReplaceAndSkip(inline_into(st, consumer_store, plan, buffer)?)),
                    _ => Ok(MapResult::Unchanged),
                }
            },
            WalkOrder::PreOrder,
        )?;
        Stmt::try_from_object(out)
    };
    let mut block = (*realize.block).clone();
    block.body = replace(block.body.clone())?;
    if let Some(init) = block.init.clone() {
        block.init = Some(replace(init)?);
    }
    let mut an = Analyzer::new();
    let mut bindings: Vec<(usize, Expr)> = Vec::new();
    for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
        bindings.push((iv.var.as_ref_obj().addr(), value.clone()));
        if let Some(d) = iv.dom.as_ref() {
            an.bind(&iv.var, &d.min, &d.extent);
        }
    }
    for l in &plan.loops {
        an.bind(&l.loop_var, &arith::make_const_int(l.extent.dtype(), 0, Span::none())?, &l.extent);
    }
    let mut predicate = an.simplify(&in_bound(consumer, &realize.block, plan)?);
    let mut node = realize.clone();
    if predicate.as_int() == Some(1) {
        node.block = SBlock::new(block);
        return Ok(SBlockRealize::new(node));
    }
    if let Some(i) = block.body.downcast_ref::<IfThenElseNode>()
        && i.else_case.is_none()
    {
        let cond = an.simplify(&i.condition);
        if !structural_equal(predicate.as_object(), cond.as_object(), false) {
            predicate = an.simplify(&arith::binary(BinOp::And, predicate.clone(), i.condition.clone(), Span::none())?);
            let then = i.then_case.clone();
            block.body = then;
        }
    }
    let outer = Expr::try_from_object(substitute(predicate.into_object(), &bindings)?)?;
    node.predicate = an.simplify(&outer);
    node.block = SBlock::new(block);
    Ok(SBlockRealize::new(node))
}

/// `reverse_compute_inline`: the consumer's store made by its producer instead, the
/// consumer removed.
pub fn reverse_compute_inline(state: &mut ScheduleState, id: SRefId) -> SchResult<()> {
    let block = state.block_of(id)?;
    let func = state.sref(id).func.clone();
    let path = state.ancestors(id)?;
    let realize = crate::dialects::s_tir::schedule::region::realize_of(&path[path.len() - 2].clone().into_object(), &block)
        .ok_or_else(|| Error::value_error("the block has no realize"))?;
    check_no_init(&block)?;
    let root = scope_root(state, id)?;
    let buffer = single_read(&block, &root)?;
    check_complete(&block, &root)?;
    let producer = single_producer(&block, &root, buffer)?;
    check_not_output(state, &func, &producer, &root)?;
    let Some(plan) = analyze(&realize, &producer, buffer) else {
        return fail("The block cannot be inlined because its body pattern does not meet the condition for inlining", BODY_REVERSE_INLINE, vec![block.clone().upcast()]);
    };
    let leaf = leaf_to_remove(state, id, &block)?;
    let body = remove_leaf(&root.body, leaf.addr())?;
    let body = structural_map(
        body,
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            match n.downcast_ref::<SBlockRealizeNode>() {
                Some(r) if r.block.ptr_eq(&producer) => Ok(MapResult::ReplaceAndSkip(inlined_producer(r, &plan, &block, buffer)?.upcast())),
                _ => Ok(MapResult::Unchanged),
            }
        },
        WalkOrder::PreOrder,
    )?;
    let new_root = finish_inline(state, &func, &root, Stmt::try_from_object(body)?, buffer)?;
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.upcast(), new_root.upcast())])?;
    Ok(())
}
