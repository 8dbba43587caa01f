//! `fuse_reduction_epilogue`: an elementwise epilogue (bias add, ReLU, clipping …)
//! folded into the reduction block that produces its input, with TVM 0.27's
//! checks and messages.

use std::collections::HashSet;

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{no_op, BufferStore, BufferStoreNode, EvaluateNode, ForNode, IterVarType, SeqStmt, SeqStmtNode, Stmt, TensorRegion, TensorRegionNode};
use crate::ir::expr::BinOp;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, Error, Expr, ObjectRef, Span, TensorLoad, TensorLoadNode, Type, Var};

use super::error::{fail, SchResult};
use super::prims_inline::{check_complete, check_not_output, region_buffer, scope_root, substitute, BODY_REVERSE_INLINE};
use super::prims_reduction::{check_reduction_block, realize_of};
use super::state::{SRefId, ScheduleState};

fn loads_of(e: &ObjectRef, buffer: usize) -> usize {
    let mut n = 0;
    pre_order_visit(e, |x| {
        if let Some(l) = x.downcast_ref::<TensorLoadNode>()
            && l.source.as_object().addr() == buffer
        {
            n += 1;
        }
        true
    });
    n
}

/// Whether a multiplication, division or modulo has the buffer's load in an operand.
fn scales(e: &Expr, buffer: usize) -> bool {
    let mut found = false;
    pre_order_visit(e.as_object(), |x| {
        if found {
            return false;
        }
        if let Some((BinOp::Mul | BinOp::Div | BinOp::Mod, a, b)) = BinOp::operands(x) {
            if loads_of(a.as_object(), buffer) > 0 || loads_of(b.as_object(), buffer) > 0 {
                found = true;
                return false;
            }
        }
        true
    });
    found
}

/// `e` with every load of `buffer` replaced by `f(load)`.
fn map_loads(e: &Expr, buffer: usize, f: &dyn Fn(&TensorLoadNode) -> Expr) -> crate::ir::Result<Expr> {
    let out = structural_map(
        e.clone(),
        |n: ObjectRef| match n.downcast_ref::<TensorLoadNode>() {
            Some(l) if l.source.as_object().addr() == buffer => MapResult::ReplaceAndSkip(f(l).into_object()),
            _ => MapResult::Unchanged,
        },
        WalkOrder::PreOrder,
    )?;
    Expr::try_from_object(out)
}

/// The epilogue with the reduction buffer's load replaced by the reduction update;
/// an addend of that load which is not itself a load of the reduction buffer is
/// dropped (it went into the init), as TVM's `GeneralizedEpilogueApplier`.
fn apply_epilogue(e: &Expr, target: usize, replacement: &Expr, found: &mut bool) -> crate::ir::Result<Expr> {
    if let Some(l) = e.as_object().downcast_ref::<TensorLoadNode>()
        && l.source.as_object().addr() == target
    {
        *found = true;
        return Ok(replacement.clone());
    }
    if let Some((BinOp::Add, a, b)) = BinOp::operands(e.as_object()) {
        let before = *found;
        let mut fa = false;
        let na = apply_epilogue(a, target, replacement, &mut fa)?;
        let mut fb = false;
        let nb = apply_epilogue(b, target, replacement, &mut fb)?;
        let is_target_load = |x: &Expr| x.as_object().downcast_ref::<TensorLoadNode>().is_some_and(|l| l.source.as_object().addr() == target);
        if fa || fb {
            *found = true;
            if fa && !is_target_load(&nb) {
                return Ok(na);
            }
            if !fa && !is_target_load(&na) {
                return Ok(nb);
            }
            return Ok(BinOp::Add.make(Type::prim(na.dtype()), na, nb, Span::none()));
        }
        *found = before;
        return Ok(BinOp::Add.make(Type::prim(na.dtype()), na, nb, Span::none()));
    }
    // Any other node: rebuild its children.
    let out = structural_map(
        e.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if n.addr() == e.as_object().addr() {
                return Ok(MapResult::Unchanged);
            }
            if let Ok(x) = Expr::try_from_object(n.clone())
                && (n.is::<TensorLoadNode>() || BinOp::operands(&n).is_some_and(|(op, _, _)| op == BinOp::Add))
            {
                let mut f = false;
                let r = apply_epilogue(&x, target, replacement, &mut f)?;
                *found |= f;
                return Ok(MapResult::ReplaceAndSkip(r.into_object()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    Expr::try_from_object(out)
}

/// `fuse_reduction_epilogue(reduction_block, epilogue_block)`.
pub fn fuse_reduction_epilogue(state: &mut ScheduleState, red_id: SRefId, epi_id: SRefId) -> SchResult<()> {
    let red = state.block_of(red_id)?;
    let epi = state.block_of(epi_id)?;
    let func = state.sref(red_id).func.clone();
    let epi_realize = realize_of(state, &func, &epi)?;
    let root = scope_root(state, epi_id)?;
    if red.writes.len() != 1 {
        return fail(
            "The block is allowed to write only a single buffer region",
            format!("The block is only allowed to write a single buffer region, but it writes {} region(s): {{0}}", red.writes.len()),
            vec![red.clone().upcast()],
        );
    }
    let red_buf = region_buffer(&red.writes[0]);
    let red_realize = realize_of(state, &func, &red)?;
    check_reduction_block(&red, &red_realize, &root)?;
    check_complete(&epi, &root)?;
    check_not_output(state, &func, &red, &root)?;
    let body_error = || fail::<()>("The block cannot be inlined because its body pattern does not meet the condition for inlining", BODY_REVERSE_INLINE, vec![epi.clone().upcast()]);
    let store = epi.body.as_object().clone().try_downcast::<BufferStoreNode>();
    let Some(store) = store.filter(|_| epi_realize.predicate.as_int() == Some(1)) else { return body_error() };
    let n_loads = store.indices.iter().map(|i| loads_of(i.as_object(), red_buf)).sum::<usize>() + loads_of(store.value.as_object(), red_buf);
    if n_loads != 1 || scales(&store.value, red_buf) || !red.iter_vars.iter().any(|iv| iv.iter_type == IterVarType::CommReduce) {
        return body_error();
    }
    // Epilogue block vars map onto the reduction's data-parallel ones, in order.
    let red_vars: Vec<Var> = red.iter_vars.iter().filter(|iv| iv.iter_type == IterVarType::DataPar).map(|iv| iv.var.clone()).collect();
    let epi_vars: Vec<Var> = epi.iter_vars.iter().filter(|iv| iv.iter_type == IterVarType::DataPar).map(|iv| iv.var.clone()).collect();
    if red_vars.len() != epi_vars.len() {
        return Err(Error::value_error("The number of data parallel iter vars must be the same in the reduction and epilogue blocks.").into());
    }
    let var_map: Vec<(usize, Expr)> = epi_vars.iter().zip(&red_vars).map(|(e, r)| (e.as_ref_obj().addr(), r.clone().into())).collect();
    let out_buf = store.buffer.clone();
    let epilogue = store.value.clone();
    // The init: the epilogue of the output type's zero.
    let zero = arith::make_zero(crate::dialects::tirx::nodes::expect_buffer(&out_buf, "fuse_reduction_epilogue")?.elem_dtype())?;
    let init_value = map_loads(&epilogue, red_buf, &|_| zero.clone())?;
    let init_value = Expr::try_from_object(substitute(init_value.into_object(), &var_map)?)?;
    let init_value = super::primitives::refold(&init_value)?;
    let out_indices: Vec<Expr> = store.indices.iter().map(|i| substitute(i.clone().into_object(), &var_map).and_then(Expr::try_from_object)).collect::<Result<_, _>>()?;
    let init: Stmt = BufferStore::new(BufferStoreNode { buffer: out_buf.clone(), value: init_value, indices: out_indices, span: Span::none() }).into();
    // The update: the reduction's stores into the output buffer, the epilogue applied.
    let epilogue_mapped = Expr::try_from_object(substitute(epilogue.into_object(), &var_map)?)?;
    let retarget = |l: &TensorLoadNode| -> Expr {
        TensorLoad::new(TensorLoadNode { ty: l.ty.clone(), source: out_buf.clone().into(), indices: l.indices.clone(), span: l.span.clone() }).into()
    };
    let body = structural_map(
        red.body.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if let Some(s) = n.downcast_ref::<BufferStoreNode>()
                && s.buffer.as_ref_obj().addr() == red_buf
            {
                let update = map_loads(&s.value, red_buf, &retarget)?;
                let mut found = false;
                let value = apply_epilogue(&epilogue_mapped, red_buf, &update, &mut found)?;
                let value = Expr::try_from_object(substitute(value.into_object(), &var_map)?)?;
                return Ok(MapResult::ReplaceAndSkip(BufferStore::new(BufferStoreNode { buffer: out_buf.clone(), value, indices: s.indices.clone(), span: Span::none() }).upcast()));
            }
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == red_buf
            {
                return Ok(MapResult::ReplaceAndSkip(retarget(l).into_object()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    let body = Stmt::try_from_object(body)?;
    let subst_region = |r: &TensorRegion| -> crate::ir::Result<TensorRegion> {
        substitute(r.clone().upcast(), &var_map)?.try_downcast::<TensorRegionNode>().ok_or_else(|| Error::type_error("expected a region"))
    };
    let mut writes = Vec::new();
    for w in &red.writes {
        if region_buffer(w) == red_buf {
            writes.push(crate::dialects::tirx::nodes::buffer_region(&out_buf, subst_region(w)?.region.clone(), Span::none())?);
        } else {
            writes.push(w.clone());
        }
    }
    let mut reads = Vec::new();
    let mut seen = HashSet::new();
    for r in &epi.reads {
        if region_buffer(r) != red_buf {
            reads.push(subst_region(r)?);
            seen.insert(region_buffer(r));
        }
    }
    for r in &red.reads {
        if region_buffer(r) != red_buf && seen.insert(region_buffer(r)) {
            reads.push(r.clone());
        }
    }
    let mut node: SBlockNode = (*red).clone();
    node.init = Some(init);
    node.body = body;
    node.writes = writes;
    node.reads = reads;
    let fused = SBlock::new(node);
    // Put the fused block in the reduction's place and drop the epilogue (and the
    // loops left empty).
    let (red_addr, epi_addr) = (red_realize.as_ref_obj().addr(), epi_realize.as_ref_obj().addr());
    let new_body = structural_map(
        root.body.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if n.addr() == red_addr {
                let r = SBlockRealize::new(SBlockRealizeNode { iter_values: red_realize.iter_values.clone(), predicate: red_realize.predicate.clone(), block: fused.clone(), span: red_realize.span.clone() });
                return Ok(MapResult::ReplaceAndSkip(r.upcast()));
            }
            if n.addr() == epi_addr {
                return Ok(MapResult::ReplaceAndSkip(no_op()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    let new_body = structural_map(
        new_body,
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<ForNode>()
                && l.body.is::<EvaluateNode>()
            {
                return Ok(MapResult::Replace(l.body.clone().into_object()));
            }
            if let Some(s) = n.downcast_ref::<SeqStmtNode>()
                && s.seq.iter().any(|x| x.is::<EvaluateNode>())
            {
                let seq: Vec<Stmt> = s.seq.iter().filter(|x| !x.is::<EvaluateNode>()).cloned().collect();
                return Ok(MapResult::Replace(match seq.len() {
                    0 => no_op(),
                    1 => seq[0].clone().into_object(),
                    _ => SeqStmt::new(SeqStmtNode { seq, span: s.span.clone() }).upcast(),
                }));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    let new_body = Stmt::try_from_object(new_body)?;
    // TVM 0.27 means to drop the reduction buffer's allocation when no block uses
    // it any more, but its check compares with a moved-from (null) buffer, so the
    // allocation always stays.
    let mut node: SBlockNode = (*root).clone();
    node.body = new_body;
    let new_root = SBlock::new(node);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.clone().upcast(), new_root.upcast()), (red.clone().upcast(), fused.upcast())])?;
    Ok(())
}
