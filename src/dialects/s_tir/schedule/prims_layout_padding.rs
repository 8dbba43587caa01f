//! Filling the padding `transform_layout` introduces with `pad_value` (TVM's
//! `TransformLayoutPlanner`), by the first plan that applies:
//! - prologue: nothing in the scope writes the buffer; a block of `assume`s that
//!   the padding holds the pad value opens the scope;
//! - replacement: a write nest walks the old indices in row-major order; it is
//!   rewritten to walk the new indices and write `if_then_else(padding, pad,
//!   value)`;
//! - epilogue: a block after the last write stores the pad value into the padding.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::index_map as im;
use crate::dialects::tirx::nodes::{
    buffer_region, expect_buffer, BufferStore, BufferStoreNode, Evaluate, EvaluateNode, For, ForKind, ForNode, IndexMap, IterVar, IterVarNode,
    IterVarType, SeqStmt, SeqStmtNode, Stmt,
};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{int_imm, BinOp};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{self, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Type, Var};

use super::error::SchResult;
use super::prims_inline::substitute;
use super::state::ScheduleState;

fn addr(v: &Var) -> usize {
    v.as_ref_obj().addr()
}

/// A store to the transformed buffer and where it sits.
struct WriteInfo {
    /// The store's indices.
    store: Vec<Expr>,
    realize: Option<SBlockRealize>,
    /// The loops its indices depend on, outermost first (from the first to the
    /// last one they use).
    nest: Vec<For>,
    row_major: bool,
}

/// What to do to the scope.
pub(super) enum Plan {
    /// Open the scope with this statement.
    Prologue(Stmt),
    /// Replace loops (by loop variable) with new nests.
    Replacement(Vec<(usize, Stmt)>),
    /// Put a statement after another (a loop by variable, or a realize by block name).
    Epilogue(After, Stmt),
}

/// What the epilogue follows.
pub(super) enum After {
    Loop(usize),
    Block(String),
}

/// The stores to `old` in `scope` with their loop nests and bindings.
fn collect_writes(state: &mut ScheduleState, func: &str, scope: &SBlock, old: &Var) -> SchResult<Vec<WriteInfo>> {
    let old_addr = addr(old);
    let mut realizes: Vec<SBlockRealize> = Vec::new();
    pre_order_visit(&scope.body.clone().into_object(), |n| {
        if let Some(r) = n.clone().try_downcast::<SBlockRealizeNode>() {
            realizes.push(r);
        }
        true
    });
    let mut out = Vec::new();
    for r in realizes {
        let mut stores: Vec<Vec<Expr>> = Vec::new();
        let mut visit = |s: &Stmt| {
            pre_order_visit(&s.clone().into_object(), |n| {
                if n.is::<SBlockRealizeNode>() {
                    return false;
                }
                if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                    && addr(&st.buffer) == old_addr
                {
                    stores.push(st.indices.clone());
                }
                true
            })
        };
        if let Some(init) = &r.block.init {
            visit(init);
        }
        visit(&r.block.body);
        if stores.is_empty() {
            continue;
        }
        // The loops and blocks from the scope down to the block.
        let id = state.sref_of(func, &r.block.clone().into());
        let path = state.ancestors(id)?;
        let start = path.iter().position(|s| s.as_object().addr() == scope.as_ref_obj().addr()).map_or(0, |p| p + 1);
        let mut loops: Vec<For> = Vec::new();
        let mut depth: Vec<(usize, (usize, usize))> = Vec::new();
        let mut bindings: Vec<(usize, Expr)> = Vec::new();
        let dependency = |e: &Expr, depth: &[(usize, (usize, usize))]| -> Option<(usize, usize)> {
            let mut range: Option<(usize, usize)> = None;
            pre_order_visit(&e.clone().into_object(), |n| {
                if let Some((_, (lo, hi))) = depth.iter().find(|(a, _)| *a == n.addr()) {
                    range = Some(match range {
                        None => (*lo, *hi),
                        Some((a, b)) => (a.min(*lo), b.max(*hi)),
                    });
                }
                true
            });
            range
        };
        let mut parent: ObjectRef = path[start - 1].clone().into_object();
        for s in &path[start..] {
            if let Some(l) = s.as_object().try_downcast::<ForNode>() {
                depth.push((addr(&l.loop_var), (loops.len(), loops.len())));
                loops.push(l);
            } else if let Some(b) = s.as_object().try_downcast::<SBlockNode>() {
                let realize = super::region::realize_of(&parent, &b).ok_or_else(|| ir::Error::value_error("block realize not found"))?;
                for (iv, v) in b.iter_vars.iter().zip(&realize.iter_values) {
                    if let Some(d) = dependency(v, &depth) {
                        depth.push((addr(&iv.var), d));
                        let value = Expr::try_from_object(substitute(v.clone().into_object(), &bindings)?)?;
                        bindings.push((addr(&iv.var), value));
                    }
                }
            }
            parent = s.clone().into_object();
        }
        let bt = expect_buffer(old, "transform_layout")?;
        for indices in stores {
            let mut range: Option<(usize, usize)> = None;
            for e in &indices {
                if let Some((lo, hi)) = dependency(e, &depth) {
                    range = Some(match range {
                        None => (lo, hi),
                        Some((a, b)) => (a.min(lo), b.max(hi)),
                    });
                }
            }
            let nest: Vec<For> = range.map(|(i, j)| loops[i..=j].to_vec()).unwrap_or_default();
            let row_major = !nest.is_empty()
                && nest.len() == bt.shape.len()
                && nest.len() == indices.len()
                && nest.iter().zip(&indices).zip(&bt.shape).all(|((l, e), dim)| {
                    let e = substitute(e.clone().into_object(), &bindings).ok();
                    e.is_some_and(|e| e.addr() == addr(&l.loop_var))
                        && l.min.as_int() == Some(0)
                        && ir::structural_equal(l.extent.as_object(), dim.as_object(), false)
                        && l.kind == ForKind::Serial
                });
            out.push(WriteInfo { store: indices, realize: Some(r.clone()), nest, row_major });
        }
    }
    Ok(out)
}

fn new_iter(var: &Var, extent: &Expr) -> IterVar {
    IterVar::new(IterVarNode {
        dom: Some(Range::from_min_extent(int_imm(extent.dtype(), 0), extent.clone(), Span::none())),
        var: var.clone(),
        iter_type: IterVarType::DataPar,
        thread_tag: String::new(),
        span: Span::none(),
    })
}

fn serial(var: &Var, extent: &Expr, body: Stmt) -> Stmt {
    For::new(ForNode {
        loop_var: var.clone(),
        min: int_imm(var.dtype(), 0),
        extent: extent.clone(),
        kind: ForKind::Serial,
        body,
        thread_binding: None,
        annotations: Default::default(),
        step: None,
        span: Span::none(),
    })
    .into()
}

/// `body` under loops over the new buffer's shape, by the inverse's inputs.
fn new_nest(inverse: &IndexMap, shape: &[Expr], mut body: Stmt) -> Stmt {
    for (v, d) in inverse.initial_indices.iter().zip(shape).rev() {
        body = serial(v, d, body);
    }
    body
}

/// A block over the new buffer's indices (`v_<axis>`), bound to the loops of
/// the inverse's inputs; `make` builds its body from the block variables.
fn index_block(inverse: &IndexMap, shape: &[Expr], name: String, predicate: Expr, make: impl FnOnce(&[Expr]) -> SchResult<(Stmt, Vec<ir::Result<crate::dialects::tirx::nodes::TensorRegion>>, bool)>) -> SchResult<Stmt> {
    let vars: Vec<Var> = inverse.initial_indices.iter().map(|v| Var::scalar(&format!("v_{}", v.name), v.dtype())).collect();
    let exprs: Vec<Expr> = vars.iter().map(|v| v.clone().into()).collect();
    let (body, regions, is_read) = make(&exprs)?;
    let regions = regions.into_iter().collect::<ir::Result<Vec<_>>>()?;
    let (reads, writes) = if is_read { (regions, vec![]) } else { (vec![], regions) };
    let block = SBlock::new(SBlockNode {
        iter_vars: vars.iter().zip(shape).map(|(v, d)| new_iter(v, d)).collect(),
        reads,
        writes,
        name_hint: name,
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: Default::default(),
        init: None,
        body,
        span: Span::none(),
    });
    let realize: Stmt = SBlockRealize::new(SBlockRealizeNode {
        iter_values: inverse.initial_indices.iter().map(|v| v.clone().into()).collect(),
        predicate,
        block,
        span: Span::none(),
    })
    .into();
    Ok(new_nest(inverse, shape, realize))
}

fn point(buffer: &Var, indices: &[Expr]) -> ir::Result<crate::dialects::tirx::nodes::TensorRegion> {
    buffer_region(buffer, indices.iter().map(|e| Range::from_min_extent(e.clone(), int_imm(e.dtype(), 1), Span::none())).collect(), Span::none())
}

/// The plan for filling the padding of `old` (re-laid out as `new`) in `scope`.
#[allow(clippy::too_many_arguments)]
pub(super) fn plan(
    state: &mut ScheduleState,
    func: &str,
    scope: &SBlock,
    old: &Var,
    new: &Var,
    inverse: &IndexMap,
    predicate: &Expr,
    pad: &IndexMap,
    an: &Analyzer,
) -> SchResult<Plan> {
    let writes = collect_writes(state, func, scope, old)?;
    let shape = expect_buffer(new, "transform_layout")?.shape.clone();
    let dtype = expect_buffer(new, "transform_layout")?.elem_dtype();
    let axis_pairs =
        |vars: &[Expr]| -> Vec<(usize, Expr)> { inverse.initial_indices.iter().zip(vars).map(|(a, v)| (addr(a), v.clone())).collect() };
    if writes.is_empty() {
        let name = format!("buffer_{}_assumptions", new.name);
        let stmt = index_block(inverse, &shape, name, ir::bool_imm(true), |v| {
            let pred = Expr::try_from_object(substitute(predicate.clone().into_object(), &axis_pairs(v))?)?;
            let pad_at = im::map_indices(pad, v, an)?.remove(0);
            let load: Expr = TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: new.clone().into(), indices: v.to_vec(), span: Span::none() }).into();
            let not_pad = crate::ir::arith::logical_not(pred)?;
            let cond = ir::arith::binary(BinOp::Or, not_pad, ir::arith::binary(BinOp::EQ, load, pad_at, Span::none())?, Span::none())?;
            let call = crate::dialects::tirx::frontend::ops::call("tirx.assume", Some(Type::prim(ir::DataType::bool())), vec![cond])?;
            Ok((Evaluate::new(EvaluateNode { value: call, span: Span::none() }).into(), vec![point(new, v)], true))
        })?;
        return Ok(Plan::Prologue(stmt));
    }
    // Replacement: each row-major write nest walks the new indices instead.
    let mut replacements = Vec::new();
    for w in writes.iter().filter(|w| w.row_major) {
        if let Some(stmt) = replacement(w, old, new, inverse, predicate, pad, &shape, an)? {
            replacements.retain(|(v, _)| *v != addr(&w.nest[0].loop_var));
            replacements.push((addr(&w.nest[0].loop_var), stmt));
        }
    }
    if !replacements.is_empty() {
        return Ok(Plan::Replacement(replacements));
    }
    // Epilogue: a block storing the pad value where the predicate holds.
    let last = writes.last().expect("a write");
    let after = match (last.nest.first(), &last.realize) {
        (Some(l), _) => After::Loop(addr(&l.loop_var)),
        (None, Some(r)) => After::Block(r.block.name_hint.clone()),
        _ => return Err(ir::Error::runtime("Write occured outside of any block/loop").into()),
    };
    let name = format!("buffer_{}_padding", new.name);
    let stmt = index_block(inverse, &shape, name, predicate.clone(), |v| {
        let pad_at = im::map_indices(pad, v, an)?.remove(0);
        let store = BufferStore::new(BufferStoreNode { buffer: new.clone(), value: pad_at, indices: v.to_vec(), span: Span::none() });
        Ok((store.into(), vec![point(new, v)], false))
    })?;
    Ok(Plan::Epilogue(after, stmt))
}

/// The nest of a row-major write rewritten over the new indices (TVM's
/// `BufferStoreReplacer`), or `None` when another store in it differs.
#[allow(clippy::too_many_arguments)]
fn replacement(w: &WriteInfo, old: &Var, new: &Var, inverse: &IndexMap, predicate: &Expr, pad: &IndexMap, shape: &[Expr], an: &Analyzer) -> SchResult<Option<Stmt>> {
    let mut remap: Vec<(usize, Expr)> = w.nest.iter().zip(&inverse.final_indices).map(|(l, e)| (addr(&l.loop_var), e.clone())).collect();
    let mut new_indices: Vec<Expr> = inverse.initial_indices.iter().map(|v| v.clone().into()).collect();
    let mut predicate = predicate.clone();
    let mut body = w.nest.last().expect("a nest").body.clone();
    // The block's own variables as the indices: new block variables `v_<axis>`.
    if let Some(r) = &w.realize {
        let block = &r.block;
        let k = w.store.len();
        let start = (0..=block.iter_vars.len().saturating_sub(k)).find(|&s| block.iter_vars.get(s).is_some_and(|iv| w.store.first().is_some_and(|e| e.as_object().addr() == addr(&iv.var))));
        let fits = start.is_some_and(|s| {
            k > 0
                && block.iter_vars.len() >= k
                && (0..k).all(|i| w.store[i].as_object().addr() == addr(&block.iter_vars[s + i].var) && block.iter_vars[s + i].iter_type == IterVarType::DataPar)
        });
        if let (true, Some(s)) = (fits, start) {
            let virt: Vec<Var> = inverse.initial_indices.iter().map(|v| Var::scalar(&format!("v_{}", v.name), v.dtype())).collect();
            let to_virt: Vec<(usize, Expr)> = inverse.initial_indices.iter().zip(&virt).map(|(a, v)| (addr(a), v.clone().into())).collect();
            let mut iter_vars: Vec<IterVar> = block.iter_vars[..s].to_vec();
            let mut values: Vec<Expr> = r.iter_values[..s].to_vec();
            for ((a, v), d) in inverse.initial_indices.iter().zip(&virt).zip(shape) {
                iter_vars.push(new_iter(v, d));
                values.push(a.clone().into());
            }
            iter_vars.extend(block.iter_vars[s + k..].iter().cloned());
            values.extend(r.iter_values[s + k..].iter().cloned());
            for i in 0..k {
                let e = Expr::try_from_object(substitute(inverse.final_indices[i].clone().into_object(), &to_virt)?)?;
                remap.push((addr(&block.iter_vars[s + i].var), e));
            }
            predicate = Expr::try_from_object(substitute(predicate.into_object(), &to_virt)?)?;
            new_indices = virt.iter().map(|v| v.clone().into()).collect();
            let mut bnode = (**block).clone();
            bnode.iter_vars = iter_vars;
            let new_realize = SBlockRealize::new(SBlockRealizeNode { iter_values: values, block: SBlock::new(bnode), ..(**r).clone() });
            let target = r.as_ref_obj().addr();
            body = Stmt::try_from_object(structural_map(
                body.into_object(),
                |n: ObjectRef| if n.addr() == target { MapResult::ReplaceAndSkip(new_realize.clone().upcast()) } else { MapResult::Unchanged },
                WalkOrder::PreOrder,
            )?)?;
        }
    }
    let pad_at = im::map_indices(pad, &new_indices, an)?.remove(0);
    let old_addr = addr(old);
    let mut all_replaced = true;
    let replaced = structural_map(
        body.into_object(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && addr(&st.buffer) == old_addr
            {
                let same = st.indices.len() == w.store.len() && st.indices.iter().zip(&w.store).all(|(a, b)| ir::structural_equal(a.as_object(), b.as_object(), false));
                if !same {
                    all_replaced = false;
                    return Ok(MapResult::Unchanged);
                }
                let value = crate::dialects::tirx::frontend::exprs::make_if_then_else(predicate.clone(), pad_at.clone().into(), st.value.clone().into())?;
                let store = BufferStore::new(BufferStoreNode { buffer: new.clone(), value, indices: new_indices.clone(), span: st.span.clone() });
                return Ok(MapResult::Replace(store.upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    if !all_replaced {
        return Ok(None);
    }
    let replaced = Stmt::try_from_object(substitute(replaced, &remap)?)?;
    Ok(Some(new_nest(inverse, shape, replaced)))
}

/// The scope with the plan carried out.
pub(super) fn apply(scope_body: &Stmt, plan: &Plan) -> SchResult<Stmt> {
    let seq = |items: Vec<Stmt>| -> ir::Result<Stmt> {
        let mut flat = Vec::new();
        for s in items {
            match s.as_object().downcast_ref::<SeqStmtNode>() {
                Some(inner) => flat.extend(inner.seq.iter().cloned()),
                None => flat.push(s),
            }
        }
        Ok(SeqStmt::make(flat, Span::none())?.into())
    };
    match plan {
        Plan::Prologue(p) => Ok(seq(vec![p.clone(), scope_body.clone()])?),
        Plan::Replacement(reps) => {
            let out = structural_map(
                scope_body.clone().into_object(),
                |n: ObjectRef| match n.downcast_ref::<ForNode>().and_then(|l| reps.iter().find(|(v, _)| *v == addr(&l.loop_var))) {
                    Some((_, s)) => MapResult::ReplaceAndSkip(s.clone().into_object()),
                    None => MapResult::Unchanged,
                },
                WalkOrder::PreOrder,
            )?;
            Ok(Stmt::try_from_object(out)?)
        }
        Plan::Epilogue(after, stmt) => {
            let hit = |n: &ObjectRef| match after {
                After::Loop(v) => n.downcast_ref::<ForNode>().is_some_and(|l| addr(&l.loop_var) == *v),
                After::Block(name) => n.downcast_ref::<SBlockRealizeNode>().is_some_and(|r| &r.block.name_hint == name),
            };
            if hit(&scope_body.clone().into_object()) {
                return Ok(seq(vec![scope_body.clone(), stmt.clone()])?);
            }
            let out = structural_map(
                scope_body.clone().into_object(),
                |n: ObjectRef| -> ir::Result<MapResult> {
                    if let Some(s) = n.downcast_ref::<SeqStmtNode>()
                        && let Some(i) = s.seq.iter().position(|c| hit(&c.clone().into_object()))
                    {
                        let mut items = s.seq.clone();
                        items.insert(i + 1, stmt.clone());
                        return Ok(MapResult::ReplaceAndSkip(seq(items)?.into_object()));
                    }
                    if hit(&n) {
                        return Ok(MapResult::ReplaceAndSkip(seq(vec![Stmt::try_from_object(n)?, stmt.clone()])?.into_object()));
                    }
                    Ok(MapResult::Unchanged)
                },
                WalkOrder::PreOrder,
            )?;
            Ok(Stmt::try_from_object(out)?)
        }
    }
}
