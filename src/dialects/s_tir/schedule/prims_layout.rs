//! Layout primitives (TVM's `layout_transformation.cc`): `transform_layout` (a
//! buffer's indices mapped through an `IndexMap`, its shape with them) and
//! `transform_block_layout` (a block's iteration space mapped, its loops made
//! anew), on the index-map algorithms of `tirx::index_map`.

use std::collections::HashSet;

use crate::dialects::s_tir::frontend::regions;
use crate::dialects::s_tir::nodes::{MatchBufferRegion, MatchBufferRegionNode, SBlock, SBlockNode, SBlockRealize};
use crate::dialects::tirx::index_map::{self as im, expr_text};
use crate::dialects::tirx::nodes::{
    expect_buffer, BufferStore, BufferStoreNode, BufferType, ForNode, IndexMap, IterVar, IterVarNode, IterVarType, PrimFunc, Stmt,
    TensorRegion, TensorRegionNode,
};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{TensorLoad, TensorLoadNode};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{self, DataType, Expr, ObjectRef, Range, Span, Type, Var};

use super::error::{fail, SchError, SchResult};
use super::state::{SRefId, ScheduleState};

fn addr_of(v: &Var) -> usize {
    v.as_ref_obj().addr()
}

fn list_text(items: &[Expr]) -> String {
    format!("[{}]", items.iter().map(expr_text).collect::<Vec<_>>().join(", "))
}

fn map_text(m: &IndexMap) -> String {
    let cfg = crate::printer::config::PrinterConfig::default();
    crate::printer::engine::script(&m.clone().upcast(), &cfg).unwrap_or_default()
}

/// The block among `block`'s ancestors that allocates `buffer` (`None`: a function
/// parameter), or TVM's `BufferIsSubregionError` for a `match_buffer`.
fn defining_site(state: &ScheduleState, block: SRefId, buffer: &Var) -> SchResult<Option<SBlock>> {
    let addr = addr_of(buffer);
    for s in state.ancestors(block)?.iter().rev() {
        if let Some(b) = s.as_object().try_downcast::<SBlockNode>() {
            if b.alloc_buffers.iter().any(|v| addr_of(v) == addr) {
                return Ok(Some(b));
            }
            if b.match_buffers.iter().any(|m| addr_of(&m.buffer) == addr) {
                return fail(
                    "The input buffer is defined in `match_buffer` of a block, it is expected to be a function parameter or allocated by a block",
                    format!(
                        "ScheduleError: The input buffer {} is defined in `match_buffer` of a block, it is expected to be a function parameter or allocated by a block.",
                        buffer.name
                    ),
                    vec![],
                );
            }
        }
    }
    Ok(None)
}

/// Check a `pad_value` map (one output, the buffer's type, loads of the buffer only).
fn check_pad_value(buffer: &Var, pad: &IndexMap) -> SchResult<()> {
    if pad.final_indices.len() != 1 {
        return fail(
            &format!("The IndexMap specifying pad_value has {} outputs, should only have one output", pad.final_indices.len()),
            format!("ScheduleError: Pad value is specified as {} which has {} outputs, but should only have one output", map_text(pad), pad.final_indices.len()),
            vec![],
        );
    }
    let bt = expect_buffer(buffer, "transform_layout")?;
    let value = &pad.final_indices[0];
    if value.dtype() != bt.elem_dtype() {
        let buffer_dtype = expr_text_of_type(bt.elem_dtype());
        return fail(
            &format!("Type mismatch {buffer_dtype} vs {}", value.dtype()),
            format!(
                "ScheduleError: Buffer {} has elements of type {buffer_dtype}, but the transformation fills padding with {}, which is of type {}",
                buffer.name,
                map_text(pad),
                value.dtype()
            ),
            vec![],
        );
    }
    let mut illegal: Option<ObjectRef> = None;
    pre_order_visit(&value.clone().into_object(), |n| {
        if let Some(l) = n.downcast_ref::<TensorLoadNode>()
            && l.source.as_object().addr() != addr_of(buffer)
            && illegal.is_none()
        {
            illegal = Some(n.clone());
        }
        true
    });
    if let Some(load) = illegal {
        let l = load.downcast_ref::<TensorLoadNode>().expect("a load");
        let name = l.source.as_object().downcast_ref::<ir::VarNode>().map(|v| v.name.to_string()).unwrap_or_default();
        let text = crate::printer::engine::script(&load, &Default::default()).unwrap_or_default();
        return fail(
            &format!("Pad value may not contain load from {name}"),
            format!("ScheduleError: Pad value may only contain BufferLoad from the transformed buffer {}, but pad_value {} contains expression {text}", buffer.name, map_text(pad)),
            vec![],
        );
    }
    Ok(())
}

/// A buffer's element type as TVM prints a `PrimType` (`T.float32`).
fn expr_text_of_type(dtype: DataType) -> String {
    let ty: Type = Type::prim(dtype);
    crate::printer::engine::script(ty.as_object(), &Default::default()).unwrap_or_else(|_| dtype.to_string())
}

/// `stmt` with the accesses of `old` going to `new` through `map`: loads and
/// stores re-indexed, the regions of blocks touching it inferred again, its
/// allocation and matches re-pointed.
fn rewrite_accesses(stmt: ObjectRef, old: &Var, new: &Var, map: &IndexMap, an: &Analyzer) -> SchResult<ObjectRef> {
    let (old_addr, new_addr) = (addr_of(old), addr_of(new));
    let new_expr: Expr = new.clone().into();
    let visible: HashSet<usize> = [new_addr].into_iter().collect();
    let out = structural_map(
        stmt,
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>()
                && l.source.as_object().addr() == old_addr
            {
                let indices = im::map_indices(map, &l.indices, an)?;
                let load = TensorLoad::new(TensorLoadNode { ty: l.ty.clone(), source: new_expr.clone(), indices, span: l.span.clone() });
                return Ok(MapResult::Replace(load.upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>()
                && addr_of(&st.buffer) == old_addr
            {
                let indices = im::map_indices(map, &st.indices, an)?;
                let store = BufferStore::new(BufferStoreNode { buffer: new.clone(), value: st.value.clone(), indices, span: st.span.clone() });
                return Ok(MapResult::Replace(store.upcast()));
            }
            if let Some(b) = n.downcast_ref::<SBlockNode>() {
                let touches = |rs: &[TensorRegion]| rs.iter().any(|r| r.source.as_object().addr() == old_addr);
                let allocates = b.alloc_buffers.iter().any(|v| addr_of(v) == old_addr);
                let matches = b.match_buffers.iter().any(|m| m.source.source.as_object().addr() == old_addr);
                if !touches(&b.reads) && !touches(&b.writes) && !allocates && !matches {
                    return Ok(MapResult::Unchanged);
                }
                let mut node = b.clone();
                node.alloc_buffers = b.alloc_buffers.iter().map(|v| if addr_of(v) == old_addr { new.clone() } else { v.clone() }).collect();
                node.match_buffers = b
                    .match_buffers
                    .iter()
                    .map(|m| {
                        if m.source.source.as_object().addr() != old_addr {
                            return m.clone();
                        }
                        let mut src = (*m.source).clone();
                        src.source = new_expr.clone();
                        MatchBufferRegion::new(MatchBufferRegionNode { buffer: m.buffer.clone(), source: TensorRegion::new(src), span: m.span.clone() })
                    })
                    .collect();
                let (reads, writes) = regions::infer_block_regions(&node, &visible);
                let swap = |rs: &[TensorRegion], inferred: &[TensorRegion]| -> Vec<TensorRegion> {
                    rs.iter()
                        .filter_map(|r| {
                            if r.source.as_object().addr() == old_addr {
                                inferred.first().cloned()
                            } else {
                                Some(r.clone())
                            }
                        })
                        .collect()
                };
                node.reads = swap(&b.reads, &reads);
                node.writes = swap(&b.writes, &writes);
                return Ok(MapResult::Replace(SBlock::new(node).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Ok(out)
}

/// `transform_layout`: the buffer `block` reads (`is_write` false) or writes at
/// `index`, re-laid out through `index_map`.
#[allow(clippy::too_many_arguments)]
pub fn transform_layout(
    state: &mut ScheduleState,
    block_id: SRefId,
    index: i64,
    is_write: bool,
    index_map: &IndexMap,
    pad_value: Option<IndexMap>,
    assume_injective: bool,
) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let buffer = if is_write { super::prims_location::nth_write_buffer(&block, index)? } else { super::prims_cache::nth_read_buffer(&block, index)? };
    let bt = expect_buffer(&buffer, "transform_layout")?.clone();
    let dtypes: Vec<DataType> = bt.shape.iter().map(|d| d.dtype()).collect();
    let index_map = im::legalize_dtype(index_map, &dtypes)?;
    let site = defining_site(state, block_id, &buffer)?;
    if let Some(pad) = &pad_value {
        check_pad_value(&buffer, pad)?;
    }
    let an = Analyzer::new();
    let ranges: Vec<(Expr, Expr)> = bt.shape.iter().map(|d| (ir::int_imm(d.dtype(), 0), d.clone())).collect();
    let (inverse, predicate) = if assume_injective {
        (None, ir::bool_imm(false))
    } else {
        let (inv, pred) = im::inverse(&index_map, &ranges, false, &an).map_err(SchError::Other)?;
        (Some(inv), pred)
    };
    let new_shape = im::map_shape(&index_map, &bt.shape, &an)?;
    if predicate.as_int() != Some(0) {
        if pad_value.is_none() {
            return fail(
                &format!("Transformation would introduce padding at {}.", expr_text(&predicate)),
                format!(
                    "The transformation {} applied on buffer {} of shape {} would result in shape {}.  However, this would introduce padding wherever {} is true.",
                    map_text(&index_map),
                    buffer.name,
                    list_text(&bt.shape),
                    list_text(&new_shape),
                    expr_text(&predicate)
                ),
                vec![],
            );
        }
    }
    let mut ty = bt.clone();
    ty.shape = new_shape;
    let new_buffer = ir::new_var(&buffer.name, Type::from(BufferType::new(ty)), buffer.span.clone());
    let func = state.sref(block_id).func.clone();
    // The scope: the allocating block, or the function's root block.
    let scope = match &site {
        Some(site) => site.clone(),
        None => state.root_block(&func)?,
    };
    // Padding filled with `pad_value`: the scope's body planned first.
    let planned = match (&pad_value, &inverse) {
        (Some(pad), Some(inv)) if predicate.as_int() != Some(0) => {
            let plan = super::prims_layout_padding::plan(state, &func, &scope, &buffer, &new_buffer, inv, &predicate, pad, &an)?;
            let mut node = (*scope).clone();
            node.body = super::prims_layout_padding::apply(&scope.body, &plan)?;
            SBlock::new(node)
        }
        _ => scope.clone(),
    };
    let new_scope = rewrite_accesses(planned.clone().upcast(), &buffer, &new_buffer, &index_map, &an)?;
    let mut reuse: Vec<(ObjectRef, ObjectRef)> = vec![(scope.clone().upcast(), new_scope.clone())];
    if !planned.ptr_eq(&scope) {
        reuse.extend(blocks_by_name(&scope.clone().upcast(), &new_scope));
    }
    match site {
        Some(site) => {
            state.replace(&func, &site.as_ref_obj(), new_scope, &reuse)?;
        }
        None => {
            let f = state.func(&func)?;
            let root_addr = scope.as_ref_obj().addr();
            let body = structural_map(
                f.body.clone().into_object(),
                |n: ObjectRef| if n.addr() == root_addr { MapResult::ReplaceAndSkip(new_scope.clone()) } else { MapResult::Unchanged },
                WalkOrder::PreOrder,
            )?;
            let params: Vec<Var> = f.params.iter().map(|p| if addr_of(p) == addr_of(&buffer) { new_buffer.clone() } else { p.clone() }).collect();
            let new_func = PrimFunc::make(params, Stmt::try_from_object(body)?, f.ret_type.clone(), f.attrs.clone(), f.span.clone());
            state.set_func(&func, new_func.upcast(), &reuse)?;
        }
    }
    Ok(())
}

/// Pairs of the blocks of `old` and `new` with the same name (blocks a rewrite
/// gave new iteration variables keep their references).
fn blocks_by_name(old: &ObjectRef, new: &ObjectRef) -> Vec<(ObjectRef, ObjectRef)> {
    let collect = |root: &ObjectRef| {
        let mut out: Vec<(String, ObjectRef)> = Vec::new();
        pre_order_visit(root, |n| {
            if let Some(b) = n.downcast_ref::<SBlockNode>() {
                out.push((b.name_hint.clone(), n.clone()));
            }
            true
        });
        out
    };
    let news = collect(new);
    collect(old).into_iter().filter_map(|(name, o)| news.iter().find(|(m, _)| *m == name).map(|(_, n)| (o, n.clone()))).collect()
}

/// The iteration type shared by the block variables `e` uses (`Opaque` when they differ).
fn new_iter_type(e: &Expr, types: &[(usize, IterVarType)]) -> IterVarType {
    let mut found: Option<IterVarType> = None;
    let mut mixed = false;
    pre_order_visit(&e.clone().into_object(), |n| {
        if let Some((_, t)) = types.iter().find(|(a, _)| *a == n.addr()) {
            match found {
                None => found = Some(*t),
                Some(f) if f != *t => mixed = true,
                _ => {}
            }
        }
        !mixed
    });
    if mixed {
        IterVarType::Opaque
    } else {
        found.unwrap_or(IterVarType::Opaque)
    }
}

/// `transform_block_layout`: the block's iteration space mapped through
/// `index_map`; new loops `ax0 …` over the new block variables `v0 …`.
pub fn transform_block_layout(state: &mut ScheduleState, block_id: SRefId, index_map: &IndexMap) -> SchResult<()> {
    let block = state.block_of(block_id)?;
    let func = state.sref(block_id).func.clone();
    let path = state.ancestors(block_id)?;
    // The loops right above the block, up to its scope.
    let mut loops: Vec<ObjectRef> = Vec::new();
    for s in path[..path.len() - 1].iter().rev() {
        if s.as_object().is::<ForNode>() {
            loops.push(s.clone().into_object());
        } else {
            break;
        }
    }
    loops.reverse();
    for l in &loops {
        let f = l.downcast_ref::<ForNode>().expect("a loop");
        if f.min.as_int() != Some(0) {
            let text = crate::printer::engine::script(l, &Default::default()).unwrap_or_default();
            return fail(
                "The loop doesn't start with zero",
                format!("ScheduleError: The loop {{0}} does not start with 0, which is not supported. {text}"),
                vec![l.clone()],
            );
        }
    }
    // Every loop has a single child down to the block, and the bindings are the loop variables.
    let root_of_scope: Stmt = path[path.len() - 1 - loops.len()].clone();
    let realize = super::region::realize_of(&root_of_scope.clone().into_object(), &block).ok_or_else(|| ir::Error::value_error("block realize not found"))?;
    let loop_vars: Vec<usize> = loops.iter().map(|l| addr_of(&l.downcast_ref::<ForNode>().expect("a loop").loop_var)).collect();
    let trivial = realize.iter_values.iter().all(|v| loop_vars.contains(&v.as_object().addr()));
    let single_children = loops.iter().enumerate().all(|(i, l)| {
        let body = &l.downcast_ref::<ForNode>().expect("a loop").body;
        match loops.get(i + 1) {
            Some(next) => body.as_object().addr() == next.addr(),
            None => body.as_object().addr() == realize.as_ref_obj().addr(),
        }
    });
    if !single_children {
        return fail(
            "The loops are not a chain of single children down to the block",
            "ScheduleError: The loops above {0} are not a chain of single children",
            vec![block.clone().upcast()],
        );
    }
    if !trivial {
        return fail(
            "The binding values of the block are not variables of outer loops.",
            "The binding values of the {0} are not variables of outer loops.",
            vec![block.clone().upcast()],
        );
    }
    if index_map.initial_indices.len() != block.iter_vars.len() {
        return fail(
            "The index map can't be applied to block iters because the number of parameters mismatch.",
            format!(
                "The index map {} can't be applied to block iters of {{0}} because the number of parameters mismatch. Expected: {}, actual: {}",
                im::to_python_string(index_map),
                index_map.initial_indices.len(),
                block.iter_vars.len()
            ),
            vec![block.clone().upcast()],
        );
    }
    let an = Analyzer::new();
    let block_vars: Vec<Expr> = block.iter_vars.iter().map(|iv| iv.var.clone().into()).collect();
    let extents: Vec<Expr> = block.iter_vars.iter().map(|iv| iv.dom.as_ref().map(|d| d.extent.clone()).unwrap_or_else(|| ir::int_imm(DataType::INT32, 1))).collect();
    let types: Vec<(usize, IterVarType)> = block.iter_vars.iter().map(|iv| (addr_of(&iv.var), iv.iter_type)).collect();
    let transformed = im::map_indices(index_map, &block_vars, &an)?;
    let new_extents = im::map_shape(index_map, &extents, &an)?;
    let mut new_iters: Vec<IterVar> = Vec::new();
    let mut new_vars: Vec<Var> = Vec::new();
    for (i, e) in transformed.iter().enumerate() {
        let var = Var::scalar(&format!("v{i}"), e.dtype());
        let ty = if new_extents[i].as_int() == Some(1) { IterVarType::DataPar } else { new_iter_type(e, &types) };
        if ty == IterVarType::Opaque {
            return fail(
                "Cannot detect the new block iter type because it contains more than one type of original iter vars.",
                format!("Cannot detect the block iter type for new iter value {} in {{0}} because it contains more than one type of original iter vars.", expr_text(e)),
                vec![block.clone().upcast()],
            );
        }
        let dtype = e.dtype();
        let ext = if new_extents[i].dtype() == dtype { new_extents[i].clone() } else { ir::arith::cast(dtype, new_extents[i].clone(), Span::none())? };
        new_iters.push(IterVar::new(IterVarNode {
            dom: Some(Range::from_min_extent(ir::int_imm(dtype, 0), ext, Span::none())),
            var: var.clone(),
            iter_type: ty,
            thread_tag: String::new(),
            span: Span::none(),
        }));
        new_vars.push(var);
    }
    let ranges: Vec<(Expr, Expr)> = extents.iter().map(|e| (ir::int_imm(e.dtype(), 0), e.clone())).collect();
    let inverse = match im::inverse(index_map, &ranges, true, &an) {
        Ok((inv, _)) => inv,
        Err(_) => {
            return fail(
                "The index map is not bijective affine.",
                format!("The index map {} is not bijective affine.", im::to_python_string(index_map)),
                vec![],
            )
        }
    };
    let new_var_exprs: Vec<Expr> = new_vars.iter().map(|v| v.clone().into()).collect();
    let old_in_new = im::map_indices(&inverse, &new_var_exprs, &an)?;
    let pairs: Vec<(usize, Expr)> = block.iter_vars.iter().zip(&old_in_new).map(|(iv, e)| (addr_of(&iv.var), e.clone())).collect();
    let mut node = (*block).clone();
    node.iter_vars = vec![];
    let substituted = super::prims_inline::substitute(SBlock::new(node).upcast(), &pairs)?;
    let mut node = substituted.downcast_ref::<SBlockNode>().expect("a block").clone();
    node.iter_vars = new_iters;
    let new_block = SBlock::new(node);
    let new_block = simplify_accesses(new_block, &an)?;
    let loop_vars: Vec<Var> = new_vars.iter().enumerate().map(|(i, v)| Var::scalar(&format!("ax{i}"), v.dtype())).collect();
    let mut rnode = (*realize).clone();
    rnode.iter_values = loop_vars.iter().map(|v| v.clone().into()).collect();
    rnode.block = new_block.clone();
    let mut body: Stmt = SBlockRealize::new(rnode).into();
    for (v, ext) in loop_vars.iter().zip(&new_extents).rev() {
        body = super::primitives::new_loop(v.clone(), ext.clone(), body).into();
    }
    let old: ObjectRef = match loops.first() {
        Some(l) => l.clone(),
        None => block.clone().upcast(),
    };
    state.replace(&func, &old, body.into_object(), &[(block.upcast(), new_block.upcast())])?;
    Ok(())
}

/// The block's load/store indices and region starts simplified (TVM's
/// `BlockBufferAccessSimplifier`): as iterator maps over the block variables
/// (an index that becomes a constant stays the variable it was), else each
/// index by the analyzer.
fn simplify_accesses(block: SBlock, an: &Analyzer) -> SchResult<SBlock> {
    use crate::ir::arith::iter_map::{iter_map_simplify, IterMapLevel};
    let iters: Vec<(Var, Expr, Expr)> = block.iter_vars.iter().filter_map(|iv| iv.dom.as_ref().map(|d| (iv.var.clone(), d.min.clone(), d.extent.clone()))).collect();
    let simplify = |indices: &[Expr]| -> Vec<Expr> {
        let mapped = iter_map_simplify(indices, &iters, &ir::bool_imm(true), IterMapLevel::Surjective, true);
        let detected = mapped.iter().zip(indices).any(|(a, b)| !a.same_as(b.as_object()));
        if !detected {
            return indices.iter().map(|e| an.simplify(e)).collect();
        }
        mapped.into_iter().zip(indices).map(|(m, e)| if m.as_int().is_some() && e.as_object().is::<ir::VarNode>() { e.clone() } else { m }).collect()
    };
    let out = structural_map(
        block.upcast(),
        |n: ObjectRef| -> ir::Result<MapResult> {
            if let Some(l) = n.downcast_ref::<TensorLoadNode>() {
                return Ok(MapResult::Replace(TensorLoad::new(TensorLoadNode { indices: simplify(&l.indices), ..l.clone() }).upcast()));
            }
            if let Some(st) = n.downcast_ref::<BufferStoreNode>() {
                return Ok(MapResult::Replace(BufferStore::new(BufferStoreNode { indices: simplify(&st.indices), ..st.clone() }).upcast()));
            }
            if let Some(r) = n.downcast_ref::<TensorRegionNode>() {
                let mins: Vec<Expr> = r.region.iter().map(|d| d.min.clone()).collect();
                let region = simplify(&mins).into_iter().zip(&r.region).map(|(m, d)| Range::from_min_extent(m, an.simplify(&d.extent), d.span.clone())).collect();
                return Ok(MapResult::Replace(TensorRegion::new(TensorRegionNode { region, ..r.clone() }).upcast()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PostOrder,
    )?;
    Ok(out.try_downcast::<SBlockNode>().ok_or_else(|| ir::Error::type_error("expected a block"))?)
}
