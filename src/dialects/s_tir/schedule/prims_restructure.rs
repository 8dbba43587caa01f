//! `merge` (loop nests of the same shape made one) and `reorder_block_iter_var`,
//! with TVM 0.27's checks and messages.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{is_evaluate_zero, no_op, For, ForKind, ForNode, SeqStmt, SeqStmtNode, Stmt};
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{arith, DataType, Expr, ObjectRef, Span, Var};

use super::error::{fail, fail_plain, SchResult};
use super::prims_inline::substitute;
use super::prims_reduction::{realize_of, var_like};
use super::state::{SRefId, ScheduleState};

fn check_loop_plain(l: &For) -> SchResult<()> {
    if !l.annotations.is_empty() || l.thread_binding.is_some() {
        return fail(
            "The primitive can't be applied because the loop has annotation or thread binding",
            "The primitive can't be applied because the loop {0} has annotation or thread binding",
            vec![l.clone().upcast()],
        );
    }
    if l.min.as_int() != Some(0) {
        return fail(
            "The primitive only supports loop starting with 0",
            "The loop {0} does not start with 0, which is not supported",
            vec![l.clone().upcast()],
        );
    }
    Ok(())
}

/// `merge`: loop nests of the same depth and extents, each ending at one of the
/// given loops below their lowest common ancestor, made one nest whose innermost
/// body runs the nests' bodies in turn. Returns the new innermost loop.
pub fn merge(state: &mut ScheduleState, ids: &[SRefId]) -> SchResult<SRefId> {
    let func = state.sref(ids[0]).func.clone();
    let paths: Vec<Vec<Stmt>> = ids.iter().map(|&i| state.ancestors(i)).collect::<Result<_, _>>()?;
    let mut common = 0;
    while paths.iter().all(|p| p.len() > common && p[common].same_as(paths[0][common].as_object())) {
        common += 1;
    }
    let mut nests: Vec<Vec<For>> = Vec::new();
    let mut scope: Option<usize> = None;
    for (i, path) in paths.iter().enumerate() {
        // The loops from the given one up to the common ancestor, innermost first.
        let mut nest: Vec<For> = Vec::new();
        for s in path[common..].iter().rev() {
            if let Some(l) = s.as_object().try_downcast::<ForNode>() {
                check_loop_plain(&l)?;
                nest.push(l);
            }
        }
        let mut outer: Option<&For> = None;
        for l in nest.iter().rev() {
            if let Some(o) = outer
                && !o.body.same_as(&l.as_ref_obj())
            {
                return fail(
                    "The inner loop is not the only child of outer loop",
                    "The loops can't be fused because the inner loop {1} is not the only child of outer loop {0}.",
                    vec![o.clone().upcast(), l.clone().upcast()],
                );
            }
            outer = Some(l);
        }
        let root = path.iter().rev().skip(1).find(|s| s.is::<SBlockNode>()).map(|s| s.addr());
        if i == 0 {
            scope = root;
        } else {
            if root != scope {
                return fail_plain("Expected the loops to be under the same block scope.");
            }
            if nest.len() != nests[0].len() {
                return fail_plain("Merge loop's nesting depth must be same, but not.");
            }
            for (j, (a, b)) in nests[0].iter().zip(&nest).enumerate() {
                let same = match (a.extent.as_int(), b.extent.as_int()) {
                    (Some(x), Some(y)) => x == y,
                    _ => crate::ir::structural_equal(a.extent.as_object(), b.extent.as_object(), false),
                };
                if !same {
                    return fail_plain(&format!(
                        "Merge loop's `extent` must be same, but not. extent=[{j},{},{}]",
                        super::prims_reduction::expr_text(&a.extent),
                        super::prims_reduction::expr_text(&b.extent)
                    ));
                }
            }
        }
        nests.push(nest);
    }
    let depth = nests[0].len();
    if depth == 0 {
        return fail_plain("Merge loop's nesting depth must be same, but not.");
    }
    let new_vars: Vec<Var> = nests[0].iter().map(|l| var_like(&l.loop_var, &format!("{}_m", l.loop_var.name))).collect();
    let mut bodies = Vec::new();
    for nest in &nests {
        let pairs: Vec<(usize, Expr)> = nest.iter().zip(&new_vars).map(|(l, v)| (l.loop_var.as_ref_obj().addr(), v.clone().into())).collect();
        bodies.push(Stmt::try_from_object(substitute(nest[0].body.clone().into_object(), &pairs)?)?);
    }
    let zero = arith::make_const_int(DataType::INT32, 0, Span::none())?;
    let make = |var: Var, extent: Expr, body: Stmt| -> Stmt {
        For::new(ForNode {
            loop_var: var,
            min: zero.clone(),
            extent,
            kind: ForKind::Serial,
            body,
            thread_binding: None,
            annotations: std::sync::Arc::from(Vec::new()),
            step: None,
            span: Span::none(),
        })
        .into()
    };
    let inner = make(new_vars[0].clone(), nests[0][0].extent.clone(), SeqStmt::new(SeqStmtNode { seq: bodies, span: Span::none() }).into());
    let mut outer = inner.clone();
    for j in 1..depth {
        outer = make(new_vars[j].clone(), nests[0][j].extent.clone(), outer);
    }
    // Replace the last nest by the new one and drop the others.
    let last = nests.last().unwrap().last().unwrap().as_ref_obj().addr();
    let removed: Vec<usize> = nests[..nests.len() - 1].iter().map(|n| n.last().unwrap().as_ref_obj().addr()).collect();
    let root_stmt = paths[0][..paths[0].len() - 1].iter().rev().find(|s| s.is::<SBlockNode>()).cloned().expect("a loop has a scope root");
    let root = root_stmt.as_object().try_downcast::<SBlockNode>().expect("checked");
    let new_body = structural_map(
        root.body.clone(),
        |n: ObjectRef| {
            if n.addr() == last {
                MapResult::ReplaceAndSkip(outer.clone().into_object())
            } else if removed.contains(&n.addr()) {
                MapResult::ReplaceAndSkip(no_op())
            } else {
                MapResult::Unchanged
            }
        },
        WalkOrder::PreOrder,
    )?;
    let new_body = structural_map(
        new_body,
        |s: SeqStmt| -> crate::ir::Result<MapResult> {
            if !s.seq.iter().any(|x| is_evaluate_zero(x.as_object())) {
                return Ok(MapResult::Unchanged);
            }
            let seq: Vec<Stmt> = s.seq.iter().filter(|x| !is_evaluate_zero(x.as_object())).cloned().collect();
            Ok(MapResult::Replace(match seq.len() {
                0 => no_op(),
                1 => seq[0].clone().into_object(),
                _ => SeqStmt::new(SeqStmtNode { seq, span: s.span.clone() }).upcast(),
            }))
        },
        WalkOrder::PostOrder,
    )?;
    let mut node: SBlockNode = (*root).clone();
    node.body = Stmt::try_from_object(new_body)?;
    let new_root = SBlock::new(node);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.clone().upcast(), new_root.upcast())])?;
    Ok(state.sref_of(&func, &inner))
}

/// `reorder_block_iter_var`: the block's iteration variables (and their bindings)
/// put in the order `new_order` gives.
pub fn reorder_block_iter_var(state: &mut ScheduleState, block_id: SRefId, new_order: &[i64]) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let n = block.iter_vars.len() as i64;
    let mut seen = std::collections::HashSet::new();
    let valid = new_order.len() as i64 == n && new_order.iter().all(|&i| (0..n).contains(&i) && seen.insert(i));
    if !valid {
        let order: Vec<String> = new_order.iter().map(i64::to_string).collect();
        return fail(
            "The specified reorder indices are invalid.",
            format!("The user provided block itervar index order ({}) is not a valid permutation of [0, 1, ..., num_block_iter_vars-1] in block {{0}}.", order.join(", ")),
            vec![block.clone().upcast()],
        );
    }
    let realize = realize_of(state, &func, &block)?;
    let mut node: SBlockNode = (*block).clone();
    node.iter_vars = new_order.iter().map(|&i| block.iter_vars[i as usize].clone()).collect();
    let new_block = SBlock::new(node);
    let values = new_order.iter().map(|&i| realize.iter_values[i as usize].clone()).collect();
    let new_realize = SBlockRealize::new(SBlockRealizeNode { iter_values: values, predicate: realize.predicate.clone(), block: new_block.clone(), span: realize.span.clone() });
    state.replace(&func, &realize.as_ref_obj(), new_realize.upcast(), &[(block.clone().upcast(), new_block.upcast())])?;
    Ok(())
}
