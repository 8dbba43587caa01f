//! Printing the distributed types as TVM 0.27 does: `R.DTensor((8, 8), "float32",
//! "mesh[0]", "S[0], R")` (keywords from the first part missing on: `R.DTensor(dtype=
//! "float32", device_mesh="mesh[0]", placement="R")`), a device mesh inside a Relax
//! function as its name among the module's global infos (`"mesh[0]"`), elsewhere as
//! `R.device_mesh((2,), I.Range(0, 2))`, a placement as its text; and the forms that
//! depend on them: `R.dist.call_tir` and `R.dist.const`.

use super::types::{as_dtensor, DTensorTypeNode, DeviceMeshNode, PlacementNode};
use crate::dialects::relax::printer::types::shape_values;
use crate::dialects::relax::printer::util::{r, FRAME};
use crate::dialects::relax::nodes::ShapeExprNode;
use crate::dialects::relax::types::UNKNOWN_NDIM;
use crate::ir::{AccessPath, Error, IRModuleNode, ObjectRef, Result, Type, Value};
use crate::printer::doc::{Doc, ExprDoc};
use crate::printer::engine::DEFAULT_TOKEN;
use crate::printer::{register_print_hook, Printer, Text};

fn dtensor_type(p: &mut Printer, t: &DTensorTypeNode, path: &AccessPath) -> Result<ExprDoc> {
    let tensor = &t.tensor_ty;
    let tp = path.attr("tensor_ty");
    let mut args = Vec::new();
    let mut kwargs: Vec<(Text, ExprDoc)> = Vec::new();
    // Positional until a part is missing, keywords after it.
    let mut positional = true;
    match &tensor.shape {
        Some(shape) => match shape.downcast_ref::<ShapeExprNode>() {
            Some(s) => args.push(ExprDoc::tuple(shape_values(p, &s.values, &tp.attr("shape").attr("values"))?)),
            None => args.push(p.to_doc(shape, &tp.attr("shape"))?),
        },
        None => positional = false,
    }
    match &tensor.dtype {
        Some(d) => {
            let doc = ExprDoc::str(d.dtype).with_path(tp.attr("dtype"));
            if positional {
                args.push(doc);
            } else {
                kwargs.push(("dtype".into(), doc));
            }
        }
        None => positional = false,
    }
    let mesh = p.to_doc(&t.device_mesh.as_ref_obj(), &path.attr("device_mesh"))?;
    let placement = ExprDoc::str(t.placement.text()).with_path(path.attr("placement"));
    if positional {
        args.push(mesh);
        args.push(placement);
    } else {
        kwargs.push(("device_mesh".into(), mesh));
        kwargs.push(("placement".into(), placement));
    }
    if tensor.shape.is_none() && tensor.ndim != UNKNOWN_NDIM {
        kwargs.push(("ndim".into(), ExprDoc::int(tensor.ndim).with_path(tp.attr("ndim"))));
    }
    Ok(r(p, "DTensor").call_kw(args, kwargs))
}

/// The name of a mesh among the printed module's global infos (`"mesh[0]"`), when a
/// Relax function is printing.
fn mesh_name(p: &Printer, mesh: &ObjectRef) -> Option<String> {
    if !p.frames().iter().any(|f| f.kind == FRAME) {
        return None;
    }
    let module = p.frames().iter().rev().filter_map(|f| f.owner.as_ref()).find(|o| o.is::<IRModuleNode>())?;
    let m = module.downcast_ref::<IRModuleNode>()?;
    for (k, v) in m.global_infos.iter() {
        let Value::Array(items) = v else { continue };
        if let Some(i) = items.iter().position(|x| x.as_object().is_some_and(|o| o.same_as(mesh))) {
            return Some(format!("{}[{i}]", k.as_str()?));
        }
    }
    None
}

fn device_mesh(p: &mut Printer, obj: &ObjectRef, m: &DeviceMeshNode, path: &AccessPath) -> Result<ExprDoc> {
    if let Some(name) = mesh_name(p, obj) {
        return Ok(ExprDoc::str(name).with_path(path.clone()));
    }
    let shape = ExprDoc::tuple(m.shape.iter().map(|&d| ExprDoc::int(d)).collect()).with_path(path.attr("shape"));
    let ids = match &m.device_range {
        Some(range) => p.to_doc(&range.as_ref_obj(), &path.attr("device_range"))?,
        None => ExprDoc::list(m.device_ids.iter().map(|&d| ExprDoc::int(d)).collect()).with_path(path.attr("device_ids")),
    };
    Ok(r(p, "device_mesh").call(vec![shape, ids]))
}

/// `R.dist.call_tir` for a `call_tir` with distributed outputs.
pub fn call_tir_name(out_ty: &Type) -> &'static str {
    if super::types::is_distributed_output(out_ty) { "dist.call_tir" } else { "call_tir" }
}

/// `R.dist.const(value, ty)` of a scalar constant with a distributed type.
pub fn const_doc(p: &mut Printer, ty: &Type, literal: ExprDoc, path: &AccessPath) -> Result<Option<ExprDoc>> {
    if as_dtensor(ty).is_none() {
        return Ok(None);
    }
    let ty_doc = p.to_doc(ty, &path.attr("ty"))?;
    Ok(Some(r(p, "dist.const").call(vec![literal, ty_doc])))
}

/// Register the print hooks of the distributed types.
pub fn register() {
    register_print_hook(DEFAULT_TOKEN, "relax.DTensorType", |obj, path, p| {
        let t = obj.downcast_ref::<DTensorTypeNode>().ok_or_else(|| Error::type_error("expected relax.DTensorType"))?;
        Ok(Doc::Expr(dtensor_type(p, t, path)?))
    });
    register_print_hook(DEFAULT_TOKEN, "relax.distributed.DeviceMesh", |obj, path, p| {
        let m = obj.downcast_ref::<DeviceMeshNode>().ok_or_else(|| Error::type_error("expected a DeviceMesh"))?;
        Ok(Doc::Expr(device_mesh(p, obj, m, path)?))
    });
    register_print_hook(DEFAULT_TOKEN, "relax.distributed.Placement", |obj, path, _| {
        let pl = obj.downcast_ref::<PlacementNode>().ok_or_else(|| Error::type_error("expected a Placement"))?;
        Ok(Doc::Expr(ExprDoc::str(pl.text()).with_path(path.clone())))
    });
}
