//! Parsing TVMScript text in the VM (`tvm.script.from_source`, `tvmscript print`):
//! run the builder program with the caller's bindings and collect the IR it defines.

use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::namespace::namespace_path;
use super::object::unwrap_object;
use crate::ir::ObjectRef;
use crate::script::{self, header, settings, Environment, Source};

/// The result of running a script: its globals and the IR definitions in them,
/// in definition order (bindings supplied by the caller are not counted).
pub struct Parsed {
    pub globals: PyDictRef,
    pub definitions: Vec<(String, ObjectRef)>,
}

/// Compile and run `source` with `extra` bound as globals.
pub fn run_script(
    vm: &VirtualMachine,
    source: &Source,
    extra: &[(String, PyObjectRef)],
    check_well_formed: bool,
) -> PyResult<Parsed> {
    let mut env = Environment::default();
    for (name, value) in extra {
        match namespace_path(value) {
            Some(path) => {
                env.namespaces.insert(name.clone(), path);
            }
            None => {
                env.names.insert(name.clone());
            }
        }
    }
    let program = script::compile(vm, source, &env).map_err(|e| e.to_py(vm, source))?;
    let globals = vm.ctx.new_dict();
    globals.set_item("__name__", vm.ctx.new_str("__tvm_script__").into(), vm)?;
    for (name, value) in extra {
        globals.set_item(name.as_str(), value.clone(), vm)?;
    }
    let scope = Scope::with_builtins(None, globals.clone(), vm);
    settings::with_check_well_formed(check_well_formed, || vm.run_code_obj(program.code.clone(), scope))?;
    let mut definitions = Vec::new();
    for (k, v) in &globals {
        let Ok(name) = k.str(vm).map(|s| s.to_string()) else { continue };
        if extra.iter().any(|(n, _)| *n == name) {
            continue;
        }
        if let Some(obj) = unwrap_object(&v)
            && is_definition(&obj)
        {
            definitions.push((name, obj));
        }
    }
    let _ = globals.as_object();
    // A module class is only freed by the cycle collector (a class is in its own
    // `__mro__`), and with it the compact bodies of its definitions: collect now
    // when they are big enough to matter, rather than keep them through printing.
    if program.bodies.compact_bytes() >= BODIES_WORTH_COLLECTING {
        drop(program);
        let _ = vm.import("gc", 0).and_then(|gc| vm.call_method(&gc, "collect", ()));
    }
    Ok(Parsed { globals, definitions })
}

/// Kept bodies (bytes, as `Bodies::compact_bytes` measures them) from which
/// collecting cyclic garbage after a parse pays for itself. A collection takes
/// 5-15 ms, and the printing that follows it ran 10-25% slower (measured on the perf
/// corpus by switching only the collection; why is not understood yet).
/// Below this, keeping the garbage until the next collection costs a few MB
/// (llm_medium: 80 instead of 74 MiB peak for `print`); above it (llm_large) the
/// collection saves ~30 MiB of peak.
const BODIES_WORTH_COLLECTING: usize = 8 << 20;

/// Functions and modules count as definitions; loose expressions and types do not.
fn is_definition(obj: &ObjectRef) -> bool {
    obj.isinstance(crate::ir::base_func_info()) || obj.type_key() == "ir.IRModule"
}

/// The bindings a printed script's header imports (the names the registered
/// dialects declare in `script::header`: `T`, `I`, `R`, `Ts`, `Axis` …) plus `tvm`
/// and `TypeVar`, as `from_source(text, extra_vars=...)` would get them.
pub fn printed_script_globals(vm: &VirtualMachine) -> PyResult<Vec<(String, PyObjectRef)>> {
    let scope = vm.new_scope_with_builtins();
    vm.run_string(scope.clone(), &header::printed_globals_source(), "<printed-script-globals>".to_string())?;
    let mut out = Vec::new();
    for name in header::printed_names() {
        // A name whose import failed is left out.
        if let Some(v) = scope.globals.get_item_opt(name.as_str(), vm)? {
            out.push((name, v));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::protocol;

    #[test]
    fn printed_script_globals_bind_the_declared_names_of_registered_dialects() {
        crate::init();
        header::declare_namespace_alias("HeaderTestVm", "header_test_vm", 1000);
        header::declare_namespace_alias("HeaderTestAbsent", "header_test_absent", 1000);
        // The VM namespace first: `tvm.script` lists every protocol namespace.
        crate::vm::namespace::register_namespace("header_test_vm", |_| {});
        protocol::register_namespace_path("header_test_vm");
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            let globals = printed_script_globals(vm).expect("the header imports");
            let bound = |name: &str| globals.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
            for (alias, ns) in [("T", "tirx"), ("I", "ir"), ("R", "relax"), ("Ts", "s_tir"), ("HeaderTestVm", "header_test_vm")] {
                let v = bound(alias).unwrap_or_else(|| panic!("{alias} is not bound"));
                assert_eq!(namespace_path(&v).as_deref(), Some(ns), "{alias}");
            }
            for name in ["tvm", "TypeVar", "Axis"] {
                assert!(bound(name).is_some(), "{name} is not bound");
            }
            assert!(bound("HeaderTestAbsent").is_none(), "its namespace is not registered");
        });
    }
}
