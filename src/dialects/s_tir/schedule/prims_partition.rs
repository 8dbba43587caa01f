//! `loop_partition` (TVM's `LoopPartition`): a loop cut into consecutive loops,
//! each under an opaque `NAME_LOOPi_partition` block, all under one
//! `NAME_LOOP_common` block. Every block under a partition is a copy (its name
//! suffixed with the partition's loop variable, fresh iteration and loop
//! variables); a block iterator bound directly to the partitioned loop takes the
//! partition's range, and the regions of buffers its body indexes by plain block
//! iterators follow.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{BufferStoreNode, For, ForKind, ForNode, IterVar, IterVarNode, SeqStmt, SeqStmtNode, Stmt, TensorRegion, TensorRegionNode};
use crate::ir::arith;
use crate::ir::expr::{BinOp, RangeNode, TensorLoadNode};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{DataType, Expr, ObjectRef, Range, Span, Var, VarNode};

use super::error::{fail, SchResult};
use super::prims_inline::substitute;
use super::state::{SRefId, ScheduleState};

fn err(e: crate::ir::Error) -> super::error::SchError {
    e.into()
}

fn bin(op: BinOp, a: &Expr, b: &Expr) -> crate::ir::Result<Expr> {
    arith::binary(op, a.clone(), b.clone(), Span::none())
}

fn fresh(v: &Var, dtype: Option<DataType>) -> Var {
    Var::scalar(&v.name.to_string(), dtype.unwrap_or_else(|| v.dtype()))
}

/// The name of the first block under a loop body.
fn first_block_name(stmt: &ObjectRef) -> String {
    let mut name = String::new();
    pre_order_visit(stmt, |n| {
        if !name.is_empty() {
            return false;
        }
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>() {
            name = r.block.name_hint.clone();
            return false;
        }
        true
    });
    name
}

/// For each buffer (by name), the names of the plain-variable indices of its
/// first store or load in `body` (TVM's `BufferIndicesMapExtractor`).
fn buffer_indices(body: &ObjectRef) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut note = |buffer: &ObjectRef, indices: &[Expr]| {
        let Some(b) = buffer.downcast_ref::<VarNode>() else { return };
        let name = b.name.to_string();
        if out.iter().any(|(n, _)| *n == name) {
            return;
        }
        let names: Option<Vec<String>> = indices.iter().map(|i| i.as_object().downcast_ref::<VarNode>().map(|v| v.name.to_string())).collect();
        if let Some(names) = names {
            out.push((name, names));
        }
    };
    pre_order_visit(body, |n| {
        if let Some(s) = n.downcast_ref::<BufferStoreNode>() {
            note(&s.buffer.as_ref_obj(), &s.indices);
        } else if let Some(l) = n.downcast_ref::<TensorLoadNode>() {
            note(l.source.as_object(), &l.indices);
        }
        true
    });
    out
}

struct Partitioner {
    loop_var: Var,
    min: Expr,
    end: Expr,
}

impl Partitioner {
    /// A copy of `stmt` (already carrying the partition's loop variable) with every
    /// loop and block under it made anew.
    fn copy(&self, stmt: &ObjectRef) -> SchResult<ObjectRef> {
        let out = structural_map(
            stmt.clone(),
            |n: ObjectRef| {
                if let Some(l) = n.downcast_ref::<ForNode>() {
                    let v = fresh(&l.loop_var, None);
                    let mut node = l.clone();
                    node.body = match substitute(l.body.clone().into_object(), &[(l.loop_var.as_ref_obj().addr(), v.clone().into())]) {
                        Ok(b) => Stmt::from_object_unchecked(b),
                        Err(_) => return MapResult::Unchanged,
                    };
                    node.loop_var = v;
                    return MapResult::Replace(For::new(node).upcast());
                }
                if let Some(r) = n.downcast_ref::<SBlockRealizeNode>() {
                    return match self.block(r) {
                        Some(new) => MapResult::Replace(new.upcast()),
                        None => MapResult::Unchanged,
                    };
                }
                MapResult::Unchanged
            },
            WalkOrder::PostOrder,
        )
        .map_err(err)?;
        Ok(out)
    }

    fn block(&self, r: &SBlockRealizeNode) -> Option<SBlockRealize> {
        let block = &r.block;
        let suffix = self.loop_var.name.to_string();
        let index = r.iter_values.iter().position(|v| v.as_object().same_as(&self.loop_var.as_ref_obj()));
        let mut node: SBlockNode = (**block).clone();
        node.name_hint = format!("{}_{suffix}", block.name_hint);
        if block.iter_vars.is_empty() || index.is_none() {
            let mut rn = r.clone();
            rn.block = SBlock::new(node);
            return Some(SBlockRealize::new(rn));
        }
        let index = index?;
        // Fresh iteration variables; the one bound to the loop covers the partition.
        let mut pairs: Vec<(usize, Expr)> = Vec::new();
        let mut iter_vars: Vec<IterVar> = Vec::new();
        for (i, iv) in block.iter_vars.iter().enumerate() {
            let v = fresh(&iv.var, None);
            pairs.push((iv.var.as_ref_obj().addr(), v.clone().into()));
            let mut ivn: IterVarNode = (**iv).clone();
            ivn.var = v;
            if i == index {
                let dt = iv.var.dtype();
                let min = arith::cast(dt, self.min.clone(), Span::none()).ok()?;
                let end = arith::cast(dt, self.end.clone(), Span::none()).ok()?;
                let extent = bin(BinOp::Sub, &end, &min).ok()?;
                ivn.dom = Some(Range::new(RangeNode { min, extent, span: Span::none() }));
            }
            iter_vars.push(IterVar::new(ivn));
        }
        let names: Vec<(String, Option<Range>)> = iter_vars.iter().map(|iv| (iv.var.name.to_string(), iv.dom.clone())).collect();
        let indices = buffer_indices(&node.body.clone().into_object());
        let regions = |regs: &[TensorRegion]| -> Vec<TensorRegion> {
            regs.iter()
                .map(|reg| {
                    let Some(b) = reg.source.as_object().downcast_ref::<VarNode>() else { return reg.clone() };
                    let Some((_, idx)) = indices.iter().find(|(n, _)| *n == b.name.to_string()) else { return reg.clone() };
                    let ranges: Option<Vec<Range>> = idx.iter().map(|n| names.iter().find(|(m, _)| m == n).and_then(|(_, d)| d.clone())).collect();
                    match ranges {
                        Some(region) => {
                            let mut rn: TensorRegionNode = (**reg).clone();
                            rn.region = region;
                            TensorRegion::new(rn)
                        }
                        None => reg.clone(),
                    }
                })
                .collect()
        };
        node.writes = regions(&node.writes);
        node.reads = regions(&node.reads);
        node.iter_vars = Vec::new();
        let renamed = substitute(SBlock::new(node).upcast(), &pairs).ok()?;
        let mut node: SBlockNode = renamed.downcast_ref::<SBlockNode>()?.clone();
        node.iter_vars = iter_vars;
        let mut rn = r.clone();
        rn.block = SBlock::new(node);
        Some(SBlockRealize::new(rn))
    }
}

fn opaque_block(name: String, body: Stmt, predicate: Expr) -> SBlockRealize {
    let block = SBlock::new(SBlockNode {
        iter_vars: vec![],
        reads: vec![],
        writes: vec![],
        name_hint: name,
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: std::sync::Arc::from(Vec::new()),
        init: None,
        body,
        span: Span::none(),
    });
    SBlockRealize::new(SBlockRealizeNode { iter_values: vec![], predicate, block, span: Span::none() })
}

/// `loop_partition`: `factors` (one may be `None`, inferred) are the lengths of
/// consecutive pieces of the loop. Returns the new loops, first piece first.
pub fn loop_partition(state: &mut ScheduleState, loop_id: SRefId, factors: Vec<Option<Expr>>, _preserve_unit_iters: bool) -> SchResult<Vec<SRefId>> {
    let l = state.loop_of(loop_id)?;
    if l.min.as_int().is_none() || l.extent.as_int().is_none() {
        return fail(
            "The min and extent values of the loop are required to be known at compile time. However, dynamic shape has been detected.",
            "Detected dynamic shape in either min or extent of a loop {0}",
            vec![l.clone().upcast()],
        );
    }
    let ext_dt = l.extent.dtype();
    let mut infer = None;
    let mut values: Vec<Expr> = Vec::new();
    let mut total = arith::make_const_int(DataType::INT32, 0, Span::none()).map_err(err)?;
    for (i, f) in factors.iter().enumerate() {
        match f {
            None => {
                if infer.is_some() {
                    return fail("only one factor can be specified as -1 or none", "Only one factor can be specified as -1 or none", vec![]);
                }
                infer = Some(i);
                values.push(arith::make_const_int(DataType::INT32, -1, Span::none()).map_err(err)?);
            }
            Some(f) => {
                if let Some(v) = f.as_int()
                    && v <= 0
                {
                    return fail(
                        "All the constant factors are required to be positive. However, some constant input factor is zero or negative.",
                        format!("The {i}-th factor is not positive"),
                        vec![],
                    );
                }
                let f = if f.dtype().bits > ext_dt.bits { arith::cast(ext_dt, f.clone(), Span::none()).map_err(err)? } else { f.clone() };
                total = bin(BinOp::Add, &total, &f).map_err(err)?;
                values.push(f);
            }
        }
    }
    let an = arith::simplify::Analyzer::new();
    if an.can_prove(&bin(BinOp::GE, &total, &l.extent).map_err(err)?) {
        return fail(
            "The sum of factors is larger than or equal to the extent of loop",
            "The sum of factors is larger than or equal to the extent of loop {0}",
            vec![l.clone().upcast()],
        );
    }
    if let Some(i) = infer {
        values[i] = bin(BinOp::Sub, &l.extent, &total).map_err(err)?;
    }
    for i in 1..values.len() {
        values[i] = bin(BinOp::Add, &values[i], &values[i - 1]).map_err(err)?;
    }
    if infer.is_none() {
        values.push(l.extent.clone());
    }
    if !l.annotations.is_empty() || l.thread_binding.is_some() {
        return fail(
            "The primitive can't be applied because the loop has annotation or thread binding",
            "The primitive can't be applied because the loop {0} has annotation or thread binding",
            vec![l.clone().upcast()],
        );
    }
    let bits = values.iter().map(|f| f.dtype().bits).chain(std::iter::once(l.loop_var.dtype().bits)).max().unwrap_or(32);
    let dtype = DataType::int(bits);
    let name = l.loop_var.name.to_string();
    let block_name = format!("{}_{name}", first_block_name(&l.body.clone().into_object()));
    let mut min = l.min.clone();
    let mut parts: Vec<Stmt> = Vec::new();
    let mut loops: Vec<Stmt> = Vec::new();
    for (i, end) in values.iter().enumerate() {
        let end = an.simplify(end);
        let v = Var::scalar(&format!("{name}{i}"), dtype);
        let body = substitute(l.body.clone().into_object(), &[(l.loop_var.as_ref_obj().addr(), v.clone().into())]).map_err(err)?;
        let p = Partitioner { loop_var: v.clone(), min: min.clone(), end: end.clone() };
        let body = Stmt::from_object_unchecked(p.copy(&body)?);
        let extent = bin(BinOp::Sub, &end, &min).map_err(err)?;
        let f: Stmt = For::new(ForNode {
            loop_var: v,
            min: min.clone(),
            extent,
            kind: ForKind::Serial,
            body,
            thread_binding: None,
            annotations: std::sync::Arc::from(Vec::new()),
            step: None,
            span: Span::none(),
        })
        .into();
        let zero = arith::make_const_int(end.dtype(), 0, Span::none()).map_err(err)?;
        let pred = bin(BinOp::GT, &end, &zero).map_err(err)?;
        loops.push(f.clone());
        parts.push(opaque_block(format!("{block_name}{i}_partition"), f, pred).into());
        min = end;
    }
    let seq: Stmt = SeqStmt::new(SeqStmtNode { seq: parts, span: Span::none() }).into();
    let common = opaque_block(format!("{block_name}_common"), seq, crate::ir::expr::bool_imm(true));
    let func = state.sref(loop_id).func.clone();
    state.replace(&func, &l.as_ref_obj(), common.upcast(), &[])?;
    Ok(loops.iter().map(|f| state.sref_of(&func, f)).collect())
}
