//! Parsing TVMScript text in the VM (`tvm.script.from_source`, `tvmscript print`):
//! run the builder program with the caller's bindings and collect the IR it defines.

use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::scope::Scope;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use crate::vm::namespace::namespace_path;
use crate::vm::object::unwrap_object;
use crate::ir::ObjectRef;
use super::settings;
use crate::script::{header, Environment, Source};

/// The result of running a script: its globals and the IR definitions in them,
/// in definition order: what its top-level decorated `def`s and `class`es bound
/// (bindings supplied by the caller, and variables that merely hold IR, are not
/// counted).
pub struct Parsed {
    /// The script's globals after it ran.
    pub globals: PyDictRef,
    /// The IR definitions, by name, in definition order.
    pub definitions: Vec<(String, ObjectRef)>,
}

/// Compile and run `source` with `extra` bound as globals.
pub fn run_script(
    vm: &VirtualMachine,
    source: &Source,
    extra: &[(String, PyObjectRef)],
    check_well_formed: bool,
) -> PyResult<Parsed> {
    run_with(vm, source, extra, Environment::default(), check_well_formed)
}

/// [`run_script`] for a source string (`tvm.script.from_source`): its namespace
/// aliases come from its imports or the caller's `extra`; `implicit` says `extra` is
/// the printed header's names, supplied without the caller asking (TVM's spelling
/// may rely on them, the native spelling may not).
pub fn run_source_string(
    vm: &VirtualMachine,
    source: &Source,
    extra: &[(String, PyObjectRef)],
    implicit: bool,
    check_well_formed: bool,
) -> PyResult<Parsed> {
    let mut env = Environment { source_string: true, ..Environment::default() };
    if implicit {
        env.implicit = extra.iter().filter(|(_, v)| namespace_path(v).is_some()).map(|(n, _)| n.clone()).collect();
    }
    run_with(vm, source, extra, env, check_well_formed)
}

fn run_with(
    vm: &VirtualMachine,
    source: &Source,
    extra: &[(String, PyObjectRef)],
    mut env: Environment,
    check_well_formed: bool,
) -> PyResult<Parsed> {
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
    let program = super::compile(vm, source, &env).map_err(|e| e.to_py(vm, source))?;
    let globals = vm.ctx.new_dict();
    globals.set_item("__name__", vm.ctx.new_str("__tvm_script__").into(), vm)?;
    for (name, value) in extra {
        globals.set_item(name.as_str(), value.clone(), vm)?;
    }
    let scope = Scope::with_builtins(None, globals.clone(), vm);
    settings::with_check_well_formed(check_well_formed, || vm.run_code_obj(program.code.clone(), scope))?;
    let defined: std::collections::HashSet<&str> = program.definition_names.iter().map(String::as_str).collect();
    let mut definitions = Vec::new();
    for (k, v) in &globals {
        let Ok(name) = k.str(vm).map(|s| s.to_string()) else { continue };
        if extra.iter().any(|(n, _)| *n == name) || !defined.contains(name.as_str()) {
            continue;
        }
        if let Some(obj) = unwrap_object(&v)
            && is_definition(&obj)
        {
            definitions.push((name, obj));
        }
    }
    Ok(Parsed { globals, definitions })
}

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
            // `TypeVar` is typing's class, bound without importing `typing` (slow to import).
            let sys_modules = vm.sys_module.get_attr("modules", vm).unwrap();
            assert!(sys_modules.get_item("typing", vm).is_err(), "the header imported typing");
            let typing = vm.import("typing", 0).expect("typing imports");
            let class = typing.get_attr("TypeVar", vm).unwrap();
            assert!(rustpython_vm::AsObject::is(&class, &bound("TypeVar").unwrap()), "TypeVar is typing.TypeVar");
        });
    }

    /// Every body a parse made is freed with its result: `vm.new_function` keeps
    /// its closure for the process, and a decorator holding a definition's body (and
    /// through it the source) leaked a megabyte per parse of llm_small.
    #[test]
    fn a_parse_frees_every_body_it_made() {
        crate::init();
        let text = "@I.ir_module\nclass Module:\n    @T.prim_func\n    def f(A: T.Buffer((4,), \"float32\")):\n        A[0] = T.float32(1)\n\n    @T.prim_func(private=True)\n    def g(B: T.Buffer((8,), \"float16\")):\n        B[1] = T.float16(2)\n";
        let source = Source::new("module.py", text);
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            let extra = printed_script_globals(vm).expect("the header imports");
            let before = crate::program::eval::live::count();
            for _ in 0..2 {
                let parsed = crate::program::settings::with_evaluated_bodies(true, || run_script(vm, &source, &extra, true)).expect("the script runs");
                assert_eq!(parsed.definitions.len(), 1);
                drop(parsed);
                assert_eq!(crate::program::eval::live::count(), before, "bodies outlived their parse");
            }
        });
    }

    /// A module class waits for the cycle collector, and the namespace it was made
    /// from may be held longer; its definitions must not keep the script's globals
    /// (and through them the built module) alive after the parse.
    #[test]
    fn a_parsed_module_class_does_not_keep_the_globals_alive() {
        crate::init();
        let text = "@I.ir_module\nclass Module:\n    @T.prim_func\n    def f(A: T.Buffer((4,), \"float32\")):\n        A[0] = T.float32(1)\n\n    @T.prim_func\n    def g(A: T.Buffer((4,), \"float32\")):\n        T.evaluate(0)\n";
        let source = Source::new("module.py", text);
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            for evaluated in [true, false] {
                let extra = printed_script_globals(vm).expect("the header imports");
                let parsed = crate::program::settings::with_evaluated_bodies(evaluated, || run_script(vm, &source, &extra, true))
                    .expect("the script runs");
                assert_eq!(parsed.definitions.len(), 1);
                let globals: PyObjectRef = parsed.globals.into();
                // Ours, and none held by the functions that built the module.
                assert_eq!(globals.strong_count(), 1, "evaluated bodies: {evaluated}");
            }
        });
    }
}
