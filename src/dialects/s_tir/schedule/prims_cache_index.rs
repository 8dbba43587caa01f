//! `cache_index` (TVM's `cache_index.cc`): the index computations of a block's
//! stores that repeat at least `cse_thresh` times are precomputed into buffers
//! `index_var_{k}` (one block `index_{k}` each, over the loops the computation's
//! block variables are bound to), placed before the block in its scope, and the
//! block loads them instead.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{
    buffer_region, BufferSpec, BufferStore, BufferStoreNode, For, ForKind, ForNode, IterVar, IterVarNode, IterVarType, SeqStmt, SeqStmtNode, Stmt,
};
use crate::ir::arith::int_set::{eval_set, DomMap, IntSet};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, BinOp, DataType, Error, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Var, VarNode};

use super::error::SchResult;
use super::prims_inline::{scope_root, substitute};
use super::region::{bindings, realize_of};
use super::state::{SRefId, ScheduleState};

fn as_expr(n: &ObjectRef) -> Option<Expr> {
    Expr::try_from_object(n.clone()).ok()
}

/// The number of expression nodes of `e` (TVM's `CalculateExprComplexity`).
fn complexity(e: &Expr) -> usize {
    let mut n = 0;
    pre_order_visit(e.as_object(), |o| {
        if as_expr(o).is_some() {
            n += 1;
        }
        true
    });
    n
}

fn is_leaf(e: &ObjectRef) -> bool {
    e.is::<VarNode>() || matches!(as_expr(e).and_then(|x| x.as_int().map(|_| ()).or_else(|| x.as_float().map(|_| ()))), Some(()))
}

/// A pure computation of more than one node (TVM's `IsEligibleComputation`).
fn eligible(e: &Expr) -> bool {
    let mut pure = true;
    pre_order_visit(e.as_object(), |o| {
        if o.is::<TensorLoadNode>() || o.is::<crate::ir::CallNode>() {
            pure = false;
        }
        pure
    });
    pure && complexity(e) > 1
}

/// The eligible computations `e` does, the largest ones (TVM's `ComputationsDoneBy`).
fn computations(e: &Expr, out: &mut Vec<Expr>) {
    pre_order_visit(e.as_object(), |o| {
        if is_leaf(o) {
            return false;
        }
        match as_expr(o) {
            Some(x) if eligible(&x) => {
                out.push(x);
                false
            }
            _ => true,
        }
    });
}

/// The eligible computations right below `e` (TVM's `DirectSubexpr`).
fn direct_subexprs(e: &Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    pre_order_visit(e.as_object(), |o| {
        if o.same_as(e.as_object()) {
            return true;
        }
        if is_leaf(o) {
            return false;
        }
        match as_expr(o) {
            Some(x) if eligible(&x) => {
                out.push(x);
                false
            }
            _ => true,
        }
    });
    out
}

fn equivalent(a: &Expr, b: &Expr, an: &Analyzer) -> bool {
    crate::ir::structural_equal(a, b, false) || crate::ir::structural_equal(&an.simplify(a), &an.simplify(b), false)
}

/// Add `e` with `count` to a table kept in decreasing complexity (equivalent
/// terms share one entry).
fn insert(table: &mut Vec<(Expr, usize)>, e: Expr, count: usize, an: &Analyzer) {
    if let Some(entry) = table.iter_mut().find(|(x, _)| equivalent(x, &e, an)) {
        entry.1 += count;
        return;
    }
    let c = complexity(&e);
    let at = table.iter().position(|(x, _)| complexity(x) < c).unwrap_or(table.len());
    table.insert(at, (e, count));
}

/// The distinct variables of `e` in post-order.
fn vars_of(e: &Expr) -> Vec<Var> {
    let mut out: Vec<Var> = Vec::new();
    let mut stack = Vec::new();
    pre_order_visit(e.as_object(), |o| {
        if let Some(v) = o.clone().try_downcast::<VarNode>() {
            stack.push(v);
        }
        true
    });
    for v in stack {
        if !out.iter().any(|x| x.ptr_eq(&v)) {
            out.push(v);
        }
    }
    out
}

/// The stores of a block's body (not those of nested blocks).
fn stores_of(block: &SBlock) -> Vec<crate::dialects::tirx::nodes::BufferStore> {
    let mut out = Vec::new();
    pre_order_visit(&block.body.clone().into_object(), |o| {
        if o.is::<SBlockRealizeNode>() {
            return false;
        }
        if let Some(s) = o.clone().try_downcast::<BufferStoreNode>() {
            out.push(s);
        }
        true
    });
    out
}

/// `cache_index`: the references of the new blocks.
pub fn cache_index(state: &mut ScheduleState, block_id: SRefId, scope: &str, cse_thresh: i64) -> SchResult<Vec<SRefId>> {
    if cse_thresh < 0 {
        return Err(Error::runtime(format!("Check failed: cse_thresh >= 0 ({cse_thresh} vs. 0) : cse_thresh should not be negative number")).into());
    }
    let thresh = cse_thresh as usize;
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let root = scope_root(state, block_id)?;
    let realize = realize_of(&root.clone().upcast(), &block).ok_or_else(|| Error::value_error("the block has no realize"))?;
    let an = Analyzer::new();
    // The loops above the block: their ranges.
    let path = state.ancestors(block_id)?;
    let mut ranges: Vec<(Var, Expr, Expr)> = Vec::new();
    for s in &path {
        if let Some(l) = s.as_object().downcast_ref::<ForNode>() {
            ranges.push((l.loop_var.clone(), l.min.clone(), l.extent.clone()));
        }
    }
    let dom: DomMap = ranges.iter().map(|(v, m, e)| (v.as_ref_obj().addr(), IntSet::from_min_extent(m, e))).collect();
    // Step 1: the computations to precompute.
    let mut exprs: Vec<Expr> = Vec::new();
    for store in stores_of(&block) {
        let mut found = Vec::new();
        for i in &store.indices {
            computations(i, &mut found);
        }
        computations(&store.value, &mut found);
        let mut table: Vec<(Expr, usize)> = Vec::new();
        for e in found {
            insert(&mut table, e, 1, &an);
        }
        let mut i = 0;
        while i < table.len() {
            if table[i].1 < thresh {
                let (e, n) = table[i].clone();
                for sub in direct_subexprs(&e) {
                    insert(&mut table, sub, n, &an);
                }
            }
            i += 1;
        }
        let mut post: Vec<Expr> = Vec::new();
        structural_map(
            store.value.clone(),
            |n: ObjectRef| {
                if let Some(x) = as_expr(&n) {
                    post.push(x);
                }
                MapResult::Unchanged
            },
            WalkOrder::PostOrder,
        )?;
        for node in &post {
            for (e, n) in &table {
                if *n >= thresh && equivalent(node, e, &an) && !exprs.iter().any(|x| x.same_as(e.as_object())) {
                    exprs.push(e.clone());
                }
            }
        }
        exprs.sort_by_key(|e| std::cmp::Reverse(complexity(e)));
    }
    // Step 2: one buffer and one block per computation.
    let binding = bindings(&realize);
    let binding_of = |v: &Var| binding.iter().find(|(a, _)| *a == v.as_ref_obj().addr()).map(|(_, e)| e.clone());
    let range_of = |v: &Var| ranges.iter().find(|(x, _, _)| x.ptr_eq(v)).cloned();
    let mut stages: Vec<Stmt> = Vec::new();
    let mut blocks: Vec<SBlock> = Vec::new();
    let mut buffers: Vec<(Var, Vec<Var>)> = Vec::new();
    for (k, e) in exprs.iter().enumerate() {
        let block_vars: Vec<Var> = vars_of(e).into_iter().filter(|v| binding_of(v).is_some()).collect();
        let mut loop_vars: Vec<Var> = Vec::new();
        for v in &block_vars {
            for lv in vars_of(&binding_of(v).expect("bound")) {
                if range_of(&lv).is_some() && !loop_vars.iter().any(|x| x.ptr_eq(&lv)) {
                    loop_vars.push(lv);
                }
            }
        }
        let mut shape = Vec::new();
        for v in &block_vars {
            let set = eval_set(&binding_of(v).expect("bound"), &dom);
            let hi = set.max().cloned().ok_or_else(|| Error::runtime("the index computation is unbounded"))?;
            let one = arith::make_const_int(hi.dtype(), 1, Span::none())?;
            shape.push(an.simplify(&arith::binary(BinOp::Add, hi, one, Span::none())?));
        }
        let dtype = e.dtype();
        let mut spec = BufferSpec::new(dtype, shape);
        spec.strides = vec![arith::make_const_int(DataType::int(32), 1, Span::none())?];
        spec.scope = scope.to_string();
        // TVM builds this buffer type directly, without a layout.
        spec.layout = crate::dialects::tirx::nodes::LayoutChoice::None;
        let buffer = spec.to_buffer(&format!("index_var_{k}"), Span::none())?;
        // Loops over the loop variables the block variables are bound to.
        let mut replace: Vec<(usize, Expr)> = Vec::new();
        let mut new_loops = Vec::new();
        for lv in &loop_vars {
            let nv = Var::scalar(&format!("ax{}", new_loops.len()), DataType::int(32));
            replace.push((lv.as_ref_obj().addr(), nv.clone().into()));
            new_loops.push(nv);
        }
        let mut values = Vec::new();
        let mut iter_vars = Vec::new();
        let mut var_map: Vec<(usize, Expr)> = Vec::new();
        let mut idx = Vec::new();
        for (i, v) in block_vars.iter().enumerate() {
            values.push(Expr::try_from_object(substitute(binding_of(v).expect("bound").into_object(), &replace)?)?);
            let nv = Var::scalar(&format!("v{i}"), v.dtype());
            let extent = loop_vars.get(i).and_then(range_of).map(|(_, _, e)| e).unwrap_or_else(|| crate::ir::int_imm(v.dtype(), 1));
            iter_vars.push(IterVar::new(IterVarNode {
                dom: Some(Range::from_min_extent(arith::make_const_int(v.dtype(), 0, Span::none())?, extent, Span::none())),
                var: nv.clone(),
                iter_type: IterVarType::DataPar,
                thread_tag: String::new(),
                span: Span::none(),
            }));
            var_map.push((v.as_ref_obj().addr(), nv.clone().into()));
            idx.push(Expr::from(nv));
        }
        let value = Expr::try_from_object(substitute(e.clone().into_object(), &var_map)?)?;
        let one = |x: &Expr| Range::from_min_extent(x.clone(), crate::ir::int_imm(x.dtype(), 1), Span::none());
        let new_block = SBlock::new(SBlockNode {
            iter_vars,
            reads: vec![],
            writes: vec![buffer_region(&buffer, idx.iter().map(one).collect(), Span::none())?],
            name_hint: format!("index_{k}"),
            alloc_buffers: vec![],
            match_buffers: vec![],
            annotations: std::sync::Arc::from(Vec::new()),
            init: None,
            body: BufferStore::new(BufferStoreNode { buffer: buffer.clone(), value, indices: idx, span: Span::none() }).into(),
            span: Span::none(),
        });
        let mut stmt: Stmt = SBlockRealize::new(SBlockRealizeNode {
            iter_values: values,
            predicate: arith::make_const_int(DataType::bool(), 1, Span::none())?,
            block: new_block.clone(),
            span: Span::none(),
        })
        .into();
        for (nv, lv) in new_loops.into_iter().zip(&loop_vars).rev() {
            let (_, _, extent) = range_of(lv).expect("a loop");
            stmt = For::new(ForNode {
                loop_var: nv,
                min: arith::make_const_int(DataType::int(32), 0, Span::none())?,
                extent,
                kind: ForKind::Serial,
                body: stmt,
                thread_binding: None,
                annotations: std::sync::Arc::from(Vec::new()),
                step: None,
                span: Span::none(),
            })
            .into();
        }
        stages.push(stmt);
        blocks.push(new_block);
        buffers.push((buffer, block_vars));
    }
    // Step 3: the block loads the precomputed values.
    let new_body = structural_map(
        block.body.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if n.is::<SBlockRealizeNode>() {
                return Ok(MapResult::ReplaceAndSkip(n));
            }
            if let Some(x) = as_expr(&n)
                && !is_leaf(&n)
                && let Some(k) = exprs.iter().position(|e| equivalent(&x, e, &an))
            {
                let (buf, vars) = &buffers[k];
                let dtype = x.dtype();
                let load = TensorLoad::new(TensorLoadNode { ty: crate::ir::Type::prim(dtype), source: buf.clone().into(), indices: vars.iter().map(|v| Expr::from(v.clone())).collect(), span: Span::none() });
                return Ok(MapResult::ReplaceAndSkip(load.upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    let mut node = (*block).clone();
    node.body = Stmt::try_from_object(new_body)?;
    let new_target = SBlock::new(node);
    // The stages before the statement of the scope holding the block.
    let target_addr = block.as_ref_obj().addr();
    let body = structural_map(
        root.body.clone(),
        |n: ObjectRef| if n.addr() == target_addr { MapResult::ReplaceAndSkip(new_target.clone().upcast()) } else { MapResult::Unchanged },
        WalkOrder::PreOrder,
    )?;
    let body = Stmt::try_from_object(body)?;
    let mut seq: Vec<Stmt> = match body.as_object().downcast_ref::<SeqStmtNode>() {
        Some(s) => s.seq.clone(),
        None => vec![body.clone()],
    };
    let pos = seq
        .iter()
        .position(|x| {
            let mut found = false;
            pre_order_visit(x.as_object(), |n| {
                found |= n.same_as(&new_target.as_ref_obj());
                !found
            });
            found
        })
        .unwrap_or(0);
    for (i, s) in stages.into_iter().enumerate() {
        seq.insert(pos + i, s);
    }
    let mut root_node = (*root).clone();
    root_node.body = SeqStmt::new(SeqStmtNode { seq, span: Span::none() }).into();
    root_node.alloc_buffers.extend(buffers.iter().map(|(b, _)| b.clone()));
    let new_root = SBlock::new(root_node);
    let reuse = [(root.clone().upcast(), new_root.clone().upcast()), (block.clone().upcast(), new_target.clone().upcast())];
    state.replace(&func, &root.as_ref_obj(), new_root.upcast(), &reuse)?;
    Ok(blocks.into_iter().map(|b| state.sref_of(&func, &b.into())).collect())
}
