//! What the sampling primitives need from the state: the candidate locations of
//! `sample_compute_location` (TVM's `CollectComputeLocation`). The random draws
//! themselves are in `stdlib/tvm/s_tir/schedule/sampling.py`.

use crate::dialects::s_tir::nodes::SBlockRealizeNode;
use crate::dialects::tirx::nodes::{For, ForNode, IterVarType};
use crate::ir::map::pre_order_visit;

use super::error::SchResult;
use super::state::{SRefId, ScheduleState};

/// TVM's `GetLoopIterType`: the kind of the block iterators whose bindings use the loop.
fn loop_iter_type(l: &For) -> IterVarType {
    let var = l.loop_var.as_ref_obj().addr();
    let (mut spatial, mut reduce, mut other) = (0, 0, 0);
    pre_order_visit(&l.body.clone().into_object(), |n| {
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>() {
            for (iv, v) in r.block.iter_vars.iter().zip(&r.iter_values) {
                let mut count = 0;
                pre_order_visit(&v.clone().into_object(), |x| {
                    if x.addr() == var {
                        count += 1;
                    }
                    true
                });
                match iv.iter_type {
                    IterVarType::DataPar => spatial += count,
                    IterVarType::CommReduce => reduce += count,
                    _ => other += count,
                }
            }
            return false;
        }
        true
    });
    if other > 0 || (spatial > 0 && reduce > 0) {
        IterVarType::Opaque
    } else if reduce > 0 {
        IterVarType::CommReduce
    } else {
        IterVarType::DataPar
    }
}

/// The candidate locations of a block, sorted by decision: `-2` (inline, when the
/// block can be inlined), `-1` (the root), then the positions of the loops above
/// its first consumer it could be computed at. Loops are given as references.
///
/// Whether `compute_at` would accept a loop is not checked (every loop the
/// selection rules keep is a candidate).
pub fn compute_location_candidates(state: &mut ScheduleState, block: SRefId) -> SchResult<Vec<(i64, Option<SRefId>)>> {
    let mut out = Vec::new();
    let mut trial = state.clone();
    if super::prims_inline::compute_inline(&mut trial, block).is_ok() {
        out.push((-2, None));
    }
    out.push((-1, None));
    let consumers = super::prims_inline::dataflow_neighbours(state, block, false)?;
    if consumers.is_empty() {
        return Ok(out);
    }
    let boundary = if consumers.len() > 1 {
        let paths: Vec<_> = consumers.iter().map(|&c| state.ancestors(c)).collect::<Result<_, _>>()?;
        let mut common = 0;
        while paths.iter().all(|p| p.len() > common && p[common].same_as(paths[0][common].as_object())) {
            common += 1;
        }
        paths[0][common - 1].clone()
    } else {
        match state.parent(consumers[0])? {
            Some(p) => p,
            None => return Ok(out),
        }
    };
    if !boundary.is::<ForNode>() {
        return Ok(out);
    }
    let loops = super::primitives::get_loops(state, consumers[0])?;
    let fors: Vec<For> = loops.iter().map(|&l| state.loop_of(l)).collect::<Result<_, _>>()?;
    let Some(lca_pos) = fors.iter().position(|l| l.as_ref_obj().same_as(boundary.as_object())) else {
        return Ok(out);
    };
    let n = lca_pos + 1;
    let types: Vec<IterVarType> = fors[..n].iter().map(loop_iter_type).collect();
    let last_datapar = types.iter().rposition(|t| *t == IterVarType::DataPar).map_or(-1, |i| i as i64);
    let mut visited_reduce = false;
    for i in 0..n {
        if fors[i].extent.as_int() == Some(1) {
            continue;
        }
        if types[i] == IterVarType::DataPar {
            if visited_reduce {
                break;
            }
        } else {
            visited_reduce = true;
            if i as i64 > last_datapar {
                break;
            }
        }
        out.push((i as i64, Some(loops[i])));
    }
    Ok(out)
}
