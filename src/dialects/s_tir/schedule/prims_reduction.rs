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

// ---------------------------------------------------------------------------
// rfactor

use crate::dialects::tirx::nodes::{expect_buffer, Bind, BindNode, BufferStore, BufferType, BufferTypeNode, ForKind};
use crate::ir::{DataType, Range, SelectNode, TensorLoad, TensorLoadNode, Type};

const RFACTOR_BLOCK_DEFINITION: &str = "Definition of a reduction block that is applicable by RFactor and Cross-Thread Reduction:\n1) The block init should be a single BufferStore or a SeqStmt of BufferStores\n2) The buffers initialized in the block init should be all different\n3) The number of consecutive Binds in the block body (if any) should equal the number of BufferStores in the block init\n4) The variables of the Binds in the block body should be all different\n5) The statement after the innermost Bind should be a single BufferStore or a SeqStmt of BufferStores\n6) The number of BufferStores under the block body should equal the number of BufferStores in the block init, and thereby equal the number of Binds above\n7) The variables bound by the Binds in the block body must all directly serve as values of the BufferStores inside, and the stored values of the BufferStores can only be those variables\n8) The variables stored by the BufferStores in the block body should be all different\n9) The buffers written by the BufferStores in the block body should be all different\n10) The buffers initialized in the block init and written in the block body should match\n11) The buffers written by the block should have same shape\n12) The indices of all BufferStores in the reduction block should be the same";

fn not_applicable<T>(block: &SBlock, cond: i32) -> SchResult<T> {
    fail(
        "RFactor cannot be applied to the block since the block does not meet the requirements",
        format!("RFactor cannot be applied to block {{0}}, because the block violates condition #{cond}.\n{RFACTOR_BLOCK_DEFINITION}"),
        vec![block.clone().upcast()],
    )
}

fn same_expr(a: &Expr, b: &Expr) -> bool {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => x == y && a.dtype() == b.dtype(),
        _ => crate::ir::structural_equal(a.as_object(), b.as_object(), false),
    }
}

/// A store `buffer[indices] = value` (a `BufferStore` node's parts).
#[derive(Clone)]
struct Store {
    buffer: Var,
    value: Expr,
    indices: Vec<Expr>,
}

fn as_store(s: &ObjectRef) -> Option<Store> {
    s.downcast_ref::<BufferStoreNode>().map(|b| Store { buffer: b.buffer.clone(), value: b.value.clone(), indices: b.indices.clone() })
}

/// TVM's `GetInitValuesAndUpdatesFromReductionBlock`.
fn init_values_and_updates(block: &SBlock) -> SchResult<(Vec<Expr>, Vec<Store>)> {
    let init = block.init.clone().expect("checked: a reduction block has an init").into_object();
    let mut inits = Vec::new();
    if let Some(s) = as_store(&init) {
        inits.push(s);
    } else if let Some(seq) = init.downcast_ref::<SeqStmtNode>() {
        let mut seen = HashSet::new();
        for st in &seq.seq {
            let Some(s) = as_store(st.as_object()) else { return not_applicable(block, 1) };
            if !seen.insert(s.buffer.as_ref_obj().addr()) {
                return not_applicable(block, 2);
            }
            inits.push(s);
        }
    } else {
        return not_applicable(block, 1);
    }
    let n = inits.len();
    let body = block.body.clone().into_object();
    let mut updates: Vec<Option<Store>> = vec![None; n];
    let mut buf2index: Vec<(usize, usize)> = Vec::new();
    if let Some(s) = as_store(&body) {
        buf2index.push((s.buffer.as_ref_obj().addr(), 0));
        updates = vec![Some(s)];
    } else if let Some(seq) = body.downcast_ref::<SeqStmtNode>() {
        let stmts = &seq.seq;
        let mut var2index: Vec<(usize, usize)> = Vec::new();
        let mut let_values = Vec::new();
        for i in 0..n {
            let Some(b) = stmts.get(i).and_then(|s| s.as_object().downcast_ref::<BindNode>()) else { return not_applicable(block, 3) };
            let_values.push(b.value.clone());
            let addr = b.var.as_ref_obj().addr();
            if var2index.iter().any(|(a, _)| *a == addr) {
                return not_applicable(block, 4);
            }
            var2index.push((addr, i));
        }
        if n < stmts.len() && stmts[n].is::<BindNode>() {
            return not_applicable(block, 3);
        }
        let rest = &stmts[n.min(stmts.len())..];
        if rest.len() != n {
            return not_applicable(block, 6);
        }
        for st in rest {
            let Some(s) = as_store(st.as_object()) else { return not_applicable(block, 5) };
            let Some(&(_, idx)) = var2index.iter().find(|(a, _)| *a == s.value.as_object().addr()) else { return not_applicable(block, 7) };
            if updates[idx].is_some() {
                return not_applicable(block, 8);
            }
            let addr = s.buffer.as_ref_obj().addr();
            updates[idx] = Some(Store { buffer: s.buffer, value: let_values[idx].clone(), indices: s.indices });
            if buf2index.iter().any(|(a, _)| *a == addr) {
                return not_applicable(block, 9);
            }
            buf2index.push((addr, idx));
        }
    } else {
        return not_applicable(block, 3);
    }
    if updates.len() != n || updates.iter().any(Option::is_none) {
        return not_applicable(block, 6);
    }
    let updates: Vec<Store> = updates.into_iter().map(Option::unwrap).collect();
    let shape = |b: &Var| expect_buffer(b, "rfactor").map(|t| t.shape.clone());
    let expected_shape = shape(&updates[0].buffer)?;
    let expected_indices = updates[0].indices.clone();
    let n_dim = expected_indices.len();
    let mut init_values: Vec<Option<Expr>> = vec![None; n];
    for init in &inits {
        let i = inits.iter().position(|x| x.buffer.ptr_eq(&init.buffer)).unwrap_or(0);
        let upd = &updates[i.min(n - 1)];
        let _ = upd;
    }
    for (i, init) in inits.iter().enumerate() {
        let u = &updates[i];
        let us = shape(&u.buffer)?;
        if us.len() != n_dim {
            return not_applicable(block, 11);
        }
        if init.indices.len() != n_dim || u.indices.len() != n_dim {
            return not_applicable(block, 12);
        }
        for d in 0..n_dim {
            if !same_expr(&us[d], &expected_shape[d]) {
                return not_applicable(block, 11);
            }
            if !same_expr(&init.indices[d], &expected_indices[d]) || !same_expr(&u.indices[d], &expected_indices[d]) {
                return not_applicable(block, 12);
            }
        }
        let Some(&(_, idx)) = buf2index.iter().find(|(a, _)| *a == init.buffer.as_ref_obj().addr()) else { return not_applicable(block, 10) };
        init_values[idx] = Some(init.value.clone());
    }
    Ok((init_values.into_iter().map(|v| v.expect("every init matched")).collect(), updates))
}

/// A reducer pattern: placeholders `x_i` (the buffer's value) and `y_i` (what is
/// combined into it), binary nodes and selects.
enum Pat {
    X(usize),
    Y(usize),
    Bin(BinOp, Box<Pat>, Box<Pat>),
    Sel(Box<Pat>, Box<Pat>, Box<Pat>),
}

fn bin(op: BinOp, a: Pat, b: Pat) -> Pat {
    Pat::Bin(op, Box::new(a), Box::new(b))
}

fn sel(c: Pat, t: Pat, f: Pat) -> Pat {
    Pat::Sel(Box::new(c), Box::new(t), Box::new(f))
}

fn match_pat(p: &Pat, e: &Expr, binds: &mut [Option<Expr>; 4]) -> bool {
    match p {
        Pat::X(i) | Pat::Y(i) => {
            let slot = if matches!(p, Pat::X(_)) { *i } else { 2 + *i };
            match &binds[slot] {
                Some(b) => same_expr(b, e),
                None => {
                    binds[slot] = Some(e.clone());
                    true
                }
            }
        }
        Pat::Bin(op, a, b) => match BinOp::operands(e.as_object()) {
            Some((o, x, y)) if o == *op => match_pat(a, x, binds) && match_pat(b, y, binds),
            _ => false,
        },
        Pat::Sel(c, t, f) => match e.as_object().downcast_ref::<SelectNode>() {
            Some(s) => match_pat(c, &s.condition, binds) && match_pat(t, &s.true_value, binds) && match_pat(f, &s.false_value, binds),
            None => false,
        },
    }
}

fn eval_pat(p: &Pat, x: &[Expr], y: &[Expr]) -> crate::ir::Result<Expr> {
    Ok(match p {
        Pat::X(i) => x[*i].clone(),
        Pat::Y(i) => y[*i].clone(),
        Pat::Bin(op, a, b) => arith::binary(*op, eval_pat(a, x, y)?, eval_pat(b, x, y)?, Span::none())?,
        Pat::Sel(c, t, f) => {
            let t = eval_pat(t, x, y)?;
            let ty = Type::prim(t.dtype());
            crate::ir::Select::new(SelectNode { ty, condition: eval_pat(c, x, y)?, true_value: t, false_value: eval_pat(f, x, y)?, span: Span::none() }).into()
        }
    })
}

/// The largest / smallest value of a type (TVM's `max_value` / `min_value`).
fn limit(dtype: DataType, max: bool) -> crate::ir::Result<Expr> {
    if dtype.is_float() {
        let v = match dtype.bits {
            16 if dtype.to_string().starts_with("bfloat") => 3.3895313892515355e38,
            16 => 65504.0,
            32 => f32::MAX as f64,
            _ => f64::MAX,
        };
        return arith::make_const_float(dtype, if max { v } else { -v }, Span::none());
    }
    let bits = dtype.bits as u32;
    let v = if dtype.is_uint() {
        if max { if bits >= 64 { u64::MAX as i64 } else { ((1u64 << bits) - 1) as i64 } } else { 0 }
    } else if max {
        if bits >= 64 { i64::MAX } else { (1i64 << (bits - 1)) - 1 }
    } else if bits >= 64 {
        i64::MIN
    } else {
        -(1i64 << (bits - 1))
    };
    arith::make_const_int(dtype, v, Span::none())
}

/// The reducers TVM's registry knows, in its order: combiners and identities for
/// the stored values' types.
fn reducers(types: &[DataType]) -> crate::ir::Result<Vec<(Vec<Pat>, Vec<Expr>)>> {
    use BinOp::*;
    let (x, y) = (Pat::X, Pat::Y);
    let c = |d: DataType, v: i64| -> crate::ir::Result<Expr> {
        if d.is_float() { arith::make_const_float(d, v as f64, Span::none()) } else { arith::make_const_int(d, v, Span::none()) }
    };
    let mut out = Vec::new();
    if types.len() == 1 {
        let t = types[0];
        out.push((vec![bin(Add, x(0), y(0))], vec![c(t, 0)?]));
        out.push((vec![bin(Mul, x(0), y(0))], vec![c(t, 1)?]));
        out.push((vec![bin(Min, x(0), y(0))], vec![limit(t, true)?]));
        out.push((vec![bin(Max, x(0), y(0))], vec![limit(t, false)?]));
    } else if types.len() == 2 {
        let (t0, t1) = (types[0], types[1]);
        out.push((vec![bin(Add, x(0), y(0)), bin(Add, x(1), y(1))], vec![c(t0, 0)?, c(t1, 0)?]));
        let arg = |cmp: BinOp| vec![sel(bin(cmp, x(1), y(1)), x(0), y(0)), sel(bin(cmp, x(1), y(1)), x(1), y(1))];
        let tie = |strict: BinOp| {
            vec![
                sel(bin(Or, bin(strict, x(1), y(1)), bin(And, bin(EQ, x(1), y(1)), bin(LT, x(0), y(0)))), x(0), y(0)),
                sel(bin(strict, x(1), y(1)), x(1), y(1)),
            ]
        };
        out.push((arg(GE), vec![c(t0, -1)?, limit(t1, false)?]));
        out.push((tie(GT), vec![c(t0, -1)?, limit(t1, false)?]));
        out.push((arg(LE), vec![c(t0, -1)?, limit(t1, true)?]));
        out.push((tie(LT), vec![c(t0, -1)?, limit(t1, true)?]));
    }
    Ok(out)
}

fn load(buffer: &Var, indices: Vec<Expr>) -> SchResult<Expr> {
    let dtype = expect_buffer(buffer, "rfactor")?.elem_dtype();
    Ok(TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: buffer.clone().into(), indices, span: Span::none() }).into())
}

/// The matched reducer: its combiner patterns, and the combiner's lhs / rhs values.
fn match_reducer(block: &SBlock, identities: &[Expr], updates: &[Store]) -> SchResult<(Vec<Pat>, Vec<Expr>, Vec<Expr>)> {
    let types: Vec<DataType> = updates.iter().map(|u| u.value.dtype()).collect();
    let loads: Vec<Expr> = updates.iter().map(|u| load(&u.buffer, u.indices.clone())).collect::<Result<_, _>>()?;
    for (pats, ids) in reducers(&types)? {
        if !ids.iter().zip(identities).all(|(a, b)| same_expr(a, b)) {
            continue;
        }
        let mut binds: [Option<Expr>; 4] = Default::default();
        if !pats.iter().zip(updates).all(|(p, u)| match_pat(p, &u.value, &mut binds)) {
            continue;
        }
        let n = updates.len();
        let lhs: Vec<Expr> = (0..n).map(|i| binds[i].clone()).collect::<Option<_>>().unwrap_or_default();
        let rhs: Vec<Expr> = (0..n).map(|i| binds[2 + i].clone()).collect::<Option<_>>().unwrap_or_default();
        if lhs.len() != n || rhs.len() != n || !lhs.iter().zip(&loads).all(|(l, b)| same_expr(l, b)) {
            continue;
        }
        return Ok((pats, lhs, rhs));
    }
    let _ = block;
    fail(
        "No matched reducer for the identity and the combiner of this reduction block. So rfactor and cross-thread reduction cannot be applied.",
        "No matched reducer for the identity and the combiner of this reduction block. In this case rfactor cannot be applied. You can check tvm::tirx::ReducerRegistry for default reducers or registering new reducers.",
        vec![],
    )
}

/// The block realizes directly under a loop or block on the sref tree.
fn child_realizes(stmt: &ObjectRef) -> Vec<SBlockRealize> {
    let body = match stmt.downcast_ref::<ForNode>() {
        Some(l) => l.body.clone().into_object(),
        None => stmt.downcast_ref::<SBlockNode>().map(|b| b.body.clone().into_object()).unwrap_or_else(|| stmt.clone()),
    };
    let mut out = Vec::new();
    pre_order_visit(&body, |n| {
        if let Some(r) = n.clone().try_downcast::<SBlockRealizeNode>() {
            out.push(r);
            return false;
        }
        true
    });
    out
}

fn single_child_realize(stmt: &ObjectRef) -> SchResult<SBlockRealize> {
    let kids = child_realizes(stmt);
    if kids.len() != 1 {
        let kind = if stmt.is::<SBlockNode>() { "block" } else { "loop" };
        return fail(
            &format!("The {kind} is required to have only one child block"),
            format!("The {kind} {{0}} is required to have only one child block"),
            vec![stmt.clone()],
        );
    }
    Ok(kids[0].clone())
}

fn vars_of(e: &ObjectRef) -> Vec<Var> {
    let mut out: Vec<Var> = Vec::new();
    pre_order_visit(e, |n| {
        if let Some(v) = n.clone().try_downcast::<VarNode>()
            && !out.iter().any(|o| o.ptr_eq(&v))
        {
            out.push(v);
        }
        true
    });
    out
}

fn iter_var_from_loop(l: &For, name: &str, ty: IterVarType) -> IterVar {
    IterVar::new(IterVarNode {
        dom: Some(Range::from_min_extent(l.min.clone(), l.extent.clone(), Span::none())),
        var: var_like(&l.loop_var, name),
        iter_type: ty,
        thread_tag: String::new(),
        span: Span::none(),
    })
}

fn store(buffer: &Var, value: Expr, indices: Vec<Expr>) -> Stmt {
    BufferStore::new(BufferStoreNode { buffer: buffer.clone(), value, indices, span: Span::none() }).into()
}

fn subst_expr(e: &Expr, map: &[(usize, Expr)]) -> crate::ir::Result<Expr> {
    Expr::try_from_object(substitute(e.clone().into_object(), map)?)
}

fn point_region(buffer: &Var, indices: &[Expr]) -> crate::ir::Result<TensorRegion> {
    let region = indices
        .iter()
        .map(|i| arith::make_const_int(i.dtype(), 1, Span::none()).map(|one| Range::from_min_extent(i.clone(), one, Span::none())))
        .collect::<Result<Vec<_>, _>>()?;
    crate::dialects::tirx::nodes::buffer_region(buffer, region, Span::none())
}

/// The reduction body `buffers[indices] = combiner(lhs, rhs)` (with `Bind`s for
/// several buffers) and its init.
fn reduction_body(pats: &[Pat], buffers: &[Var], indices: &[Vec<Expr>], lhs: &[Expr], rhs: &[Expr], identities: &[Expr], has_reduce: bool) -> SchResult<(Stmt, Option<Stmt>)> {
    let n = buffers.len();
    let seq = |v: Vec<Stmt>| -> SchResult<Stmt> { if v.len() == 1 { Ok(v[0].clone()) } else { Ok(SeqStmt::make(v, Span::none())?.into()) } };
    if !has_reduce {
        return Ok((seq((0..n).map(|i| store(&buffers[i], rhs[i].clone(), indices[i].clone())).collect())?, None));
    }
    let values: Vec<Expr> = pats.iter().map(|p| eval_pat(p, lhs, rhs)).collect::<Result<_, _>>()?;
    let body = if n == 1 {
        store(&buffers[0], values[0].clone(), indices[0].clone())
    } else {
        let mut stmts = Vec::new();
        let mut stores = Vec::new();
        for i in 0..n {
            let v = Var::scalar(&format!("v_{}", buffers[i].name), values[i].dtype());
            stmts.push(Bind::make(v.clone(), values[i].clone(), Span::none())?.into());
            stores.push(store(&buffers[i], v.into(), indices[i].clone()));
        }
        stmts.extend(stores);
        SeqStmt::make(stmts, Span::none())?.into()
    };
    let init = seq((0..n).map(|i| store(&buffers[i], identities[i].clone(), indices[i].clone())).collect())?;
    Ok((body, Some(init)))
}

/// `rfactor`: a reduction over `loop` computed in two steps: a block
/// (`NAME_rf`) reducing into a new buffer with one more dimension (at
/// `factor_axis`) indexed by the loop, then the original block reducing that
/// buffer over the loop. Returns the rfactor block.
pub fn rfactor(state: &mut ScheduleState, loop_id: SRefId, factor_axis: i64) -> SchResult<SRefId> {
    let rf_loop = state.loop_of(loop_id)?;
    let func = state.sref(loop_id).func.clone();
    let realize = single_child_realize(&rf_loop.as_ref_obj())?;
    let block = realize.block.clone();
    let block_id = state.sref_of(&func, &block.clone().into());
    let root = scope_root(state, block_id)?;
    check_reduction_block(&block, &realize, &root)?;
    if rf_loop.kind != ForKind::Serial {
        return fail(
            "The input loop of rfactor is required to be `kSerial`",
            format!("ScheduleError: The input loop {{0}} of rfactor is required to be `Serial`. However, the kind of {{0}} is `{}`", rf_loop.kind.name()),
            vec![rf_loop.clone().upcast()],
        );
    }
    let mut data_par = HashSet::new();
    let mut reduce = HashSet::new();
    for (iv, v) in block.iter_vars.iter().zip(&realize.iter_values) {
        let set = match iv.iter_type {
            IterVarType::DataPar => &mut data_par,
            IterVarType::CommReduce => &mut reduce,
            _ => continue,
        };
        for var in vars_of(v.as_object()) {
            set.insert(var.as_ref_obj().addr());
        }
    }
    let loop_ids = super::primitives::get_loops(state, block_id)?;
    let loops: Vec<For> = loop_ids.iter().map(|&l| state.loop_of(l)).collect::<Result<_, _>>()?;
    // The loops' properties.
    let first = child_realizes(&loops[0].as_ref_obj());
    if !first.first().is_some_and(|r| r.block.ptr_eq(&block)) {
        return fail(
            "The reduction block should be the first child block of the outermost loop outside of it",
            "The first child block of the outermost loop {0} is not the reduction block.",
            vec![loops[0].clone().upcast()],
        );
    }
    let mut met_reduce = false;
    for l in &loops {
        let addr = l.loop_var.as_ref_obj().addr();
        let (dp, rd) = (data_par.contains(&addr), reduce.contains(&addr));
        if dp && rd {
            return fail(
                "The loops outside of the reduction block are required not to be touched by both data parallel block iters and reduction block iters",
                "It is not allowed that the loop {0} is touched by both some data parallel block iters and some reduction block iters",
                vec![l.clone().upcast()],
            );
        } else if dp {
            if l.ptr_eq(&rf_loop) {
                return fail(
                    "The loop to be applied rfactor is required not to be touched by any data parallel block iter of the block",
                    "The loop to be applied rfactor is {0}, which is required not to be touched by any data parallel block iter of the block below. However, some of the block's data parallel block iters touch this loop",
                    vec![l.clone().upcast()],
                );
            }
        } else if rd {
            if !met_reduce {
                single_child_realize(&l.as_ref_obj())?;
                met_reduce = true;
            }
        } else if met_reduce && l.extent.as_int() != Some(1) {
            return fail(
                "A loop who has extent greater than one and is not bound to any block iter should not appear under a reduction loop",
                "The loop {0} has extent greater than one, and is not bound to any block iter. Therefore it shouldn't appear under a reduction loop",
                vec![l.clone().upcast()],
            );
        }
    }
    let (identities, updates) = init_values_and_updates(&block)?;
    let (pats, combiner_lhs, combiner_rhs) = match_reducer(&block, &identities, &updates)?;
    let out_type = expect_buffer(&updates[0].buffer, "rfactor")?;
    let ndim = out_type.shape.len() as i64;
    if factor_axis < -(ndim + 1) || factor_axis > ndim {
        return fail(
            "The input `factor_axis` is out of range. It is required to be in range [-(ndim + 1), ndim] where `ndim` is the number of dimensions of the write buffer",
            format!(
                "The write buffer {} has {ndim} dimension(s), so `factor_axis` is required to be in [{}, {ndim}] for rfactor. However, the input `factor_axis` is {factor_axis}, which is out of the expected range",
                updates[0].buffer.name,
                -(ndim + 1)
            ),
            vec![],
        );
    }
    let axis = if factor_axis < 0 { factor_axis + ndim + 1 } else { factor_axis } as usize;
    // The rfactor buffers.
    let mut rf_buffers = Vec::new();
    for u in &updates {
        let bt = expect_buffer(&u.buffer, "rfactor")?;
        let mut node: BufferTypeNode = bt.clone();
        node.shape.insert(axis, rf_loop.extent.clone());
        let ty: Type = BufferType::new(node).into();
        rf_buffers.push(crate::ir::new_var(&format!("{}.rf", u.buffer.name), ty, Span::none()));
    }
    let n = updates.len();
    let rf_var = rf_loop.loop_var.as_ref_obj().addr();
    let loop_by_var = |addr: usize| loops.iter().find(|l| l.loop_var.as_ref_obj().addr() == addr);

    // The rfactor block.
    let extra = iter_var_from_loop(&rf_loop, &format!("v{}", rf_loop.loop_var.name), IterVarType::DataPar);
    let mut rf_iters = vec![extra.clone()];
    let mut rf_values: Vec<Expr> = vec![rf_loop.loop_var.clone().into()];
    let mut loop_to_iter: Vec<(usize, Expr)> = vec![(rf_var, extra.var.clone().into())];
    let mut var_map: Vec<(usize, Expr)> = Vec::new();
    for (iv, binding) in block.iter_vars.iter().zip(&realize.iter_values) {
        if iv.iter_type == IterVarType::DataPar || !uses(binding.as_object(), rf_var) {
            rf_iters.push(iv.clone());
            rf_values.push(binding.clone());
            continue;
        }
        for v in vars_of(binding.as_object()) {
            let addr = v.as_ref_obj().addr();
            let Some(l) = loop_by_var(addr) else { continue };
            if !loop_to_iter.iter().any(|(a, _)| *a == addr) {
                let it = iter_var_from_loop(l, &format!("v{}", l.loop_var.name), IterVarType::CommReduce);
                loop_to_iter.push((addr, it.var.clone().into()));
                rf_iters.push(it);
                rf_values.push(v.clone().into());
            }
        }
        var_map.push((iv.var.as_ref_obj().addr(), subst_expr(binding, &loop_to_iter)?));
    }
    let has_reduce = rf_iters.iter().any(|iv| iv.iter_type == IterVarType::CommReduce);
    let mut rf_indices = updates[0].indices.clone();
    rf_indices.insert(axis, extra.var.clone().into());
    let rf_lhs: Vec<Expr> = rf_buffers.iter().map(|b| load(b, rf_indices.clone())).collect::<Result<_, _>>()?;
    let (body, init) = reduction_body(&pats, &rf_buffers, &vec![rf_indices.clone(); n], &rf_lhs, &combiner_rhs, &identities, has_reduce)?;
    let body = Stmt::try_from_object(substitute(body.into_object(), &var_map)?)?;
    let init = init.map(|i| substitute(i.into_object(), &var_map).and_then(Stmt::try_from_object)).transpose()?;
    let mut reads = Vec::new();
    for r in &block.reads {
        reads.push(substitute(r.clone().upcast(), &var_map)?.try_downcast::<TensorRegionNode>().expect("a region"));
    }
    let mut writes = Vec::new();
    for w in &block.writes {
        let mut region = w.region.clone();
        let one = arith::make_const_int(extra.var.dtype(), 1, Span::none())?;
        region.insert(axis, Range::from_min_extent(extra.var.clone().into(), one, Span::none()));
        let Some(i) = updates.iter().position(|u| u.buffer.as_ref_obj().addr() == region_buffer(w)) else {
            return Err(Error::runtime("rfactor: a written buffer has no update").into());
        };
        let region: Vec<Range> = region
            .into_iter()
            .map(|r| substitute(r.upcast(), &var_map).map(|o| o.try_downcast::<crate::ir::RangeNode>().expect("a range")))
            .collect::<Result<_, _>>()?;
        writes.push(crate::dialects::tirx::nodes::buffer_region(&rf_buffers[i], region, Span::none())?);
    }
    let rf_block = SBlock::new(SBlockNode {
        iter_vars: rf_iters,
        reads,
        writes,
        name_hint: format!("{}_rf", block.name_hint),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: block.annotations.clone(),
        init,
        body,
        span: Span::none(),
    });
    let rf_realize = SBlockRealize::new(SBlockRealizeNode { iter_values: rf_values, predicate: realize.predicate.clone(), block: rf_block.clone(), span: Span::none() });

    // The write-back block.
    let wb_extra = iter_var_from_loop(&rf_loop, &format!("v{}", rf_loop.loop_var.name), IterVarType::CommReduce);
    let mut wb_iters = vec![wb_extra.clone()];
    let mut wb_values: Vec<Expr> = vec![rf_loop.loop_var.clone().into()];
    let mut wb_map: Vec<(usize, Expr)> = vec![(extra.var.as_ref_obj().addr(), wb_extra.var.clone().into())];
    for (iv, binding) in block.iter_vars.iter().zip(&realize.iter_values) {
        if iv.iter_type == IterVarType::DataPar {
            let v = var_like(&iv.var, &iv.var.name);
            wb_map.push((iv.var.as_ref_obj().addr(), v.clone().into()));
            wb_iters.push(IterVar::new(IterVarNode { dom: iv.dom.clone(), var: v, iter_type: IterVarType::DataPar, thread_tag: String::new(), span: Span::none() }));
            wb_values.push(binding.clone());
        }
    }
    let wb_rhs: Vec<Expr> = rf_buffers.iter().map(|b| load(b, rf_indices.clone()).and_then(|l| Ok(subst_expr(&l, &wb_map)?))).collect::<Result<_, _>>()?;
    let wb_lhs: Vec<Expr> = combiner_lhs.iter().map(|l| subst_expr(l, &wb_map)).collect::<Result<_, _>>()?;
    let out_buffers: Vec<Var> = updates.iter().map(|u| u.buffer.clone()).collect();
    let out_indices: Vec<Vec<Expr>> = updates.iter().map(|u| u.indices.clone()).collect();
    let (body, init) = reduction_body(&pats, &out_buffers, &out_indices, &wb_lhs, &wb_rhs, &identities, true)?;
    let body = Stmt::try_from_object(substitute(body.into_object(), &wb_map)?)?;
    let init = init.map(|i| substitute(i.into_object(), &wb_map).and_then(Stmt::try_from_object)).transpose()?;
    let region_of = |e: &Expr| -> SchResult<TensorRegion> {
        let l = e.as_object().downcast_ref::<TensorLoadNode>().ok_or_else(|| Error::runtime("rfactor: expected a buffer load"))?;
        let buf = l.source.as_object().clone().try_downcast::<VarNode>().ok_or_else(|| Error::runtime("rfactor: expected a buffer"))?;
        Ok(point_region(&buf, &l.indices)?)
    };
    let wb_reads = wb_rhs.iter().map(&region_of).collect::<Result<Vec<_>, _>>()?;
    let wb_writes = wb_lhs.iter().map(&region_of).collect::<Result<Vec<_>, _>>()?;
    let wb_block = SBlock::new(SBlockNode {
        iter_vars: wb_iters,
        reads: wb_reads,
        writes: wb_writes,
        name_hint: block.name_hint.clone(),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: block.annotations.clone(),
        init,
        body,
        span: Span::none(),
    });
    let wb_realize = SBlockRealize::new(SBlockRealizeNode {
        iter_values: wb_values,
        predicate: arith::make_const_int(DataType::BOOL, 1, Span::none())?,
        block: wb_block.clone(),
        span: Span::none(),
    });

    // The loops around the rfactor block: copies of all the block's loops.
    let new_vars: Vec<(usize, Expr)> = loops.iter().map(|l| (l.loop_var.as_ref_obj().addr(), var_like(&l.loop_var, &l.loop_var.name).into())).collect();
    let mut rf_body: Stmt = Stmt::try_from_object(substitute(rf_realize.upcast(), &new_vars)?)?;
    for (l, (_, v)) in loops.iter().zip(&new_vars).rev() {
        let mut node: ForNode = (**l).clone();
        node.loop_var = v.as_object().clone().try_downcast::<VarNode>().expect("a var");
        node.body = rf_body;
        rf_body = For::new(node).into();
    }
    // The write-back nest: the block's loops without the reduction loops (but the
    // rfactor loop), the rfactor nest before it.
    let outer_addr = loops[0].as_ref_obj().addr();
    let mut wb_body: Stmt = wb_realize.into();
    for l in loops.iter().rev() {
        let addr = l.loop_var.as_ref_obj().addr();
        if l.ptr_eq(&rf_loop) || !reduce.contains(&addr) {
            let mut node: ForNode = (**l).clone();
            node.body = wb_body;
            wb_body = For::new(node).into();
        }
    }
    let _ = outer_addr;
    let new_root_body = replace_with_seq(&root.body, loops[0].as_ref_obj().addr(), vec![rf_body, wb_body])?;
    let mut node: SBlockNode = (*root).clone();
    node.body = new_root_body;
    node.alloc_buffers.extend(rf_buffers);
    let new_root = SBlock::new(node);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.clone().upcast(), new_root.upcast()), (block.clone().upcast(), wb_block.upcast())])?;
    Ok(state.sref_of(&func, &rf_block.into()))
}

/// The one block realize directly under a loop or block (TVM's
/// `CheckGetSingleChildBlockRealizeOnSRefTree`).
pub(super) fn single_child_realize_pub(stmt: &ObjectRef) -> SchResult<SBlockRealize> {
    single_child_realize(stmt)
}
