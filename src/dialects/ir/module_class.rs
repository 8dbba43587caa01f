//! The Python face of `tvm.IRModule` and of function attributes (`ir.BaseFunc`),
//! with TVM 0.27's names, signatures and messages: the dict constructor, lookups by
//! name or GlobalVar, the in-place edits (`mod[gv] = f`, `update_func`, `update`,
//! `del mod[name]`), `clone`, and the attribute helpers shared by every function
//! kind (`with_attr`, `with_attrs`, `without_attr`; `attrs` is a `DictAttrs`, made by
//! the stdlib from `_attr_dict()`).

use rustpython_vm::builtins::{PyDict, PyStr};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::ir::{self, AttrMap, BaseFunc, GlobalVar, GlobalVarNode, IRModule, IRModuleNode, ObjectRef, Value};
use crate::vm::args::bind;
use crate::vm::classes::{define, define_abstract};
use crate::vm::convert::{py_str, py_to_value, value_to_py};
use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};

/// TVM's `InternalError` (a failed check), `tvm.error.InternalError` when the stdlib
/// defines it, else a RuntimeError.
pub fn internal_error(vm: &VirtualMachine, msg: String) -> rustpython_vm::builtins::PyBaseExceptionRef {
    let cls = vm
        .import("tvm.error", 0)
        .and_then(|tvm| tvm.get_attr("error", vm))
        .and_then(|m| m.get_attr("InternalError", vm))
        .ok()
        .and_then(|c| c.downcast::<rustpython_vm::builtins::PyType>().ok());
    match cls {
        Some(cls) => vm.new_exception_msg(cls, msg.into()),
        None => vm.new_runtime_error(msg),
    }
}

fn module_of(vm: &VirtualMachine, obj: &ObjectRef) -> PyResult<IRModule> {
    obj.try_downcast::<IRModuleNode>().ok_or_else(|| vm.new_type_error(format!("expected an IRModule, got {}", obj.type_key())))
}

fn as_global_var(obj: &PyObjectRef) -> Option<GlobalVar> {
    unwrap_object(obj).and_then(|o| o.try_downcast::<GlobalVarNode>())
}

fn as_func(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<BaseFunc> {
    let o = unwrap_object(obj).ok_or_else(|| vm.new_type_error(format!("expected a function, got {}", obj.class().name())))?;
    BaseFunc::try_from_object(o.clone()).map_err(|_| vm.new_type_error(format!("expected a function, got {}", o.type_key())))
}

/// A dict of attributes (str keys) as an attribute map; `DictAttrs` and `None` too.
fn attr_map(vm: &VirtualMachine, obj: &PyObjectRef, what: &str) -> PyResult<Vec<(Value, Value)>> {
    if vm.is_none(obj) {
        return Ok(vec![]);
    }
    let obj = match obj.get_attr("_dict", vm) {
        Ok(f) if !obj.fast_isinstance(vm.ctx.types.dict_type) => f.call((), vm)?,
        _ => obj.clone(),
    };
    match py_to_value(vm, &obj)? {
        Value::Map(m) => Ok(m.to_vec()),
        _ => Err(vm.new_type_error(format!("{what} expects a dict of attributes"))),
    }
}

fn map_set(entries: &mut Vec<(Value, Value)>, key: Value, value: Value) {
    match entries.iter_mut().find(|(k, _)| *k == key) {
        Some(e) => e.1 = value,
        None => entries.push((key, value)),
    }
}

fn dict_of(vm: &VirtualMachine, entries: &[(Value, Value)]) -> PyObjectRef {
    value_to_py(vm, &Value::Map(entries.to_vec().into()))
}

/// The GlobalVar a key names in `m`: a GlobalVar as given, a name as the module's
/// own GlobalVar of that name or a new one (TVM's `IRModule._add`).
fn key_global_var(vm: &VirtualMachine, m: &IRModule, key: &PyObjectRef) -> PyResult<GlobalVar> {
    if let Some(gv) = as_global_var(key) {
        return Ok(gv);
    }
    let name = key
        .downcast_ref::<PyStr>()
        .ok_or_else(|| vm.new_type_error(format!("an IRModule is keyed by a name or a GlobalVar, got {}", key.class().name())))?
        .to_string();
    Ok(m.functions.get(&name).map(|(gv, _)| gv).unwrap_or_else(|| GlobalVar::named(&name)))
}

/// `mod[key]`: by name (a ValueError naming the candidates), or by the very GlobalVar
/// the module holds (TVM's failed check otherwise).
pub fn lookup(vm: &VirtualMachine, m: &IRModule, key: &PyObjectRef) -> PyResult<BaseFunc> {
    if let Some(gv) = as_global_var(key) {
        return match m.functions.get(&gv.name_hint) {
            Some((held, f)) if held.ptr_eq(&gv) => Ok(f),
            _ => Err(internal_error(
                vm,
                format!("Check failed: (it != functions.end()) is false: There is no definition of I.GlobalVar(\"{}\")", &*gv.name_hint),
            )),
        };
    }
    let name = key
        .downcast_ref::<PyStr>()
        .ok_or_else(|| vm.new_type_error(format!("an IRModule is indexed by a name or a GlobalVar, got {}", key.class().name())))?
        .to_string();
    let gv = m.get_global_var(&name).py(vm)?;
    Ok(m.get(&gv).expect("a declared function"))
}

fn set(vm: &VirtualMachine, m: &IRModule, gv: GlobalVar, func: BaseFunc) -> PyResult<()> {
    m.set_function(gv, func).map_err(|e| internal_error(vm, e.message))
}

/// The functions of a dict `{name or GlobalVar: function}` (the constructor's check).
fn functions_of_dict(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<(GlobalVar, BaseFunc)>> {
    let bad = || vm.new_type_error("Expect functions to be Dict[GlobalVar, Function]");
    let d = obj.downcast_ref::<PyDict>().ok_or_else(bad)?;
    let mut out = Vec::new();
    for (k, v) in d {
        let gv = match as_global_var(&k) {
            Some(gv) => gv,
            None => match k.downcast_ref::<PyStr>() {
                Some(s) => GlobalVar::named(&s.to_string_lossy()),
                None => return Err(bad()),
            },
        };
        let func = as_func(vm, &v).map_err(|_| {
            vm.new_type_error(format!(
                "Mismatched type on argument #0 when calling: `ir.IRModule(0: Map<ir.GlobalVar, ir.BaseFunc>, 1: ffi.Object, 2: Map<str, Array<ir.GlobalInfo>>) -> ir.IRModule`. Expected `Map<ir.GlobalVar, ir.BaseFunc>` but got `Map[K, some value is {}]`",
                v.class().name()
            ))
        })?;
        out.push((gv, func));
    }
    Ok(out)
}

fn new_module(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "IRModule", args, &["functions", "attrs", "global_infos"])?;
    let functions = match a.get(vm, "functions") {
        Some(f) => functions_of_dict(vm, &f)?,
        None => vec![],
    };
    let mut m = IRModule::from_functions(functions).py(vm)?;
    if let Some(attrs) = a.get(vm, "attrs") {
        m = m.with_attrs(attr_map(vm, &attrs, "IRModule")?.into());
    }
    if let Some(infos) = a.get(vm, "global_infos") {
        match py_to_value(vm, &infos)? {
            Value::Map(map) => m = m.with_global_infos(map),
            _ => return Err(vm.new_type_error("global_infos must be a dict")),
        }
    }
    Ok(wrap(vm, m.upcast()))
}

fn module_class() {
    define("ir.IRModule")
        .module("tvm.ir.module")
        .init(new_module)
        .method("__contains__", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "__contains__", args, &["var"])?;
            let var = a.req(vm, "var")?;
            let found = match as_global_var(&var) {
                Some(gv) => m.functions.get(&gv.name_hint).is_some_and(|(held, _)| held.ptr_eq(&gv)),
                None => m.contains(&py_str(vm, &var)?),
            };
            Ok(vm.ctx.new_bool(found).into())
        })
        .method("__setitem__", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "__setitem__", args, &["var", "val"])?;
            let gv = key_global_var(vm, &m, &a.req(vm, "var")?)?;
            set(vm, &m, gv, as_func(vm, &a.req(vm, "val")?)?)?;
            Ok(vm.ctx.none())
        })
        .method("_add", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "_add", args, &["var", "val", "update"])?;
            let gv = key_global_var(vm, &m, &a.req(vm, "var")?)?;
            set(vm, &m, gv, as_func(vm, &a.req(vm, "val")?)?)?;
            Ok(vm.ctx.none())
        })
        .method("__delitem__", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "__delitem__", args, &["var"])?;
            let var = a.req(vm, "var")?;
            let name = match as_global_var(&var) {
                Some(gv) => gv.name_hint.to_string(),
                None => py_str(vm, &var)?,
            };
            m.remove_function(&name).py(vm)?;
            Ok(vm.ctx.none())
        })
        .method("update_func", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "update_func", args, &["var", "func"])?;
            let var = a.req(vm, "var")?;
            let gv = as_global_var(&var).ok_or_else(|| vm.new_type_error(format!("update_func expects a GlobalVar, got {}", var.class().name())))?;
            set(vm, &m, gv, as_func(vm, &a.req(vm, "func")?)?)?;
            Ok(vm.ctx.none())
        })
        .method("update", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "update", args, &["other"])?;
            let other = a.req(vm, "other")?;
            let functions = if other.fast_isinstance(vm.ctx.types.dict_type) {
                functions_of_dict(vm, &other)?
            } else {
                let o = unwrap_object(&other).and_then(|o| o.try_downcast::<IRModuleNode>());
                let o = o.ok_or_else(|| vm.new_type_error(format!("update expects an IRModule or a dict, got {}", other.class().name())))?;
                o.functions().collect()
            };
            for (gv, f) in functions {
                set(vm, &m, gv, f)?;
            }
            Ok(vm.ctx.none())
        })
        .method("update_global_info", |vm, obj, args| {
            // Global infos are not edited in place here: a new module would not be seen.
            let _ = (module_of(vm, obj)?, bind(vm, "update_global_info", args, &["name", "global_info"])?);
            Err(vm.new_not_implemented_error("IRModule.update_global_info: global infos cannot be edited in place here; build the module with them (IRModule(..., global_infos=...))"))
        })
        .method("get_global_var", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "get_global_var", args, &["name"])?;
            Ok(wrap(vm, m.get_global_var(&py_str(vm, &a.req(vm, "name")?)?).py(vm)?.upcast()))
        })
        .method("get_global_vars", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            bind(vm, "get_global_vars", args, &[])?;
            // TVM lists them sorted by name.
            let mut gvs = m.global_vars();
            gvs.sort_by(|a, b| a.name_hint.cmp(&b.name_hint));
            Ok(crate::vm::convert::py_array(vm, gvs.into_iter().map(|g| wrap(vm, g.upcast())).collect()))
        })
        .method("functions_items", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            bind(vm, "functions_items", args, &[])?;
            let mut items: Vec<(GlobalVar, BaseFunc)> = m.functions().collect();
            items.sort_by(|a, b| a.0.name_hint.cmp(&b.0.name_hint));
            let items = items
                .into_iter()
                .map(|(g, f)| vm.ctx.new_tuple(vec![wrap(vm, g.upcast()), wrap(vm, f.into_object())]).into())
                .collect();
            Ok(vm.ctx.new_list(items).into())
        })
        .method("clone", |vm, obj, args| {
            bind(vm, "clone", args, &[])?;
            Ok(wrap(vm, module_of(vm, obj)?.clone_module().upcast()))
        })
        .method("_attr_dict", |vm, obj, _| Ok(dict_of(vm, &module_of(vm, obj)?.attrs)))
        .method("get_attr", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "get_attr", args, &["attr_key"])?;
            Ok(m.get_attr(&py_str(vm, &a.req(vm, "attr_key")?)?).map_or_else(|| vm.ctx.none(), |v| value_to_py(vm, &v)))
        })
        .method("with_attr", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "with_attr", args, &["attr_key", "attr_value"])?;
            let key = py_str(vm, &a.req(vm, "attr_key")?)?;
            Ok(wrap(vm, m.with_attr(&key, py_to_value(vm, &a.req(vm, "attr_value")?)?).upcast()))
        })
        .method("with_attrs", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "with_attrs", args, &["attr_map"])?;
            let mut entries = m.attrs.to_vec();
            for (k, v) in attr_map(vm, &a.req(vm, "attr_map")?, "with_attrs")? {
                map_set(&mut entries, k, v);
            }
            Ok(wrap(vm, m.with_attrs(entries.into()).upcast()))
        })
        .method("without_attr", |vm, obj, args| {
            let m = module_of(vm, obj)?;
            let a = bind(vm, "without_attr", args, &["attr_key"])?;
            let key = Value::str(&py_str(vm, &a.req(vm, "attr_key")?)?);
            let entries: Vec<_> = m.attrs.iter().filter(|(k, _)| *k != key).cloned().collect();
            Ok(wrap(vm, m.with_attrs(entries.into()).upcast()))
        });
}

/// A function's attributes (its reflected `attrs` map).
fn func_attrs(vm: &VirtualMachine, f: &ObjectRef) -> PyResult<(usize, Vec<(Value, Value)>)> {
    let i = f
        .type_info()
        .field_index("attrs")
        .ok_or_else(|| vm.new_type_error(format!("{} has no attributes", f.type_key())))?;
    let entries = match f.fields().swap_remove(i) {
        Value::Map(m) => m.to_vec(),
        Value::None => vec![],
        other => return Err(vm.new_type_error(format!("{}.attrs is a {}", f.type_key(), other.kind_name()))),
    };
    Ok((i, entries))
}

/// A copy of `f` with these attributes.
fn with_func_attrs(vm: &VirtualMachine, f: &ObjectRef, index: usize, entries: Vec<(Value, Value)>) -> PyResult {
    let mut fields = f.fields();
    let map: AttrMap = entries.into();
    fields[index] = Value::Map(map);
    Ok(wrap(vm, f.rebuild(fields).py(vm)?))
}

fn attr_key(vm: &VirtualMachine, key: &PyObjectRef, call: &str) -> PyResult<Value> {
    match key.downcast_ref::<PyStr>() {
        Some(s) => Ok(Value::str(&s.to_string_lossy())),
        None => Err(vm.new_type_error(format!(
            "Mismatched type on argument #1 when calling: `{call}`. Expected `str` but got `{}`",
            key.class().name()
        ))),
    }
}

fn base_func_class() {
    define_abstract(ir::base_func_info())
        .module("tvm.ir.function")
        .method("_attr_dict", |vm, f, _| Ok(dict_of(vm, &func_attrs(vm, f)?.1)))
        .method("with_attr", |vm, f, args| {
            let a = bind(vm, "with_attr", args, &["attr_key_or_dict", "attr_value"])?;
            let (i, mut entries) = func_attrs(vm, f)?;
            let key = a.req(vm, "attr_key_or_dict")?;
            if key.fast_isinstance(vm.ctx.types.dict_type) {
                for (k, v) in attr_map(vm, &key, "with_attr")? {
                    map_set(&mut entries, k, v);
                }
            } else {
                let k = attr_key(vm, &key, "ir.BaseFuncWithAttr(0: RValueRef<ir.BaseFunc>, 1: str, 2: Any) -> ir.BaseFunc")?;
                let v = match a.raw(vm, "attr_value") {
                    Some(v) => py_to_value(vm, &v)?,
                    None => Value::None,
                };
                map_set(&mut entries, k, v);
            }
            with_func_attrs(vm, f, i, entries)
        })
        .method("with_attrs", |vm, f, args| {
            let a = bind(vm, "with_attrs", args, &["attr_map"])?;
            let (i, mut entries) = func_attrs(vm, f)?;
            for (k, v) in attr_map(vm, &a.req(vm, "attr_map")?, "with_attrs")? {
                map_set(&mut entries, k, v);
            }
            with_func_attrs(vm, f, i, entries)
        })
        .method("without_attr", |vm, f, args| {
            let a = bind(vm, "without_attr", args, &["attr_key"])?;
            let key = attr_key(vm, &a.req(vm, "attr_key")?, "ir.BaseFuncWithoutAttr(0: RValueRef<ir.BaseFunc>, 1: str) -> ir.BaseFunc")?;
            let (i, entries) = func_attrs(vm, f)?;
            with_func_attrs(vm, f, i, entries.into_iter().filter(|(k, _)| *k != key).collect())
        })
        .method("__bool__", |vm, _, _| Ok(vm.ctx.new_bool(true).into()));
}

/// Register the Python faces of IRModule and function attributes.
pub fn register() {
    module_class();
    base_func_class();
}
