//! `relax.expr.Function`: decorator (`@R.function(pure=False, private=True)`),
//! signature with its symbolic variables, `R.func_attr`, body; nested functions.
//!
//! Symbolic variables first seen in the signature are type variables: TVM's spelling
//! declares them at the top level (`n = TypeVar("n")`, sorted by name) and quotes
//! compound shape expressions over them (`"n + 1"`); the native spelling makes them
//! PEP 695 type parameters (`def f[n: T.int64](...)`). Variables first seen in the
//! body (`R.match_cast`) are declared there: `n = T.int64()`.

use crate::dialects::relax::nodes::FunctionNode;
use crate::ir::{AccessPath, DataType, Error, ObjectRef, Result, Value};
use crate::printer::Text;
use crate::printer::doc::{Doc, ExprDoc, FunctionDoc, StmtBlockDoc, StmtDoc};
use crate::printer::engine::IMPORT_TYPE_VAR;
use crate::printer::{register_print_hook, FrameId, Printer, DEFAULT_TOKEN};

use super::binding::seq_stmts;
use super::types::annotation;
use super::util::{define_var, function_frame, param_stmt, push_frame, r, relax_data_mut, tvm_syntax, Signature};

const ATTR_GLOBAL_SYMBOL: &str = "global_symbol";

/// What the frame of a function produced.
struct Parts {
    args: Vec<StmtDoc>,
    ret: Option<ExprDoc>,
    /// The signature's type variables with their names, in first-use order.
    type_vars: Vec<(ObjectRef, String)>,
}

fn signature_and_body(p: &mut Printer, f: &FunctionNode, path: &AccessPath, frame: FrameId, name: &str, nested: bool) -> Result<Parts> {
    let prim_params: Vec<ObjectRef> =
        f.params.iter().filter(|v| v.ty.as_prim().is_some()).map(|v| v.as_ref_obj()).collect();
    if let Some(d) = relax_data_mut(p, frame) {
        d.signature = Some(Signature { prim_params, ..Signature::default() });
    }
    let pp = path.attr("params");
    let mut args = Vec::with_capacity(f.params.len());
    for (i, prm) in f.params.iter().enumerate() {
        let obj = prm.as_ref_obj();
        let lhs = define_var(p, &obj, frame)?;
        let ann = annotation(p, &prm.ty, &pp.index(i).attr("ty"))?;
        args.push(param_stmt(lhs, ann).with_path(pp.index(i)));
    }
    let ret = annotation(p, &f.ret_ty, &path.attr("ret_ty"))?;
    let sig = relax_data_mut(p, frame).and_then(|d| d.signature.take()).unwrap_or_default();
    let type_vars = sig
        .type_vars
        .into_iter()
        .map(|v| {
            let n = p.var_name(&v).unwrap_or_default().to_string();
            (v, n)
        })
        .collect();
    // Attributes, but a global symbol equal to a top-level function's name.
    let attrs: Vec<(Value, Value)> = f
        .attrs
        .iter()
        .filter(|(k, v)| !(k.as_str() == Some(ATTR_GLOBAL_SYMBOL) && !nested && v.as_str() == Some(name)))
        .cloned()
        .collect();
    if !attrs.is_empty() {
        let d = p.value_to_doc(&Value::Map(attrs.into()), &path.attr("attrs"))?;
        let call = r(p, "func_attr").call(vec![d]);
        p.emit(StmtDoc::expr(call))?;
    }
    for s in seq_stmts(p, &f.body, &path.attr("body"), true)? {
        p.emit(s)?;
    }
    Ok(Parts { args, ret, type_vars })
}

fn typevar_decl(name: &str) -> StmtDoc {
    StmtDoc::assign(ExprDoc::id(Text::copy(name)), ExprDoc::id("TypeVar").call(vec![ExprDoc::str(Text::copy(name))]))
}

fn function_doc(p: &mut Printer, obj: &ObjectRef, f: &FunctionNode, path: &AccessPath) -> Result<Doc> {
    let nested = function_frame(p).is_some();
    let name = match p.binding_name() {
        Some(n) => n.to_string(),
        None => f.attr(ATTR_GLOBAL_SYMBOL).and_then(Value::as_str).unwrap_or("main").to_string(),
    };
    let tvm = tvm_syntax(p);
    let frame = push_frame(p, Some(obj.clone()), true);
    let result = signature_and_body(p, f, path, frame, &name, nested);
    // Native type parameters are annotated while their names are still defined.
    let mut type_params = Vec::new();
    if let (Ok(parts), false) = (&result, tvm) {
        for (v, n) in &parts.type_vars {
            let var = v.downcast_ref::<crate::ir::VarNode>().ok_or_else(|| Error::type_error("expected a Var"))?;
            if var.dtype() == DataType::INT32 {
                type_params.push(Doc::Expr(ExprDoc::id(n)));
            } else {
                let ty = var.ty.clone();
                let ann = crate::dialects::tirx::printer::types::type_annotation(p, &ty, &AccessPath::root())?;
                type_params.push(Doc::from(StmtDoc::assign_annotated(ExprDoc::id(n), None, ann)));
            }
        }
    }
    while p.frames().len() > frame.0 + 1 {
        p.pop_frame()?;
    }
    let body = p.pop_frame()?.stmts;
    let parts = result?;
    let mut kwargs = Vec::new();
    if !f.is_pure {
        kwargs.push(("pure".into(), ExprDoc::bool(false)));
    }
    if !nested && f.attr(ATTR_GLOBAL_SYMBOL).is_none() {
        kwargs.push(("private".into(), ExprDoc::bool(true)));
    }
    let decorator = r(p, "function");
    let decorator = if kwargs.is_empty() { decorator } else { decorator.call_kw(vec![], kwargs) };
    let mut doc = FunctionDoc::new(name, parts.args, body).decorator(decorator);
    if let Some(ret) = parts.ret {
        doc = doc.returns(ret);
    }
    doc.type_params = type_params;
    let mut decls: Vec<String> = if tvm { parts.type_vars.into_iter().map(|(_, n)| n).collect() } else { vec![] };
    decls.sort();
    decls.dedup();
    if !decls.is_empty() {
        p.use_import(IMPORT_TYPE_VAR);
    }
    if !nested {
        // Top-level declarations precede the definition (a module collects them above itself).
        let root = FrameId(0);
        for n in decls {
            let declared = p.frame(root).is_some_and(|fr| fr.stmts.iter().any(|s| crate::dialects::ir::printer::typevar_decl_name(s) == Some(&n)));
            if !declared {
                super::util::push_to_frame(p, root, typevar_decl(&n))?;
            }
        }
        return Ok(Doc::from(doc.into_stmt()));
    }
    // TVM writes the header comments it has used so far above a nested function.
    let mut stmts: Vec<StmtDoc> = p.header_lines().into_iter().map(StmtDoc::comment).collect();
    stmts.push(StmtDoc::comment(""));
    stmts.extend(decls.iter().map(|n| typevar_decl(n)));
    stmts.push(doc.into_stmt());
    Ok(Doc::Block(StmtBlockDoc::new(stmts)))
}

/// Register the function hook (under every token: modules print functions of any dialect).
pub fn register() {
    register_print_hook(DEFAULT_TOKEN, "relax.expr.Function", |obj, path, p| {
        let f = obj.downcast_ref::<FunctionNode>().ok_or_else(|| Error::type_error("expected a Function"))?;
        function_doc(p, obj, f, path)
    });
}
