//! `compute_at` and `reverse_compute_at`: a block moved under a loop, with a new
//! loop nest over just the part of its iteration domain that the consumers
//! (producers) under that loop need, as TVM 0.27 computes it: the regions the
//! block provides per instance, the regions the dependent blocks require relaxed
//! over the loops below the target, each block variable solved dimension by
//! dimension, and a predicate where the buffer's shape bounds the domain.

use std::collections::HashMap;

use crate::dialects::s_tir::nodes::{SBlock, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{buffer_type, For, ForKind, ForNode, IterVarType, SeqStmt, SeqStmtNode, Stmt};
use crate::ir::arith::int_set::{intersect, union, IntSet};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{arith, BinOp, DataType, Error, Expr, ObjectRef, Range, Span, Var, VarNode};

use super::error::{fail, SchResult};
use super::prims_inline::{check_not_output, is_affine_realize, leaf_to_remove, region_buffer, remove_leaf, scope_blocks, scope_root};
use super::region::{bindings, loop_domain, relax_region, scope_of};
use super::state::{SRefId, ScheduleState};

const COMPLETE_DEF: &str = "Definition of a complete block:\n1) All block vars are data parallel\n2) Dominant: the block is the only writer of its output, dominating the reader of its output buffers\n3) No overlap between the buffers the block reads and writes";
const REDUCTION_DEF: &str = "Definition of a reduction block:\n1) The block has the `init` statement\n2) All the block bindings are quasi-affine expressions\n3) All block vars are either data parallel block vars or reduction block vars\n4) Dominant: the block is the only writer of its output, dominating the reader of its output buffers\n5) The reduction block vars are not used to index the output buffers";

/// Whether no other block of the scope writes what `block` writes.
/// Whether no other block of `blocks` writes what `block` writes.
pub(super) fn is_dominant_among(block: &SBlock, blocks: &[SBlock]) -> bool {
    let written: Vec<usize> = block.writes.iter().map(region_buffer).collect();
    !blocks.iter().any(|b| !b.ptr_eq(block) && b.writes.iter().any(|w| written.contains(&region_buffer(w))))
}

/// TVM's `CheckCompleteBlockErrorCode` (0: complete).
pub(super) fn complete_code(block: &SBlock, root: &SBlock) -> i32 {
    complete_code_with(block, is_dominant_among(block, &scope_blocks(root)))
}

/// `complete_code` with dominance decided by the caller (TVM's local complete
/// block judges it under a loop).
pub(super) fn complete_code_with(block: &SBlock, dominant: bool) -> i32 {
    if block.iter_vars.iter().any(|iv| iv.iter_type != IterVarType::DataPar) {
        1
    } else if !dominant {
        2
    } else if block.reads.iter().any(|r| block.writes.iter().any(|w| region_buffer(w) == region_buffer(r))) {
        3
    } else {
        0
    }
}

/// TVM's `CheckReductionBlockErrorCode` (0: a reduction block).
pub(super) fn reduction_code(block: &SBlock, realize: Option<&SBlockRealize>, root: &SBlock) -> i32 {
    reduction_code_with(block, realize, is_dominant_among(block, &scope_blocks(root)))
}

/// `reduction_code` with dominance decided by the caller.
pub(super) fn reduction_code_with(block: &SBlock, realize: Option<&SBlockRealize>, dominant: bool) -> i32 {
    if block.init.is_none() {
        return 1;
    }
    if realize.is_some_and(|r| !is_affine_realize(r)) {
        return 2;
    }
    if block.iter_vars.iter().any(|iv| iv.iter_type != IterVarType::DataPar && iv.iter_type != IterVarType::CommReduce) {
        return 3;
    }
    if !dominant {
        return 4;
    }
    let reduce: Vec<usize> = block.iter_vars.iter().filter(|iv| iv.iter_type == IterVarType::CommReduce).map(|iv| iv.var.as_ref_obj().addr()).collect();
    let mut bad = false;
    for w in &block.writes {
        pre_order_visit(&w.clone().upcast(), |n| {
            bad |= reduce.contains(&n.addr());
            !bad
        });
    }
    if bad { 5 } else { 0 }
}

fn check_complete_or_reduction(block: &SBlock, realize: Option<&SBlockRealize>, root: &SBlock) -> SchResult<()> {
    let c = complete_code(block, root);
    if c == 0 {
        return Ok(());
    }
    let r = reduction_code(block, realize, root);
    if r == 0 {
        return Ok(());
    }
    fail(
        "Not a complete or reduction block",
        format!("The block {{0}} is not a complete block - it violates condition #{c}.\n{COMPLETE_DEF}\nThe block is not a reduction block either - it violates condition #{r}.\n{REDUCTION_DEF}"),
        vec![block.clone().upcast()],
    )
}

/// TVM's `BlockVarDomainInfo`: the domain a block variable must cover, and the
/// bound (the buffer's shape) a predicate may have to keep it in.
#[derive(Clone, Debug)]
struct DomainInfo {
    dom: IntSet,
    bound: IntSet,
}

impl DomainInfo {
    fn nothing() -> DomainInfo {
        DomainInfo { dom: IntSet::Nothing, bound: IntSet::Nothing }
    }
    fn union(&mut self, o: &DomainInfo, an: &Analyzer) {
        self.dom = union(an, &self.dom, &o.dom);
        self.bound = union(an, &self.bound, &o.bound);
    }
    fn simplify(&mut self, an: &Analyzer) {
        if self.dom.is_nothing() {
            if self.bound.is_bounded() {
                self.dom = self.bound.simplified(an);
                self.bound = IntSet::Nothing;
            }
            return;
        }
        self.dom = self.dom.simplified(an);
        self.bound = self.bound.simplified(an);
        let inter = intersect(an, &self.dom, &self.bound).simplified(an);
        let eq = |a: Option<&Expr>, b: Option<&Expr>| match (a, b) {
            (Some(a), Some(b)) => an.can_prove_equal(a, b),
            (None, None) => true,
            _ => false,
        };
        if eq(self.dom.min(), inter.min()) && eq(self.dom.max(), inter.max()) {
            self.bound = IntSet::Nothing;
        } else if eq(self.bound.min(), inter.min()) && eq(self.bound.max(), inter.max()) {
            self.dom = self.bound.clone();
            self.bound = IntSet::Nothing;
        } else if inter.min().is_some_and(|e| e.as_int().is_some()) && inter.max().is_some_and(|e| e.as_int().is_some()) {
            self.dom = inter;
            self.bound = IntSet::Nothing;
        }
    }
}

fn bin(op: BinOp, a: &Expr, b: &Expr) -> SchResult<Expr> {
    Ok(arith::binary(op, a.clone(), b.clone(), Span::none())?)
}

fn as_var(e: &Expr) -> Option<Var> {
    e.as_object().clone().try_downcast::<VarNode>()
}

/// TVM's `SolveBlockVarDomain`: the variable a provided set is indexed by, and the
/// domain it must take to cover the required set.
fn solve(provided: &IntSet, required: &IntSet, dim_max: &Expr, an: &Analyzer) -> SchResult<Option<(Var, DomainInfo)>> {
    let (Some(pmin), Some(pmax), Some(rmin), Some(rmax)) = (provided.min(), provided.max(), required.min(), required.max()) else {
        return Err(Error::value_error("BufferRegion pattern match failed: unbounded region").into());
    };
    let (pmin, pmax) = (an.simplify(pmin), an.simplify(pmax));
    let (rmin, rmax) = (an.simplify(rmin), an.simplify(rmax));
    let zero = arith::make_const_int(dim_max.dtype(), 0, Span::none())?;
    if let Some((BinOp::Mul, a, b)) = BinOp::operands(pmin.as_object()) {
        let (v, e) = match (as_var(a), as_var(b)) {
            (Some(v), _) => (Some(v), b.clone()),
            (None, Some(v)) => (Some(v), a.clone()),
            _ => (None, a.clone()),
        };
        if let Some(v) = v {
            let dom = IntSet::interval(bin(BinOp::FloorDiv, &rmin, &e)?, bin(BinOp::FloorDiv, &rmax, &e)?);
            let bound = IntSet::interval(zero, bin(BinOp::FloorDiv, dim_max, &e)?);
            return Ok(Some((v, DomainInfo { dom, bound })));
        }
    }
    if an.can_prove_equal(&pmin, &pmax) {
        if let Some(v) = as_var(&pmin) {
            return Ok(Some((v, DomainInfo { dom: IntSet::interval(rmin, rmax), bound: IntSet::interval(zero, dim_max.clone()) })));
        }
        match BinOp::operands(pmin.as_object()) {
            Some((BinOp::FloorDiv, x, fac)) if fac.as_int().is_some_and(|f| f >= 1) => {
                let one = arith::make_const_int(fac.dtype(), 1, Span::none())?;
                let lo = bin(BinOp::Mul, &rmin, fac)?;
                let hi = an.simplify(&bin(BinOp::Sub, &bin(BinOp::Add, &bin(BinOp::Mul, &rmax, fac)?, fac)?, &one)?);
                if let Some(v) = as_var(x) {
                    let bmax = an.simplify(&bin(BinOp::Sub, &bin(BinOp::Add, &bin(BinOp::Mul, dim_max, fac)?, fac)?, &one)?);
                    return Ok(Some((v, DomainInfo { dom: IntSet::interval(lo, hi), bound: IntSet::interval(zero, bmax) })));
                }
                return solve(&IntSet::point(x.clone()), &IntSet::interval(lo, hi), dim_max, an);
            }
            Some((BinOp::FloorMod, x, _)) => {
                if let Some(v) = as_var(x) {
                    return Ok(Some((v, DomainInfo::nothing())));
                }
                let (lo, _) = an.bound(&rmin);
                if lo.is_some_and(|l| l >= 0) {
                    return solve(&IntSet::point(x.clone()), &IntSet::Interval(Some(rmin), None), dim_max, an);
                }
            }
            _ => {}
        }
    }
    Err(Error::value_error(format!("BufferRegion pattern match failed: {}", crate::printer::engine::script(pmin.as_object(), &Default::default()).unwrap_or_default())).into())
}

/// TVM's `UpdateBlockVarDomainAffine`: when every provided index is a single point
/// and the points are a bijective iterator map of the block variables, each
/// variable's domain is the inverse map of the required region's corners (its
/// bound that of the buffer's). Whether it applied.
fn affine_domains(iter_vars: &[crate::dialects::tirx::nodes::IterVar], provided: &[IntSet], required: &[IntSet], shape: &[Expr], an: &Analyzer, doms: &mut HashMap<usize, DomainInfo>) -> SchResult<bool> {
    use crate::ir::arith::iter_map::{detect_iter_map, inverse_affine_iter_map, IterMapLevel};
    let mut points = Vec::new();
    for p in provided {
        match p.single_point(an) {
            Some(pt) => points.push(pt),
            None => return Ok(false),
        }
    }
    let mut iters = Vec::new();
    for iv in iter_vars {
        let Some(d) = &iv.dom else { return Ok(false) };
        iters.push((iv.var.clone(), d.min.clone(), d.extent.clone()));
    }
    let res = detect_iter_map(&points, &iters, &crate::ir::expr::bool_imm(true), IterMapLevel::Bijective, false);
    if res.indices.is_empty() {
        return Ok(false);
    }
    let corners = |sets: &[IntSet]| -> Option<(Vec<Expr>, Vec<Expr>)> {
        let lo: Option<Vec<Expr>> = sets.iter().map(|s| s.min().cloned()).collect();
        let hi: Option<Vec<Expr>> = sets.iter().map(|s| s.max().cloned()).collect();
        Some((lo?, hi?))
    };
    let Some((rmin, rmax)) = corners(required) else { return Ok(false) };
    let mut bmin = Vec::new();
    let mut bmax = Vec::new();
    for s in shape {
        let zero = arith::make_const_int(s.dtype(), 0, Span::none())?;
        let one = arith::make_const_int(s.dtype(), 1, Span::none())?;
        bmax.push(bin(BinOp::Max, &bin(BinOp::Sub, s, &one)?, &zero)?);
        bmin.push(zero);
    }
    let interval = |lo: &[Expr], hi: &[Expr]| -> SchResult<Vec<(Var, IntSet)>> {
        let a = inverse_affine_iter_map(&res.indices, lo);
        let b = inverse_affine_iter_map(&res.indices, hi);
        let mut out = Vec::new();
        for (v, x) in a {
            let Some((_, y)) = b.iter().find(|(w, _)| w.ptr_eq(&v)) else { continue };
            let lo = an.simplify(&bin(BinOp::Min, &x, y)?);
            let hi = an.simplify(&bin(BinOp::Max, &x, y)?);
            out.push((v, IntSet::interval(lo, hi)));
        }
        Ok(out)
    };
    let dom = interval(&rmin, &rmax)?;
    let bound = interval(&bmin, &bmax)?;
    for (v, d) in dom {
        let Some((_, b)) = bound.iter().find(|(w, _)| w.ptr_eq(&v)) else { continue };
        if let Some(slot) = doms.get_mut(&v.as_ref_obj().addr()) {
            slot.union(&DomainInfo { dom: d, bound: b.clone() }, an);
        }
    }
    Ok(true)
}

/// The new subtree's position among the target loop's children: after the last
/// one holding a producer, at or before the first one holding a consumer.
#[allow(clippy::too_many_arguments)]
fn insertion_point(
    subtrees: &[Stmt],
    producers: &[SBlock],
    consumers: &[SBlock],
    need_producers: bool,
    need_consumers: bool,
    index: i64,
    realizes: &mut HashMap<usize, SBlockRealize>,
) -> SchResult<usize> {
    let n = subtrees.len() as i64;
    let (mut last_p, mut first_c) = (-1i64, n);
    let (mut np, mut nc) = (0usize, 0usize);
    for (i, s) in subtrees.iter().enumerate() {
        let (bp, bc) = (np, nc);
        pre_order_visit(&s.clone().into_object(), |x| {
            if let Some(r) = x.downcast_ref::<SBlockRealizeNode>() {
                if let Some(r2) = x.clone().try_downcast::<SBlockRealizeNode>() {
                    realizes.insert(r.block.as_ref_obj().addr(), r2);
                }
                if producers.iter().any(|b| b.ptr_eq(&r.block)) {
                    np += 1;
                }
                if consumers.iter().any(|b| b.ptr_eq(&r.block)) {
                    nc += 1;
                }
            }
            true
        });
        if np != bp {
            last_p = i as i64;
        }
        if nc != bc && first_c == n {
            first_c = i as i64;
        }
    }
    if last_p >= first_c {
        return fail(
            "Cannot find the insertion point that satisfies the producer-consumer constraint",
            format!("Cannot find the insertion point that satisfies the producer-consumer constraint. In 0-based indexing, the last producer appears in subtree {last_p}, and the first consumer appears in subtree {first_c}"),
            vec![],
        );
    }
    let not_visited = |blocks: &[SBlock], visited: usize, consumer: bool| -> SchResult<()> {
        if visited < blocks.len() {
            let rel = if consumer { "consumer(s)" } else { "producer(s)" };
            let mut detail = format!(
                "The primitive requires all the {rel} of the given block to be present under the target loop. However, there are {} {rel} not satisfying the constraint. List of the {rel}:",
                blocks.len() - visited
            );
            for i in 0..blocks.len() {
                detail.push_str(&format!("{{{i}}}"));
            }
            return fail("Not all required blocks are under the loop scope", detail, blocks.iter().map(|b| b.clone().upcast()).collect());
        }
        Ok(())
    };
    if need_producers {
        not_visited(producers, np, false)?;
    }
    if need_consumers {
        not_visited(consumers, nc, true)?;
    }
    let pos = match index {
        -1 => first_c,
        -2 => last_p + 1,
        i if i >= last_p + 1 && i <= first_c => i,
        i => {
            return Err(Error::runtime(format!("Valid index:(-1, -2, [{}, {}]), current index={i}", last_p + 1, first_c)).into());
        }
    };
    Ok(pos as usize)
}

/// `compute_at` (`is_compute_at`) or `reverse_compute_at` of a block under a loop.
pub fn compute_at(state: &mut ScheduleState, block_id: SRefId, loop_id: SRefId, preserve_unit_loops: bool, index: i64, is_compute_at: bool) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let the_loop = state.loop_of(loop_id)?;
    let func = state.sref(block_id).func.clone();
    let root = scope_root(state, block_id)?;
    let blocks = scope_blocks(&root);
    let me = blocks.iter().position(|b| b.ptr_eq(&block)).ok_or_else(|| Error::value_error("the block is not in its scope"))?;
    let reads_of = |b: &SBlock| b.reads.iter().map(region_buffer).collect::<Vec<usize>>();
    let writes_of = |b: &SBlock| b.writes.iter().map(region_buffer).collect::<Vec<usize>>();
    let (my_reads, my_writes) = (reads_of(&block), writes_of(&block));
    let producers: Vec<SBlock> = blocks[..me].iter().filter(|b| writes_of(b).iter().any(|w| my_reads.contains(w))).cloned().collect();
    let consumers: Vec<SBlock> = blocks[me + 1..].iter().filter(|b| reads_of(b).iter().any(|r| my_writes.contains(r))).cloned().collect();
    let root_stmt: ObjectRef = root.clone().upcast();
    let my_realize = super::region::realize_of(&root_stmt, &block);
    check_complete_or_reduction(&block, my_realize.as_ref(), &root)?;
    // The block and the loop under the same scope, the loop not above the block;
    // the loop and the loops above it up to the scope bound in the analyzer.
    let mut an = Analyzer::new();
    let loop_path = state.ancestors(loop_id)?;
    let root_at = loop_path.iter().position(|s| s.same_as(&root.as_ref_obj()));
    let not_same_scope = || {
        fail::<()>(
            "Expected the block and loop to be under the same block scope, and loop not to be the ancestor of block",
            "ScheduleError: Expected the block {0} and loop {1} to be under the same block scope, and loop not to be the ancestor of block",
            vec![block.clone().upcast(), the_loop.clone().upcast()],
        )
    };
    match root_at {
        Some(k) if loop_path[k + 1..].iter().all(|s| s.is::<ForNode>()) => {
            for s in &loop_path[k + 1..] {
                let l = s.as_object().downcast_ref::<ForNode>().expect("a loop");
                an.bind(&l.loop_var, &l.min, &l.extent);
            }
        }
        _ => not_same_scope()?,
    }
    let block_path = state.ancestors(block_id)?;
    if block_path.iter().any(|s| s.same_as(&the_loop.as_ref_obj())) {
        not_same_scope()?;
    }
    if is_compute_at {
        check_not_output(state, &func, &block, &root)?;
    }
    // Removing the block: its realize and the loops holding only it.
    let leaf = leaf_to_remove(state, block_id, &block)?;
    if root.body.as_object().addr() == leaf.addr() {
        return fail(
            "Cannot remove the only leaf in the scope",
            "Block {0} is the only leaf in the scope {1}, which cannot be removed; Otherwise the scope will be empty.",
            vec![block.clone().upcast(), root.clone().upcast()],
        );
    }
    // Where under the loop.
    let subtrees: Vec<Stmt> = match the_loop.body.as_object().downcast_ref::<SeqStmtNode>() {
        Some(s) => s.seq.clone(),
        None => vec![the_loop.body.clone()],
    };
    let mut realizes: HashMap<usize, SBlockRealize> = HashMap::new();
    let position = insertion_point(&subtrees, &producers, &consumers, !is_compute_at, is_compute_at, index, &mut realizes)?;
    // What one instance of the block provides, and what the dependent blocks need.
    let provided_regions = if is_compute_at { &block.writes } else { &block.reads };
    let mut provided: Vec<(usize, Var, Vec<Vec<IntSet>>)> = Vec::new();
    for r in provided_regions {
        let sets: Vec<IntSet> = r.region.iter().map(IntSet::from_range).collect();
        let buf = region_buffer(r);
        match provided.iter_mut().find(|p| p.0 == buf) {
            Some(p) => p.2.push(sets),
            None => provided.push((buf, r.source.as_object().clone().try_downcast::<VarNode>().ok_or_else(|| Error::type_error("a buffer"))?, vec![sets])),
        }
    }
    let mut required: HashMap<usize, Vec<Vec<IntSet>>> = HashMap::new();
    let loop_pos = loop_path.len() - 1;
    for dep in if is_compute_at { &consumers } else { &producers } {
        let Some(realize) = realizes.get(&dep.as_ref_obj().addr()).cloned() else { continue };
        let dep_id = state.sref_of(&func, &dep.clone().into());
        let mut path = state.ancestors(dep_id)?;
        path.pop();
        let binding = bindings(&realize);
        let regions = if is_compute_at { &dep.reads } else { &dep.writes };
        for r in regions {
            let buf = region_buffer(r);
            if !provided.iter().any(|p| p.0 == buf) {
                continue;
            }
            let scope = if is_compute_at { Some(scope_of(&r.source)) } else { None };
            let dom = loop_domain(&path, loop_pos, scope.as_deref());
            let sets = relax_region(r, &binding, &dom, &an)?;
            required.entry(buf).or_default().push(sets);
        }
    }
    // The domain of each block variable.
    let mut doms: HashMap<usize, DomainInfo> = block.iter_vars.iter().map(|iv| (iv.var.as_ref_obj().addr(), DomainInfo::nothing())).collect();
    for (buf, var, many) in &provided {
        let Some(req) = required.get(buf).filter(|r| !r.is_empty()) else { continue };
        let shape = buffer_type(var).map(|b| b.shape.clone()).unwrap_or_default();
        let ndim = shape.len();
        let union_nd = |sets: &[Vec<IntSet>]| -> Vec<IntSet> {
            (0..ndim).map(|d| sets.iter().fold(IntSet::Nothing, |acc, s| union(&an, &acc, &s[d]))).collect()
        };
        let (p, r) = (union_nd(many), union_nd(req));
        if affine_domains(&block.iter_vars, &p, &r, &shape, &an, &mut doms)? {
            continue;
        }
        for d in 0..ndim {
            if let Some(pt) = p[d].single_point(&an)
                && pt.as_int().is_some()
            {
                continue;
            }
            let one = arith::make_const_int(shape[d].dtype(), 1, Span::none())?;
            let zero = arith::make_const_int(shape[d].dtype(), 0, Span::none())?;
            let dim_max = an.simplify(&bin(BinOp::Max, &bin(BinOp::Sub, &shape[d], &one)?, &zero)?);
            if let Some((v, info)) = solve(&p[d], &r[d], &dim_max, &an)?
                && let Some(slot) = doms.get_mut(&v.as_ref_obj().addr())
            {
                slot.union(&info, &an);
            }
        }
    }
    // The new loop nest and realize.
    let mut loop_vars: Vec<(Var, Expr)> = Vec::new();
    let mut iter_values: Vec<Expr> = Vec::new();
    let mut predicate = arith::make_const_int(DataType::bool(), 1, Span::none())?;
    for iv in &block.iter_vars {
        let mut info = doms.remove(&iv.var.as_ref_obj().addr()).unwrap_or_else(DomainInfo::nothing);
        let iv_dom = iv.dom.clone().ok_or_else(|| Error::value_error("a block variable without a domain"))?;
        let ivset = IntSet::from_range(&iv_dom);
        info.bound = if info.bound.is_nothing() { ivset } else { intersect(&an, &info.bound, &ivset) };
        info.simplify(&an);
        let range: Range = info.dom.cover_range(&iv_dom, &an);
        let value = if preserve_unit_loops || range.extent.as_int() != Some(1) {
            let bits = range.min.dtype().bits.max(range.extent.dtype().bits);
            let v = Var::scalar(&format!("ax{}", loop_vars.len()), DataType::int(bits));
            let extent = an.simplify(&range.extent);
            an.bind(&v, &arith::make_const_int(DataType::int(bits), 0, Span::none())?, &extent);
            loop_vars.push((v.clone(), extent));
            bin(BinOp::Add, &range.min, &Expr::from(v))?
        } else {
            range.min.clone()
        };
        if !info.bound.is_nothing() {
            if let Some(lo) = info.bound.min() {
                let c = bin(BinOp::GE, &value, lo)?;
                if !an.can_prove(&c) {
                    predicate = bin(BinOp::And, &predicate, &c)?;
                }
            }
            if let Some(hi) = info.bound.max() {
                let one = arith::make_const_int(hi.dtype(), 1, Span::none())?;
                let c = bin(BinOp::LT, &value, &bin(BinOp::Add, hi, &one)?)?;
                if !an.can_prove(&c) {
                    predicate = bin(BinOp::And, &predicate, &c)?;
                }
            }
        }
        iter_values.push(value);
    }
    let realize = SBlockRealize::new(SBlockRealizeNode { iter_values, predicate: an.simplify(&predicate), block: block.clone(), span: Span::none() });
    let mut subtree: Stmt = realize.into();
    for (v, extent) in loop_vars.into_iter().rev() {
        subtree = For::new(ForNode {
            loop_var: v,
            min: arith::make_const_int(DataType::int(32), 0, Span::none())?,
            extent,
            kind: ForKind::Serial,
            body: subtree,
            thread_binding: None,
            annotations: std::sync::Arc::from(Vec::new()),
            step: None,
            span: Span::none(),
        })
        .into();
    }
    let mut seq = subtrees;
    seq.insert(position, subtree);
    let mut node = (*the_loop).clone();
    node.body = SeqStmt::new(SeqStmtNode { seq, span: Span::none() }).into();
    let new_loop = For::new(node);
    // The scope with the loop replaced and the block's old place removed.
    let target = the_loop.as_ref_obj().addr();
    let body = structural_map(
        root.body.clone(),
        |n: ObjectRef| if n.addr() == target { MapResult::ReplaceAndSkip(new_loop.clone().upcast()) } else { MapResult::Unchanged },
        WalkOrder::PreOrder,
    )?;
    let body = remove_leaf(&Stmt::try_from_object(body)?, leaf.addr())?;
    let mut rn = (*root).clone();
    rn.body = body;
    let new_root = SBlock::new(rn);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.upcast(), new_root.upcast())])?;
    Ok(())
}
