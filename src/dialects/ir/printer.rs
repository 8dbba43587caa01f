//! Printing IRModules (`@I.ir_module class Module:`) and GlobalVars.

use crate::ir::{AccessPath, GlobalVarNode, IRModuleNode, ObjectRef, Result, Value};
use crate::printer::engine::{register_import, register_print_hook, ImportSpec, Printer, DEFAULT_TOKEN};
use crate::printer::{ClassDoc, Doc, ExprDoc, StmtDoc};

/// The import name hooks use for `from tvm.script import ir as I`.
pub const IMPORT_I: &str = "tvm.script.ir";

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
        Ok(Doc::from(p.generic_doc(obj, _path)?))
    });
}

/// TVM's order: PrimFuncs before other functions, by name, with `main` last.
fn order_key(name: &str, func: &ObjectRef) -> (bool, bool, String) {
    (name == "main", func.type_key() != "tirx.PrimFunc", name.to_string())
}

fn print_module(obj: &ObjectRef, path: &AccessPath, p: &mut Printer) -> Result<Doc> {
    let m = obj.downcast_ref::<IRModuleNode>().expect("dispatched by type key");
    p.use_import(IMPORT_I);
    let prefix = p.config().ir_prefix.clone();
    let module_name = p.binding_name().unwrap_or("Module").to_string();
    let frame = p.push_frame("ir.IRModule", Some(obj.clone()));
    let mut funcs: Vec<_> = m.functions.iter().map(|(gv, f)| (gv.clone(), f.clone())).collect();
    funcs.sort_by_key(|(gv, f)| order_key(&gv.name_hint, f));
    // Every function is declared before any is printed: bodies refer to each other.
    for (gv, _) in &funcs {
        let (module, name) = (module_name.clone(), gv.name_hint.to_string());
        p.define_with(&gv.as_ref_obj(), frame, move |_p| Ok(ExprDoc::id(module.clone()).attr(name.clone())))?;
    }
    let mut body: Vec<StmtDoc> = Vec::new();
    let attrs_path = path.attr("attrs");
    if !m.attrs.is_empty() {
        let attrs = p.value_to_doc(&Value::Map(m.attrs.clone()), &attrs_path)?;
        body.push(StmtDoc::expr(ExprDoc::id(&prefix).attr("module_attrs").call(vec![attrs])));
    }
    if !m.global_infos.is_empty() {
        let infos = p.value_to_doc(&Value::Map(m.global_infos.clone()), &path.attr("global_infos"))?;
        body.push(StmtDoc::expr(ExprDoc::id(&prefix).attr("module_global_infos").call(vec![infos])));
    }
    for (gv, f) in &funcs {
        p.push_binding_name(&gv.name_hint);
        let fpath = path.attr("functions").map_key(Value::Object(gv.as_ref_obj()));
        let doc = p.as_doc(&f.0, &fpath);
        p.pop_binding_name();
        body.extend(doc?.into_stmts());
    }
    p.pop_frame()?;
    let class = ClassDoc::new(module_name, body).decorator(ExprDoc::id(prefix).attr("ir_module"));
    Ok(Doc::from(class.into_stmt()))
}
