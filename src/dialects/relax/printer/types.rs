//! Relax types: `R.Tensor((n, 4), dtype="float32")`, `R.Shape([n])`, `R.Tuple(...)`,
//! `R.Callable(...)`, `R.Any`, and scalar types as TIRx writes them (`T.int64`).

use crate::dialects::relax::nodes::ShapeExprNode;
use crate::dialects::relax::types::{
    AnyTypeNode, FuncTypeNode, ShapeTypeNode, TensorTypeNode, VDeviceNode, UNKNOWN_NDIM,
};
use crate::ir::{AccessPath, Error, Expr, IRModuleNode, ObjectRef, Result, TupleTypeNode, Type, Value};
use crate::printer::Text;
use crate::printer::doc::{Doc, ExprDoc};
use crate::printer::{register_print_hook, FrameId, Printer, DEFAULT_TOKEN};

use super::util::{contains, r, signature_frame, relax_data, tvm_syntax};
use super::TOKEN;

/// The docs of the values of a shape in a type or `R.shape(...)` (`values` at `path`),
/// looking for the frame of a signature being printed once (printing a value starts
/// or ends none).
pub fn shape_values(p: &mut Printer, values: &[Expr], path: &AccessPath) -> Result<Vec<ExprDoc>> {
    let frame = signature_frame(p);
    let mut dims = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        dims.push(shape_value(p, v, &path.index(i), frame)?);
    }
    Ok(dims)
}

/// One shape value (TVM's `PrintShapeVar`): while a signature prints (in `frame`), an
/// expression over its variables other than a bare type variable is quoted
/// (`"n + 1"`) in TVM's spelling, where the variables are not Python values yet.
fn shape_value(p: &mut Printer, e: &Expr, path: &AccessPath, frame: Option<FrameId>) -> Result<ExprDoc> {
    let doc = p.to_doc(e, path)?;
    let Some(frame) = frame else { return Ok(doc) };
    let Some(sig) = relax_data(p, frame).and_then(|d| d.signature.as_ref()) else { return Ok(doc) };
    let mut func_var_mode = false;
    crate::ir::pre_order_visit(e, |o: &ObjectRef| {
        if contains(&sig.func_vars, o) {
            func_var_mode = true;
        }
        true
    });
    let bare_type_var = contains(&sig.type_vars, e);
    // Native scripts declare the type variables in the function header.
    let postponed = !tvm_syntax(p) && !sig.type_vars.is_empty();
    if func_var_mode && !bare_type_var && !postponed {
        let cfg = p.config_arc();
        let text = crate::printer::python::to_python_plain(&Doc::Expr(doc), &cfg)?;
        return Ok(ExprDoc::str(Text::copy(text.trim_end())).with_path(path.clone()));
    }
    Ok(doc)
}

/// The module being printed, if any (for its `global_infos`).
fn enclosing_module(p: &Printer) -> Option<ObjectRef> {
    p.frames().iter().rev().filter_map(|f| f.owner.clone()).find(|o| o.is::<IRModuleNode>())
}

/// The target kind of a virtual device (`cuda` of `{"kind": "cuda", ...}` or `"cuda -arch=..."`).
pub fn target_kind(target: &Value) -> String {
    match target {
        Value::Str(s) => s.split_whitespace().next().unwrap_or("").to_string(),
        Value::Map(m) => m
            .iter()
            .find(|(k, _)| k.as_str() == Some("kind"))
            .and_then(|(_, v)| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        Value::Object(o) => match o.field("kind") {
            Some(Value::Object(k)) => k.field("name").and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
            Some(Value::Str(s)) => s.to_string(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// `kind:i:scope`: `i` counts the module's earlier vdevices of the same target kind
/// (TVM's `FindVDeviceIndexByTargetKind`; -1 when the module does not list it).
pub fn vdevice_name(p: &Printer, vdev: &ObjectRef) -> String {
    let Some(node) = vdev.downcast_ref::<VDeviceNode>() else { return String::new() };
    let kind = target_kind(&node.target);
    let mut index = -1i64;
    if let Some(m) = enclosing_module(p) {
        let m = m.downcast_ref::<IRModuleNode>().expect("checked");
        let list = m.global_infos.iter().find(|(k, _)| k.as_str() == Some("vdevice")).map(|(_, v)| v.clone());
        if let Some(Value::Array(items)) = list {
            let mut n = 0;
            for item in items.iter() {
                let Some(o) = item.as_object() else { continue };
                if o.same_as(vdev) {
                    index = n;
                    break;
                }
                if o.downcast_ref::<VDeviceNode>().is_some_and(|d| target_kind(&d.target) == kind) {
                    n += 1;
                }
            }
        }
    }
    format!("{kind}:{index}:{}", node.memory_scope)
}

fn tensor_type(p: &mut Printer, t: &TensorTypeNode, path: &AccessPath) -> Result<ExprDoc> {
    let mut args = Vec::with_capacity(usize::from(t.shape.is_some()));
    // Sized for the common `dtype=` alone.
    let mut kwargs = Vec::with_capacity(1);
    if let Some(shape) = &t.shape {
        if let Some(s) = shape.downcast_ref::<ShapeExprNode>() {
            let dims = shape_values(p, &s.values, &path.attr("shape").attr("values"))?;
            args.push(ExprDoc::tuple(dims));
        } else {
            args.push(p.to_doc(shape, &path.attr("shape"))?);
        }
    }
    if let Some(d) = &t.dtype {
        kwargs.push((Text::from_static("dtype"), ExprDoc::str(d.dtype).with_path(path.attr("dtype"))));
    }
    if t.shape.is_none() && t.ndim != UNKNOWN_NDIM {
        kwargs.push(("ndim".into(), ExprDoc::int(t.ndim).with_path(path.attr("ndim"))));
    }
    if let Some(v) = &t.vdevice {
        let name = vdevice_name(p, &v.as_ref_obj());
        kwargs.push(("vdevice".into(), ExprDoc::str(name).with_path(path.attr("vdevice"))));
    }
    let callee = r(p, "Tensor");
    Ok(if args.is_empty() && kwargs.is_empty() { callee } else { callee.call_kw(args, kwargs) })
}

fn shape_type(p: &mut Printer, t: &ShapeTypeNode, path: &AccessPath) -> Result<ExprDoc> {
    if let Some(values) = &t.values {
        let dims = shape_values(p, values, &path.attr("values"))?;
        return Ok(r(p, "Shape").call(vec![ExprDoc::list(dims)]));
    }
    let ndim = ExprDoc::int(t.ndim).with_path(path.attr("ndim"));
    Ok(r(p, "Shape").call_kw(vec![], vec![("ndim".into(), ndim)]))
}

fn func_type(p: &mut Printer, t: &FuncTypeNode, path: &AccessPath) -> Result<ExprDoc> {
    let ret = p.to_doc(&t.ret, &path.attr("ret"))?;
    let purity = ExprDoc::bool(t.purity).with_path(path.attr("purity"));
    let Some(params) = &t.params else {
        let mut kwargs = Vec::new();
        if !t.ret.is::<AnyTypeNode>() {
            kwargs.push(("ret".into(), ret));
        }
        if t.purity {
            kwargs.push(("purity".into(), purity));
        }
        let callee = r(p, "Callable");
        return Ok(if kwargs.is_empty() { callee } else { callee.call_kw(vec![], kwargs) });
    };
    let pp = path.attr("params");
    let mut docs = Vec::with_capacity(params.len());
    for (i, t) in params.iter().enumerate() {
        docs.push(p.to_doc(t, &pp.index(i))?);
    }
    Ok(r(p, "Callable").call(vec![ExprDoc::tuple(docs), ret, purity]))
}

fn tuple_type(p: &mut Printer, t: &TupleTypeNode, path: &AccessPath) -> Result<ExprDoc> {
    if t.fields.is_empty() {
        return Ok(r(p, "Tuple"));
    }
    let fp = path.attr("fields");
    let mut docs = Vec::with_capacity(t.fields.len());
    for (i, f) in t.fields.iter().enumerate() {
        docs.push(p.to_doc(f, &fp.index(i))?);
    }
    Ok(r(p, "Tuple").call(docs))
}

/// The annotation of a type; a missing type has none.
pub fn annotation(p: &mut Printer, ty: &Type, path: &AccessPath) -> Result<Option<ExprDoc>> {
    if ty.is_missing() {
        return Ok(None);
    }
    p.to_doc(ty, path).map(Some)
}

fn hook<T: crate::ir::Object>(
    token: &str,
    key: &'static str,
    f: fn(&mut Printer, &T, &AccessPath) -> Result<ExprDoc>,
) {
    register_print_hook(token, key, move |obj, path, p| {
        let node = obj.downcast_ref::<T>().ok_or_else(|| Error::type_error(format!("expected {key}")))?;
        Ok(Doc::Expr(f(p, node, path)?))
    });
}

/// Register the type hooks: Relax's own types under every token, core types
/// (tuples, scalars, strings) under the Relax token.
pub fn register() {
    hook::<TensorTypeNode>(DEFAULT_TOKEN, "relax.TensorType", tensor_type);
    hook::<ShapeTypeNode>(DEFAULT_TOKEN, "relax.ShapeType", shape_type);
    hook::<FuncTypeNode>(DEFAULT_TOKEN, "relax.FuncType", func_type);
    register_print_hook(DEFAULT_TOKEN, "relax.AnyType", |_, _, p| Ok(r(p, "Any").into()));
    register_print_hook(DEFAULT_TOKEN, "relax.PackedFuncType", |_, _, p| Ok(r(p, "PackedFunc").into()));
    hook::<TupleTypeNode>(TOKEN, "ir.TupleType", tuple_type);
    register_print_hook(TOKEN, "ir.PrimType", |obj, path, p| {
        let ty = Type(obj.clone());
        Ok(crate::dialects::tirx::printer::types::type_annotation(p, &ty, path)?.into())
    });
    register_print_hook(TOKEN, "ir.StringType", |_, _, p| {
        p.use_import(crate::dialects::ir::printer::IMPORT_I);
        let prefix = p.config().ir_prefix.clone();
        Ok(ExprDoc::id(prefix).attr("StringType").call(vec![]).into())
    });
}
