//! Relax expressions: variables (Relax values and symbolic scalars), constants,
//! tuples, shapes, strings, extern functions, module functions (`cls.f`) and the
//! scalar expressions Relax borrows from TIRx.

use crate::dialects::relax::nodes::{ExternFuncNode, GenericConstNode, ShapeExprNode, TensorValueNode};
use crate::dialects::relax::types::FuncTypeNode;
use crate::dialects::tirx::nodes::IndexMapNode;
use crate::ir::{
    AccessPath, DataType, Error, IntImmNode, ObjectRef, Result, StringImmNode, TupleGetItemNode, TupleNode,
    TypeCode, Value,
};
use crate::printer::doc::{Doc, ExprDoc, ExprKind, StmtDoc, Text};
use crate::printer::{register_print_hook, Printer, DEFAULT_TOKEN};

use super::types::shape_values;
use super::util::{
    contains, define_var, function_frame, push_to_frame, r, relax_data, relax_data_mut, relax_frame, var_parts,
    via_tirx, with_frame,
};
use super::TOKEN;

/// A variable under Relax (TVM's `PrintCanonicalVar`). A Relax value not defined yet is
/// a free variable, declared `x: R.Tensor(...)` in the current frame. A scalar is a
/// symbolic variable: defined in the function frame, with `n = T.int64()` there unless
/// it is a type variable of the signature being printed.
pub fn var_doc(p: &mut Printer, obj: &ObjectRef, path: &AccessPath) -> Result<ExprDoc> {
    // A defined variable (the usual case) costs one lookup.
    if let Some(d) = p.var_doc(obj)? {
        return Ok(d.with_path(path.clone()));
    }
    let (name, ty) = var_parts(obj).ok_or_else(|| Error::type_error("expected a Var"))?;
    if ty.as_prim().is_some() && obj.is::<crate::ir::VarNode>() {
        let frame = relax_frame(p).ok_or_else(|| {
            Error::index_error("No relax environment is found when printing a TIR var under relax's dispatch token")
        })?;
        let mut declare = true;
        if let Some(sig) = relax_data_mut(p, frame).and_then(|d| d.signature.as_mut()) {
            sig.func_vars.push(obj.clone());
            if !contains(&sig.prim_params, obj) {
                sig.type_vars.push(obj.clone());
                declare = false;
            }
        }
        let lhs = define_var(p, obj, frame)?;
        if declare {
            let rhs = crate::dialects::tirx::printer::types::type_creation(p, &ty, &path.attr("ty"))?;
            push_to_frame(p, frame, StmtDoc::assign(lhs, rhs))?;
        }
    } else {
        let ann = p.to_doc(&ty, &path.attr("ty"))?;
        let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
        let lhs = define_var(p, obj, frame)?;
        p.emit(super::util::param_stmt(lhs, Some(ann)))?;
    }
    match p.var_doc(obj)? {
        Some(d) => Ok(d.with_path(path.clone())),
        None => Err(Error::value_error(format!("Variable is not defined in the environment: {name}"))),
    }
}

/// A module function inside a Relax function: `cls.f`, with `cls = Module` written
/// into the function the first time (TVM's module alias); its bare name elsewhere.
fn global_var_doc(p: &mut Printer, obj: &ObjectRef, path: &AccessPath) -> Result<ExprDoc> {
    let gv = obj.downcast_ref::<crate::ir::GlobalVarNode>().expect("dispatched by type key");
    let mut doc = p.var_doc(obj)?;
    if doc.is_none() {
        // A module names its functions: another GlobalVar object of the same name
        // (one rebuilt with its function's type) is the same function.
        if let Some(same) = module_global_var(p, &gv.name_hint) {
            doc = p.var_doc(&same)?;
        }
    }
    let Some(mut doc) = doc else {
        return Ok(ExprDoc::id(&gv.name_hint).with_path(path.clone()));
    };
    if p.config().module_alias.is_empty() {
        return Ok(doc);
    }
    let ExprKind::Attr { value, .. } = &mut doc.kind else { return Ok(doc) };
    let Some(frame) = function_frame(p) else { return Ok(doc) };
    let alias = Text::copy(&p.config().module_alias);
    if !relax_data(p, frame).is_some_and(|d| d.alias_printed) {
        push_to_frame(p, frame, StmtDoc::assign(ExprDoc::id(alias.clone()), (**value).clone()))?;
        if let Some(d) = relax_data_mut(p, frame) {
            d.alias_printed = true;
        }
    }
    // `Module.f` becomes `cls.f` in place.
    **value = ExprDoc::id(alias);
    Ok(doc.with_path(path.clone()))
}

/// `T.index_map(lambda i: (i // 4, i % 4))` (an attribute of `R.layout_transform`): the
/// lambda's variables live in a frame of their own; its body prints under Relax, so
/// integer constants are bare.
fn index_map_doc(p: &mut Printer, obj: &ObjectRef, m: &IndexMapNode, path: &AccessPath) -> Result<ExprDoc> {
    let ((params, body), _) = with_frame(p, Some(obj.clone()), false, |p, f| {
        let mut params = Vec::with_capacity(m.initial_indices.len());
        for v in &m.initial_indices {
            let d = define_var(p, &v.as_ref_obj(), f)?;
            params.push(d.as_id().unwrap_or("_").to_string());
        }
        let fp = path.attr("final_indices");
        let mut results = Vec::with_capacity(m.final_indices.len());
        for (i, e) in m.final_indices.iter().enumerate() {
            results.push(p.to_doc(e, &fp.index(i))?);
        }
        Ok((params, ExprDoc::tuple(results)))
    })?;
    Ok(crate::dialects::tirx::printer::util::t(p, "index_map").call(vec![ExprDoc::lambda(params, body)]))
}

/// The GlobalVar of the enclosing module's function `name`.
fn module_global_var(p: &Printer, name: &str) -> Option<ObjectRef> {
    let module = p.frames().iter().rev().filter_map(|f| f.owner.as_ref()).find(|o| o.is::<crate::ir::IRModuleNode>())?;
    let m = module.downcast_ref::<crate::ir::IRModuleNode>()?;
    m.functions.get(name).map(|(gv, _)| gv.as_ref_obj())
}

/// The literal of a rank-0 tensor of a dtype TVM writes inline (`R.const(1.5, "float32")`).
fn scalar_literal(t: &TensorValueNode) -> Option<ExprDoc> {
    if !t.shape.is_empty() || t.dtype.lanes != 1 {
        return None;
    }
    let d = t.dtype;
    match (d.code, d.bits) {
        (TypeCode::Int, 8 | 16 | 32 | 64) => t.scalar_int().map(ExprDoc::int),
        (TypeCode::Float, 32 | 64) => t.scalar_float().map(ExprDoc::float),
        (TypeCode::Float, 16) => {
            let bits = u16::from_le_bytes(t.data.0.get(..2)?.try_into().ok()?);
            Some(ExprDoc::float(f16_value(bits)))
        }
        _ if d.is_bool() => t.scalar_int().map(|v| ExprDoc::bool(v != 0)),
        _ => None,
    }
}

/// The value of IEEE half-precision bits.
fn f16_value(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let frac = f64::from(bits & 0x3ff);
    let v = match exp {
        0x1f if frac == 0.0 => f64::INFINITY,
        0x1f => f64::NAN,
        0 => frac * 2f64.powi(-24),
        _ => (frac + 1024.0) * 2f64.powi(exp - 25),
    };
    sign * v
}

fn constant_doc(p: &mut Printer, obj: &ObjectRef, c: &GenericConstNode, path: &AccessPath) -> Result<ExprDoc> {
    if let Some(d) = c.as_dtype() {
        let lit = if d.is_void() { ExprDoc::none() } else { ExprDoc::str(d) };
        return Ok(r(p, "dtype").call(vec![lit.with_path(path.attr("value"))]));
    }
    if let Some(t) = c.tensor()
        && let Some(lit) = scalar_literal(t) {
            let lit = lit.with_path(path.attr("data"));
            if let Some(d) = crate::dialects::relax::distributed::printer::const_doc(p, &c.ty, lit.clone(), path)? {
                return Ok(d);
            }
            let dtype = ExprDoc::str(t.dtype).with_path(path.attr("data").attr("dtype"));
            return Ok(r(p, "const").call(vec![lit, dtype]));
        }
    Ok(p.add_metadata(&Value::Object(obj.clone())))
}

/// `R.ExternFunc("f")`, with its type when it is not the default opaque impure one.
fn extern_func_doc(p: &mut Printer, f: &ExternFuncNode, path: &AccessPath) -> Result<ExprDoc> {
    let mut args = vec![ExprDoc::str(f.global_symbol.clone()).with_path(path.attr("global_symbol"))];
    let default = f.ty.downcast_ref::<FuncTypeNode>().is_some_and(|t| {
        t.params.is_none() && !t.purity && t.ret.is::<crate::dialects::relax::types::AnyTypeNode>()
    });
    if !default {
        args.push(p.to_doc(&f.ty, &path.attr("ty"))?);
    }
    Ok(r(p, "ExternFunc").call(args))
}

fn int_imm_doc(imm: &IntImmNode, path: &AccessPath) -> ExprDoc {
    let d = if imm.ty.dtype() == DataType::bool() { ExprDoc::bool(imm.value != 0) } else { ExprDoc::int(imm.value) };
    d.with_path(path.clone())
}

fn hook<T: crate::ir::Object>(
    token: &str,
    key: &'static str,
    f: fn(&mut Printer, &ObjectRef, &T, &AccessPath) -> Result<ExprDoc>,
) {
    register_print_hook(token, key, move |obj, path, p| {
        let node = obj.downcast_ref::<T>().ok_or_else(|| Error::type_error(format!("expected {key}")))?;
        Ok(Doc::Expr(f(p, obj, node, path)?))
    });
}

/// Scalar expression nodes Relax prints as TIRx does.
const PRIM_KEYS: &[&str] = &[
    "prim.Add", "prim.Sub", "prim.Mul", "prim.Div", "prim.Mod", "prim.FloorDiv", "prim.FloorMod", "prim.Min",
    "prim.Max", "prim.EQ", "prim.NE", "prim.LT", "prim.LE", "prim.GT", "prim.GE", "prim.And", "prim.Or",
    "prim.BitwiseAnd", "prim.BitwiseOr", "prim.BitwiseXor", "prim.LShift", "prim.RShift", "prim.Not",
    "prim.BitwiseNot", "prim.Select", "prim.Cast", "prim.Let", "prim.Ramp", "prim.Broadcast", "prim.Shuffle",
    "ir.FloatImm", "ir.TensorLoad", "tirx.LambdaExpr",
];

/// Register the expression hooks.
pub fn register() {
    register_print_hook(TOKEN, "ir.Var", |obj, path, p| Ok(var_doc(p, obj, path)?.into()));
    register_print_hook(DEFAULT_TOKEN, "relax.expr.DataflowVar", |obj, path, p| Ok(var_doc(p, obj, path)?.into()));
    hook::<IntImmNode>(TOKEN, "ir.IntImm", |_, _, n, path| Ok(int_imm_doc(n, path)));
    register_print_hook(TOKEN, "ir.GlobalVar", |obj, path, p| Ok(global_var_doc(p, obj, path)?.into()));
    hook::<StringImmNode>(TOKEN, "ir.StringImm", |p, _, n, path| {
        let lit = ExprDoc::str(&n.value).with_path(path.attr("value"));
        Ok(r(p, "str").call(vec![lit]))
    });
    hook::<TupleNode>(TOKEN, "ir.Tuple", |p, _, n, path| {
        if n.fields.is_empty() {
            return Ok(r(p, "tuple").call(vec![]));
        }
        let fp = path.attr("fields");
        let mut docs = Vec::with_capacity(n.fields.len());
        for (i, f) in n.fields.iter().enumerate() {
            docs.push(p.to_doc(f, &fp.index(i))?);
        }
        Ok(ExprDoc::tuple(docs))
    });
    hook::<TupleGetItemNode>(TOKEN, "ir.TupleGetItem", |p, _, n, path| {
        let t = p.to_doc(&n.tuple_value, &path.attr("tuple_value"))?;
        Ok(t.index(vec![ExprDoc::int(n.index).with_path(path.attr("index"))]))
    });
    hook::<ShapeExprNode>(DEFAULT_TOKEN, "relax.expr.ShapeExpr", |p, _, n, path| {
        let docs = shape_values(p, &n.values, &path.attr("values"))?;
        Ok(r(p, "shape").call(vec![ExprDoc::list(docs)]))
    });
    hook::<GenericConstNode>(DEFAULT_TOKEN, "ir.GenericConst", constant_doc);
    hook::<IndexMapNode>(TOKEN, "tirx.IndexMap", index_map_doc);
    hook::<ExternFuncNode>(DEFAULT_TOKEN, "relax.expr.ExternFunc", |p, _, n, path| extern_func_doc(p, n, path));
    for key in PRIM_KEYS {
        register_print_hook(TOKEN, key, |obj, path, p| via_tirx(p, obj, path));
    }
    // Module-level global infos.
    register_print_hook(DEFAULT_TOKEN, "relax.VDevice", |obj, path, p| {
        let v = obj.downcast_ref::<crate::dialects::relax::types::VDeviceNode>().expect("dispatched by type key");
        p.use_import(crate::dialects::ir::printer::IMPORT_I);
        let prefix = p.config().ir_prefix.clone();
        // TVM prints the target's exported config (`{"keys": [...], "kind": ...}`).
        let config = match v.target.as_object().and_then(|o| o.downcast_ref::<crate::ir::target::TargetNode>()) {
            Some(t) => t.export(),
            None => v.target.clone(),
        };
        let target = p.value_to_doc(&config, &path.attr("target"))?;
        let args = vec![
            target,
            ExprDoc::int(v.vdevice_id).with_path(path.attr("vdevice_id")),
            ExprDoc::str(v.memory_scope.clone()).with_path(path.attr("memory_scope")),
        ];
        Ok(ExprDoc::id(prefix).attr("vdevice").call(args).into())
    });
    register_print_hook(DEFAULT_TOKEN, "relax.DummyGlobalInfo", |_, _, p| {
        p.use_import(crate::dialects::ir::printer::IMPORT_I);
        let prefix = p.config().ir_prefix.clone();
        Ok(ExprDoc::id(prefix).attr("dummy_global_info").call(vec![]).into())
    });
}
