//! `reindex` (TVM's `ReIndex` in `cache_read_write.cc`): a buffer a leaf block
//! reads or writes, accessed with one set of indices, gets an intermediate
//! buffer `{name}_reindex` indexed by the block variables those indices use,
//! and a copy stage between the two placed beside the block's loop nest.

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{buffer_region, expect_buffer, BufferStore, BufferStoreNode, BufferType, ForNode, IterVar, IterVarNode, IterVarType, SeqStmtNode, Stmt, TensorRegion};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{TensorLoad, TensorLoadNode};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{self, Expr, ObjectRef, Range, Span, Type, Var};

use super::error::{fail, SchResult};
use super::state::{SRefId, ScheduleState};

fn addr_of(v: &Var) -> usize {
    v.as_ref_obj().addr()
}

fn invalid_access(buffer: &Var, block: &SBlock, why: &str) -> SchResult<Vec<Expr>> {
    fail(
        "The target buffer should be accessed via TensorLoad or BufferStore. The indices should be the same if there are multiple accesses to the target buffer.",
        format!(
            "The target buffer {} should be accessed in the leaf block {{0}} via TensorLoad or BufferStore. The indices should be the same if there are multiple accesses to the target buffer. {why}",
            buffer.name
        ),
        vec![block.clone().upcast()],
    )
}

/// The one set of indices the block's body accesses `buffer` with.
fn access_indices(block: &SBlock, buffer: &Var) -> SchResult<Vec<Expr>> {
    let addr = addr_of(buffer);
    let mut found: Option<Vec<Expr>> = None;
    let mut non_unique = false;
    let mut opaque = false;
    let mut nested = false;
    let mut record = |indices: &[Expr], found: &mut Option<Vec<Expr>>| match found {
        None => *found = Some(indices.to_vec()),
        Some(prev) => {
            if prev.len() != indices.len() || prev.iter().zip(indices).any(|(a, b)| !ir::structural_equal(a.as_object(), b.as_object(), false)) {
                non_unique = true;
            }
        }
    };
    let mut stack: Vec<ObjectRef> = vec![block.body.clone().into_object()];
    while let Some(root) = stack.pop() {
        pre_order_visit(&root, |n| {
            if n.is::<SBlockNode>() {
                nested = true;
                return false;
            }
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == addr
            {
                record(&l.indices, &mut found);
                stack.extend(l.indices.iter().map(|e| e.clone().into_object()));
                return false;
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && addr_of(&st.buffer) == addr
            {
                record(&st.indices, &mut found);
                stack.extend(st.indices.iter().map(|e| e.clone().into_object()));
                stack.push(st.value.clone().into_object());
                return false;
            }
            if n.addr() == addr {
                opaque = true;
            }
            true
        });
    }
    if nested {
        return fail("The target block is not a leaf block.", "The target block {0} is not a leaf block.", vec![block.clone().upcast()]);
    }
    if opaque {
        return invalid_access(buffer, block, "Opaque buffer accesses found.");
    }
    if non_unique {
        return invalid_access(buffer, block, "Multiple buffer accesses have non-unique indices.");
    }
    match found {
        Some(f) => Ok(f),
        None => invalid_access(buffer, block, "No buffer accesses found."),
    }
}

/// `reindex`: the new copy block's reference.
pub fn reindex(state: &mut ScheduleState, block_id: SRefId, index: i64, is_write: bool) -> SchResult<SRefId> {
    let block = state.block_of(block_id)?;
    let buffer = if is_write { super::prims_location::nth_write_buffer(&block, index)? } else { super::prims_cache::nth_read_buffer(&block, index)? };
    let func = state.sref(block_id).func.clone();
    let scope = super::prims_inline::scope_root(state, block_id)?;
    let original = access_indices(&block, &buffer)?;
    let mut an = Analyzer::new();
    for iv in &block.iter_vars {
        if let Some(d) = &iv.dom {
            an.bind(&iv.var, &d.min, &d.extent);
        }
    }
    let original: Vec<Expr> = original
        .iter()
        .map(|e| {
            let s = an.simplify(e);
            // An index that simplifies to a constant is kept as written (TVM's
            // `SimplifyNonTrivialExpr`): a unit-extent variable stays a variable.
            if s.as_int().is_some() { e.clone() } else { s }
        })
        .collect();
    // The block variables the indices use, in the block's order.
    let mut used: Vec<usize> = Vec::new();
    for e in &original {
        pre_order_visit(&e.clone().into_object(), |n| {
            used.push(n.addr());
            true
        });
    }
    let covered: Vec<&IterVar> = block.iter_vars.iter().filter(|iv| used.contains(&addr_of(&iv.var))).collect();
    // The intermediate buffer.
    let mut ty = expect_buffer(&buffer, "reindex")?.clone();
    ty.shape = covered
        .iter()
        .map(|iv| {
            let d = iv.dom.as_ref().expect("a block variable has a domain");
            if d.min.as_int() == Some(0) { Ok(d.extent.clone()) } else { ir::arith::binary(ir::BinOp::Add, d.min.clone(), d.extent.clone(), Span::none()) }
        })
        .collect::<ir::Result<Vec<_>>>()?;
    ty.strides = vec![];
    let new_buffer = ir::new_var(&format!("{}_reindex", buffer.name), Type::from(BufferType::new(ty)), buffer.span.clone());
    // The copy stage: block variables `v*` for the covered ones, loops `ax*`.
    let mut stage_iters = Vec::new();
    let mut pairs: Vec<(usize, Expr)> = Vec::new();
    let mut reindex_indices: Vec<Expr> = Vec::new();
    for iv in &block.iter_vars {
        if used.contains(&addr_of(&iv.var)) {
            let v = Var::scalar(&format!("v{}", stage_iters.len()), iv.var.dtype());
            stage_iters.push(IterVar::new(IterVarNode { dom: iv.dom.clone(), var: v.clone(), iter_type: IterVarType::DataPar, thread_tag: String::new(), span: Span::none() }));
            reindex_indices.push(v.clone().into());
            pairs.push((addr_of(&iv.var), v.into()));
        }
    }
    let target_indices: Vec<Expr> = original
        .iter()
        .map(|e| Ok(Expr::try_from_object(super::prims_inline::substitute(e.clone().into_object(), &pairs)?)?))
        .collect::<SchResult<Vec<_>>>()?;
    let (src, dst, src_idx, dst_idx) =
        if is_write { (&new_buffer, &buffer, reindex_indices.clone(), target_indices) } else { (&buffer, &new_buffer, target_indices, reindex_indices.clone()) };
    let point = |idx: &[Expr]| idx.iter().map(|e| Range::from_min_extent(e.clone(), ir::int_imm(e.dtype(), 1), Span::none())).collect::<Vec<_>>();
    let dtype = expect_buffer(src, "reindex")?.elem_dtype();
    let load = TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: src.clone().into(), indices: src_idx.clone(), span: Span::none() });
    let stage_block = SBlock::new(SBlockNode {
        iter_vars: stage_iters.clone(),
        reads: vec![buffer_region(src, point(&src_idx), Span::none())?],
        writes: vec![buffer_region(dst, point(&dst_idx), Span::none())?],
        name_hint: format!("{}_reindex", dst.name),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: Default::default(),
        init: None,
        body: BufferStore::new(BufferStoreNode { buffer: dst.clone(), value: load.into(), indices: dst_idx, span: Span::none() }).into(),
        span: Span::none(),
    });
    let loop_vars: Vec<Var> = stage_iters.iter().enumerate().map(|(i, iv)| Var::scalar(&format!("ax{i}"), iv.var.dtype())).collect();
    let mut stage: Stmt = SBlockRealize::new(SBlockRealizeNode {
        iter_values: loop_vars.iter().map(|v| v.clone().into()).collect(),
        predicate: ir::bool_imm(true),
        block: stage_block.clone(),
        span: Span::none(),
    })
    .into();
    for (v, iv) in loop_vars.iter().zip(&stage_iters).rev() {
        let d = iv.dom.as_ref().expect("a block variable has a domain");
        stage = crate::dialects::tirx::nodes::For::new(ForNode {
            loop_var: v.clone(),
            min: d.min.clone(),
            extent: d.extent.clone(),
            kind: crate::dialects::tirx::nodes::ForKind::Serial,
            body: stage,
            thread_binding: None,
            annotations: Default::default(),
            step: None,
            span: Span::none(),
        })
        .into();
    }
    // Where the stage goes: beside the outermost loop above the block in the scope.
    let path = state.ancestors(block_id)?;
    let scope_pos = path.iter().rposition(|s| s.as_object().addr() == scope.as_ref_obj().addr()).unwrap_or(0);
    let top: ObjectRef = match path.get(scope_pos + 1) {
        Some(s) if scope_pos + 1 < path.len() - 1 => s.clone().into_object(),
        _ => realize_addr_of(&scope, &block).unwrap_or_else(|| block.clone().upcast()),
    };
    let seq_pos = match scope.body.as_object().downcast_ref::<SeqStmtNode>() {
        Some(seq) => seq.seq.iter().position(|s| s.as_object().addr() == top.addr()).unwrap_or(0),
        None => 0,
    };
    let pos = if is_write { seq_pos + 1 } else { seq_pos };
    // The block reads/writes the new buffer at its covered variables.
    let region: Vec<Range> = covered.iter().map(|iv| Range::from_min_extent(iv.var.clone().into(), ir::int_imm(iv.var.dtype(), 1), Span::none())).collect();
    let new_indices: Vec<Expr> = covered.iter().map(|iv| iv.var.clone().into()).collect();
    let old_addr = addr_of(&buffer);
    let new_region = buffer_region(&new_buffer, region, Span::none())?;
    let swap = |rs: &[TensorRegion]| -> Vec<TensorRegion> { rs.iter().map(|r| if r.source.as_object().addr() == old_addr { new_region.clone() } else { r.clone() }).collect() };
    let body = structural_map(
        block.body.clone().into_object(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == old_addr
            {
                return Ok(MapResult::Replace(TensorLoad::new(TensorLoadNode { source: new_buffer.clone().into(), indices: new_indices.clone(), ..l.clone() }).upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && addr_of(&st.buffer) == old_addr
            {
                return Ok(MapResult::Replace(BufferStore::new(BufferStoreNode { buffer: new_buffer.clone(), indices: new_indices.clone(), ..st.clone() }).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    let mut node = (*block).clone();
    node.body = Stmt::try_from_object(body)?;
    node.reads = swap(&block.reads);
    node.writes = swap(&block.writes);
    if let Some(init) = &block.init {
        let init = structural_map(
            init.clone().into_object(),
            |n: ObjectRef| -> ir::Result<MapResult> {
                if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                    && addr_of(&st.buffer) == old_addr
                {
                    return Ok(MapResult::Replace(BufferStore::new(BufferStoreNode { buffer: new_buffer.clone(), indices: new_indices.clone(), ..st.clone() }).upcast()));
                }
                Ok(MapResult::Unchanged)
            },
            WalkOrder::PostOrder,
        )?;
        node.init = Some(Stmt::try_from_object(init)?);
    }
    let new_block = SBlock::new(node);
    // The scope: the block rewritten, the stage inserted, the buffer allocated.
    let block_addr = block.as_ref_obj().addr();
    let scope_body = structural_map(
        scope.body.clone().into_object(),
        |n: ObjectRef| if n.addr() == block_addr { MapResult::ReplaceAndSkip(new_block.clone().upcast()) } else { MapResult::Unchanged },
        WalkOrder::PreOrder,
    )?;
    let mut snode = (*scope).clone();
    snode.body = super::prims_cache::insert_stage(&Stmt::try_from_object(scope_body)?, pos, &stage);
    snode.alloc_buffers.push(new_buffer.clone());
    let new_scope = SBlock::new(snode);
    state.replace(&func, &scope.as_ref_obj(), new_scope.clone().upcast(), &[(scope.upcast(), new_scope.upcast()), (block.upcast(), new_block.upcast())])?;
    Ok(state.sref_of(&func, &stage_block.into()))
}

/// The realize of `block` directly in `scope`'s body, when it has no loop above it.
fn realize_addr_of(scope: &SBlock, block: &SBlock) -> Option<ObjectRef> {
    super::region::realize_of(&scope.clone().upcast(), block).map(|r| r.upcast())
}
