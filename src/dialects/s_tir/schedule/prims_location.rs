//! Schedule primitives about where data lives: `set_scope` (a buffer's storage
//! scope), `unsafe_set_dtype` (its element type) and `storage_align` (the
//! `buffer_dim_align` block annotation), with the
//! buffer checks they share (the n-th written buffer, its allocation site).

use std::collections::HashMap;

use crate::dialects::s_tir::nodes::{MatchBufferRegionNode, SBlock, SBlockNode};
use crate::dialects::tirx::nodes::{BufferStore, BufferStoreNode, BufferType, BufferTypeNode, Stmt};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::expr::{TensorLoad, TensorLoadNode};
use crate::ir::{arith, DataType, Expr, ObjectRef, PrimType, Span, Type, Value, Var};

use super::error::{fail, SchResult};
use super::state::{SRefId, ScheduleState};

/// The buffer of the `n`-th write region of `block` (TVM's `GetNthAccessBuffer`
/// with `kWrite`), or TVM's `BufferIndexOutOfRangeError`.
pub fn nth_write_buffer(block: &SBlock, n: i64) -> SchResult<Var> {
    let region = usize::try_from(n).ok().and_then(|i| block.writes.get(i));
    match region.and_then(|r| r.source.as_object().try_downcast::<crate::ir::VarNode>()) {
        Some(v) => Ok(v),
        None => fail(
            "The input `buffer_index` is out of range. It is required to be in range [0, num_write_regions) where `num_write_regions` is the number of buffer regions written by the block.",
            format!(
                "The block {{0}} has {} write regions, so `buffer_index` is required to be in [0, {}). However, the input `buffer_index` is {n}, which is out of the expected range.",
                block.writes.len(),
                block.writes.len()
            ),
            vec![block.clone().upcast()],
        ),
    }
}

fn buffer_of(var: &Var) -> SchResult<&BufferTypeNode> {
    Ok(crate::dialects::tirx::nodes::expect_buffer(var, "schedule")?)
}

/// The block allocating `buffer` (in its `alloc_buffers`) among the blocks from
/// `block` up to the root, or TVM's `NonAllocatedBufferError` when it is a
/// parameter or a `match_buffer`.
fn allocation_site(state: &ScheduleState, block: SRefId, buffer: &Var) -> SchResult<SBlock> {
    let addr = buffer.as_ref_obj().addr();
    for s in state.ancestors(block)?.iter().rev() {
        if let Some(b) = s.as_object().try_downcast::<SBlockNode>() {
            if b.alloc_buffers.iter().any(|v| v.as_ref_obj().addr() == addr) {
                return Ok(b);
            }
            if b.match_buffers.iter().any(|m| m.buffer.as_ref_obj().addr() == addr) {
                break;
            }
        }
    }
    fail(
        "The input buffer is not allocated by a block. This means the buffer is  either a function parameter or defined in `match_buffer` of a block.",
        format!(
            "The input buffer {} is not allocated by a block. This means the buffer is either a function parameter or defined in `match_buffer` of a block.",
            buffer.name
        ),
        vec![],
    )
}

/// `buffer` under another storage scope, renamed `{name}_{scope}` (TVM's `WithScope`).
pub(super) fn with_scope(buffer: &Var, scope: &str) -> SchResult<Var> {
    let mut ty = buffer_of(buffer)?.clone();
    ty.storage_scope = scope.to_string();
    let ty: crate::ir::Type = BufferType::new(ty).into();
    Ok(crate::ir::new_var(&format!("{}_{scope}", buffer.name), ty, buffer.span.clone()))
}

/// Whether TVM's runtime knows a storage scope (`StorageScope::Create`).
pub(super) fn valid_storage_scope(scope: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "global", "shared", "warp", "local", "wmma.matrix_a", "wmma.matrix_b", "wmma.accumulator", "texture", "amx.tmm",
        "m16n8k8.matrixA", "m16n8k8.matrixB", "m16n8k8.matrixC", "metal.simdgroup", "metal.cooperative_tensor",
    ];
    scope.is_empty() || PREFIXES.iter().any(|p| scope.starts_with(p))
}

/// `root` with every occurrence of the variables of `map` (by address) replaced.
fn replace_vars(root: ObjectRef, map: &HashMap<usize, Var>) -> SchResult<ObjectRef> {
    Ok(structural_map(
        root,
        |n: ObjectRef| match map.get(&n.addr()) {
            Some(v) => MapResult::ReplaceAndSkip(v.clone().upcast()),
            None => MapResult::Unchanged,
        },
        WalkOrder::PreOrder,
    )?)
}

/// `set_scope`: the `buffer_index`-th buffer written by `block` (allocated by a
/// block) moved to `scope`, renamed, and so are the buffers matched onto it.
pub fn set_scope(state: &mut ScheduleState, block_id: SRefId, buffer_index: i64, scope: &str) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let buffer = nth_write_buffer(&block, buffer_index)?;
    if buffer_of(&buffer)?.storage_scope == scope {
        return Ok(());
    }
    if !valid_storage_scope(scope) {
        return fail("The input storage scope is invalid", format!("The input storage scope \"{scope}\" is invalid."), vec![]);
    }
    let site = allocation_site(state, block_id, &buffer)?;
    // The buffer, then (transitively) the match buffers whose source it is, each
    // under the new scope.
    let mut map: HashMap<usize, Var> = HashMap::new();
    map.insert(buffer.as_ref_obj().addr(), with_scope(&buffer, scope)?);
    let mut matches: Vec<(usize, Var)> = Vec::new();
    pre_order_visit(&site.clone().upcast(), |n| {
        if let Some(m) = n.downcast_ref::<MatchBufferRegionNode>() {
            matches.push((m.source.source.as_object().addr(), m.buffer.clone()));
        }
        true
    });
    loop {
        let next = matches.iter().find(|(src, b)| map.contains_key(src) && !map.contains_key(&b.as_ref_obj().addr())).cloned();
        match next {
            Some((_, b)) => {
                let new = with_scope(&b, scope)?;
                map.insert(b.as_ref_obj().addr(), new);
            }
            None => break,
        }
    }
    let new_site = replace_vars(site.clone().upcast(), &map)?;
    let func = state.sref(block_id).func.clone();
    state.replace(&func, &site.as_ref_obj(), new_site.clone(), &[(site.upcast(), new_site)])?;
    Ok(())
}

/// An integer of an annotation (a plain int or an integer immediate).
fn value_int(v: &Value) -> Option<i64> {
    v.as_int().or_else(|| v.as_object().and_then(|o| Expr::try_from_object(o.clone()).ok()).and_then(|e| e.as_int()))
}

/// `storage_align`: record `(buffer_index, axis, factor, offset)` in the block's
/// `buffer_dim_align` annotation (replacing the tuple of the same buffer and axis).
pub fn storage_align(state: &mut ScheduleState, block_id: SRefId, buffer_index: i64, axis: i64, factor: i64, offset: i64) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let buffer = nth_write_buffer(&block, buffer_index)?;
    if factor <= 0 {
        return fail(
            "The input `factor` of storage_align is expected to be a positive number.",
            format!("The input `factor` of storage_align is expected to be a positive number. However, the input `factor` is {factor}, which is out of the expected range."),
            vec![],
        );
    }
    let ndim = buffer_of(&buffer)?.shape.len() as i64;
    if axis < -ndim || axis >= ndim {
        return fail(
            "The input `axis` is out of range. It is required to be in range [-ndim, ndim) where `ndim` is the number of dimensions of the buffer to set storage alignment.",
            format!(
                "The buffer to set storage alignment of, {}, has {ndim} dimension(s), so `axis` is required to be in [{}, {ndim}) for storage_align. However, the input `axis` is {axis}, which is out of the expected range.",
                buffer.name, -ndim
            ),
            vec![],
        );
    }
    let axis = if axis < 0 { axis + ndim } else { axis };
    allocation_site(state, block_id, &buffer)?;
    const KEY: &str = "buffer_dim_align";
    let mut tuples: Vec<[i64; 4]> = Vec::new();
    if let Some((_, v)) = block.annotations.iter().find(|(k, _)| k.as_str() == Some(KEY)) {
        let parsed: Option<Vec<[i64; 4]>> = v.as_array().and_then(|items| {
            items
                .iter()
                .map(|t| {
                    let t = t.as_array()?;
                    if t.len() != 4 {
                        return None;
                    }
                    Some([value_int(&t[0])?, value_int(&t[1])?, value_int(&t[2])?, value_int(&t[3])?])
                })
                .collect()
        });
        match parsed {
            Some(p) => tuples = p,
            None => {
                return fail(
                    "The block annotation for storage align is expected to be an array of 4-integer-tuples (buffer_index, axis, factor, offset).",
                    format!(
                        "The block annotation for storage align is expected to be an array of 4-integer-tuples (buffer_index, axis, factor, offset). However, the block annotation with key {KEY} of the block {{0}} is {}, which is unexpected.",
                        v.repr()
                    ),
                    vec![block.clone().upcast()],
                )
            }
        }
    }
    let new = [buffer_index, axis, factor, offset];
    match tuples.iter_mut().find(|t| t[0] == buffer_index && t[1] == axis) {
        Some(t) => *t = new,
        None => tuples.push(new),
    }
    let value = Value::Array(tuples.iter().map(|t| Value::Array(t.iter().map(|&i| Value::Int(i)).collect())).collect());
    let mut node = (*block).clone();
    node.annotations = super::primitives::with_annotation(&block.annotations, KEY, Some(value));
    let new_block = SBlock::new(node);
    let func = state.sref(block_id).func.clone();
    let old: Stmt = block.clone().into();
    state.replace(&func, old.as_object(), new_block.clone().upcast(), &[(block.upcast(), new_block.upcast())])?;
    Ok(())
}


/// `unsafe_set_dtype`: the `buffer_index`-th buffer written by `block` (allocated by a
/// block) given the element type `dtype`; stores into it cast their value to the new
/// type and loads from it are cast back to the old one.
pub fn unsafe_set_dtype(state: &mut ScheduleState, block_id: SRefId, buffer_index: i64, dtype: &str) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let buffer = nth_write_buffer(&block, buffer_index)?;
    let target: DataType = dtype.parse()?;
    let source = buffer_of(&buffer)?.elem_dtype();
    if source == target {
        return Ok(());
    }
    let site = allocation_site(state, block_id, &buffer)?;
    let with_dtype = |b: &Var| -> SchResult<Var> {
        let mut ty = buffer_of(b)?.clone();
        ty.dtype = PrimType::of(target);
        Ok(crate::ir::new_var(&b.name, Type::from(BufferType::new(ty)), b.span.clone()))
    };
    // The buffer and the buffers matched into it (TVM's `WithDType` of each): old
    // address to new variable.
    let mut renamed: HashMap<usize, Var> = HashMap::new();
    renamed.insert(buffer.as_ref_obj().addr(), with_dtype(&buffer)?);
    let mut matched: Vec<Var> = Vec::new();
    pre_order_visit(&site.clone().upcast(), |n| {
        if let Some(m) = n.downcast_ref::<MatchBufferRegionNode>() {
            let src = m.source.source.as_object().addr();
            if src == buffer.as_ref_obj().addr() || matched.iter().any(|x| x.as_ref_obj().addr() == src) {
                matched.push(m.buffer.clone());
            }
        }
        true
    });
    for m in &matched {
        renamed.insert(m.as_ref_obj().addr(), with_dtype(m)?);
    }
    let new_addrs: Vec<usize> = renamed.values().map(|v| v.as_ref_obj().addr()).collect();
    let cast = |dtype: DataType, e: Expr| arith::make_cast(dtype.with_lanes(e.dtype().lanes), e, Span::none());
    // Post-order: the variables are replaced first, then the loads and stores using them.
    let new_site = structural_map(
        site.clone().upcast(),
        |n: ObjectRef| -> crate::ir::Result<MapResult> {
            if let Some(v) = renamed.get(&n.addr()) {
                return Ok(MapResult::Replace(v.clone().upcast()));
            }
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && new_addrs.contains(&l.source.as_object().addr())
            {
                let lanes = l.ty.dtype().lanes;
                let load = TensorLoad::new(TensorLoadNode { ty: Type::prim(target.with_lanes(lanes)), source: l.source.clone(), indices: l.indices.clone(), span: l.span.clone() });
                return Ok(MapResult::Replace(cast(source, load.into())?.into_object()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && new_addrs.contains(&st.buffer.as_ref_obj().addr())
            {
                let store = BufferStore::new(BufferStoreNode { buffer: st.buffer.clone(), value: cast(target, st.value.clone())?, indices: st.indices.clone(), span: st.span.clone() });
                return Ok(MapResult::Replace(store.upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    let func = state.sref(block_id).func.clone();
    state.replace(&func, &site.as_ref_obj(), new_site.clone(), &[(site.upcast(), new_site)])?;
    Ok(())
}
