//! Scalar expressions under the TIRx token: variables, constants, arithmetic, calls,
//! tensor loads and regions.

use crate::dialects::tirx::nodes::{
    buffer_type, CommReducerNode, IndexMapNode, IterVarNode, LambdaExprNode, TensorRegionNode,
};
use crate::dialects::tirx::ops::{ATTR_DTYPE_PRINT_LOCATION, ATTR_SCRIPT_NAME};
use crate::ir::{
    AccessPath, BinOp, BitwiseNotNode, BroadcastNode, CallNode, CastNode, DataType, Error, Expr, FloatImmNode,
    IntImmNode, LetNode, NotNode, ObjectRef, OpNode, RampNode, RangeNode, Result, SelectNode, ShuffleNode,
    StringImmNode, TensorLoadNode, Value, VarNode,
};
use crate::printer::Text;
use crate::printer::doc::{Doc, ExprDoc, ExprKind, Literal, OpKind, StmtDoc};
use crate::printer::{register_print_hook, Printer};

use super::buffer::is_scalar_buffer;
use super::fold;
use super::types::{dtype_argument, type_creation};
use super::util::{define_var, dtype_doc, find_lowest_var_def, push_to_frame, t, with_frame};
use super::TOKEN;

fn expr_at(p: &mut Printer, e: &Expr, path: &AccessPath) -> Result<ExprDoc> {
    p.to_doc(e, path)
}

/// The declaration of a free buffer (`A = T.Buffer((n,), "int32")`) in `frame`, as
/// TVM's: a shape dimension that is a variable not yet defined is defined in the
/// same frame, just before (`n = T.int32()`; several at once as one tuple
/// assignment), not where its first use happens to be. A free buffer is spelled as a
/// tensor parameter is (docs/syntax.md).
fn free_buffer_decl(p: &mut Printer, obj: &ObjectRef, path: &AccessPath, frame: crate::printer::FrameId) -> Result<ExprDoc> {
    use super::buffer::{buffer_args, call_with, DimRole, Form};
    let mut pending: Vec<(ExprDoc, ExprDoc)> = Vec::new();
    let mut dims = |p: &mut Printer, e: &Expr, ep: &AccessPath, role: DimRole| -> Result<ExprDoc> {
        if let (DimRole::Shape(_), Some(v)) = (role, e.as_var()) {
            if !p.is_defined(e) {
                let ty = v.ty.clone();
                let lhs = define_var(p, e, frame)?;
                let rhs = type_creation(p, &ty, &ep.attr("ty"))?;
                pending.push((lhs.clone(), rhs));
                return Ok(lhs.with_path(ep.clone()));
            }
        }
        p.to_doc(e, ep)
    };
    let args = buffer_args(p, obj, path, Form::Decl, Some(&mut dims))?;
    match pending.len() {
        0 => {}
        1 => {
            let (l, r) = pending.pop().expect("one definition");
            push_to_frame(p, frame, StmtDoc::assign(l, r))?;
        }
        _ => {
            let (ls, rs): (Vec<ExprDoc>, Vec<ExprDoc>) = pending.into_iter().unzip();
            push_to_frame(p, frame, StmtDoc::assign(ExprDoc::tuple(ls), ExprDoc::tuple(rs)))?;
        }
    }
    let callee = if p.tvm_syntax() { "Buffer" } else { "Tensor" };
    Ok(call_with(t(p, callee), args, vec![]))
}

/// A variable: its name once defined; a free variable is first defined in the scope
/// shared by all its uses, with `n = T.int32()` written there.
pub fn var_doc(p: &mut Printer, obj: &ObjectRef, path: &AccessPath) -> Result<ExprDoc> {
    if !p.is_defined(obj) {
        if let Some(frame) = find_lowest_var_def(p, obj) {
            let var = obj.downcast_ref::<VarNode>().ok_or_else(|| Error::type_error("expected a Var"))?;
            let ty = var.ty.clone();
            let lhs = define_var(p, obj, frame)?;
            let rhs = if buffer_type(var).is_some() {
                free_buffer_decl(p, obj, path, frame)?
            } else {
                type_creation(p, &ty, &path.attr("ty"))?
            };
            push_to_frame(p, frame, StmtDoc::assign(lhs, rhs))?;
        }
    }
    match p.var_doc(obj)? {
        Some(d) => Ok(d),
        None => {
            let var = obj.downcast_ref::<VarNode>().ok_or_else(|| Error::type_error("expected a Var"))?;
            Err(Error::value_error(format!("Variable is not defined in the environment: {}", var.name)))
        }
    }
}

/// `1`, `T.int64(1)`, `T.bool(True)`: int32 constants are bare Python ints.
fn int_imm_doc(p: &mut Printer, imm: &IntImmNode, path: &AccessPath) -> ExprDoc {
    let d = imm.ty.dtype();
    let value_path = path.attr("value");
    if d == p.config().int_dtype {
        return ExprDoc::int(imm.value).with_path(value_path);
    }
    let lit = if d.is_bool() { ExprDoc::bool(imm.value != 0) } else { ExprDoc::int(imm.value) };
    dtype_doc(p, d).call(vec![lit.with_path(value_path)])
}

fn float_imm_doc(p: &mut Printer, imm: &FloatImmNode, path: &AccessPath) -> ExprDoc {
    let d = imm.ty.dtype();
    let lit = ExprDoc::float(imm.value).with_path(path.attr("value"));
    if d == p.config().float_dtype {
        return lit;
    }
    dtype_doc(p, d).call(vec![lit])
}

fn binary_info(op: BinOp) -> (&'static str, Option<OpKind>) {
    use BinOp::*;
    match op {
        Add => ("Add", Some(OpKind::Add)),
        Sub => ("Sub", Some(OpKind::Sub)),
        Mul => ("Mul", Some(OpKind::Mult)),
        Div => ("Div", None),
        Mod => ("truncmod", None),
        FloorDiv => ("FloorDiv", Some(OpKind::FloorDiv)),
        FloorMod => ("FloorMod", Some(OpKind::Mod)),
        Min => ("min", None),
        Max => ("max", None),
        EQ => ("EQ", Some(OpKind::Eq)),
        NE => ("NE", Some(OpKind::NotEq)),
        LT => ("LT", Some(OpKind::Lt)),
        LE => ("LE", Some(OpKind::LtE)),
        GT => ("GT", Some(OpKind::Gt)),
        GE => ("GE", Some(OpKind::GtE)),
        And => ("And", Some(OpKind::And)),
        Or => ("Or", Some(OpKind::Or)),
        BitwiseAnd => ("bitwise_and", Some(OpKind::BitAnd)),
        BitwiseOr => ("bitwise_or", Some(OpKind::BitOr)),
        BitwiseXor => ("bitwise_xor", Some(OpKind::BitXor)),
        LShift => ("shift_left", Some(OpKind::LShift)),
        RShift => ("shift_right", Some(OpKind::RShift)),
    }
}

fn binary_doc(p: &mut Printer, obj: &ObjectRef, path: &AccessPath) -> Result<ExprDoc> {
    let (op, a, b) = BinOp::operands(obj).ok_or_else(|| Error::type_error("expected a binary operation"))?;
    let da = expr_at(p, a, &path.attr("a"))?;
    let db = expr_at(p, b, &path.attr("b"))?;
    let (name, kind) = binary_info(op);
    let float_div = op == BinOp::Div && a.dtype().is_float();
    match kind {
        Some(k) if !fold::sugar_changes(op, a, b) => Ok(ExprDoc::binary(k, da, db)),
        None if float_div && !fold::sugar_changes(op, a, b) => Ok(ExprDoc::binary(OpKind::Div, da, db)),
        _ => Ok(t(p, name).call(vec![da, db])),
    }
}

/// The script name of an operator (`exp`, `ptx.ld`) and where its call prints the dtype.
fn op_script_info(op: &OpNode) -> (String, i64) {
    let entry = crate::ir::Op::lookup(&op.name);
    let name = entry
        .as_ref()
        .and_then(|o| o.get_attr(ATTR_SCRIPT_NAME))
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| op.name.to_string());
    let loc = entry.as_ref().and_then(|o| o.get_attr(ATTR_DTYPE_PRINT_LOCATION)).and_then(|v| v.as_int()).unwrap_or(0);
    (name, loc)
}

fn call_doc(p: &mut Printer, call: &CallNode, path: &AccessPath) -> Result<ExprDoc> {
    let (callee, loc) = if let Some(op) = call.op.downcast_ref::<OpNode>() {
        if &*op.name == "tirx.buffer_data" {
            if let Some(buf) = call.args.first() {
                return Ok(expr_at(p, buf, &path.attr("args").index(0))?.attr("data"));
            }
        }
        let (name, loc) = op_script_info(op);
        if loc == 0 && matches!(call.attrs, Value::None) && stored_type_differs(call) {
            return raw_call_doc(p, call, &op.name, path);
        }
        (t(p, &name), loc)
    } else {
        (expr_at(p, &call.op, &path.attr("op"))?, 0)
    };
    let mut args = Vec::with_capacity(call.args.len() + 1);
    if loc == 1 {
        args.push(dtype_argument(p, &call.ty, &path.attr("ty"))?);
    }
    // Intrinsics whose script function takes a trailing string argument by keyword.
    let keyword_last = call.op.downcast_ref::<OpNode>().and_then(|o| match &*o.name {
        "tirx.cuda.func_call" => Some("source_code"),
        _ => None,
    });
    let keyword_last = keyword_last.filter(|_| call.args.len() > 1 && call.args.last().is_some_and(|a| a.is::<StringImmNode>()));
    let positional = call.args.len() - usize::from(keyword_last.is_some());
    for (i, a) in call.args[..positional].iter().enumerate() {
        args.push(expr_at(p, a, &path.attr("args").index(i))?);
    }
    if loc == 2 {
        args.push(dtype_argument(p, &call.ty, &path.attr("ty"))?);
    }
    let mut kwargs = call_attr_kwargs(p, call, path)?;
    if let Some(k) = keyword_last {
        let i = call.args.len() - 1;
        // The keyword's string is written out even across lines (TVM prints it as a
        // literal, not through the StringImm rule that moves such strings to metadata).
        let d = match call.args[i].downcast_ref::<StringImmNode>() {
            Some(s) => ExprDoc::str(&s.value).with_path(path.attr("args").index(i).attr("value")),
            None => expr_at(p, &call.args[i], &path.attr("args").index(i))?,
        };
        kwargs.push((k.into(), d));
    }
    Ok(callee.call_kw(args, kwargs))
}

/// Whether a call's stored type is not the one its operator infers: its named form
/// would parse back with the inferred type.
fn stored_type_differs(call: &CallNode) -> bool {
    if call.ty.is_missing() {
        return false;
    }
    match crate::ir::op::infer_call_type(call) {
        Ok(inferred) => !inferred.is_missing() && !crate::ir::structural_equal(&inferred, &call.ty, false),
        Err(_) => false,
    }
}

/// `I.Call("tirx.exp", [x], ty=T.int8)`: a call with every field kept, for a call its
/// named form would not give back.
fn raw_call_doc(p: &mut Printer, call: &CallNode, op: &str, path: &AccessPath) -> Result<ExprDoc> {
    let mut args = Vec::with_capacity(call.args.len());
    for (i, a) in call.args.iter().enumerate() {
        args.push(expr_at(p, a, &path.attr("args").index(i))?);
    }
    let ty = super::types::type_annotation(p, &call.ty, &path.attr("ty"))?;
    p.use_import(crate::dialects::ir::printer::IMPORT_I);
    let prefix = p.config().ir_prefix.clone();
    Ok(ExprDoc::id(prefix)
        .attr("Call")
        .call_kw(vec![ExprDoc::str(op), ExprDoc::list(args)], vec![("ty".into(), ty)]))
}

/// A call's attributes as keyword arguments: the fields of a typed attrs object, or
/// the entries of a map.
fn call_attr_kwargs(p: &mut Printer, call: &CallNode, path: &AccessPath) -> Result<Vec<(Text, ExprDoc)>> {
    let mut out = Vec::new();
    match &call.attrs {
        Value::Object(o) => {
            // A typed-attrs call's script function takes the fields and the result type
            // by keyword (`T.call_ffi_kernel(..., launch_params=[...], ret_ty="int32")`).
            let info = o.type_info();
            for (f, v) in info.fields.iter().zip(o.fields()) {
                let d = p.value_to_doc(&v, &path.attr("attrs").attr(f.name))?;
                out.push((f.name.into(), d));
            }
            out.push(("ret_ty".into(), dtype_argument(p, &call.ty, &path.attr("ty"))?));
        }
        Value::Map(items) => {
            for (k, v) in items.iter() {
                if let Some(k) = k.as_str() {
                    let d = p.value_to_doc(v, &path.attr("attrs").map_key(Value::str(k)))?;
                    out.push((Text::copy(k), d));
                }
            }
        }
        _ => {}
    }
    Ok(out)
}

/// `A[i, j]`; a one-element local scalar buffer read at 0 is just `A`.
fn tensor_load_doc(p: &mut Printer, load: &TensorLoadNode, path: &AccessPath) -> Result<ExprDoc> {
    let source = expr_at(p, &load.source, &path.attr("source"))?;
    if is_scalar_buffer(&load.source) && load.indices.len() == 1 {
        return Ok(source);
    }
    let mut idx = Vec::with_capacity(load.indices.len());
    for (i, e) in load.indices.iter().enumerate() {
        idx.push(expr_at(p, e, &path.attr("indices").index(i))?);
    }
    if idx.is_empty() {
        idx.push(ExprDoc::tuple(vec![]));
    }
    Ok(source.index(idx))
}

/// Region bounds: `min` for an extent of one, `min:min + extent` otherwise.
pub fn region_slices(p: &mut Printer, region: &[crate::ir::Range], path: &AccessPath) -> Result<Vec<ExprDoc>> {
    let mut out = Vec::with_capacity(region.len());
    for (i, r) in region.iter().enumerate() {
        let rp = path.index(i);
        let min = expr_at(p, &r.min, &rp.attr("min"))?;
        if r.extent.as_int() == Some(1) {
            out.push(min);
        } else {
            let stop = fold::add(&r.min, &r.extent);
            let max = expr_at(p, &stop, &rp.attr("extent"))?;
            out.push(ExprDoc::slice(Some(min), Some(max), None));
        }
    }
    Ok(out)
}

fn tensor_region_doc(p: &mut Printer, r: &TensorRegionNode, path: &AccessPath) -> Result<ExprDoc> {
    let source = expr_at(p, &r.source, &path.attr("source"))?;
    let mut idx = region_slices(p, &r.region, &path.attr("region"))?;
    if idx.is_empty() {
        idx.push(ExprDoc::tuple(vec![]));
    }
    Ok(source.index(idx))
}

/// Store indices: a Ramp with a constant stride is a slice `base:base + lanes * stride`.
pub fn store_indices(p: &mut Printer, indices: &[Expr], path: &AccessPath) -> Result<Vec<ExprDoc>> {
    let mut out = Vec::with_capacity(indices.len());
    for (i, e) in indices.iter().enumerate() {
        let ip = path.index(i);
        if let Some(ramp) = e.downcast_ref::<RampNode>() {
            if let Some(stride) = ramp.stride.as_int() {
                let start = expr_at(p, &ramp.base, &ip.attr("base"))?;
                let stop = fold::add(&ramp.base, &fold::mul(&ramp.lanes, &ramp.stride));
                let stop = expr_at(p, &stop, &ip.attr("lanes"))?;
                let step = if stride != 1 { Some(expr_at(p, &ramp.stride, &ip.attr("stride"))?) } else { None };
                out.push(ExprDoc::slice(Some(start), Some(stop), step));
                continue;
            }
        }
        out.push(expr_at(p, e, &ip)?);
    }
    if out.is_empty() {
        out.push(ExprDoc::tuple(vec![]));
    }
    Ok(out)
}

fn is_literal(d: &ExprDoc) -> bool {
    matches!(d.kind, ExprKind::Literal(_))
}

/// `T.comm_reducer(lambda x, y: x + y, [T.float32(0.0)])`.
fn comm_reducer_doc(p: &mut Printer, obj: &ObjectRef, r: &CommReducerNode, path: &AccessPath) -> Result<ExprDoc> {
    let ((params, body), _) = with_frame(p, Some(obj.clone()), |p, f| {
        let mut params = Vec::new();
        for v in r.lhs.iter().chain(r.rhs.iter()) {
            let d = define_var(p, &v.as_ref_obj(), f)?;
            params.push(d.as_id().unwrap_or("_").to_string());
        }
        let mut results = Vec::new();
        for (i, e) in r.result.iter().enumerate() {
            results.push(expr_at(p, e, &path.attr("result").index(i))?);
        }
        let body = if results.len() == 1 { results.pop().unwrap() } else { ExprDoc::tuple(results) };
        Ok((params, body))
    })?;
    let mut ids = Vec::new();
    for (i, e) in r.identity_element.iter().enumerate() {
        ids.push(expr_at(p, e, &path.attr("identity_element").index(i))?);
    }
    Ok(t(p, "comm_reducer").call(vec![ExprDoc::lambda(params, body), ExprDoc::list(ids)]))
}

/// `T.index_map(lambda i, j: (i // 4, j))`; a pre-defined inverse prints as
/// `inverse_index_map=lambda ...`.
fn index_map_doc(p: &mut Printer, obj: &ObjectRef, m: &IndexMapNode, path: &AccessPath) -> Result<ExprDoc> {
    let forward = index_map_lambda(p, obj, m, path)?;
    if let Some(inv) = crate::dialects::tirx::index_map::given_inverse(m) {
        let inv_obj = inv.clone().upcast();
        let lambda = index_map_lambda(p, &inv_obj, &inv, &path.attr("inverse_index_map"))?;
        return Ok(t(p, "index_map").call_kw(vec![forward], vec![("inverse_index_map".into(), lambda)]));
    }
    Ok(t(p, "index_map").call(vec![forward]))
}

fn index_map_lambda(p: &mut Printer, obj: &ObjectRef, m: &IndexMapNode, path: &AccessPath) -> Result<ExprDoc> {
    let ((params, body), _) = with_frame(p, Some(obj.clone()), |p, f| {
        let mut params = Vec::new();
        for v in &m.initial_indices {
            let d = define_var(p, &v.as_ref_obj(), f)?;
            params.push(d.as_id().unwrap_or("_").to_string());
        }
        let mut results = Vec::new();
        for (i, e) in m.final_indices.iter().enumerate() {
            results.push(expr_at(p, e, &path.attr("final_indices").index(i))?);
        }
        Ok((params, ExprDoc::tuple(results)))
    })?;
    Ok(ExprDoc::lambda(params, body))
}

fn lambda_expr_doc(p: &mut Printer, obj: &ObjectRef, l: &LambdaExprNode, path: &AccessPath) -> Result<ExprDoc> {
    let ((params, body), _) = with_frame(p, Some(obj.clone()), |p, f| {
        let mut params = Vec::new();
        for v in &l.vars {
            let d = define_var(p, &v.as_ref_obj(), f)?;
            params.push(d.as_id().unwrap_or("_").to_string());
        }
        Ok((params, expr_at(p, &l.pred, &path.attr("pred"))?))
    })?;
    Ok(ExprDoc::lambda(params, body))
}

fn iter_var_doc(p: &mut Printer, iv: &IterVarNode, path: &AccessPath) -> Result<ExprDoc> {
    let var = var_doc(p, &iv.var.as_ref_obj(), &path.attr("var"))?;
    let dom = match &iv.dom {
        Some(r) => {
            let min = expr_at(p, &r.min, &path.attr("dom").attr("min"))?;
            let ext = expr_at(p, &r.extent, &path.attr("dom").attr("extent"))?;
            ExprDoc::list(vec![min, ext])
        }
        None => ExprDoc::none(),
    };
    Ok(t(p, "iter_var").call(vec![
        var,
        dom,
        ExprDoc::str(iv.iter_type.name()),
        ExprDoc::str(iv.thread_tag.clone()),
    ]))
}

fn hook<T: 'static>(
    key: &str,
    f: fn(&mut Printer, &ObjectRef, &T, &AccessPath) -> Result<ExprDoc>,
) where
    T: crate::ir::Object,
{
    register_print_hook(TOKEN, key, move |obj, path, p| {
        let node = obj.downcast_ref::<T>().ok_or_else(|| Error::type_error(format!("expected {}", obj.type_key())))?;
        Ok(Doc::Expr(f(p, obj, node, path)?))
    });
}

/// Register the expression hooks under the TIRx token.
pub fn register() {
    register_print_hook(TOKEN, "ir.Var", |obj, path, p| Ok(var_doc(p, obj, path)?.into()));
    hook::<IntImmNode>("ir.IntImm", |p, _, n, path| Ok(int_imm_doc(p, n, path)));
    hook::<FloatImmNode>("ir.FloatImm", |p, _, n, path| Ok(float_imm_doc(p, n, path)));
    hook::<StringImmNode>("ir.StringImm", |p, obj, n, path| {
        // A multi-line string is no one-line literal: TVM moves it to the metadata.
        if n.value.contains('\n') {
            return Ok(p.add_metadata(&Value::Object(obj.clone())).with_path(path.clone()).into());
        }
        Ok(ExprDoc::str(&n.value).with_path(path.attr("value")))
    });
    for key in [
        "prim.Add", "prim.Sub", "prim.Mul", "prim.Div", "prim.Mod", "prim.FloorDiv", "prim.FloorMod", "prim.Min",
        "prim.Max", "prim.EQ", "prim.NE", "prim.LT", "prim.LE", "prim.GT", "prim.GE", "prim.And", "prim.Or",
        "prim.BitwiseAnd", "prim.BitwiseOr", "prim.BitwiseXor", "prim.LShift", "prim.RShift",
    ] {
        register_print_hook(TOKEN, key, |obj, path, p| Ok(binary_doc(p, obj, path)?.into()));
    }
    hook::<NotNode>("prim.Not", |p, _, n, path| {
        let a = expr_at(p, &n.a, &path.attr("a"))?;
        if is_literal(&a) {
            return Ok(t(p, "Not").call(vec![a]));
        }
        Ok(a.logical_not())
    });
    hook::<BitwiseNotNode>("prim.BitwiseNot", |p, _, n, path| Ok(expr_at(p, &n.a, &path.attr("a"))?.invert()));
    hook::<SelectNode>("prim.Select", |p, _, n, path| {
        let c = expr_at(p, &n.condition, &path.attr("condition"))?;
        let a = expr_at(p, &n.true_value, &path.attr("true_value"))?;
        let b = expr_at(p, &n.false_value, &path.attr("false_value"))?;
        Ok(t(p, "Select").call(vec![c, a, b]))
    });
    hook::<CastNode>("prim.Cast", |p, _, n, path| {
        let d = ExprDoc::str(n.ty.dtype()).with_path(path.attr("ty"));
        let v = expr_at(p, &n.value, &path.attr("value"))?;
        Ok(t(p, "Cast").call(vec![d, v]))
    });
    hook::<LetNode>("prim.Let", |p, _, n, path| {
        let var = var_doc(p, &n.var.as_ref_obj(), &path.attr("var"))?;
        let value = expr_at(p, &n.value, &path.attr("value"))?;
        let body = expr_at(p, &n.body, &path.attr("body"))?;
        Ok(t(p, "Let").call_kw(vec![body], vec![("where".into(), ExprDoc::dict(vec![(var, value)]))]))
    });
    hook::<RampNode>("prim.Ramp", |p, _, n, path| {
        let base = expr_at(p, &n.base, &path.attr("base"))?;
        let stride = expr_at(p, &n.stride, &path.attr("stride"))?;
        let lanes = expr_at(p, &n.lanes, &path.attr("lanes"))?;
        Ok(t(p, "Ramp").call(vec![base, stride, lanes]))
    });
    hook::<BroadcastNode>("prim.Broadcast", |p, _, n, path| {
        let value = expr_at(p, &n.value, &path.attr("value"))?;
        let lanes = expr_at(p, &n.lanes, &path.attr("lanes"))?;
        Ok(t(p, "Broadcast").call(vec![value, lanes]))
    });
    hook::<ShuffleNode>("prim.Shuffle", |p, _, n, path| {
        let mut vs = Vec::new();
        for (i, v) in n.vectors.iter().enumerate() {
            vs.push(expr_at(p, v, &path.attr("vectors").index(i))?);
        }
        let mut is = Vec::new();
        for (i, v) in n.indices.iter().enumerate() {
            is.push(expr_at(p, v, &path.attr("indices").index(i))?);
        }
        Ok(t(p, "Shuffle").call(vec![ExprDoc::list(vs), ExprDoc::list(is)]))
    });
    hook::<CallNode>("ir.Call", |p, _, n, path| call_doc(p, n, path));
    // A function called from a TIRx body: `cls.f` in its module, its bare name alone.
    hook::<crate::ir::GlobalVarNode>("ir.GlobalVar", |p, obj, n, _| match p.var_doc(obj)? {
        Some(d) => Ok(d),
        None => Ok(ExprDoc::id(&n.name_hint)),
    });
    hook::<TensorLoadNode>("ir.TensorLoad", |p, _, n, path| tensor_load_doc(p, n, path));
    hook::<TensorRegionNode>("ir.TensorRegion", |p, _, n, path| tensor_region_doc(p, n, path));
    hook::<RangeNode>("ir.Range", |p, _, n, path| {
        let min = expr_at(p, &n.min, &path.attr("min"))?;
        let end = fold::add(&n.min, &n.extent);
        let end = expr_at(p, &end, &path.attr("extent"))?;
        // A range printed on its own is `I.Range(min, end)`; inside a statement, a slice.
        if path.len() == 0 {
            p.use_import(crate::dialects::ir::printer::IMPORT_I);
            let prefix = p.config().ir_prefix.clone();
            return Ok(ExprDoc::id(prefix).attr("Range").call(vec![min, end]));
        }
        Ok(ExprDoc::slice(Some(min), Some(end), None))
    });
    hook::<IterVarNode>("tirx.IterVar", |p, _, n, path| iter_var_doc(p, n, path));
    hook::<crate::ir::target::TargetNode>("target.Target", |p, _, n, path| {
        let config = p.value_to_doc(&n.export(), path)?;
        Ok(t(p, "target").call(vec![config]).into())
    });
    hook::<CommReducerNode>("te.CommReducer", comm_reducer_doc);
    hook::<IndexMapNode>("tirx.IndexMap", index_map_doc);
    hook::<LambdaExprNode>("tirx.LambdaExpr", lambda_expr_doc);
    let _ = (DataType::INT32, Literal::None);
}
