//! Calls under Relax: operators as `R.<name>(args, attr=value, ...)` (every field of
//! the call's `relax.attrs.*` node, in field order), `R.call_tir(cls.f, (x,),
//! out_ty=...)` and its family, `R.call_packed("f", ..., ty_args=(...))`, calls of
//! module functions and closures, and the operators TVM writes specially
//! (`assert_op`, `print`, `hint_on_device`, `to_vdevice`). Calls of TIRx intrinsics
//! print as TIRx prints them.

use crate::dialects::relax::nodes::{ExternFuncNode, FunctionNode};
use crate::dialects::relax::types::{FuncTypeNode, VDeviceNode};
use crate::ir::{
    AccessPath, CallNode, Error, Expr, GlobalVarNode, ObjectRef, OpNode, Result, TupleTypeNode, Value, VarNode,
};
use crate::printer::Text;
use crate::printer::doc::{Doc, ExprDoc};
use crate::printer::{register_print_hook, Printer};

use super::util::{r, via_tirx};
use super::TOKEN;

/// TVM's `ShouldPrintAsTIR`: calls of non-Relax operators, and scalar-typed calls of
/// callees that are not Relax functions.
pub fn prints_as_tir(call: &CallNode) -> bool {
    let op: &ObjectRef = &call.op;
    if call.op.ty().is::<FuncTypeNode>()
        || op.is::<VarNode>()
        || op.is::<crate::dialects::relax::nodes::DataflowVarNode>()
        || op.is::<FunctionNode>()
        || op.is::<ExternFuncNode>()
    {
        return false;
    }
    if let Some(o) = op.downcast_ref::<OpNode>() {
        return !o.name.starts_with("relax.");
    }
    call.ty.as_prim().is_some()
}

/// The first argument of a call: an extern function is its name as a string.
fn callee_doc(p: &mut Printer, e: &Expr, path: &AccessPath) -> Result<ExprDoc> {
    if let Some(ext) = e.downcast_ref::<ExternFuncNode>() {
        return Ok(ExprDoc::str(ext.global_symbol.clone()).with_path(path.clone()));
    }
    p.to_doc(e, path)
}

/// A call attribute's value: an unknown data type is `None`.
fn attr_value(p: &mut Printer, v: &Value, path: &AccessPath) -> Result<ExprDoc> {
    match v {
        Value::DType(d) if d.is_void() => Ok(ExprDoc::none().with_path(path.clone())),
        _ => p.value_to_doc(v, path),
    }
}

/// The attributes of a call as keyword arguments: a typed attrs node's fields in
/// order, a map's entries by key.
fn attr_kwargs(p: &mut Printer, attrs: &Value, path: &AccessPath) -> Result<Vec<(Text, ExprDoc)>> {
    let mut out = Vec::new();
    match attrs {
        Value::Object(o) => {
            let info = o.type_info();
            for (f, v) in info.fields.iter().zip(o.fields()) {
                let d = attr_value(p, &v, &path.attr(f.name))?;
                out.push((f.name.into(), d));
            }
        }
        Value::Map(items) => {
            let mut items: Vec<&(Value, Value)> = items.iter().collect();
            items.sort_by(|a, b| a.0.as_str().cmp(&b.0.as_str()));
            for (k, v) in items {
                if let Some(k) = k.as_str() {
                    let d = attr_value(p, v, &path.attr(k))?;
                    out.push((Text::copy(k), d));
                }
            }
        }
        _ => {}
    }
    Ok(out)
}

fn attr_field(attrs: &Value, name: &str) -> Option<Value> {
    attrs.as_object()?.field(name)
}

/// `R.call_tir(cls.f, (x,), out_ty=...)` and `call_dps_packed`, `call_tir_inplace`,
/// `call_tir_with_grad`; `None` when the call does not have their shape.
fn call_tir_family(p: &mut Printer, op: &str, call: &CallNode, path: &AccessPath) -> Result<Option<ExprDoc>> {
    if call.args.len() != 2 || call.ty_args.len() != 1 {
        return Ok(None);
    }
    let ap = path.attr("args");
    let args = vec![callee_doc(p, &call.args[0], &ap.index(0))?, p.to_doc(&call.args[1], &ap.index(1))?];
    let out_ty = &call.ty_args[0];
    let op_path = path.attr("ty_args").index(0);
    let out = if let Some(t) = out_ty.downcast_ref::<TupleTypeNode>() {
        let fp = op_path.attr("fields");
        let mut fields = Vec::with_capacity(t.fields.len());
        for (i, f) in t.fields.iter().enumerate() {
            fields.push(p.to_doc(f, &fp.index(i))?);
        }
        ExprDoc::list(fields)
    } else {
        p.to_doc(out_ty, &op_path)?
    };
    let mut kwargs = vec![("out_ty".into(), out)];
    let attrs_path = path.attr("attrs");
    if op == "relax.call_tir_inplace" {
        let mut idx = Vec::new();
        if let Some(Value::Array(items)) = attr_field(&call.attrs, "inplace_indices") {
            for v in items.iter() {
                if let Some(i) = v.as_int() {
                    idx.push(ExprDoc::int(i).with_path(attrs_path.attr("inplace_indices")));
                }
            }
        }
        kwargs.push(("inplace_indices".into(), ExprDoc::list(idx)));
    }
    if op == "relax.call_tir_with_grad" {
        if let Some(Value::Str(name)) = attr_field(&call.attrs, "te_grad_name") {
            kwargs.push(("te_grad_name".into(), ExprDoc::str(&name).with_path(attrs_path.attr("te_grad_name"))));
        }
        if let Some(v @ Value::Map(_)) = attr_field(&call.attrs, "te_grad_kwargs")
            && !matches!(&v, Value::Map(m) if m.is_empty()) {
                let d = p.value_to_doc(&v, &attrs_path.attr("te_grad_kwargs"))?;
                kwargs.push(("te_grad_kwargs".into(), d));
            }
    }
    let name = match op {
        "relax.call_tir" => crate::dialects::relax::distributed::printer::call_tir_name(out_ty),
        _ => op.trim_start_matches("relax."),
    };
    Ok(Some(r(p, name).call_kw(args, kwargs)))
}

/// Operators TVM writes in a form of their own.
fn special_call(p: &mut Printer, op: &str, call: &CallNode, path: &AccessPath) -> Result<Option<ExprDoc>> {
    let ap = path.attr("args");
    match op {
        "relax.call_tir" | "relax.call_dps_packed" | "relax.call_tir_with_grad" | "relax.call_tir_inplace"
        | "relax.dist.call_tir_local_view" => call_tir_family(p, op, call, path),
        // The format string is a keyword, or it would parse back as a format argument.
        "relax.assert_op" if call.args.len() >= 2 => {
            let mut args = vec![p.to_doc(&call.args[0], &ap.index(0))?];
            let format = p.to_doc(&call.args[1], &ap.index(1))?;
            for (i, a) in call.args.iter().enumerate().skip(2) {
                args.push(p.to_doc(a, &ap.index(i))?);
            }
            Ok(Some(r(p, "assert_op").call_kw(args, vec![("format".into(), format)])))
        }
        "relax.print" if !call.args.is_empty() => {
            let format = p.to_doc(&call.args[0], &ap.index(0))?;
            let mut args = Vec::new();
            for (i, a) in call.args.iter().enumerate().skip(1) {
                args.push(p.to_doc(a, &ap.index(i))?);
            }
            Ok(Some(r(p, "print").call_kw(args, vec![("format".into(), format)])))
        }
        "relax.hint_on_device" if !call.args.is_empty() && call.attrs.as_object().is_some() => {
            let mut args = vec![callee_doc(p, &call.args[0], &ap.index(0))?];
            let mut kwargs = attr_kwargs(p, &call.attrs, &path.attr("attrs"))?;
            // The last field (the memory scope) is positional, the rest make the device.
            if let Some((_, scope)) = kwargs.pop() {
                args.push(r(p, "device").call_kw(vec![], kwargs));
                args.push(scope);
            }
            Ok(Some(r(p, "hint_on_device").call(args)))
        }
        "relax.to_vdevice" if !call.args.is_empty() => {
            let args = vec![callee_doc(p, &call.args[0], &ap.index(0))?];
            let mut kwargs = Vec::new();
            if let Some(Value::Object(v)) = attr_field(&call.attrs, "dst_vdevice")
                && v.is::<VDeviceNode>() {
                    let name = super::types::vdevice_name(p, &v);
                    kwargs.push(("dst_vdevice".into(), ExprDoc::str(name).with_path(path.attr("attrs"))));
                }
            Ok(Some(r(p, "to_vdevice").call_kw(args, kwargs)))
        }
        _ => Ok(None),
    }
}

/// A call under Relax.
pub fn call_doc(p: &mut Printer, obj: &ObjectRef, call: &CallNode, path: &AccessPath) -> Result<Doc> {
    if prints_as_tir(call) {
        return via_tirx(p, obj, path);
    }
    let op_name: Option<&str> = call.op.downcast_ref::<OpNode>().map(|o| &*o.name);
    if let Some(name) = op_name
        && let Some(doc) = special_call(p, name, call, path)? {
            return Ok(doc.into());
        }
    let mut args = Vec::with_capacity(call.args.len() + 1);
    let mut kwargs = Vec::new();
    let callee = if let Some(ext) = call.op.downcast_ref::<ExternFuncNode>() {
        args.push(ExprDoc::str(ext.global_symbol.clone()).with_path(path.attr("op")));
        r(p, "call_packed")
    } else if let Some(name) = op_name {
        match name.strip_prefix("relax.") {
            Some(rest) => r(p, rest),
            None => ExprDoc::id(Text::copy(name)),
        }
        .with_path(path.attr("op"))
    } else if call.op.is::<VarNode>()
        || call.op.is::<GlobalVarNode>()
        || call.op.is::<crate::dialects::relax::nodes::DataflowVarNode>()
    {
        p.to_doc(&call.op, &path.attr("op"))?
    } else {
        return Err(Error::type_error(format!("Unsupported op: {}", call.op.type_key())));
    };
    let ap = path.attr("args");
    for (i, a) in call.args.iter().enumerate() {
        let d = if i == 0 { callee_doc(p, a, &ap.index(i))? } else { p.to_doc(a, &ap.index(i))? };
        args.push(d);
    }
    if !matches!(call.attrs, Value::None) {
        if let (Some(_), Value::Object(o)) = (call.op.downcast_ref::<ExternFuncNode>(), &call.attrs) {
            kwargs.push(("attrs_type_key".into(), ExprDoc::str(o.type_key()).with_path(path.attr("attrs"))));
        }
        kwargs.extend(attr_kwargs(p, &call.attrs, &path.attr("attrs"))?);
    }
    if !call.ty_args.is_empty() {
        let tp = path.attr("ty_args");
        let mut tys = Vec::with_capacity(call.ty_args.len());
        for (i, t) in call.ty_args.iter().enumerate() {
            tys.push(p.to_doc(t, &tp.index(i))?);
        }
        kwargs.push(("ty_args".into(), ExprDoc::tuple(tys)));
    }
    Ok(callee.call_kw(args, kwargs).into())
}

/// Register the call hook under the Relax token.
pub fn register() {
    register_print_hook(TOKEN, "ir.Call", |obj, path, p| {
        let call = obj.downcast_ref::<CallNode>().ok_or_else(|| Error::type_error("expected a Call"))?;
        call_doc(p, obj, call, path)
    });
}
