//! The schedule primitives: checks, then a rewrite of the function through
//! [`ScheduleState::replace`]. Each takes the state and statement references and
//! returns references (new loops, blocks) or nothing; see `mod.rs` for how to add one.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{For, ForKind, ForNode, IterVar, IterVarNode, IterVarType, Stmt};
use crate::ir::arith;
use crate::ir::expr::BinOp;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{DataType, Error, Expr, ObjectRef, Span, Value, Var, VarNode};

use super::error::{fail, SchResult};
use super::state::{sref_children, SRefId, ScheduleState};

// ---------------------------------------------------------------------------
// Queries.

/// The blocks named `name` in `func`, in program order (TVM's `GetSBlocks`).
pub fn get_sblocks(state: &mut ScheduleState, name: &str, func: &str) -> SchResult<Vec<SRefId>> {
    let f = state.func(func)?;
    let mut found = Vec::new();
    pre_order_visit(&f.body.clone().into_object(), |n| {
        if let Some(b) = n.downcast_ref::<SBlockNode>()
            && b.name_hint == name
        {
            found.push(Stmt::from_object_unchecked(n.clone()));
        }
        true
    });
    Ok(found.iter().map(|s| state.sref_of(func, s)).collect())
}

/// `get_sblock`: the one block named `name` (TVM's `NotSingleResult` otherwise).
pub fn get_sblock(state: &mut ScheduleState, name: &str, func: &str) -> SchResult<SRefId> {
    let blocks = get_sblocks(state, name, func)?;
    match blocks.len() {
        1 => Ok(blocks[0]),
        0 => fail("Cannot find a block with the specified name", format!("Cannot find a block with the name: {name}"), vec![]),
        n => {
            let locs = blocks.iter().map(|&b| state.stmt(b, "block").map(Stmt::into_object)).collect::<Result<Vec<_>, _>>()?;
            fail("Found multiple blocks with the specified name", format!("Found  {n} blocks with the name: {name}"), locs)
        }
    }
}

/// `get_loops`: the loops above a block, outermost first, up to the nearest block.
pub fn get_loops(state: &mut ScheduleState, block: SRefId) -> SchResult<Vec<SRefId>> {
    state.block_of(block)?;
    let path = state.ancestors(block)?;
    let func = state.sref(block).func.clone();
    let mut loops: Vec<Stmt> = path[..path.len() - 1].iter().rev().take_while(|s| s.is::<ForNode>()).cloned().collect();
    loops.reverse();
    Ok(loops.iter().map(|s| state.sref_of(&func, s)).collect())
}

/// `get_child_blocks`: the blocks directly under a block or a loop (not nested in another block).
pub fn get_child_blocks(state: &mut ScheduleState, parent: SRefId) -> SchResult<Vec<SRefId>> {
    let stmt = state.stmt(parent, "statement")?;
    let func = state.sref(parent).func.clone();
    let mut blocks = Vec::new();
    let mut stack = sref_children(&stmt);
    stack.reverse();
    while let Some(s) = stack.pop() {
        if s.is::<SBlockNode>() {
            blocks.push(s);
        } else {
            let mut kids = sref_children(&s);
            kids.reverse();
            stack.extend(kids);
        }
    }
    Ok(blocks.iter().map(|s| state.sref_of(&func, s)).collect())
}

// ---------------------------------------------------------------------------
// Shared checks and rewriting helpers.

fn has_annotation_or_binding(l: &For) -> SchResult<()> {
    if !l.annotations.is_empty() || l.thread_binding.is_some() {
        return fail(
            "The primitive can't be applied because the loop has annotation or thread binding",
            "The primitive can't be applied because the loop {0} has annotation or thread binding",
            vec![l.clone().upcast()],
        );
    }
    Ok(())
}

fn starts_with_zero(l: &For) -> SchResult<()> {
    if l.min.as_int() != Some(0) {
        return fail(
            "The primitive only supports loops starting with 0",
            "The loop {0} does not start with 0, which is not supported",
            vec![l.clone().upcast()],
        );
    }
    Ok(())
}

/// `e` with every binary node rebuilt by the IR's folding constructors (so `0 * f + x`
/// becomes `x`, `x // 1` becomes `x`).
pub(super) fn refold(e: &Expr) -> SchResult<Expr> {
    let out = structural_map(
        e.clone(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            match BinOp::operands(&n) {
                Some((op, a, b)) => {
                    let r = arith::binary(op, a.clone(), b.clone(), Span::none())?;
                    Ok(MapResult::Replace(r.into_object()))
                }
                None => Ok(MapResult::Unchanged),
            }
        },
        WalkOrder::PostOrder,
    )?;
    Ok(Expr::try_from_object(out)?)
}

/// `e` as a sum of terms `atom * coefficient` with integer coefficients (atoms are
/// anything but `+` and multiplication by a constant), or `None` when it is not one.
pub(super) fn linear_terms(e: &Expr, scale: i64, terms: &mut Vec<(Expr, i64)>, constant: &mut i64) -> bool {
    if let Some(c) = e.as_int() {
        *constant += c * scale;
        return true;
    }
    match BinOp::operands(e.as_object()) {
        Some((BinOp::Add, a, b)) => linear_terms(a, scale, terms, constant) && linear_terms(b, scale, terms, constant),
        Some((BinOp::Mul, a, b)) if b.as_int().is_some() => linear_terms(a, scale * b.as_int().unwrap(), terms, constant),
        Some((BinOp::Mul, a, b)) if a.as_int().is_some() => linear_terms(b, scale * a.as_int().unwrap(), terms, constant),
        _ => {
            match terms.iter_mut().find(|(t, _)| crate::ir::structural_equal(t.as_object(), e.as_object(), false)) {
                Some(t) => t.1 += scale,
                None => terms.push((e.clone(), scale)),
            }
            true
        }
    }
}

/// A block binding in the form TVM's iterator-map simplification gives affine
/// ones: terms by decreasing coefficient (`b_0 * 24 + f`), with `(x // c) * c +
/// x % c` joined back into `x`. `None` leaves the binding as it is.
fn normalize_binding(e: &Expr) -> crate::ir::Result<Option<Expr>> {
    let (mut terms, mut constant) = (Vec::new(), 0i64);
    if !linear_terms(e, 1, &mut terms, &mut constant) || terms.iter().any(|(_, k)| *k <= 0) {
        return Ok(None);
    }
    // Join `(x // c) * (k c) + (x % c) * k` into `x * k`.
    loop {
        let mut joined = false;
        'outer: for i in 0..terms.len() {
            if let Some((BinOp::FloorDiv, x, c)) = BinOp::operands(terms[i].0.as_object())
                && let Some(c) = c.as_int()
            {
                for j in 0..terms.len() {
                    if let Some((BinOp::FloorMod, y, d)) = BinOp::operands(terms[j].0.as_object())
                        && d.as_int() == Some(c)
                        && crate::ir::structural_equal(x.as_object(), y.as_object(), false)
                        && terms[i].1 == terms[j].1 * c
                    {
                        let (x, k) = (x.clone(), terms[j].1);
                        let (hi, lo) = (i.max(j), i.min(j));
                        terms.remove(hi);
                        terms[lo] = (x, k);
                        joined = true;
                        break 'outer;
                    }
                }
            }
        }
        if !joined {
            break;
        }
    }
    terms.sort_by(|a, b| b.1.cmp(&a.1));
    let dtype = e.dtype();
    let mut out: Option<Expr> = None;
    for (atom, k) in terms {
        let term = if k == 1 { atom } else { arith::binary(BinOp::Mul, atom, arith::make_const_int(dtype, k, Span::none())?, Span::none())? };
        out = Some(match out {
            None => term,
            Some(o) => arith::binary(BinOp::Add, o, term, Span::none())?,
        });
    }
    let c = arith::make_const_int(dtype, constant, Span::none())?;
    Ok(Some(match out {
        None => c,
        Some(o) if constant == 0 => o,
        Some(o) => arith::binary(BinOp::Add, o, c, Span::none())?,
    }))
}

/// `root` with the variables of `map` (by address) replaced, then every block
/// binding refolded (with `zero` variables, unit loops, read as 0).
fn substitute_loops(root: &Stmt, map: &[(Var, Expr)], zero: &[Var]) -> SchResult<Stmt> {
    let subst = |o: ObjectRef, pairs: &[(Var, Expr)]| -> crate::ir::Result<ObjectRef> {
        structural_map(
            o,
            |n: ObjectRef| match pairs.iter().find(|(v, _)| v.as_ref_obj().addr() == n.addr()) {
                Some((_, e)) => MapResult::ReplaceAndSkip(e.clone().into_object()),
                None => MapResult::Unchanged,
            },
            WalkOrder::PreOrder,
        )
    };
    let replaced = subst(root.clone().into_object(), map)?;
    let zeros: Vec<(Var, Expr)> = zero.iter().map(|v| (v.clone(), arith::make_const_int(v.dtype(), 0, Span::none()).unwrap())).collect();
    let out = structural_map(
        replaced,
        |r: SBlockRealize| -> crate::ir::Result<MapResult> {
            let mut values = Vec::with_capacity(r.iter_values.len());
            for v in &r.iter_values {
                let v = Expr::try_from_object(subst(v.clone().into_object(), &zeros)?)?;
                let v = refold(&v).map_err(|e| match e {
                    super::error::SchError::Other(e) => e,
                    super::error::SchError::Schedule(s) => Error::value_error(s.fast),
                })?;
                values.push(normalize_binding(&v)?.unwrap_or(v));
            }
            let predicate = refold(&r.predicate).map_err(|_| Error::value_error("predicate"))?;
            Ok(MapResult::Replace(
                SBlockRealize::new(SBlockRealizeNode { iter_values: values, predicate, block: r.block.clone(), span: r.span.clone() }).upcast(),
            ))
        },
        WalkOrder::PostOrder,
    )?;
    Ok(Stmt::try_from_object(out)?)
}

/// The product of `factors` as TVM's canonical simplifier writes it: the symbolic
/// factors in order, then the constant part (`n * 16384`).
fn product(factors: &[Expr], dtype: DataType) -> crate::ir::Result<Expr> {
    let mut constant = 1i64;
    let mut symbolic: Option<Expr> = None;
    for f in factors {
        match f.as_int() {
            Some(c) => constant *= c,
            None => {
                symbolic = Some(match symbolic {
                    None => f.clone(),
                    Some(s) => arith::binary(BinOp::Mul, s, f.clone(), Span::none())?,
                })
            }
        }
    }
    let c = arith::make_const_int(dtype, constant, Span::none())?;
    match symbolic {
        None => Ok(c),
        Some(s) if constant == 1 => Ok(s),
        Some(s) => arith::binary(BinOp::Mul, s, c, Span::none()),
    }
}

/// A serial loop from 0 (in the loop variable's type) over `extent`.
pub(super) fn new_loop(var: Var, extent: Expr, body: Stmt) -> For {
    let dtype = var.dtype();
    // A constant extent takes the loop variable's type (`T.int64(512)`).
    let extent = match extent.as_int() {
        Some(v) if extent.dtype() != dtype => arith::make_const_int(dtype, v, Span::none()).unwrap_or(extent),
        _ => extent,
    };
    For::new(ForNode {
        loop_var: var,
        min: arith::make_const_int(dtype, 0, Span::none()).unwrap(),
        extent,
        kind: ForKind::Serial,
        body,
        thread_binding: None,
        annotations: std::sync::Arc::from(Vec::new()),
        step: None,
        span: Span::none(),
    })
}

fn widest_int(exprs: impl Iterator<Item = DataType>) -> DataType {
    let bits = exprs.map(|t| t.bits).max().unwrap_or(32).max(32);
    DataType::int(bits)
}

// ---------------------------------------------------------------------------
// Loop transformations.

/// `split`: the loop replaced by nested loops of the given extents (one `None`
/// inferred). Returns the new loops, outermost first.
pub fn split(state: &mut ScheduleState, loop_id: SRefId, factors: Vec<Option<Expr>>, preserve_unit_iters: bool, disable_predication: bool) -> SchResult<Vec<SRefId>> {
    let l = state.loop_of(loop_id)?;
    let mut infer = None;
    let mut known: Vec<Expr> = Vec::new();
    for (i, f) in factors.iter().enumerate() {
        match f {
            None => {
                if infer.is_some() {
                    return fail("only one factor can be specified as -1 or none", "Only one factor can be specified as -1 or none", vec![]);
                }
                infer = Some(i);
            }
            Some(f) => {
                if f.as_int().is_some_and(|v| v <= 0) {
                    return fail(
                        "All the constant factors are required to be positive. However, some constant input factor is zero or negative.",
                        format!("The {i}-th factor is not positive"),
                        vec![],
                    );
                }
                known.push(f.clone());
            }
        }
    }
    let extent = l.extent.clone();
    let mut factors: Vec<Expr> = factors.into_iter().map(|f| f.unwrap_or_else(|| arith::make_const_int(extent.dtype(), -1, Span::none()).unwrap())).collect();
    let product = product(&known, extent.dtype())?;
    if let Some(i) = infer {
        // ceil(extent / product), as TVM's simplifier writes it: `(n + 9) // 10`.
        let num = match product.as_int() {
            Some(p) => arith::binary(BinOp::Add, extent.clone(), arith::make_const_int(extent.dtype(), p - 1, Span::none())?, Span::none())?,
            None => {
                let one = arith::make_const_int(extent.dtype(), 1, Span::none())?;
                arith::binary(BinOp::Sub, arith::binary(BinOp::Add, extent.clone(), product.clone(), Span::none())?, one, Span::none())?
            }
        };
        factors[i] = arith::binary(BinOp::FloorDiv, num, product, Span::none())?;
    } else {
        let covered = match (product.as_int(), extent.as_int()) {
            (Some(p), Some(e)) => p >= e,
            _ => crate::ir::structural_equal(product.as_object(), extent.as_object(), false),
        };
        if !covered {
            return fail(
                "The product of factors is not larger than or equal to the extent of loop",
                "The product of factors is not larger than or equal to the extent of loop {0}",
                vec![l.clone().upcast()],
            );
        }
    }
    has_annotation_or_binding(&l)?;
    starts_with_zero(&l)?;
    let dtype = widest_int(std::iter::once(l.loop_var.dtype()).chain(factors.iter().map(Expr::dtype)));
    let name = l.loop_var.name.to_string();
    let vars: Vec<Var> = (0..factors.len()).map(|i| Var::scalar(&format!("{name}_{i}"), dtype)).collect();
    let mut value = arith::make_const_int(dtype, 0, Span::none())?;
    for (v, f) in vars.iter().zip(&factors) {
        value = arith::binary(BinOp::Add, arith::binary(BinOp::Mul, value, f.clone(), Span::none())?, Expr::from(v.clone()), Span::none())?;
    }
    let unit: Vec<Var> = if preserve_unit_iters { vec![] } else { vars.iter().zip(&factors).filter(|(_, f)| f.as_int() == Some(1)).map(|(v, _)| v.clone()).collect() };
    let mut body = substitute_loops(&l.body, &[(l.loop_var.clone(), value.clone())], &unit)?;
    let total = factors.iter().map(Expr::as_int).try_fold(1i64, |a, f| f.map(|f| a * f));
    let provable = matches!((total, extent.as_int()), (Some(t), Some(e)) if t <= e);
    if !disable_predication && !provable {
        let pred = arith::binary(BinOp::LT, value, extent.clone(), Span::none())?;
        body = append_predicate(&body, &pred)?;
    }
    for (v, f) in vars.iter().zip(&factors).rev() {
        body = new_loop(v.clone(), f.clone(), body).into();
    }
    let func = state.sref(loop_id).func.clone();
    state.replace(&func, &l.as_ref_obj(), body.clone().into_object(), &[])?;
    let mut out = Vec::new();
    let mut cur = body;
    for _ in 0..vars.len() {
        out.push(state.sref_of(&func, &cur));
        let next = cur.as_object().downcast_ref::<ForNode>().map(|f| f.body.clone());
        match next {
            Some(n) => cur = n,
            None => break,
        }
    }
    Ok(out)
}

/// Each block realize directly under `stmt` (not nested) with `pred` and-ed to its predicate.
fn append_predicate(stmt: &Stmt, pred: &Expr) -> SchResult<Stmt> {
    let out = structural_map(
        stmt.clone(),
        |r: SBlockRealize| -> crate::ir::Result<MapResult> {
            let p = arith::binary(BinOp::And, r.predicate.clone(), pred.clone(), Span::none())?;
            Ok(MapResult::ReplaceAndSkip(
                SBlockRealize::new(SBlockRealizeNode { iter_values: r.iter_values.clone(), predicate: p, block: r.block.clone(), span: r.span.clone() }).upcast(),
            ))
        },
        WalkOrder::PreOrder,
    )?;
    Ok(Stmt::try_from_object(out)?)
}

/// `fuse`: a chain of loops (each the only child of the one before) made one loop.
pub fn fuse(state: &mut ScheduleState, loops: &[SRefId], preserve_unit_iters: bool) -> SchResult<SRefId> {
    let mut fors: Vec<For> = Vec::new();
    for &id in loops {
        let l = state.loop_of(id)?;
        has_annotation_or_binding(&l)?;
        if let Some(outer) = fors.last() {
            let parent = state.parent(id)?;
            if !parent.is_some_and(|p| p.same_as(&outer.as_ref_obj())) {
                return fail(
                    "The outer loop is not the parent of the inner loop",
                    "The loops can't be fused because the outer loop {0} is not the parent of the inner loop {1}",
                    vec![outer.clone().upcast(), l.clone().upcast()],
                );
            }
            if !outer.body.same_as(&l.as_ref_obj()) {
                return fail(
                    "The inner loop is not the only child of outer loop",
                    "The loops can't be fused because the inner loop {1} is not the only child of outer loop {0}.",
                    vec![outer.clone().upcast(), l.clone().upcast()],
                );
            }
        }
        starts_with_zero(&l)?;
        fors.push(l);
    }
    let dtype = widest_int(fors.iter().map(|l| l.loop_var.dtype()));
    let mut name = fors[0].loop_var.name.to_string();
    for l in &fors[1..] {
        name.push('_');
        name.push_str(&l.loop_var.name);
    }
    name.push_str("_fused");
    let fused = Var::scalar(&name, dtype);
    let fv: Expr = fused.clone().into();
    let n = fors.len();
    let mut subst: Vec<(Var, Expr)> = vec![(fors[0].loop_var.clone(), fv.clone()); n];
    let mut lower = arith::make_const_int(dtype, 1, Span::none())?;
    let zero = || arith::make_const_int(dtype, 0, Span::none()).unwrap();
    for i in (1..n).rev() {
        let next = product(&[fors[i].extent.clone(), lower.clone()], dtype)?;
        let value = if fors[i].extent.as_int() == Some(1) {
            zero()
        } else {
            arith::binary(BinOp::FloorDiv, arith::binary(BinOp::FloorMod, fv.clone(), next.clone(), Span::none())?, lower.clone(), Span::none())?
        };
        subst[i] = (fors[i].loop_var.clone(), value);
        lower = next;
    }
    subst[0] = (fors[0].loop_var.clone(), if fors[0].extent.as_int() == Some(1) { zero() } else { arith::binary(BinOp::FloorDiv, fv.clone(), lower.clone(), Span::none())? });
    let _ = preserve_unit_iters;
    let body = substitute_loops(&fors[n - 1].body, &subst, &[])?;
    let extent = product(&fors.iter().map(|l| l.extent.clone()).collect::<Vec<_>>(), dtype)?;
    let new: Stmt = new_loop(fused, extent, body).into();
    let func = state.sref(loops[0]).func.clone();
    state.replace(&func, &fors[0].as_ref_obj(), new.clone().into_object(), &[])?;
    Ok(state.sref_of(&func, &new))
}

// ---------------------------------------------------------------------------
// Loop kinds and annotations.

fn set_loop(state: &mut ScheduleState, id: SRefId, new: For) -> SchResult<()> {
    let old = state.loop_of(id)?;
    let func = state.sref(id).func.clone();
    state.replace(&func, &old.as_ref_obj(), new.upcast(), &[])?;
    Ok(())
}

/// Every block realize under `l` whose binding uses the loop variable must bind a
/// data-parallel iterator (or a reduction one for a `threadIdx` binding).
fn check_parallelizable(l: &For, op: &str, thread_axis: Option<&str>) -> SchResult<()> {
    let mut bad: Option<SBlock> = None;
    let var = l.loop_var.as_ref_obj().addr();
    let cross_thread = thread_axis.is_some_and(|t| t.starts_with("threadIdx."));
    pre_order_visit(&l.as_ref_obj(), |n| {
        if bad.is_some() {
            return false;
        }
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>() {
            for (iv, value) in r.block.iter_vars.iter().zip(&r.iter_values) {
                let mut uses = false;
                pre_order_visit(&value.clone().into_object(), |x| {
                    uses |= x.addr() == var;
                    !uses
                });
                let ok = iv.iter_type == IterVarType::DataPar || (iv.iter_type == IterVarType::CommReduce && cross_thread);
                if uses && !ok {
                    bad = Some(r.block.clone());
                    return false;
                }
            }
        }
        true
    });
    if let Some(b) = bad {
        let detail = if op == "bind" {
            format!("The \"bind\" cannot be fulfilled with regard to block {{0}}. This is because some of its block iter whose block binding contains {} does not meet any of the conditions:\n1) the block iter is data parallel;\n2) the block iter is a reduction block iter, and the thread axis to be bound is \"threadIdx.x/y/z\"", l.loop_var.name)
        } else {
            format!("The \"{op}\" cannot be fulfilled with regard to block {{0}} because some block iter whose block binding contains the loop var is not a data parallel block iter")
        };
        return fail(&format!("The \"{op}\" cannot be fulfilled with regard to some of its underlying block"), detail, vec![b.upcast()]);
    }
    Ok(())
}

const LOCAL_COMPLETE_DEF: &str = "Definition of a local complete block:\n1) All block vars are data parallel\n2) Local Dominant: the block is the only writer of its output, dominating the reader of its output buffers under a given subtree\n3) No overlap between the buffers the block reads and writes";
const LOCAL_REDUCTION_DEF: &str = "Definition of a reduction block:\n1) The block has the `init` statement\n2) All the block bindings are quasi-affine expressions\n3) All block vars are either data parallel block vars or reduction block vars\n4) Local Dominant: the block is the only writer of its output, dominating the reader of its output buffers under a given subtree\n5) The reduction block vars are not used to index the output buffers";

/// TVM's `CheckSubtreeCompactDataflow`: every block directly under the loop (not
/// inside another block) is a complete or reduction block among those blocks.
fn check_compact_dataflow(l: &For) -> SchResult<()> {
    use super::prims_compute_at::{complete_code_with, reduction_code_with};
    use super::prims_inline::{region_buffer, scope_blocks};
    let mut realizes: Vec<SBlockRealize> = Vec::new();
    pre_order_visit(&l.body.clone().into_object(), |n| {
        if let Ok(r) = n.clone().downcast::<SBlockRealizeNode>() {
            realizes.push(r);
            return false;
        }
        true
    });
    // TVM's IsDominantBlock under a loop: the writers of each buffer are those of
    // the first child block's own scope that writes it.
    let scopes: Vec<Vec<SBlock>> = realizes.iter().map(|r| scope_blocks(&r.block)).collect();
    let dominant = |block: &SBlock| {
        block.writes.iter().all(|w| {
            let buf = region_buffer(w);
            scopes
                .iter()
                .map(|inner| inner.iter().filter(|b| b.writes.iter().any(|x| region_buffer(x) == buf)).count())
                .find(|&n| n > 0)
                .is_none_or(|n| n == 1)
        })
    };
    for r in &realizes {
        let d = dominant(&r.block);
        let c = complete_code_with(&r.block, d);
        if c == 0 {
            continue;
        }
        let red = reduction_code_with(&r.block, Some(r), d);
        if red == 0 {
            continue;
        }
        return fail(
            "The queried subtree root in SRef tree does not have compact dataflow, because some of its child block on SRef tree is neither a local complete block nor a local reduction block.",
            format!("The queried subtree root {{0}} in SRef tree does not have compact dataflow, because its child block {{1}} on SRef tree is neither a local complete block nor a local reduction block.\nIt violates condition #{c} as a local complete block.\n{LOCAL_COMPLETE_DEF}\nIt violates condition #{red} as a local reduction block.\n{LOCAL_REDUCTION_DEF}\n"),
            vec![l.clone().upcast(), r.block.clone().upcast()],
        );
    }
    Ok(())
}

/// `parallel`, `vectorize`, `bind` (with a thread axis) and `unroll`.
pub fn set_loop_kind(state: &mut ScheduleState, id: SRefId, kind: ForKind, thread_axis: Option<&str>) -> SchResult<()> {
    let l = state.loop_of(id)?;
    let op = match kind {
        ForKind::Parallel => Some("parallel"),
        ForKind::Vectorized => Some("vectorize"),
        ForKind::ThreadBinding => Some("bind"),
        _ => None,
    };
    if let Some(op) = op {
        check_compact_dataflow(&l)?;
        check_parallelizable(&l, op, thread_axis)?;
    }
    let mut node = (*l).clone();
    node.kind = kind;
    node.thread_binding = thread_axis.map(|t| {
        IterVar::new(IterVarNode {
            dom: None,
            var: Var::new(VarNode { ty: l.loop_var.ty.clone(), name: t.into(), span: Span::none() }),
            iter_type: IterVarType::ThreadIndex,
            thread_tag: t.to_string(),
            span: Span::none(),
        })
    });
    set_loop(state, id, For::new(node))
}

pub(super) fn with_annotation(map: &crate::ir::AttrMap, key: &str, value: Option<Value>) -> crate::ir::AttrMap {
    let mut entries: Vec<(Value, Value)> = map.iter().filter(|(k, _)| k.as_str() != Some(key)).cloned().collect();
    if let Some(v) = value {
        match map.iter().position(|(k, _)| k.as_str() == Some(key)) {
            Some(i) => entries.insert(i.min(entries.len()), (Value::from(key), v)),
            None => entries.push((Value::from(key), v)),
        }
    }
    std::sync::Arc::from(entries)
}

/// `annotate` (`Some(value)`) and `unannotate` (`None`) of a loop or a block.
pub fn annotate(state: &mut ScheduleState, id: SRefId, key: &str, value: Option<Value>) -> SchResult<()> {
    let stmt = state.stmt(id, "statement")?;
    let func = state.sref(id).func.clone();
    if let Some(l) = stmt.as_object().downcast_ref::<ForNode>() {
        let mut node = l.clone();
        node.annotations = with_annotation(&l.annotations, key, value);
        let new = For::new(node);
        state.replace(&func, stmt.as_object(), new.upcast(), &[])?;
    } else if let Some(b) = stmt.as_object().downcast_ref::<SBlockNode>() {
        let mut node = b.clone();
        node.annotations = with_annotation(&b.annotations, key, value);
        let new = SBlock::new(node);
        state.replace(&func, stmt.as_object(), new.clone().upcast(), &[(stmt.clone().into_object(), new.upcast())])?;
    }
    Ok(())
}
