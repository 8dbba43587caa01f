//! Printing IRModules (`@I.ir_module class Module:`) and GlobalVars.

use crate::ir::{AccessPath, BaseFunc, GlobalVar, GlobalVarNode, IRModuleNode, ObjectRef, Result, Value};
use crate::printer::engine::{register_import, register_print_hook, ImportSpec, Printer, DEFAULT_TOKEN};
use crate::printer::{ClassDoc, Doc, ExprDoc, ExprKind, FrameId, StmtDoc, StmtKind, Text};

/// The import name hooks use for `from tvm.script import ir as I`.
pub const IMPORT_I: &str = "tvm.script.ir";

/// Register the print hooks of modules and the core nodes.
pub fn register() {
    register_import(
        IMPORT_I,
        ImportSpec::comment(0, |cfg| vec![format!("from tvm.script import ir as {}", cfg.ir_prefix)])
            .reserving(|cfg| cfg.ir_prefix.clone()),
    );
    register_print_hook(DEFAULT_TOKEN, "ir.IRModule", print_module);
    // `show_meta`: the metadata section is TVM's JSON object graph of the metadata map.
    crate::printer::register_metadata_serializer(|m| {
        // TVM keeps the section in a hash map; for the few keys a script has, its
        // iteration order is the reverse of first use (libstdc++'s unordered_map).
        let entries: Vec<(Value, Value)> =
            m.iter().rev().map(|(k, items)| (Value::str(k), Value::Array(items.clone().into()))).collect();
        crate::ir::json::save_json(&Value::Map(entries.into()))
    });
    register_print_hook(DEFAULT_TOKEN, "ir.GlobalVar", |obj, _path, p| {
        // Inside its module a GlobalVar is `Module.f`; elsewhere a call target by name.
        if let Some(doc) = p.var_doc(obj)? {
            return Ok(Doc::from(doc));
        }
        let gv = obj.downcast_ref::<GlobalVarNode>().expect("dispatched by type key");
        let prefix = p.config().ir_prefix.clone();
        Ok(Doc::from(ExprDoc::id(prefix).attr("GlobalVar").call(vec![ExprDoc::str(gv.name_hint.to_string())])))
    });
    // Core types and ranges printed on their own (a TIRx frame is open for their
    // parts, `vm`'s `str(node)`), as TVM's IR printer writes them.
    register_print_hook(DEFAULT_TOKEN, "ir.FuncType", |obj, path, p| {
        let f = obj.downcast_ref::<crate::ir::FuncTypeNode>().expect("dispatched by type key");
        let mut args = Vec::with_capacity(f.arg_types.len());
        for (i, t) in f.arg_types.iter().enumerate() {
            args.push(p.to_doc(t.as_object(), &path.attr("arg_types").index(i))?);
        }
        let ret = p.to_doc(f.ret_type.as_object(), &path.attr("ret_type"))?;
        let prefix = p.config().ir_prefix.clone();
        Ok(Doc::from(ExprDoc::id(prefix).attr("FuncType").call(vec![ExprDoc::list(args), ret])))
    });
    register_print_hook(DEFAULT_TOKEN, "ir.Range", |obj, path, p| {
        let r = obj.downcast_ref::<crate::ir::RangeNode>().expect("dispatched by type key");
        let min = p.to_doc(r.min.as_object(), &path.attr("min"))?;
        let end = match (r.min.as_int(), r.extent.as_int()) {
            (Some(a), Some(b)) => ExprDoc::int(a + b).with_path(path.attr("extent")),
            _ => {
                let end = crate::ir::arith::binary(crate::ir::BinOp::Add, r.min.clone(), r.extent.clone(), crate::ir::Span::none())?;
                p.to_doc(end.as_object(), &path.attr("extent"))?
            }
        };
        p.use_import(IMPORT_I);
        let prefix = p.config().ir_prefix.clone();
        Ok(Doc::from(ExprDoc::id(prefix).attr("Range").call(vec![min, end])))
    });
    // TVM's Python has no class of its own for the missing type: it prints
    // reflectively, with the span TVM's reflection lists.
    register_print_hook(DEFAULT_TOKEN, "ir.MissingType", |_, _, _| {
        Ok(Doc::from(ExprDoc::id("ir").attr("Type").call_kw(Vec::new(), vec![("span".into(), ExprDoc::none())])))
    });
    // An operator on its own prints reflectively with the registry's facts (TVM's repr).
    register_print_hook(DEFAULT_TOKEN, "ir.Op", |obj, _, _| {
        let info = super::classes::op_info(obj);
        let name = obj.downcast_ref::<crate::ir::OpNode>().map(|n| n.name.clone()).unwrap_or_default();
        let ir = || ExprDoc::id("ir");
        let arguments = info
            .arguments
            .iter()
            .map(|a| {
                ir().attr("ArgumentInfo").call_kw(
                    Vec::new(),
                    vec![
                        ("name".into(), ExprDoc::str(a.name.clone())),
                        ("type_info".into(), ExprDoc::str(a.kind.clone())),
                        ("description".into(), ExprDoc::str(a.doc.clone())),
                    ],
                )
            })
            .collect();
        let missing = ir().attr("Type").call_kw(Vec::new(), vec![("span".into(), ExprDoc::none())]);
        Ok(Doc::from(ir().attr("Op").call_kw(
            Vec::new(),
            vec![
                ("span".into(), ExprDoc::none()),
                ("ty".into(), missing),
                ("name".into(), ExprDoc::str(name)),
                ("description".into(), ExprDoc::str(info.description)),
                ("arguments".into(), ExprDoc::tuple(arguments)),
                ("attrs_type_key".into(), ExprDoc::str(info.attrs_type_key)),
                ("num_inputs".into(), ExprDoc::int(info.num_inputs)),
                ("support_level".into(), ExprDoc::int(info.support_level)),
            ],
        )))
    });
    // Inside a printed type (a tuple's field) the string type is `I.StringType()`;
    // alone, `str()` shows it reflectively, as TVM's class is not Scriptable
    // (`stdlib/tvm/ir/__init__.py`).
    register_print_hook(DEFAULT_TOKEN, "ir.StringType", |_, _, p| {
        p.use_import(IMPORT_I);
        let prefix = p.config().ir_prefix.clone();
        Ok(Doc::from(ExprDoc::id(prefix).attr("StringType").call(Vec::new())))
    });
    // Constants in module-level values (attrs, global infos) print as Python literals.
    register_print_hook(DEFAULT_TOKEN, "ir.IntImm", |obj, _path, p| {
        let imm = obj.downcast_ref::<crate::ir::IntImmNode>().expect("dispatched by type key");
        let dtype = imm.ty.dtype();
        if dtype.is_bool() {
            return Ok(Doc::from(ExprDoc::bool(imm.value != 0)));
        }
        if dtype == crate::ir::DataType::INT32 {
            return Ok(Doc::from(ExprDoc::int(imm.value)));
        }
        // Another width prints as TIRx writes it (`T.int64(3)`), as TVM's does.
        p.push_dispatch_token(crate::dialects::tirx::printer::TOKEN);
        let hook = p.find_hook("ir.IntImm");
        p.pop_dispatch_token();
        match hook {
            Some(h) => h(obj, _path, p),
            None => Ok(Doc::from(p.generic_doc(obj, _path)?)),
        }
    });
}

/// TVM's order: PrimFuncs, then extern functions, then Relax functions (other kinds
/// after those), each by name, with `main` last.
fn order_key(name: &str, func: &ObjectRef) -> (bool, u8, String) {
    let kind = match func.type_key() {
        "tirx.PrimFunc" => 0,
        "relax.expr.ExternFunc" => 1,
        "relax.expr.Function" => 2,
        _ => 3,
    };
    (name == "main", kind, name.to_string())
}

/// The name a statement declares as a `TypeVar` (`n = TypeVar("n")`).
pub fn typevar_decl_name(s: &StmtDoc) -> Option<&str> {
    let StmtKind::Assign { lhs, rhs: Some(rhs), .. } = &s.kind else { return None };
    let ExprKind::Call { callee, .. } = &rhs.kind else { return None };
    if callee.as_id() != Some("TypeVar") {
        return None;
    }
    lhs.as_id()
}

/// Print one function of a module after the ones before it, its name bound while it
/// prints. Its top-level type variables (`n = TypeVar("n")`) belong to it alone: their
/// names are free again afterwards for the next function (as in TVM, where each
/// function defines them), and a declaration already written is not repeated.
pub(super) fn function_doc(p: &mut Printer, gv: &GlobalVar, f: &BaseFunc, path: &AccessPath) -> Result<Doc> {
    let (vars_before, stmts_before) = p.frame(FrameId(0)).map_or((0, 0), |r| (r.vars().len(), r.stmts.len()));
    let doc = function_doc_unclosed(p, gv, f, path);
    forget_function_symbols(p, vars_before);
    drop_repeated_declarations(p, stmts_before);
    doc
}

/// [`function_doc`] without forgetting the function's top-level type variables.
pub(super) fn function_doc_unclosed(p: &mut Printer, gv: &GlobalVar, f: &BaseFunc, path: &AccessPath) -> Result<Doc> {
    p.push_binding_name(&gv.name_hint);
    let fpath = path.attr("functions").map_key(Value::Object(gv.as_ref_obj()));
    let doc = p.as_doc(&f.0, &fpath);
    p.pop_binding_name();
    // Formatted while its doc is still in the cache: a statement of the module's
    // class body (`Printer::format_ahead`).
    p.format_ahead(doc?, 1)
}

/// Forget the top-level variables defined since the `vars_before`-th whose names a
/// top-level `TypeVar` declaration (of this function or an earlier one) makes.
pub(super) fn forget_function_symbols(p: &mut Printer, vars_before: usize) {
    let Some(frame) = p.frame(FrameId(0)) else { return };
    let declared: Vec<&str> = frame.stmts.iter().filter_map(typevar_decl_name).collect();
    let new_vars: Vec<ObjectRef> = frame
        .vars()
        .get(vars_before..)
        .unwrap_or(&[])
        .iter()
        .filter(|v| p.var_name(v).is_some_and(|n| declared.contains(&n)))
        .cloned()
        .collect();
    for v in &new_vars {
        p.forget(v);
    }
}

/// A type variable declaration a function left at the top level is not repeated:
/// drop those among the top-level statements from `stmts_before` on that an earlier
/// statement already makes.
pub(super) fn drop_repeated_declarations(p: &mut Printer, stmts_before: usize) {
    let Some(f) = p.frame_mut(FrameId(0)) else { return };
    let mut seen: Vec<String> =
        f.stmts[..stmts_before.min(f.stmts.len())].iter().filter_map(|s| typevar_decl_name(s).map(str::to_string)).collect();
    let mut i = stmts_before;
    while i < f.stmts.len() {
        match typevar_decl_name(&f.stmts[i]).map(str::to_string) {
            Some(n) if seen.contains(&n) => {
                f.stmts.remove(i);
            }
            Some(n) => {
                seen.push(n);
                i += 1;
            }
            None => i += 1,
        }
    }
}

fn print_module(obj: &ObjectRef, path: &AccessPath, p: &mut Printer) -> Result<Doc> {
    let m = obj.downcast_ref::<IRModuleNode>().expect("dispatched by type key");
    let prefix = p.config().ir_prefix.clone();
    let module_name = p.binding_name().unwrap_or("Module").to_string();
    let frame = p.push_frame("ir.IRModule", Some(obj.clone()));
    let mut funcs: Vec<_> = m.functions.iter().map(|(gv, f)| (gv.clone(), f.clone())).collect();
    funcs.sort_by_key(|(gv, f)| order_key(&gv.name_hint, f));
    // Every function is declared before any is printed: bodies refer to each other.
    for (gv, _) in &funcs {
        // Text: each use copies short names inline rather than allocating.
        let (module, name) = (Text::copy(&module_name), Text::copy(&gv.name_hint));
        p.define_with(&gv.as_ref_obj(), frame, move |_p| Ok(ExprDoc::id(module.clone()).attr(name.clone())))?;
    }
    let mut body: Vec<StmtDoc> = Vec::new();
    let attrs_path = path.attr("attrs");
    // The import is recorded when `I.` is first written (TVM's nested Relax functions
    // list the imports used so far).
    if !m.attrs.is_empty() {
        p.use_import(IMPORT_I);
        let attrs = p.value_to_doc(&Value::Map(m.attrs.clone()), &attrs_path)?;
        body.push(StmtDoc::expr(ExprDoc::id(&prefix).attr("module_attrs").call(vec![attrs])));
    }
    if !m.global_infos.is_empty() {
        p.use_import(IMPORT_I);
        let infos = p.value_to_doc(&Value::Map(m.global_infos.clone()), &path.attr("global_infos"))?;
        body.push(StmtDoc::expr(ExprDoc::id(&prefix).attr("module_global_infos").call(vec![infos])));
    }
    let docs = match super::parallel_print::functions_in_parallel(p, &funcs, path) {
        Some(docs) => docs?,
        None => funcs.iter().map(|(gv, f)| function_doc(p, gv, f, path)).collect::<Result<Vec<_>>>()?,
    };
    for ((gv, _), doc) in funcs.iter().zip(docs) {
        match doc {
            // A function value that prints as an expression (`R.ExternFunc("f")`) is bound.
            Doc::Expr(e) => body.push(StmtDoc::assign(ExprDoc::id(&gv.name_hint), e)),
            other => other.append_stmts_to(&mut body),
        }
    }
    p.pop_frame()?;
    p.use_import(IMPORT_I);
    let class = ClassDoc::new(module_name, body).decorator(ExprDoc::id(prefix).attr("ir_module"));
    Ok(Doc::from(class.into_stmt()))
}
