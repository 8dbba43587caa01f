//! `pad_einsum` (TVM's `pad_einsum.cc`): an Einsum-like block (every access a
//! point at block variables or constants) whose iteration extents are rounded
//! up to multiples of the given padding; the buffers it reads and writes along
//! a padded variable become padded copies, filled (zeros beyond the original
//! extent) before it and copied back after it.

use std::collections::{HashMap, HashSet};

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{
    buffer_region, expect_buffer, BufferSpec, BufferStore, BufferStoreNode, For, ForNode, ForKind, IterVar, IterVarNode, IterVarType, SeqStmt,
    SeqStmtNode, Stmt, TensorRegion,
};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{int_imm, BinOp};
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{self, Expr, ObjectRef, Range, Span, TensorLoad, TensorLoadNode, Type, Var};

use super::error::{fail, SchResult};
use super::prims_inline::{region_buffer, scope_root, uses};
use super::state::{SRefId, ScheduleState};

fn addr(v: &Var) -> usize {
    v.as_ref_obj().addr()
}

fn op(o: BinOp, a: Expr, b: Expr) -> ir::Result<Expr> {
    ir::arith::binary(o, a, b, Span::none())
}

/// Whether every dimension of a region is one point at a variable or a constant
/// (TVM's `CheckTrivialBufferAccess`).
fn trivial_access(r: &TensorRegion) -> bool {
    r.region.iter().all(|d| d.extent.as_int() == Some(1) && (d.min.as_int().is_some() || d.min.as_object().is::<ir::VarNode>()))
}

/// TVM's `ExtractEinsum` checks: each buffer accessed once, every access trivial.
fn check_einsum(block: &SBlock) -> SchResult<()> {
    let mut seen = HashSet::new();
    for r in block.reads.iter().chain(&block.writes) {
        if !seen.insert(region_buffer(r)) || !trivial_access(r) {
            return fail(
                "The block is not a computation of Einsum pattern.",
                "The block {0} not a computation of Einsum pattern.",
                vec![block.clone().upcast()],
            );
        }
    }
    Ok(())
}

/// A padded copy of a buffer accessed at `region`: a dimension indexed by a
/// padded variable takes the padded extent, a constant index a unit extent.
fn padded_buffer(r: &TensorRegion, padded: &HashMap<usize, Expr>) -> SchResult<(Var, Var)> {
    let buffer = r.source.as_object().try_downcast::<ir::VarNode>().map(Var::from).ok_or_else(|| ir::Error::type_error("expected a buffer"))?;
    let bt = expect_buffer(&buffer, "pad_einsum")?;
    let mut shape = Vec::with_capacity(r.region.len());
    for (i, d) in r.region.iter().enumerate() {
        shape.push(if d.min.as_int().is_some() {
            int_imm(d.min.dtype(), 1)
        } else if let Some(e) = padded.get(&d.min.as_object().addr()) {
            e.clone()
        } else {
            bt.shape[i].clone()
        });
    }
    let mut spec = BufferSpec::new(bt.elem_dtype(), shape);
    spec.scope = bt.storage_scope.clone();
    // As a buffer declared in a script: no layout.
    spec.layout = crate::dialects::tirx::nodes::LayoutChoice::None;
    let ty = spec.build()?;
    Ok((buffer.clone(), ir::new_var(&format!("{}_pad", buffer.name), Type::from(ty), Span::none())))
}

/// The loop nest copying between a buffer and its padded copy: into the copy
/// (`is_read`, zeros past the original extent) or back out of it.
fn copy_stage(buffer: &Var, padded: &Var, is_read: bool, an: &Analyzer) -> SchResult<(Stmt, SBlock)> {
    let bt = expect_buffer(buffer, "pad_einsum")?;
    let pt = expect_buffer(padded, "pad_einsum")?;
    let dims = if is_read { &pt.shape } else { &bt.shape };
    let mut loop_vars = Vec::new();
    let mut iters = Vec::new();
    let mut indices: Vec<Expr> = Vec::new();
    for (i, dim) in dims.iter().enumerate() {
        let t = dim.dtype();
        loop_vars.push(Var::scalar(&format!("i{i}"), t));
        let v = Var::scalar(&format!("v{i}"), t);
        iters.push(IterVar::new(IterVarNode {
            dom: Some(Range::from_min_extent(int_imm(t, 0), dim.clone(), Span::none())),
            var: v.clone(),
            iter_type: IterVarType::DataPar,
            thread_tag: String::new(),
            span: Span::none(),
        }));
        indices.push(v.into());
    }
    let load = |b: &Var| TensorLoad::new(TensorLoadNode { ty: Type::prim(expect_buffer(b, "pad_einsum").map(|t| t.elem_dtype()).unwrap_or(bt.elem_dtype())), source: b.clone().into(), indices: indices.clone(), span: Span::none() });
    let body: Stmt = if is_read {
        let mut predicate = ir::bool_imm(true);
        for (i, (b, p)) in bt.shape.iter().zip(&pt.shape).enumerate() {
            if !an.can_prove_equal(b, p) {
                predicate = op(BinOp::And, predicate, op(BinOp::LT, indices[i].clone(), b.clone())?)?;
            }
        }
        let value: Expr = load(buffer).into();
        let zero = crate::ir::arith::make_zero(value.dtype())?;
        let value = crate::dialects::tirx::frontend::exprs::make_if_then_else(predicate, value.into(), zero.into())?;
        BufferStore::new(BufferStoreNode { buffer: padded.clone(), value, indices: indices.clone(), span: Span::none() }).into()
    } else {
        BufferStore::new(BufferStoreNode { buffer: buffer.clone(), value: load(padded).into(), indices: indices.clone(), span: Span::none() }).into()
    };
    let point = || -> ir::Result<Vec<Range>> { Ok(indices.iter().map(|e| Range::from_min_extent(e.clone(), int_imm(e.dtype(), 1), Span::none())).collect()) };
    let (src, dst) = if is_read { (buffer, padded) } else { (padded, buffer) };
    let block = SBlock::new(SBlockNode {
        iter_vars: iters,
        reads: vec![buffer_region(src, point()?, Span::none())?],
        writes: vec![buffer_region(dst, point()?, Span::none())?],
        name_hint: padded.name.to_string(),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: Default::default(),
        init: None,
        body,
        span: Span::none(),
    });
    let mut stmt: Stmt = SBlockRealize::new(SBlockRealizeNode {
        iter_values: loop_vars.iter().map(|v| v.clone().into()).collect(),
        predicate: ir::bool_imm(true),
        block: block.clone(),
        span: Span::none(),
    })
    .into();
    for (v, dim) in loop_vars.iter().zip(dims).rev() {
        stmt = For::new(ForNode {
            loop_var: v.clone(),
            min: int_imm(dim.dtype(), 0),
            extent: dim.clone(),
            kind: ForKind::Serial,
            body: stmt,
            thread_binding: None,
            annotations: Default::default(),
            step: None,
            span: Span::none(),
        })
        .into();
    }
    Ok((stmt, block))
}

/// `pad_einsum(block, padding)`.
pub fn pad_einsum(state: &mut ScheduleState, block_id: SRefId, padding: &[i64]) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let root = scope_root(state, block_id)?;
    let realize = super::region::realize_of(&root.clone().upcast(), &block).ok_or_else(|| ir::Error::value_error("block realize not found"))?;
    if padding.len() != block.iter_vars.len() || padding.iter().any(|&p| p <= 0) {
        let list: Vec<String> = padding.iter().map(|p| p.to_string()).collect();
        return fail(
            "The padding size for the block is invalid.",
            format!(
                "The padding for the block {{0}} are invalid. It should be a list of {} positive integers. Got ({})",
                block.iter_vars.len(),
                list.join(", ")
            ),
            vec![block.clone().upcast()],
        );
    }
    check_einsum(&block)?;
    // The padded extents, of block variables and of the loops bound to them.
    let an = Analyzer::new();
    let mut padded: HashMap<usize, Expr> = HashMap::new();
    let mut loop_extents: HashMap<usize, Expr> = HashMap::new();
    for (i, iv) in block.iter_vars.iter().enumerate() {
        let Some(dom) = &iv.dom else { continue };
        let t = dom.extent.dtype();
        let p = int_imm(t, padding[i]);
        // TVM's `ceildiv(dom, p) * p`.
        let rounded = op(BinOp::FloorDiv, op(BinOp::Sub, op(BinOp::Add, dom.extent.clone(), p.clone())?, int_imm(t, 1))?, p.clone())?;
        let new_dom = an.simplify(&op(BinOp::Mul, rounded, p)?);
        if an.can_prove_equal(&new_dom, &dom.extent) {
            continue;
        }
        padded.insert(addr(&iv.var), new_dom.clone());
        if realize.iter_values[i].as_object().is::<ir::VarNode>() {
            let a = realize.iter_values[i].as_object().addr();
            padded.insert(a, new_dom.clone());
            loop_extents.insert(a, new_dom);
        }
    }
    let needs_padding = |r: &TensorRegion| r.region.iter().any(|d| d.min.as_object().is::<ir::VarNode>() && padded.contains_key(&d.min.as_object().addr()));
    // The scope's statement holding the block.
    let body: Vec<Stmt> = match root.body.as_object().downcast_ref::<SeqStmtNode>() {
        Some(seq) => seq.seq.clone(),
        None => vec![root.body.clone()],
    };
    let block_addr = block.as_ref_obj().addr();
    let pos = body.iter().position(|s| uses(&s.clone().into_object(), block_addr)).ok_or_else(|| ir::Error::value_error("the block is not in its scope"))?;
    // Padded buffers and their copy stages.
    let mut buffer_map: Vec<(usize, Var)> = Vec::new();
    let (mut before, mut after, mut allocs) = (Vec::new(), Vec::new(), Vec::new());
    for (regions, is_read) in [(&block.reads, true), (&block.writes, false)] {
        for r in regions.iter().filter(|r| needs_padding(r)) {
            let (buffer, pad) = padded_buffer(r, &padded)?;
            buffer_map.push((addr(&buffer), pad.clone()));
            let (stage, _) = copy_stage(&buffer, &pad, is_read, &an)?;
            if is_read { before.push(stage) } else { after.push(stage) }
            allocs.push(pad);
        }
    }
    let replaced = replace_buffers(&body[pos], &padded, &loop_extents, &buffer_map)?;
    let mut seq: Vec<Stmt> = body[..pos].to_vec();
    seq.extend(before);
    seq.push(replaced);
    seq.extend(after);
    seq.extend(body[pos + 1..].iter().cloned());
    let mut node = (*root).clone();
    node.body = if seq.len() == 1 { seq.pop().expect("one statement") } else { SeqStmt::make(seq, Span::none())?.into() };
    node.alloc_buffers.extend(allocs);
    let new_root = SBlock::new(node);
    state.replace(&func, &root.as_ref_obj(), new_root.clone().upcast(), &[(root.upcast(), new_root.upcast())])?;
    Ok(())
}

/// The statement with the padded buffers in place of the originals, padded
/// block variables and loops over their new extents (TVM's
/// `PadEinsumBufferReplacer`).
fn replace_buffers(stmt: &Stmt, padded: &HashMap<usize, Expr>, loop_extents: &HashMap<usize, Expr>, buffers: &[(usize, Var)]) -> SchResult<Stmt> {
    let lookup = |a: usize| buffers.iter().find(|(b, _)| *b == a).map(|(_, v)| v.clone());
    let out = structural_map(
        stmt.clone().into_object(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && let Some(p) = lookup(l.source.as_object().addr())
            {
                return Ok(MapResult::Replace(TensorLoad::new(TensorLoadNode { source: p.into(), ..l.clone() }).upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && let Some(p) = lookup(addr(&st.buffer))
            {
                return Ok(MapResult::Replace(BufferStore::new(BufferStoreNode { buffer: p, ..st.clone() }).upcast()));
            }
            if let Some(b) = n.downcast_ref::<SBlockNode>() {
                let mut node = b.clone();
                node.iter_vars = b
                    .iter_vars
                    .iter()
                    .map(|iv| match (padded.get(&addr(&iv.var)), &iv.dom) {
                        (Some(e), Some(d)) => IterVar::new(IterVarNode { dom: Some(Range::from_min_extent(d.min.clone(), e.clone(), Span::none())), ..(**iv).clone() }),
                        _ => iv.clone(),
                    })
                    .collect();
                let swap = |rs: &[TensorRegion]| -> Vec<TensorRegion> {
                    rs.iter()
                        .map(|r| match lookup(region_buffer(r)) {
                            Some(p) => buffer_region(&p, r.region.clone(), r.span.clone()).unwrap_or_else(|_| r.clone()),
                            None => r.clone(),
                        })
                        .collect()
                };
                node.reads = swap(&b.reads);
                node.writes = swap(&b.writes);
                node.alloc_buffers = vec![];
                node.match_buffers = vec![];
                return Ok(MapResult::Replace(SBlock::new(node).upcast()));
            }
            if let Some(f) = n.downcast_ref::<ForNode>()
                && let Some(e) = loop_extents.get(&addr(&f.loop_var))
            {
                return Ok(MapResult::Replace(For::new(ForNode { extent: e.clone(), ..f.clone() }).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Ok(Stmt::try_from_object(out)?)
}
