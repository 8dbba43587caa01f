//! `read_at` and `write_at` (TVM's `read_write_at.cc`): under a loop, a block
//! (annotated `auto_copy`) copying the part of a buffer the loop's body reads
//! into a buffer of another storage scope before the first subtree reading it
//! (`read_at`), or copying back what the body wrote after the last subtree
//! writing it (`write_at`); the subtrees in between use the new buffer.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{buffer_region, buffer_type, BufferStore, BufferStoreNode, For, ForKind, ForNode, IterVar, IterVarNode, IterVarType, SeqStmt, SeqStmtNode, Stmt, TensorRegionNode};
use crate::ir::arith::int_set::{union, IntSet};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, BinOp, DataType, Error, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Type, Value, Var, VarNode};

use super::error::SchResult;
use super::prims_cache::nth_read_buffer;
use super::prims_inline::{region_buffer, scope_root, substitute};
use super::prims_location::{nth_write_buffer, with_scope};
use super::region::{bindings, loop_domain, relax_region};
use super::state::{SRefId, ScheduleState};

fn check(ok: bool, what: &str) -> SchResult<()> {
    if ok { Ok(()) } else { Err(Error::runtime(format!("Check failed: {what}")).into()) }
}

/// `src` made `dst` in loads, stores and block regions (TVM's `ReadWriteAtBufferReplacer`).
fn replace_buffer(s: &Stmt, src: usize, dst: &Var) -> SchResult<Stmt> {
    let out = structural_map(
        s.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == src
            {
                let mut node = l.clone();
                node.source = dst.clone().into();
                return Ok(MapResult::Replace(TensorLoad::new(node).upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && st.buffer.as_ref_obj().addr() == src
            {
                let mut node = st.clone();
                node.buffer = dst.clone();
                return Ok(MapResult::Replace(BufferStore::new(node).upcast()));
            }
            if let Some(r) = n.downcast_ref::<TensorRegionNode>()
                && r.source.as_object().addr() == src
            {
                return Ok(MapResult::Replace(buffer_region(dst, r.region.clone(), Span::none())?.upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Ok(Stmt::try_from_object(out)?)
}

/// The copy block (TVM's `MakeSBlock`): one iteration variable per loop of
/// `outer` the domain mentions, loops `ax*` over the domain inside.
fn make_block(from: &Var, to: &Var, name: &str, outer: &[(Var, Expr, Expr)], domain: &[Range]) -> SchResult<SBlockRealize> {
    let mut map: Vec<(usize, Expr)> = Vec::new();
    let (mut iter_vars, mut values) = (Vec::new(), Vec::new());
    let mut dom = Vec::new();
    for r in domain {
        for e in [&r.min, &r.extent] {
            pre_order_visit(e.as_object(), |n| {
                if n.is::<VarNode>()
                    && !map.iter().any(|(a, _)| *a == n.addr())
                    && let Some((v, min, ext)) = outer.iter().find(|(v, _, _)| v.as_ref_obj().addr() == n.addr())
                {
                    let nv = crate::ir::new_var(&format!("v{}", iter_vars.len()), v.ty.clone(), v.span.clone());
                    iter_vars.push(IterVar::new(IterVarNode {
                        dom: Some(Range::from_min_extent(min.clone(), ext.clone(), Span::none())),
                        var: nv.clone(),
                        iter_type: IterVarType::DataPar,
                        thread_tag: String::new(),
                        span: Span::none(),
                    }));
                    values.push(Expr::from(v.clone()));
                    map.push((n.addr(), nv.into()));
                }
                true
            });
        }
    }
    for r in domain {
        let min = Expr::try_from_object(substitute(r.min.clone().into_object(), &map)?)?;
        let ext = Expr::try_from_object(substitute(r.extent.clone().into_object(), &map)?)?;
        dom.push(Range::from_min_extent(min, ext, Span::none()));
    }
    let loop_vars: Vec<Var> = (0..dom.len()).map(|i| Var::scalar(&format!("ax{i}"), DataType::int(32))).collect();
    let indices: Vec<Expr> = dom.iter().zip(&loop_vars).map(|(r, v)| arith::binary(BinOp::Add, r.min.clone(), Expr::from(v.clone()), Span::none())).collect::<crate::ir::Result<_>>()?;
    let dtype = buffer_type(from).map(|b| b.dtype.dtype).unwrap_or(DataType::FLOAT32);
    let load = TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: from.clone().into(), indices: indices.clone(), span: Span::none() });
    let mut body: Stmt = BufferStore::new(BufferStoreNode { buffer: to.clone(), value: load.into(), indices, span: Span::none() }).into();
    for (v, r) in loop_vars.into_iter().zip(&dom).rev() {
        body = For::new(ForNode {
            loop_var: v,
            min: arith::make_const_int(DataType::int(32), 0, Span::none())?,
            extent: r.extent.clone(),
            kind: ForKind::Serial,
            body,
            thread_binding: None,
            annotations: std::sync::Arc::from(Vec::new()),
            step: None,
            span: Span::none(),
        })
        .into();
    }
    let block = SBlock::new(SBlockNode {
        iter_vars,
        reads: vec![buffer_region(from, dom.clone(), Span::none())?],
        writes: vec![buffer_region(to, dom, Span::none())?],
        name_hint: name.to_string(),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: std::sync::Arc::from(vec![(Value::from("auto_copy"), Value::Bool(true))]),
        init: None,
        body,
        span: Span::none(),
    });
    Ok(SBlockRealize::new(SBlockRealizeNode { iter_values: values, predicate: arith::make_const_int(DataType::bool(), 1, Span::none())?, block, span: Span::none() }))
}

/// `read_at` (`read`) / `write_at`: the copy block's reference.
pub fn read_write_at(state: &mut ScheduleState, loop_id: SRefId, block_id: SRefId, index: i64, scope: &str, read: bool) -> SchResult<SRefId> {
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let src = if read { nth_read_buffer(&block, index)? } else { nth_write_buffer(&block, index)? };
    let src_addr = src.as_ref_obj().addr();
    let dst = with_scope(&src, scope)?;
    let lp = state.loop_of(loop_id)?;
    let loop_obj: ObjectRef = lp.clone().upcast();
    let an = Analyzer::new();
    let mut subtrees: Vec<Stmt> = match lp.body.as_object().downcast_ref::<SeqStmtNode>() {
        Some(s) => s.seq.clone(),
        None => vec![lp.body.clone()],
    };
    // Step 1: which subtrees read / write the buffer, and the region they access.
    let mut relaxed: Option<Vec<IntSet>> = None;
    let (mut r_pos, mut w_pos) = (Vec::new(), Vec::new());
    for (i, sub) in subtrees.iter().enumerate() {
        let mut realizes = Vec::new();
        pre_order_visit(sub.as_object(), |n| {
            if let Some(r) = n.clone().try_downcast::<SBlockRealizeNode>() {
                realizes.push(r);
                return false;
            }
            true
        });
        let (mut r_seen, mut w_seen) = (false, false);
        for realize in realizes {
            let b = &realize.block;
            let has_r = b.reads.iter().any(|r| region_buffer(r) == src_addr);
            let has_w = b.writes.iter().any(|r| region_buffer(r) == src_addr);
            r_seen |= has_r;
            w_seen |= has_w;
            if !(if read { has_r } else { has_w }) {
                continue;
            }
            let id = state.sref_of(&func, &b.clone().into());
            let mut path = state.ancestors(id)?;
            path.pop();
            let high = path.iter().position(|s| s.same_as(&loop_obj)).unwrap_or(0);
            let dom = loop_domain(&path, high, Some(scope));
            for region in (if read { &b.reads } else { &b.writes }).iter().filter(|r| region_buffer(r) == src_addr) {
                let sets = relax_region(region, &bindings(&realize), &dom, &an)?;
                relaxed = Some(match relaxed {
                    None => sets,
                    Some(prev) => prev.iter().zip(&sets).map(|(a, b)| union(&an, a, b)).collect(),
                });
            }
        }
        if r_seen {
            r_pos.push(i);
        }
        if w_seen {
            w_pos.push(i);
        }
    }
    // Step 2: where the copy goes and which subtrees use the new buffer.
    let (insert, st, ed) = if read {
        check(!r_pos.is_empty(), "!r_pos.empty()")?;
        check(w_pos.is_empty() || w_pos.last() < r_pos.first(), "w_pos.empty() || w_pos.back() < r_pos.front()")?;
        (r_pos[0], r_pos[0], subtrees.len())
    } else {
        check(!w_pos.is_empty(), "!w_pos.empty()")?;
        check(r_pos.is_empty() || r_pos.last() <= w_pos.last(), "r_pos.empty() || r_pos.back() <= w_pos.back()")?;
        let p = w_pos[w_pos.len() - 1] + 1;
        (p, 0, p)
    };
    // Step 3: the domain of the accesses.
    let mut domain = Vec::new();
    for set in relaxed.unwrap_or_default() {
        let (Some(lo), Some(hi)) = (set.min(), set.max()) else {
            return Err(Error::runtime("Check failed: the accessed region of the buffer is unbounded").into());
        };
        let min = an.simplify(lo);
        let one = arith::make_const_int(hi.dtype(), 1, Span::none())?;
        let ext = an.simplify(&arith::binary(BinOp::Sub, arith::binary(BinOp::Add, hi.clone(), one, Span::none())?, min.clone(), Span::none())?);
        domain.push(Range::from_min_extent(min, ext, Span::none()));
    }
    // Step 4: the copy block and the rewritten subtrees.
    for sub in subtrees.iter_mut().take(ed).skip(st) {
        *sub = replace_buffer(sub, src_addr, &dst)?;
    }
    let mut outer: Vec<(Var, Expr, Expr)> = Vec::new();
    for s in state.ancestors(loop_id)?.iter().rev() {
        let Some(l) = s.as_object().downcast_ref::<ForNode>() else { break };
        outer.push((l.loop_var.clone(), l.min.clone(), l.extent.clone()));
    }
    let name = format!("{}_{scope}", src.name);
    let realize = if read { make_block(&src, &dst, &name, &outer, &domain)? } else { make_block(&dst, &src, &name, &outer, &domain)? };
    let new_block = realize.block.clone();
    subtrees.insert(insert, realize.into());
    let mut node = (*lp).clone();
    node.body = SeqStmt::new(SeqStmtNode { seq: subtrees, span: Span::none() }).into();
    let new_loop: ObjectRef = For::new(node).upcast();
    // The scope block with the new loop and the new buffer allocated.
    let root = scope_root(state, loop_id)?;
    let target = lp.as_ref_obj().addr();
    let body = structural_map(
        root.body.clone(),
        |n: ObjectRef| if n.addr() == target { MapResult::ReplaceAndSkip(new_loop.clone()) } else { MapResult::Unchanged },
        WalkOrder::PreOrder,
    )?;
    let mut scope_node = (*root).clone();
    scope_node.body = Stmt::try_from_object(body)?;
    scope_node.alloc_buffers.push(dst);
    let new_root = SBlock::new(scope_node);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.clone().upcast(), new_root.upcast())])?;
    Ok(state.sref_of(&func, &new_block.into()))
}
