//! Layouts: `T.TileLayout(T.S[(4, 8):(8, 1)] + T.R[...] + offset)`,
//! `T.ComposeLayout(3, 3, 3, T.TileLayout(...))`, strides on axes `s @ Axis.laneid`.

use crate::dialects::tirx::nodes::{AxisNode, ComposeLayoutNode, Iter, TileLayoutNode};
use crate::ir::{AccessPath, Error, Expr, ObjectRef, Result};
use crate::printer::doc::{ExprDoc, OpKind};
use crate::printer::{register_print_hook, Printer};

use super::util::t;
use super::TOKEN;

/// `Axis.laneid`
fn axis_doc(axis: &AxisNode) -> ExprDoc {
    ExprDoc::id("Axis").attr(axis.name.clone())
}

/// A value on an axis: bare on the memory axis `m`, `v @ Axis.x` on others.
fn on_axis(p: &mut Printer, value: &Expr, axis: &AxisNode, path: &AccessPath) -> Result<ExprDoc> {
    let v = p.to_doc(value, path)?;
    if axis.name == "m" {
        return Ok(v);
    }
    Ok(ExprDoc::binary(OpKind::MatMul, v, axis_doc(axis)))
}

/// `extent:stride` for one iter, `(e1, e2):(s1, s2)` for several.
fn iters_doc(p: &mut Printer, iters: &[Iter], path: &AccessPath) -> Result<ExprDoc> {
    let mut extents = Vec::with_capacity(iters.len());
    let mut strides = Vec::with_capacity(iters.len());
    for (i, it) in iters.iter().enumerate() {
        let ip = path.index(i);
        extents.push(p.to_doc(&it.extent, &ip.attr("extent"))?);
        strides.push(on_axis(p, &it.stride, &it.axis, &ip.attr("stride"))?);
    }
    if iters.len() == 1 {
        return Ok(ExprDoc::slice(extents.pop(), strides.pop(), None));
    }
    Ok(ExprDoc::slice(Some(ExprDoc::tuple(extents)), Some(ExprDoc::tuple(strides)), None))
}

fn tile_layout_doc(p: &mut Printer, l: &TileLayoutNode, path: &AccessPath) -> Result<ExprDoc> {
    let mut terms: Vec<ExprDoc> = Vec::new();
    if !l.shard.is_empty() || (l.replica.is_empty() && l.offset.is_empty()) {
        if l.shard.is_empty() {
            return Ok(t(p, "TileLayout.from_iters").call(vec![]));
        }
        let s = iters_doc(p, &l.shard, &path.attr("shard"))?;
        terms.push(t(p, "S").index(vec![s]));
    }
    if !l.replica.is_empty() {
        let r = iters_doc(p, &l.replica, &path.attr("replica"))?;
        terms.push(t(p, "R").index(vec![r]));
    }
    if !l.offset.is_empty() {
        let mut parts = Vec::new();
        for (k, v) in l.offset.iter() {
            let axis = k.as_object().and_then(|o| o.downcast_ref::<AxisNode>()).ok_or_else(|| {
                Error::type_error("TileLayout offset keys must be axes")
            })?;
            let value = v.as_object().ok_or_else(|| Error::type_error("TileLayout offsets must be expressions"))?;
            let e = Expr::try_from_object(value.clone())?;
            parts.push(on_axis(p, &e, axis, &path.attr("offset").map_key(k.clone()))?);
        }
        let mut it = parts.into_iter();
        let first = it.next().expect("non-empty offset");
        let sum = it.fold(first, |a, b| ExprDoc::binary(OpKind::Add, a, b));
        terms.push(sum);
    }
    let mut it = terms.into_iter();
    let first = it.next().expect("a layout has a term");
    let spec = it.fold(first, |a, b| ExprDoc::binary(OpKind::Add, a, b));
    Ok(t(p, "TileLayout").call(vec![spec]))
}

fn compose_layout_doc(p: &mut Printer, l: &ComposeLayoutNode, path: &AccessPath) -> Result<ExprDoc> {
    let tile = tile_layout_doc(p, &l.tile_layout, &path.attr("tile_layout"))?;
    let args = vec![ExprDoc::int(l.per_element), ExprDoc::int(l.swizzle_len), ExprDoc::int(l.atom_len), tile];
    let mut kwargs = Vec::new();
    if !l.swizzle_inner {
        kwargs.push(("swizzle_inner".into(), ExprDoc::bool(false)));
    }
    Ok(t(p, "ComposeLayout").call_kw(args, kwargs))
}

/// Any layout object.
pub fn layout_doc(p: &mut Printer, layout: &ObjectRef, path: &AccessPath) -> Result<ExprDoc> {
    p.to_doc(layout, path)
}

/// Register the layout hooks under the TIRx token.
pub fn register() {
    register_print_hook(TOKEN, "tirx.TileLayout", |obj, path, p| {
        let l = obj.downcast_ref::<TileLayoutNode>().ok_or_else(|| Error::type_error("expected a TileLayout"))?;
        Ok(tile_layout_doc(p, l, path)?.into())
    });
    register_print_hook(TOKEN, "tirx.ComposeLayout", |obj, path, p| {
        let l = obj.downcast_ref::<ComposeLayoutNode>().ok_or_else(|| Error::type_error("expected a ComposeLayout"))?;
        Ok(compose_layout_doc(p, l, path)?.into())
    });
    register_print_hook(TOKEN, "tirx.Axis", |obj, _, _| {
        let a = obj.downcast_ref::<AxisNode>().ok_or_else(|| Error::type_error("expected an Axis"))?;
        Ok(axis_doc(a).into())
    });
}
