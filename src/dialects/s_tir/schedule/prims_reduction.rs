//! Reduction primitives: `decompose_reduction` (and the reduction-block checks
//! `rfactor` shares), with TVM 0.27's checks and messages.

use std::collections::HashSet;

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{flatten_stmts, BufferStoreNode, For, ForNode, IterVar, IterVarNode, IterVarType, SeqStmt, SeqStmtNode, Stmt, TensorRegion, TensorRegionNode};
use crate::ir::expr::BinOp;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, Error, Expr, ObjectRef, Span, Var, VarNode};

use super::error::{fail, SchResult};
use super::prims_inline::{is_affine_realize, region_buffer, scope_blocks, scope_root, substitute, uses};
use super::state::{SRefId, ScheduleState};

/// The realize of a block in its function.
pub(super) fn realize_of(state: &ScheduleState, func: &str, block: &SBlock) -> SchResult<SBlockRealize> {
    let f = state.func(func)?;
    let mut found = None;
    pre_order_visit(&f.body.clone().into_object(), |n| {
        if found.is_some() {
            return false;
        }
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>()
            && r.block.ptr_eq(block)
        {
            found = n.clone().try_downcast::<SBlockRealizeNode>();
            return false;
        }
        true
    });
    found.ok_or_else(|| Error::value_error("The block has no realize in its function").into())
}

/// Whether an expression mentions any of the variables (by address).
pub(super) fn uses_any(e: &ObjectRef, vars: &HashSet<usize>) -> bool {
    let mut found = false;
    pre_order_visit(e, |n| {
        found |= vars.contains(&n.addr());
        !found
    });
    found
}

const REDUCTION_BLOCK_DEFINITION: &str = "Definition of a reduction block:\n1) The block has the `init` statement\n2) All the block bindings are quasi-affine expressions\n3) All block vars are either data parallel block vars or reduction block vars\n4) Dominant: the block is the only writer of its output, dominating the reader of its output buffers\n5) The reduction block vars are not used to index the output buffers";

/// TVM's `CheckReductionBlockErrorCode`: 0, or the first condition of a reduction
/// block the block violates.
pub(super) fn reduction_block_error_code(block: &SBlock, realize: &SBlockRealize, root: &SBlock) -> i32 {
    if block.init.is_none() {
        return 1;
    }
    if !is_affine_realize(realize) {
        return 2;
    }
    if block.iter_vars.iter().any(|iv| !matches!(iv.iter_type, IterVarType::DataPar | IterVarType::CommReduce)) {
        return 3;
    }
    let written: HashSet<usize> = block.writes.iter().map(region_buffer).collect();
    if scope_blocks(root).iter().any(|b| !b.ptr_eq(block) && b.writes.iter().any(|w| written.contains(&region_buffer(w)))) {
        return 4;
    }
    let reduce: HashSet<usize> =
        block.iter_vars.iter().filter(|iv| iv.iter_type == IterVarType::CommReduce).map(|iv| iv.var.as_ref_obj().addr()).collect();
    let mut indexed = false;
    pre_order_visit(&block.body.clone().into_object(), |n| {
        if indexed {
            return false;
        }
        if let Some(s) = n.downcast_ref::<BufferStoreNode>() {
            indexed = s.indices.iter().any(|i| uses_any(i.as_object(), &reduce));
            return false;
        }
        true
    });
    if indexed { 5 } else { 0 }
}

/// TVM's `CheckReductionBlock` ("Not a reduction block").
pub(super) fn check_reduction_block(block: &SBlock, realize: &SBlockRealize, root: &SBlock) -> SchResult<()> {
    let code = reduction_block_error_code(block, realize, root);
    if code != 0 {
        return fail(
            "Not a reduction block",
            format!("The block {{0}} is not a reduction block - it violates condition #{code}.\n{REDUCTION_BLOCK_DEFINITION}"),
            vec![block.clone().upcast()],
        );
    }
    Ok(())
}

/// A variable like `v` under another name (same type).
pub(super) fn var_like(v: &Var, name: &str) -> Var {
    Var::new(VarNode { ty: v.ty.clone(), name: name.into(), span: Span::none() })
}

/// `pred` keeping only the `lhs < rhs` conjuncts whose `lhs` uses none of `discarded`
/// (TVM's `RemakePredicate`).
fn remake_predicate(pred: &Expr, discarded: &HashSet<usize>) -> SchResult<Expr> {
    let t = arith::make_const_int(crate::ir::DataType::BOOL, 1, Span::none())?;
    if pred.as_int() == Some(1) {
        return Ok(t);
    }
    let mut parts = Vec::new();
    let mut rest = pred.clone();
    loop {
        match BinOp::operands(rest.as_object()) {
            Some((BinOp::And, a, b)) => {
                parts.push(b.clone());
                rest = a.clone();
            }
            _ => {
                parts.push(rest.clone());
                break;
            }
        }
    }
    let mut out = t;
    for p in parts {
        match BinOp::operands(p.as_object()) {
            Some((BinOp::LT, lhs, _)) if !uses_any(lhs.as_object(), discarded) => {
                out = arith::binary(BinOp::And, out, p.clone(), Span::none())?;
            }
            Some((BinOp::LT, _, _)) => {}
            _ => return Err(Error::runtime("Unexpected predicate for reduction block").into()),
        }
    }
    Ok(out)
}

/// `root` with the statement at `target` replaced by the statements `new` (spliced
/// into an enclosing sequence, a new sequence otherwise).
pub(super) fn replace_with_seq(root: &Stmt, target: usize, new: Vec<Stmt>) -> crate::ir::Result<Stmt> {
    let seq: ObjectRef = SeqStmt::make(new, Span::none())?.upcast();
    let out = structural_map(
        root.clone(),
        |n: ObjectRef| if n.addr() == target { MapResult::ReplaceAndSkip(seq.clone()) } else { MapResult::Unchanged },
        WalkOrder::PreOrder,
    )?;
    // Splice sequences nested by the replacement.
    let out = structural_map(
        out,
        |s: SeqStmt| -> crate::ir::Result<MapResult> {
            if s.seq.iter().any(|x| x.is::<SeqStmtNode>()) {
                let seq = flatten_stmts(s.seq.iter().cloned());
                return Ok(MapResult::Replace(SeqStmt::new(SeqStmtNode { seq, span: s.span.clone() }).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Stmt::try_from_object(out)
}

/// `stmt` with the object at `old` replaced by `new` (not descending into it).
pub(super) fn replace_node(stmt: &Stmt, old: usize, new: &ObjectRef) -> crate::ir::Result<Stmt> {
    let out = structural_map(
        stmt.clone(),
        |n: ObjectRef| if n.addr() == old { MapResult::ReplaceAndSkip(new.clone()) } else { MapResult::Unchanged },
        WalkOrder::PreOrder,
    )?;
    Stmt::try_from_object(out)
}

/// `decompose_reduction`: the block's `init` taken out into its own block
/// (`NAME_init`, under copies of the loops its data-parallel bindings use) placed
/// before `loop`; the block becomes `NAME_update`. Returns the init block.
pub fn decompose_reduction(state: &mut ScheduleState, block_id: SRefId, loop_id: SRefId) -> SchResult<SRefId> {
    let block = state.block_of(block_id)?;
    let lp = state.loop_of(loop_id)?;
    let func = state.sref(block_id).func.clone();
    let loop_ids = super::primitives::get_loops(state, block_id)?;
    let loops: Vec<For> = loop_ids.iter().map(|&l| state.loop_of(l)).collect::<Result<_, _>>()?;
    let realize = realize_of(state, &func, &block)?;
    let root = scope_root(state, block_id)?;
    let Some(pos) = loops.iter().position(|l| l.ptr_eq(&lp)) else {
        return fail(
            "decompose_reduction expect the loop to be an ancestor of block",
            "ScheduleError: The input loop {0} of decompose_reduction is required to be an ancestor of block {1}.",
            vec![lp.clone().upcast(), block.clone().upcast()],
        );
    };
    check_reduction_block(&block, &realize, &root)?;
    // The loop must be higher than every loop a reduction binding uses.
    for (iv, binding) in block.iter_vars.iter().zip(&realize.iter_values) {
        if iv.iter_type != IterVarType::CommReduce {
            continue;
        }
        if loops[..pos].iter().any(|l| uses(binding.as_object(), l.loop_var.as_ref_obj().addr())) {
            return fail(
                "decompose_reduction expect the loop to be higher than all the loops related to reduce block var",
                "ScheduleError: decompose_reduction expect the loop {0} to be higher than all the loops related to reduce block var of block {1}",
                vec![lp.clone().upcast(), block.clone().upcast()],
            );
        }
    }
    // The init block: the data-parallel block vars, renamed copies.
    let mut iter_vars = Vec::new();
    let mut values = Vec::new();
    let mut var_map: Vec<(usize, Expr)> = Vec::new();
    for (iv, binding) in block.iter_vars.iter().zip(&realize.iter_values) {
        if iv.iter_type != IterVarType::DataPar {
            continue;
        }
        let v = var_like(&iv.var, &iv.var.name);
        var_map.push((iv.var.as_ref_obj().addr(), v.clone().into()));
        iter_vars.push(IterVar::new(IterVarNode { dom: iv.dom.clone(), var: v, iter_type: iv.iter_type, thread_tag: iv.thread_tag.clone(), span: Span::none() }));
        values.push(binding.clone());
    }
    let init = block.init.clone().expect("checked: a reduction block has an init");
    let init_body = Stmt::try_from_object(substitute(init.into_object(), &var_map)?)?;
    let writes: Vec<TensorRegion> = block
        .writes
        .iter()
        .map(|w| substitute(w.clone().upcast(), &var_map).and_then(|o| o.try_downcast::<TensorRegionNode>().ok_or_else(|| Error::type_error("expected a region"))))
        .collect::<Result<_, _>>()?;
    // Loops from the innermost up to `loop`: kept when an init binding uses them.
    let mut discarded = HashSet::new();
    let mut chosen = Vec::new();
    for i in (pos..loops.len()).rev() {
        let addr = loops[i].loop_var.as_ref_obj().addr();
        if values.iter().any(|v| uses(v.as_object(), addr)) {
            chosen.push(i);
        } else {
            discarded.insert(addr);
        }
    }
    let predicate = remake_predicate(&realize.predicate, &discarded)?;
    let init_block = SBlock::new(SBlockNode {
        iter_vars,
        reads: vec![],
        writes,
        name_hint: format!("{}_init", block.name_hint),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: block.annotations.clone(),
        init: None,
        body: init_body,
        span: Span::none(),
    });
    let mut body: Stmt = SBlockRealize::new(SBlockRealizeNode { iter_values: values, predicate, block: init_block.clone(), span: Span::none() }).into();
    let mut loop_map: Vec<(usize, Expr)> = Vec::new();
    for &i in &chosen {
        let old = &loops[i];
        let v = var_like(&old.loop_var, &format!("{}_init", old.loop_var.name));
        loop_map.push((old.loop_var.as_ref_obj().addr(), v.clone().into()));
        let mut node: ForNode = (**old).clone();
        node.loop_var = v;
        node.thread_binding = old.thread_binding.as_ref().map(|tb| {
            let mut t: IterVarNode = (**tb).clone();
            t.var = var_like(&tb.var, &tb.var.name);
            IterVar::new(t)
        });
        node.body = body;
        body = For::new(node).into();
    }
    let body = Stmt::try_from_object(substitute(body.into_object(), &loop_map)?)?;
    // The update block.
    let mut update: SBlockNode = (*block).clone();
    update.name_hint = format!("{}_update", block.name_hint);
    update.init = None;
    let read_bufs: HashSet<usize> = block.reads.iter().map(region_buffer).collect();
    let mut reads: Vec<TensorRegion> = block.writes.iter().filter(|w| !read_bufs.contains(&region_buffer(w))).cloned().collect();
    reads.extend(block.reads.iter().cloned());
    update.reads = reads;
    let update = SBlock::new(update);
    let new_loop = replace_node(&lp.clone().into(), block.as_ref_obj().addr(), &update.clone().upcast())?;
    let new_root_body = replace_with_seq(&root.body, lp.as_ref_obj().addr(), vec![body, new_loop])?;
    let mut new_root: SBlockNode = (*root).clone();
    new_root.body = new_root_body;
    let new_root = SBlock::new(new_root);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.clone().upcast(), new_root.upcast()), (block.clone().upcast(), update.upcast())])?;
    Ok(state.sref_of(&func, &init_block.into()))
}

/// An expression as TVM's `operator<<` writes it in messages (constants bare).
pub(super) fn expr_text(e: &Expr) -> String {
    match e.as_int() {
        Some(v) => v.to_string(),
        None => {
            let cfg = crate::printer::config::PrinterConfig::default();
            crate::printer::engine::script(e.as_object(), &cfg).unwrap_or_default()
        }
    }
}
