//! Primitives that edit a block's declared accesses without touching its body:
//! `annotate_buffer_access` (an explicit region for one read or write, marked
//! in the block's `explicit_read_region` / `explicit_write_region` annotation)
//! and `unsafe_hide_buffer_access` (regions dropped).

use crate::dialects::s_tir::nodes::SBlock;
use crate::dialects::tirx::index_map::map_indices;
use crate::dialects::tirx::nodes::{buffer_region, IndexMap, Stmt};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::{self, BinOp, Expr, Range, Span, Value};

use super::error::{fail, SchResult};
use super::state::{SRefId, ScheduleState};

fn replace_block(state: &mut ScheduleState, block_id: SRefId, block: SBlock, new_block: SBlock) -> SchResult<()> {
    let func = state.sref(block_id).func.clone();
    let old: Stmt = block.clone().into();
    state.replace(&func, old.as_object(), new_block.clone().upcast(), &[(block.upcast(), new_block.upcast())])?;
    Ok(())
}

/// `annotate_buffer_access`: the `index`-th read (or write) region of the block
/// replaced by the region `index_map` gives for the block's variables (pairs of
/// begin and end per dimension).
pub fn annotate_buffer_access(state: &mut ScheduleState, block_id: SRefId, index: i64, is_write: bool, index_map: &IndexMap) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let buffer = if is_write { super::prims_location::nth_write_buffer(&block, index)? } else { super::prims_cache::nth_read_buffer(&block, index)? };
    let an = Analyzer::new();
    let vars: Vec<Expr> = block.iter_vars.iter().map(|iv| iv.var.clone().into()).collect();
    let bounds = map_indices(index_map, &vars, &an)?;
    if bounds.len() % 2 != 0 {
        return Err(ir::Error::value_error("The size of new_indices should be even.").into());
    }
    let mut ranges = Vec::new();
    for pair in bounds.chunks(2) {
        let extent = an.simplify(&ir::arith::binary(BinOp::Sub, pair[1].clone(), pair[0].clone(), Span::none())?);
        ranges.push(Range::from_min_extent(pair[0].clone(), extent, Span::none()));
    }
    let region = buffer_region(&buffer, ranges, Span::none())?;
    let mut node = (*block).clone();
    let i = index as usize;
    if is_write {
        node.writes[i] = region;
    } else {
        node.reads[i] = region;
    }
    let key = if is_write { "explicit_write_region" } else { "explicit_read_region" };
    let mut indices: Vec<Value> = block
        .annotations
        .iter()
        .find(|(k, _)| k.as_str() == Some(key))
        .and_then(|(_, v)| v.as_array().map(|a| a.to_vec()))
        .unwrap_or_default();
    if !indices.iter().any(|v| v.as_int() == Some(index)) {
        indices.push(Value::Int(index));
    }
    node.annotations = super::primitives::with_annotation(&block.annotations, key, Some(Value::Array(indices.into())));
    replace_block(state, block_id, block, SBlock::new(node))
}

/// `unsafe_hide_buffer_access`: the block's read (or write) regions at the given
/// positions dropped.
pub fn unsafe_hide_buffer_access(state: &mut ScheduleState, block_id: SRefId, buf_type: &str, indices: &[i64]) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let count = match buf_type {
        "read" => block.reads.len(),
        "write" => block.writes.len(),
        _ => {
            return fail(
                "Invalid buffer type for hide_buffer_access schedule.",
                format!("The buffer type for hide_buffer_access schedule should either be 'read' or 'write', got {buf_type} instead."),
                vec![],
            )
        }
    };
    for &i in indices {
        if i < 0 || i as usize >= count {
            return fail(
                "Invalid buffer index array for hide_buffer_access schedule.",
                format!(
                    "The buffer index array for hide_buffer_access schedule should be a list of integers between 0 and {}, got {i} instead.",
                    count as i64 - 1
                ),
                vec![],
            );
        }
    }
    let mut node = (*block).clone();
    let keep = |rs: &[crate::dialects::tirx::nodes::TensorRegion]| {
        rs.iter().enumerate().filter(|(i, _)| !indices.contains(&(*i as i64))).map(|(_, r)| r.clone()).collect::<Vec<_>>()
    };
    if buf_type == "read" {
        node.reads = keep(&block.reads);
    } else {
        node.writes = keep(&block.writes);
    }
    replace_block(state, block_id, block, SBlock::new(node))
}
