//! `decompose_padding` (TVM's `decompose_padding.cc`): a block writing
//! `if_then_else(in_bound, value, pad)` becomes a block filling the whole
//! region with the constant `pad` (above a given loop) and a block writing
//! `value` over the in-bound part only, its loops and bindings narrowed to it.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{BufferStore, BufferStoreNode, For, ForKind, ForNode, IterVar, IterVarNode, IterVarType, SeqStmt, SeqStmtNode, Stmt, TensorRegion};
use crate::ir::arith::iter_map::{detect_iter_map, IterMapLevel};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{int_imm, BinOp};
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{self, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Var};

use super::error::{fail, SchResult};
use super::prims_inline::{check_complete, scope_root};
use super::state::{SRefId, ScheduleState};

fn addr(v: &Var) -> usize {
    v.as_ref_obj().addr()
}

fn op(o: BinOp, a: Expr, b: Expr) -> ir::Result<Expr> {
    ir::arith::binary(o, a, b, Span::none())
}

/// `e` with variables replaced, then simplified, the indices of its loads too.
fn rewrite(e: &Expr, pairs: &[(usize, Expr)], an: &Analyzer) -> ir::Result<Expr> {
    let e = Expr::try_from_object(super::prims_inline::substitute(e.clone().into_object(), pairs)?)?;
    let e = structural_map(
        e.into_object(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>() {
                let indices = l.indices.iter().map(|i| an.simplify(i)).collect();
                return Ok(MapResult::Replace(TensorLoad::new(TensorLoadNode { indices, ..l.clone() }).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Ok(an.simplify(&Expr::try_from_object(e)?))
}

fn rewrite_region(r: &TensorRegion, pairs: &[(usize, Expr)], an: &Analyzer) -> ir::Result<TensorRegion> {
    let mut node = (**r).clone();
    node.region = r
        .region
        .iter()
        .map(|d| Ok(Range::from_min_extent(rewrite(&d.min, pairs, an)?, rewrite(&d.extent, pairs, an)?, d.span.clone())))
        .collect::<ir::Result<_>>()?;
    Ok(TensorRegion::new(node))
}

fn pattern_error<T>(block: &SBlock, msg: &str) -> SchResult<T> {
    fail(
        &format!("decompose_padding expect the block to match padding pattern\n  {msg}"),
        format!("ScheduleError: decompose_padding expect the block {{0}} to match padding pattern\n  {msg}"),
        vec![block.clone().upcast()],
    )
}

/// The conjuncts of a predicate, left to right, `likely` dropped.
fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    if let Some((BinOp::And, a, b)) = BinOp::operands(e.as_object()) {
        conjuncts(a, out);
        conjuncts(b, out);
        return;
    }
    if let Some(c) = e.as_call()
        && c.op.downcast_ref::<ir::OpNode>().is_some_and(|o| o.name.ends_with("likely"))
        && let Some(arg) = c.args.first()
    {
        out.push(arg.clone());
        return;
    }
    out.push(e.clone());
}

/// A conjunct as a constant bound on an expression: `(e, lower, upper)` with
/// `lower <= e < upper`.
fn as_bound(c: &Expr) -> Option<(Expr, Option<i64>, Option<i64>)> {
    let (o, a, b) = BinOp::operands(c.as_object())?;
    match (o, a.as_int(), b.as_int()) {
        (BinOp::LE, Some(k), None) | (BinOp::GE, None, Some(k)) => Some((if a.as_int().is_some() { b } else { a }.clone(), Some(k), None)),
        (BinOp::LT, Some(k), None) | (BinOp::GT, None, Some(k)) => Some((if a.as_int().is_some() { b } else { a }.clone(), Some(k + 1), None)),
        (BinOp::LT, None, Some(k)) | (BinOp::GT, Some(k), None) => Some((if a.as_int().is_some() { b } else { a }.clone(), None, Some(k))),
        (BinOp::LE, None, Some(k)) | (BinOp::GE, Some(k), None) => Some((if a.as_int().is_some() { b } else { a }.clone(), None, Some(k + 1))),
        _ => None,
    }
}

/// Where the in-bound predicate holds, per block binding: `(min, extent)` (TVM
/// reads it off the iterator map detected under the predicate). A binding the
/// predicate bounds spans its bounds; another must be one unit-stride iterator.
fn in_bound_region(values: &[Expr], iters: &[(Var, Expr, Expr)], predicate: &Expr, an: &Analyzer) -> Result<Vec<(Expr, Expr)>, &'static str> {
    const DEPENDENT: &str = "Block iters are not independent wrt padding condition";
    let mut parts = Vec::new();
    conjuncts(predicate, &mut parts);
    let mut bounds: Vec<(Option<i64>, Option<i64>, bool)> = vec![(None, None, false); values.len()];
    for p in &parts {
        let (e, lo, hi) = as_bound(p).ok_or(DEPENDENT)?;
        // The binding the bound is on, up to a constant: `value = e + k`.
        let (i, k) = values.iter().enumerate().find_map(|(i, v)| an.const_difference(&e, v).map(|k| (i, k))).ok_or(DEPENDENT)?;
        let b = &mut bounds[i];
        if let Some(l) = lo {
            b.0 = Some(b.0.map_or(l + k, |x: i64| x.max(l + k)));
        }
        if let Some(h) = hi {
            b.1 = Some(b.1.map_or(h + k, |x: i64| x.min(h + k)));
        }
        b.2 = true;
    }
    let mut out = Vec::with_capacity(values.len());
    for (v, (lo, hi, bounded)) in values.iter().zip(bounds) {
        let t = v.dtype();
        if bounded {
            let (nlo, nhi) = an.bound(v);
            let lo = match (lo, nlo) {
                (Some(a), Some(b)) => a.max(b),
                (a, b) => a.or(b).ok_or(DEPENDENT)?,
            };
            let hi = match (hi, nhi.map(|h| h + 1)) {
                (Some(a), Some(b)) => a.min(b),
                (a, b) => a.or(b).ok_or(DEPENDENT)?,
            };
            out.push((int_imm(t, lo), int_imm(t, hi - lo)));
            continue;
        }
        let res = detect_iter_map(std::slice::from_ref(v), iters, &ir::bool_imm(true), IterMapLevel::Surjective, true);
        let sum = res.indices.first().ok_or(DEPENDENT)?;
        match sum.args.as_slice() {
            [] => out.push((sum.base.clone(), int_imm(t, 1))),
            [split] => {
                if !an.can_prove_equal(&split.scale, &int_imm(split.scale.dtype(), 1)) {
                    return Err("Strided iteration is not supported");
                }
                out.push((sum.base.clone(), split.extent.clone()))
            }
            _ => return Err(DEPENDENT),
        }
    }
    Ok(out)
}

/// `decompose_padding(block, loop)`: the const-filling block's reference.
pub fn decompose_padding(state: &mut ScheduleState, block_id: SRefId, loop_id: SRefId) -> SchResult<SRefId> {
    let block = state.block_of(block_id)?;
    let const_pos = state.loop_of(loop_id)?;
    let func = state.sref(block_id).func.clone();
    let root = scope_root(state, block_id)?;
    let realize = super::region::realize_of(&root.clone().upcast(), &block).ok_or_else(|| ir::Error::value_error("block realize not found"))?;
    check_complete(&block, &root)?;
    // The loops above the block (innermost first) up to its scope; the in-bound
    // part replaces the single-child chain of loops above it (up to `loop`).
    let path = state.ancestors(block_id)?;
    let loops: Vec<For> = path[..path.len() - 1].iter().rev().map_while(|s| s.as_object().try_downcast::<ForNode>()).collect();
    let mut an = Analyzer::new();
    let mut iters: Vec<(Var, Expr, Expr)> = Vec::new();
    let (mut found_const, mut found_in_bound) = (false, false);
    let mut in_bound_pos: Option<For> = None;
    for l in &loops {
        an.bind(&l.loop_var, &l.min, &l.extent);
        iters.push((l.loop_var.clone(), l.min.clone(), l.extent.clone()));
        if l.ptr_eq(&const_pos) {
            found_const = true;
            if !found_in_bound {
                found_in_bound = true;
                in_bound_pos = Some(l.clone());
            }
        } else if !found_in_bound {
            if l.body.as_object().is::<ForNode>() || l.body.as_object().is::<SBlockRealizeNode>() {
                in_bound_pos = Some(l.clone());
            } else {
                found_in_bound = true;
            }
        }
    }
    if !found_const {
        return fail(
            "decompose_padding expect the loop to be an ancestor of block",
            "ScheduleError: The input loop {0} of decompose_padding is required to be an ancestor of block {1}.",
            vec![const_pos.clone().upcast(), block.clone().upcast()],
        );
    }
    let in_bound_pos = in_bound_pos.ok_or_else(|| ir::Error::value_error("decompose_padding: no loop right above the block"))?;
    // The padding pattern `buffer[...] = if_then_else(in_bound, value, pad)`.
    let Some(store) = block.body.as_object().downcast_ref::<BufferStoreNode>() else {
        return pattern_error(&block, "Block body expect a BufferStore to the write buffer");
    };
    let call = store.value.as_call().filter(|c| c.op.downcast_ref::<ir::OpNode>().is_some_and(|o| o.name.ends_with("if_then_else")) && c.args.len() == 3);
    let Some(call) = call else {
        return pattern_error(&block, "Value of BufferStore expect to be constrained by a padding predicate");
    };
    let bindings = super::region::bindings(&realize);
    let pad_predicate = Expr::try_from_object(super::prims_inline::substitute(call.args[0].clone().into_object(), &bindings)?)?;
    let (in_bound_value, pad_value) = (call.args[1].clone(), call.args[2].clone());
    if pad_value.as_int().is_none() && pad_value.as_float().is_none() {
        return pattern_error(&block, "Pad value should be constant");
    }
    let mut parts = Vec::new();
    conjuncts(&op(BinOp::And, pad_predicate, realize.predicate.clone())?, &mut parts);
    let mut in_bound_predicate = ir::bool_imm(true);
    for p in parts {
        in_bound_predicate = op(BinOp::And, in_bound_predicate, p)?;
    }
    let in_bound_predicate = an.simplify(&in_bound_predicate);
    if in_bound_predicate.as_int().is_some_and(|v| v != 0) {
        return pattern_error(&block, "The in-bound predicate is trivial");
    }
    let region = match in_bound_region(&realize.iter_values, &iters, &in_bound_predicate, &an) {
        Ok(r) => r,
        Err(msg) => return pattern_error(&block, msg),
    };
    let (const_loop, const_block) = const_filling(&realize, store, &pad_value, &loops, &const_pos, &an)?;
    let (in_bound_loop, in_bound_block) = in_bound_filling(&realize, store, &in_bound_value, &in_bound_predicate, &region, &loops, &in_bound_pos, &mut an)?;
    // The scope with the in-bound nest in place of the loop chain, the constant
    // nest before `loop`.
    // Loops are found by their variables (post order: the constant nest wraps
    // the loop after the in-bound nest replaced the chain in it).
    let (in_var, const_var) = (addr(&in_bound_pos.loop_var), addr(&const_pos.loop_var));
    let in_bound_loop_obj = in_bound_loop.into_object();
    let body = structural_map(
        root.body.clone().into_object(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            let Some(l) = n.downcast_ref::<ForNode>() else { return Ok(MapResult::Unchanged) };
            let v = addr(&l.loop_var);
            let here = if v == in_var { in_bound_loop_obj.clone() } else { n.clone() };
            if v == const_var {
                return Ok(MapResult::Replace(SeqStmt::make(vec![const_loop.clone(), Stmt::try_from_object(here)?], Span::none())?.upcast()));
            }
            Ok(if v == in_var { MapResult::Replace(here) } else { MapResult::Unchanged })
        },
        WalkOrder::PostOrder,
    )?;
    let body = flatten(Stmt::try_from_object(body)?)?;
    let mut node = (*root).clone();
    node.body = body;
    let new_root = SBlock::new(node);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.upcast(), new_root.upcast()), (block.upcast(), in_bound_block.upcast())])?;
    Ok(state.sref_of(&func, &const_block.into()))
}

/// The constant nest before `loop` only nests `SeqStmt`s when the loop was in
/// one already: sequences in sequences are joined.
fn flatten(s: Stmt) -> ir::Result<Stmt> {
    let out = structural_map(
        s.into_object(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(seq) = n.downcast_ref::<SeqStmtNode>()
                && seq.seq.iter().any(|c| c.as_object().is::<SeqStmtNode>())
            {
                let mut items = Vec::new();
                for c in &seq.seq {
                    match c.as_object().downcast_ref::<SeqStmtNode>() {
                        Some(inner) => items.extend(inner.seq.iter().cloned()),
                        None => items.push(c.clone()),
                    }
                }
                return Ok(MapResult::Replace(SeqStmt::make(items, Span::none())?.upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Stmt::try_from_object(out)
}

fn new_iter(dom: Option<Range>, var: Var) -> IterVar {
    IterVar::new(IterVarNode { dom, var, iter_type: IterVarType::DataPar, thread_tag: String::new(), span: Span::none() })
}

/// The block filling the whole region with the pad value, under copies of the
/// loops up to `top` (TVM's `CreateConstBlock`).
fn const_filling(realize: &SBlockRealize, store: &BufferStoreNode, pad: &Expr, loops: &[For], top: &For, an: &Analyzer) -> SchResult<(Stmt, SBlock)> {
    let block = &realize.block;
    let mut pairs: Vec<(usize, Expr)> = Vec::new();
    let mut iter_vars = Vec::new();
    for iv in &block.iter_vars {
        let v = Var::scalar(&iv.var.name, iv.var.dtype());
        iter_vars.push(new_iter(iv.dom.clone(), v.clone()));
        pairs.push((addr(&iv.var), v.into()));
    }
    let write = rewrite_region(&block.writes[0], &pairs, an)?;
    let indices = store.indices.iter().map(|i| rewrite(i, &pairs, an)).collect::<ir::Result<Vec<_>>>()?;
    let new_store = BufferStore::new(BufferStoreNode { buffer: store.buffer.clone(), value: pad.clone(), indices, span: Span::none() });
    let new_block = SBlock::new(SBlockNode {
        iter_vars,
        reads: vec![],
        writes: vec![write],
        name_hint: format!("{}_pad_const", block.name_hint),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: Default::default(),
        init: None,
        body: new_store.into(),
        span: Span::none(),
    });
    let mut loop_vars = Vec::new();
    for l in loops {
        let v = Var::scalar(&l.loop_var.name, l.loop_var.dtype());
        pairs.push((addr(&l.loop_var), v.clone().into()));
        loop_vars.push((v, l.clone()));
        if l.ptr_eq(top) {
            break;
        }
    }
    let values = realize.iter_values.iter().map(|e| rewrite(e, &pairs, an)).collect::<ir::Result<Vec<_>>>()?;
    let predicate = rewrite(&realize.predicate, &pairs, an)?;
    let mut stmt: Stmt = SBlockRealize::new(SBlockRealizeNode { iter_values: values, predicate, block: new_block.clone(), span: Span::none() }).into();
    for (v, l) in loop_vars {
        stmt = For::new(ForNode {
            loop_var: v,
            min: l.min.clone(),
            extent: l.extent.clone(),
            kind: ForKind::Serial,
            body: stmt,
            thread_binding: None,
            annotations: Default::default(),
            step: None,
            span: Span::none(),
        })
        .into();
    }
    Ok((stmt, new_block))
}

/// The block writing the in-bound values over the in-bound region only: its
/// variables start at 0, a loop bound directly to one of them is narrowed, the
/// other bindings shifted (TVM's `CreateInBoundBlock`).
#[allow(clippy::too_many_arguments)]
fn in_bound_filling(
    realize: &SBlockRealize,
    store: &BufferStoreNode,
    value: &Expr,
    predicate: &Expr,
    region: &[(Expr, Expr)],
    loops: &[For],
    top: &For,
    an: &mut Analyzer,
) -> SchResult<(Stmt, SBlock)> {
    let block = &realize.block;
    // The loops rebuilt (up to `top`), by loop variable: (min, extent).
    let mut ranges: Vec<(usize, Expr, Expr)> = Vec::new();
    for l in loops {
        ranges.push((addr(&l.loop_var), l.min.clone(), l.extent.clone()));
        if l.ptr_eq(top) {
            break;
        }
    }
    let mut pairs: Vec<(usize, Expr)> = Vec::new();
    let mut iter_vars = Vec::new();
    let mut bindings = Vec::new();
    for (i, (min, extent)) in region.iter().enumerate() {
        let iv = &block.iter_vars[i];
        let v = Var::scalar(&iv.var.name, iv.var.dtype());
        let zero = int_imm(v.dtype(), 0);
        iter_vars.push(new_iter(Some(Range::from_min_extent(zero.clone(), extent.clone(), Span::none())), v.clone()));
        pairs.push((addr(&iv.var), op(BinOp::Add, v.into(), min.clone())?));
        let binding = &realize.iter_values[i];
        let bound_loop = ranges.iter().position(|(a, _, _)| *a == binding.as_object().addr() && binding.as_object().is::<ir::VarNode>());
        match bound_loop {
            Some(k) => {
                ranges[k].1 = zero.clone();
                ranges[k].2 = extent.clone();
                bindings.push(binding.clone());
                pairs.push((ranges[k].0, op(BinOp::Add, binding.clone(), min.clone())?));
                let lv = loops.iter().find(|l| addr(&l.loop_var) == ranges[k].0).expect("a loop").loop_var.clone();
                an.bind(&lv, &zero, extent);
            }
            None => bindings.push(an.simplify(&op(BinOp::Sub, binding.clone(), min.clone())?)),
        }
    }
    let reads = block.reads.iter().map(|r| rewrite_region(r, &pairs, an)).collect::<ir::Result<Vec<_>>>()?;
    let writes = block.writes.iter().map(|r| rewrite_region(r, &pairs, an)).collect::<ir::Result<Vec<_>>>()?;
    let indices = store.indices.iter().map(|i| rewrite(i, &pairs, an)).collect::<ir::Result<Vec<_>>>()?;
    let new_store = BufferStore::new(BufferStoreNode { buffer: store.buffer.clone(), value: rewrite(value, &pairs, an)?, indices, span: Span::none() });
    let new_block = SBlock::new(SBlockNode {
        iter_vars,
        reads,
        writes,
        name_hint: block.name_hint.clone(),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: Default::default(),
        init: None,
        body: new_store.into(),
        span: Span::none(),
    });
    let predicate = rewrite(predicate, &pairs, an)?;
    let mut stmt: Stmt = SBlockRealize::new(SBlockRealizeNode { iter_values: bindings, predicate, block: new_block.clone(), span: Span::none() }).into();
    for (l, (_, min, extent)) in loops.iter().zip(&ranges) {
        stmt = For::new(ForNode { min: min.clone(), extent: extent.clone(), body: stmt, ..(**l).clone() }).into();
    }
    Ok((stmt, new_block))
}
