//! `tirx.PrimFunc`: decorator, signature (with its symbolic shape variables), function
//! attributes and body.
//!
//! Symbols in the signature (`A: T.Buffer((n,), ...)` where nothing defined `n`) are
//! spelled as TVM 0.27 spells them with `Syntax::Tvm`: an int64 symbol is a top-level
//! `n = TypeVar("n")`; an int32 shape symbol is the string `"n"` with `n = T.int32()`
//! in the body; a stride or offset symbol is the string `"s0"` / omitted, and is later
//! read as `A.strides[0]` / `A.elem_offset`; an expression holding a symbol not usable
//! in Python at definition time is quoted whole. The native spelling declares every
//! such symbol in a PEP 695 header instead: `def f[n, m: T.int64](...)`.


use crate::dialects::tirx::nodes::{buffer_type, PrimFuncNode};
use crate::ir::{AccessPath, DataType, Error, Expr, ObjectRef, Result, TupleTypeNode, Value, VarNode};
use crate::printer::Text;
use crate::printer::doc::{Doc, ExprDoc, FunctionDoc, StmtDoc};
use crate::printer::engine::IMPORT_TYPE_VAR;
use crate::printer::{register_print_hook, FrameId, Printer};

use super::buffer::{buffer_args, buffer_of, DimRole, Form};
use super::types::type_annotation;
use super::util::{as_doc_body, define_var, push_frame, t, tvm_syntax, var_hint, TirFrame};
use super::{IMPORT_TS, TOKEN};

/// The attribute that marks an S-TIR function.
pub const ATTR_S_TIR: &str = "s_tir";
const ATTR_GLOBAL_SYMBOL: &str = "global_symbol";

fn is_var(o: &ObjectRef) -> bool {
    o.is::<VarNode>()
}

/// The expressions of a buffer's signature, in the order they print.
fn signature_exprs(buf: &ObjectRef) -> Vec<Expr> {
    let Some(bt) = buffer_of(buf) else { return vec![] };
    let mut out: Vec<Expr> = bt.shape.clone();
    out.extend(bt.strides.iter().cloned());
    out.push(bt.elem_offset.clone());
    out
}

/// Variables in `e`, in pre-order, each once.
fn vars_in(e: &Expr, out: &mut Vec<ObjectRef>) {
    crate::ir::pre_order_visit(e, |o: &ObjectRef| {
        if is_var(o) && !out.iter().any(|x| x.same_as(o)) {
            out.push(o.clone());
        }
        true
    });
}

/// The symbols of a signature: variables used in buffer parameters' shapes, strides
/// and offsets before anything defines them, in order of first use.
fn signature_symbols(params: &[crate::ir::Var]) -> Vec<ObjectRef> {
    let mut seen: Vec<ObjectRef> = Vec::new();
    let mut defined: Vec<ObjectRef> = Vec::new();
    for prm in params {
        let obj = prm.as_ref_obj();
        if buffer_of(&obj).is_some() {
            let mut vars = Vec::new();
            for e in signature_exprs(&obj) {
                vars_in(&e, &mut vars);
            }
            for v in vars {
                if !defined.iter().any(|d| d.same_as(&v)) && !seen.iter().any(|d| d.same_as(&v)) {
                    seen.push(v);
                }
            }
        }
        defined.push(obj);
    }
    seen
}

/// What the signature printer knows about symbols.
struct SigCtx {
    /// The frame symbols are defined in.
    frame: FrameId,
    /// Symbols printed bare though defined only at the top level (TVM's `TypeVar`s).
    typevars: Vec<ObjectRef>,
    /// Parameters not yet reached.
    later_params: Vec<ObjectRef>,
    /// Whether compound expressions holding symbols are quoted (parameters only).
    quote_compound: bool,
    /// Whether new shape symbols are defined here (else by the variable hook).
    shapes: bool,
    /// Out-of-line definitions (`n = T.int32()`) to write after this buffer.
    pending: Vec<(ExprDoc, ExprDoc)>,
    /// How often each variable occurs in this buffer's shape, strides and offset.
    occurrences: Vec<(ObjectRef, usize)>,
}

fn contains(list: &[ObjectRef], o: &ObjectRef) -> bool {
    list.iter().any(|x| x.same_as(o))
}

fn quoted(p: &mut Printer, e: &Expr, path: &AccessPath) -> Result<ExprDoc> {
    let d = p.to_doc(e, path)?;
    let cfg = p.config_arc();
    let text = crate::printer::python::to_python_plain(&Doc::Expr(d), &cfg)?;
    Ok(ExprDoc::str(text).with_path(path.clone()))
}

impl SigCtx {
    fn occurrences_of(&self, v: &ObjectRef) -> usize {
        self.occurrences.iter().find(|(o, _)| o.same_as(v)).map_or(0, |(_, n)| *n)
    }

    /// Define a symbol out of line: `n = T.int32()` after the buffer.
    fn out_of_line(&mut self, p: &mut Printer, obj: &ObjectRef, path: &AccessPath) -> Result<ExprDoc> {
        let var = obj.downcast_ref::<VarNode>().ok_or_else(|| Error::type_error("expected a Var"))?;
        let ty = var.ty.clone();
        let lhs = define_var(p, obj, self.frame)?;
        let rhs = super::types::type_creation(p, &ty, &path.attr("ty"))?;
        self.pending.push((lhs.clone(), rhs));
        Ok(lhs)
    }

    /// Define a symbol as a field of the buffer (`A.strides[0]`, `A.elem_offset`).
    fn inline(&mut self, p: &mut Printer, obj: &ObjectRef, buf: &ObjectRef, role: DimRole) -> Result<()> {
        let b = buf.clone();
        p.define_with(obj, self.frame, move |p| {
            let d = p.var_doc(&b)?.ok_or_else(|| Error::runtime("buffer not defined"))?;
            Ok(match role {
                DimRole::Shape(i) => d.attr("shape").index(vec![ExprDoc::int(i as i64)]),
                DimRole::Stride(i) => d.attr("strides").index(vec![ExprDoc::int(i as i64)]),
                DimRole::ElemOffset => d.attr("elem_offset"),
            })
        })
    }

    /// One shape/stride/offset expression of a buffer in a signature (TVM spelling).
    fn dim(&mut self, p: &mut Printer, buf: &ObjectRef, e: &Expr, path: &AccessPath, role: DimRole) -> Result<ExprDoc> {
        let obj: &ObjectRef = e;
        if let Some(var) = e.as_var() {
            if p.is_defined(obj) {
                return p.to_doc(obj, path);
            }
            if contains(&self.later_params, obj) {
                // Named now, defined by its parameter later.
                let d = define_var(p, obj, self.frame)?;
                return Ok(ExprDoc::str(Text::copy(d.as_id().unwrap_or_default())).with_path(path.clone()));
            }
            let hint = crate::printer::engine::sanitize_name(&var_hint(var, obj));
            if !self.shapes && matches!(role, DimRole::Shape(_)) {
                return p.to_doc(obj, path);
            }
            return match role {
                DimRole::Shape(_) => {
                    let d = self.out_of_line(p, obj, path)?;
                    Ok(ExprDoc::str(Text::copy(d.as_id().unwrap_or_default())).with_path(path.clone()))
                }
                DimRole::Stride(_) | DimRole::ElemOffset if self.occurrences_of(obj) > 1 => self.out_of_line(p, obj, path),
                DimRole::Stride(_) => {
                    self.inline(p, obj, buf, role)?;
                    Ok(ExprDoc::str(hint).with_path(path.clone()))
                }
                DimRole::ElemOffset => {
                    self.inline(p, obj, buf, role)?;
                    // Not an identifier: the offset prints nothing but its factor.
                    Ok(ExprDoc::none())
                }
            };
        }
        if !self.quote_compound || e.as_int().is_some() || e.as_float().is_some() {
            return p.to_doc(obj, path);
        }
        let mut vars = Vec::new();
        vars_in(e, &mut vars);
        if !vars.iter().any(|v| contains(&self.typevars, v) || !p.is_defined(v)) {
            return p.to_doc(obj, path);
        }
        for v in &vars {
            if !p.is_defined(v) && contains(&self.later_params, v) {
                define_var(p, v, self.frame)?;
            }
        }
        quoted(p, e, path)
    }
}

/// Print a buffer in a signature-like position (parameters, S-TIR `match_buffer`):
/// symbols first seen here are defined here, out of line (`n = T.int32()`, written
/// into `frame` after the buffer is printed, so the caller writes the buffer's own
/// statement after those) or as fields of the buffer (`A.strides[0]`).
#[allow(clippy::too_many_arguments)]
pub fn buffer_param_args(
    p: &mut Printer,
    buf: &ObjectRef,
    path: &AccessPath,
    form: Form,
    frame: FrameId,
    later_params: Vec<ObjectRef>,
    typevars: Vec<ObjectRef>,
    quote_compound: bool,
    shapes: bool,
) -> Result<super::buffer::BufferArgs> {
    if !tvm_syntax(p) {
        return buffer_args(p, buf, path, form, None);
    }
    let mut occurrences: Vec<(ObjectRef, usize)> = Vec::new();
    for e in signature_exprs(buf) {
        crate::ir::pre_order_visit(&e, |o: &ObjectRef| {
            if is_var(o) {
                match occurrences.iter_mut().find(|(x, _)| x.same_as(o)) {
                    Some((_, n)) => *n += 1,
                    None => occurrences.push((o.clone(), 1)),
                }
            }
            true
        });
    }
    let ctx = std::rc::Rc::new(std::cell::RefCell::new(SigCtx {
        frame,
        typevars,
        later_params,
        quote_compound,
        shapes,
        pending: Vec::new(),
        occurrences,
    }));
    let b = buf.clone();
    let c = ctx.clone();
    let mut f = move |p: &mut Printer, e: &Expr, ep: &AccessPath, role: DimRole| c.borrow_mut().dim(p, &b, e, ep, role);
    let args = buffer_args(p, buf, path, form, Some(&mut f))?;
    let pending = std::mem::take(&mut ctx.borrow_mut().pending);
    match pending.len() {
        0 => {}
        1 => {
            let (l, r) = pending.into_iter().next().expect("one definition");
            super::util::push_to_frame(p, frame, StmtDoc::assign(l, r))?;
        }
        _ => {
            let (ls, rs): (Vec<ExprDoc>, Vec<ExprDoc>) = pending.into_iter().unzip();
            super::util::push_to_frame(p, frame, StmtDoc::assign(ExprDoc::tuple(ls), ExprDoc::tuple(rs)))?;
        }
    }
    Ok(args)
}

/// The function's name: the binding it is printed under, its global symbol, or `main`.
fn func_name(p: &Printer, f: &PrimFuncNode) -> String {
    if let Some(n) = p.binding_name() {
        return n.to_string();
    }
    match f.attr(ATTR_GLOBAL_SYMBOL).and_then(Value::as_str) {
        Some(s) => s.to_string(),
        None => "main".to_string(),
    }
}

fn is_true(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::Int(i)) => *i != 0,
        Some(Value::Object(o)) => o.downcast_ref::<crate::ir::IntImmNode>().is_some_and(|i| i.value != 0),
        _ => false,
    }
}

/// Whether a function is an S-TIR function.
pub fn is_s_tir(f: &PrimFuncNode) -> bool {
    is_true(f.attr(ATTR_S_TIR))
}

fn prim_func(p: &mut Printer, obj: &ObjectRef, f: &PrimFuncNode, path: &AccessPath) -> Result<Doc> {
    let name = func_name(p, f);
    let s_tir = is_s_tir(f);
    let tvm = tvm_syntax(p);
    let frame = push_frame(p, Some(obj.clone()));
    if let Some(fr) = p.frame_mut(frame) {
        fr.data = Some(Box::new(TirFrame { concise: false, s_tir: Some(s_tir) }));
    }
    let result = prim_func_in_frame(p, obj, f, path, frame, &name, s_tir, tvm);
    while p.frames().len() > frame.0 + 1 {
        p.pop_frame()?;
    }
    let fr = p.pop_frame()?;
    let (args, type_params) = result?;
    let mut doc = FunctionDoc::new(name, args, fr.stmts);
    doc.type_params = type_params;
    // Decorator: `@T.prim_func(private=True, s_tir=True)` / `@T.function` / `@Ts.function`.
    let private = f.attr(ATTR_GLOBAL_SYMBOL).is_none();
    let mut kwargs = Vec::new();
    if private {
        kwargs.push(("private".into(), ExprDoc::bool(true)));
    }
    let decorator = if tvm {
        if s_tir {
            kwargs.push(("s_tir".into(), ExprDoc::bool(true)));
        }
        t(p, "prim_func")
    } else if s_tir {
        p.use_import(IMPORT_TS);
        let ts = p.config().extra_str("s_tir.prefix", "Ts").to_string();
        ExprDoc::id(ts).attr("function")
    } else {
        t(p, "function")
    };
    let decorator = if kwargs.is_empty() { decorator } else { decorator.call_kw(vec![], kwargs) };
    doc = doc.decorator(decorator);
    let unit = f.ret_type.downcast_ref::<TupleTypeNode>().is_some_and(|t| t.fields.is_empty());
    if !unit && !f.ret_type.is_missing() {
        let rt = f.ret_type.clone();
        // The return annotation is printed in the function's dispatch context.
        p.push_dispatch_token(TOKEN);
        let r = type_annotation(p, &rt, &path.attr("ret_type"));
        p.pop_dispatch_token();
        doc = doc.returns(r?);
    }
    Ok(Doc::from(doc.into_stmt()))
}

#[allow(clippy::too_many_arguments)]
fn prim_func_in_frame(
    p: &mut Printer,
    obj: &ObjectRef,
    f: &PrimFuncNode,
    path: &AccessPath,
    frame: FrameId,
    name: &str,
    s_tir: bool,
    tvm: bool,
) -> Result<(Vec<StmtDoc>, Vec<Doc>)> {
    let _ = s_tir;
    p.set_common_prefix(obj, is_var);
    let symbols = signature_symbols(&f.params);
    let mut typevars: Vec<ObjectRef> = Vec::new();
    let mut type_params: Vec<Doc> = Vec::new();
    let param_objs: Vec<ObjectRef> = f.params.iter().map(|v| v.as_ref_obj()).collect();
    // TVM 0.27 prints an int64 signature symbol as a module-level `TypeVar`, which its
    // own parser takes in Relax signatures only. With `MATCH_BUFFER_PARAMS` set
    // (`tvmscript fmt` sets it, so a file it rewrites still runs under TVM), such a
    // function takes its buffers as `a: T.handle` parameters instead, and its body
    // declares the symbols (`n = T.int64()`) and matches the buffers
    // (`A = T.match_buffer(a, (n,), "int32")`): the form TVM 0.27 parses back.
    let int64: Vec<&ObjectRef> = symbols
        .iter()
        .filter(|v| !contains(&param_objs, v))
        .filter(|v| v.downcast_ref::<VarNode>().is_some_and(|x| x.dtype() == DataType::INT64))
        .collect();
    if tvm && !int64.is_empty() && p.config().extra_bool(MATCH_BUFFER_PARAMS, false) {
        return handle_params_in_frame(p, f, path, frame, &symbols, &param_objs, name).map(|args| (args, type_params));
    }
    if tvm {
        // int64 symbols are module-level `TypeVar`s (defined last-seen first, listed by name).
        let root = FrameId(0);
        let mut lines = Vec::new();
        for v in int64.iter().rev() {
            let d = define_var(p, v, root)?;
            lines.push(d.as_id().unwrap_or_default().to_string());
            typevars.push((*v).clone());
        }
        lines.sort();
        if !lines.is_empty() {
            p.use_import(IMPORT_TYPE_VAR);
        }
        for n in lines {
            let rhs = ExprDoc::id("TypeVar").call(vec![ExprDoc::str(n.clone())]);
            super::util::push_to_frame(p, root, StmtDoc::assign(ExprDoc::id(n), rhs))?;
        }
    } else {
        // Native: a symbol is a type parameter, `def f[n, m: T.int64](...)`; one that is
        // also a later parameter cannot share its name with a type parameter, so it is a
        // captured `n = I.dynamic("n")` and the parameter says `n: n`.
        for v in &symbols {
            let var = v.downcast_ref::<VarNode>().ok_or_else(|| Error::type_error("expected a Var"))?;
            let ty = var.ty.clone();
            if contains(&param_objs, v) {
                let root = FrameId(0);
                let id = define_var(p, v, root)?;
                p.use_import(crate::dialects::ir::printer::IMPORT_I);
                let mut args = vec![ExprDoc::str(Text::copy(id.as_id().unwrap_or_default()))];
                if var.dtype() != DataType::INT32 {
                    args.push(ExprDoc::str(var.dtype()));
                }
                let prefix = p.config().ir_prefix.clone();
                let rhs = ExprDoc::id(prefix).attr("dynamic").call(args);
                super::util::push_to_frame(p, root, StmtDoc::assign(id, rhs))?;
                continue;
            }
            let id = define_var(p, v, frame)?;
            if var.dtype() == DataType::INT32 {
                type_params.push(Doc::Expr(id));
            } else {
                let ann = type_annotation(p, &ty, &AccessPath::root())?;
                type_params.push(Doc::from(StmtDoc::assign_annotated(id, None, ann)));
            }
        }
    }
    // Parameters.
    let mut args = Vec::with_capacity(f.params.len());
    for (i, prm) in f.params.iter().enumerate() {
        let pobj = prm.as_ref_obj();
        let pp = path.attr("params").index(i);
        let is_symbol = p.is_defined(&pobj);
        // Reached: a parameter is no longer a top-level symbol.
        typevars.retain(|v| !v.same_as(&pobj));
        let lhs = define_var(p, &pobj, frame)?;
        let ann = if buffer_type(prm).is_some() {
            let later: Vec<ObjectRef> = param_objs[i + 1..].to_vec();
            let bargs = buffer_param_args(p, &pobj, &pp, Form::Annotation, frame, later, typevars.clone(), true, true)?;
            let callee = if tvm { t(p, "Buffer") } else { t(p, "Tensor") };
            super::buffer::call_with(callee, bargs, vec![])
        } else if is_symbol && !tvm {
            // `n: n`: the parameter is the header's symbol.
            lhs.clone()
        } else {
            type_annotation(p, &prm.ty.clone(), &pp.attr("ty"))?
        };
        args.push(StmtDoc::assign_annotated(lhs, None, ann).with_path(pp));
    }
    attrs_and_body(p, f, path, name)?;
    Ok((args, type_params))
}

/// The function's attributes (minus what the decorator and the name say) and body,
/// emitted into the function's frame.
fn attrs_and_body(p: &mut Printer, f: &PrimFuncNode, path: &AccessPath, name: &str) -> Result<()> {
    let attrs: Vec<(Value, Value)> = f
        .attrs
        .iter()
        .filter(|(k, v)| match k.as_str() {
            Some(ATTR_S_TIR) => false,
            Some(ATTR_GLOBAL_SYMBOL) => v.as_str() != Some(name),
            _ => true,
        })
        .cloned()
        .collect();
    if !attrs.is_empty() {
        let d = p.value_to_doc(&Value::Map(attrs.into()), &path.attr("attrs"))?;
        let call = t(p, "func_attr").call(vec![d]);
        p.emit(StmtDoc::expr(call))?;
    }
    as_doc_body(p, &f.body, &path.attr("body"))
}

/// The `extra` printer setting that prints a PrimFunc with int64 signature symbols in
/// TVM's spelling with handle parameters and `T.match_buffer` (see `prim_func_in_frame`).
pub const MATCH_BUFFER_PARAMS: &str = "tirx.match_buffer_params";

/// Parameters, symbols, buffers, attributes and body of a function printed with
/// handle parameters: `a: T.handle`, then `n = T.int64()` and
/// `A = T.match_buffer(a, (n,), "int32")` in its body.
fn handle_params_in_frame(
    p: &mut Printer,
    f: &PrimFuncNode,
    path: &AccessPath,
    frame: FrameId,
    symbols: &[ObjectRef],
    param_objs: &[ObjectRef],
    name: &str,
) -> Result<Vec<StmtDoc>> {
    let mut args = Vec::with_capacity(f.params.len());
    let mut buffers = Vec::new();
    for (i, prm) in f.params.iter().enumerate() {
        let pobj = prm.as_ref_obj();
        let pp = path.attr("params").index(i);
        let lhs = define_var(p, &pobj, frame)?;
        if buffer_type(prm).is_none() {
            let ann = type_annotation(p, &prm.ty.clone(), &pp.attr("ty"))?;
            args.push(StmtDoc::assign_annotated(lhs, None, ann).with_path(pp));
            continue;
        }
        let buffer_name = lhs.as_id().unwrap_or_default().to_string();
        let lower = buffer_name.to_lowercase();
        let hint = if lower == buffer_name { format!("{lower}_handle") } else { lower };
        let handle = p.unique_name(&hint);
        p.reserve_name(&handle);
        let handle = ExprDoc::id(handle);
        args.push(StmtDoc::assign_annotated(handle.clone(), None, t(p, "handle")).with_path(pp.clone()));
        buffers.push((pobj, pp, handle, lhs));
    }
    for v in symbols.iter().filter(|v| !contains(param_objs, v)) {
        let var = v.downcast_ref::<VarNode>().ok_or_else(|| Error::type_error("expected a Var"))?;
        let id = define_var(p, v, frame)?;
        let rhs = t(p, &var.dtype().to_string()).call(vec![]);
        p.emit(StmtDoc::assign(id, rhs))?;
    }
    for (pobj, pp, handle, lhs) in buffers {
        let bargs = super::buffer::buffer_args(p, &pobj, &pp, Form::Decl, None)?;
        let rhs = super::buffer::call_with(t(p, "match_buffer"), bargs, vec![handle]);
        p.emit(StmtDoc::assign(lhs, rhs))?;
    }
    attrs_and_body(p, f, path, name)?;
    Ok(args)
}

/// Whether `obj` is the body of the function whose frame is innermost (the root an
/// S-TIR function's implicit root block wraps).
pub fn is_function_body(p: &Printer, obj: &ObjectRef) -> bool {
    p.frames().last().and_then(|f| f.owner.as_ref()).and_then(|o| o.downcast_ref::<PrimFuncNode>()).is_some_and(|f| f.body.same_as(obj))
}

/// Register the function hook (under every token: modules print functions of any
/// dialect) and the script entry of TIRx roots.
pub fn register() {
    register_print_hook(crate::printer::DEFAULT_TOKEN, "tirx.PrimFunc", |obj, path, p| {
        let f = obj.downcast_ref::<PrimFuncNode>().ok_or_else(|| Error::type_error("expected a PrimFunc"))?;
        prim_func(p, obj, f, path)
    });
    register_print_hook(TOKEN, "tirx.PrimFunc", |obj, path, p| {
        let f = obj.downcast_ref::<PrimFuncNode>().ok_or_else(|| Error::type_error("expected a PrimFunc"))?;
        prim_func(p, obj, f, path)
    });
}
