//! The native modules the VM gets: `_tvmscript` (namespaces, IR object base
//! class, entry points used by the frozen `tvm` package) and `_tvmscript_rt`
//! (the construction protocol).

use rustpython_vm::builtins::PyModuleDef;
use rustpython_vm::Context;

/// The native modules to add to an interpreter.
pub fn module_defs(ctx: &Context) -> Vec<&'static PyModuleDef> {
    vec![tvmscript::module_def(ctx), super::runtime::rt::module_def(ctx)]
}

#[rustpython_vm::pymodule(name = "_tvmscript")]
/// `_tvmscript`: namespaces, the IR object class, and the entry points of the frozen `tvm` package.
pub mod tvmscript {
    use rustpython_vm::builtins::PyTypeRef;
    use rustpython_vm::common as rustpython_common;
    use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

    use crate::vm::namespace;
    use crate::vm::object::PyIr;

    #[pyattr(once, name = "DiagnosticError")]
    fn diagnostic_error(vm: &VirtualMachine) -> PyTypeRef {
        // A RuntimeError, as TVM's.
        vm.ctx.new_exception_type("tvm.error", "DiagnosticError", Some(vec![vm.ctx.exceptions.runtime_error.to_owned()]))
    }

    /// The TVM version this implements (`tvm.__version__`, and the `tvm_version` of
    /// the JSON `save_json` writes).
    #[pyattr(name = "tvm_version")]
    fn tvm_version(vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_str(crate::ir::json::TVM_VERSION).into()
    }

    #[pyattr(name = "Object")]
    fn object_class(vm: &VirtualMachine) -> PyTypeRef {
        PyIr::class(&vm.ctx).to_owned()
    }

    /// The script namespace registered under `path` (`"tirx"`, `"relax"` …).
    #[pyfunction]
    fn namespace(path: String, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        if !namespace::is_registered(&path) {
            return Err(vm.new_import_error(format!("no TVMScript namespace named {path:?}"), vm.ctx.new_str(path.as_str())));
        }
        Ok(namespace::namespace_object(vm, &path))
    }

    /// Registered namespace paths.
    #[pyfunction]
    fn namespaces(vm: &VirtualMachine) -> PyObjectRef {
        let names = crate::script::protocol::namespaces().into_iter().map(|n| vm.ctx.new_str(n).into()).collect();
        vm.ctx.new_list(names).into()
    }

    /// The namespace members packages re-export: `[(package, namespace, member)]`
    /// (`("tvm.script", "ir", "ir_module")`).
    #[pyfunction]
    fn exports(vm: &VirtualMachine) -> PyObjectRef {
        let rows = crate::script::protocol::exports()
            .into_iter()
            .map(|(p, ns, m)| vm.ctx.new_tuple(vec![vm.ctx.new_str(p).into(), vm.ctx.new_str(ns).into(), vm.ctx.new_str(m).into()]).into())
            .collect();
        vm.ctx.new_list(rows).into()
    }

    /// The syntax policies by namespace path: `{"tirx": {"function": {"kind":
    /// "FUNCTION", "tvm_spelling": False, "jit": False}, ...}, ...}`.
    #[pyfunction]
    fn protocol_registry(vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        let out = vm.ctx.new_dict();
        for ns in crate::script::protocol::namespaces() {
            out.set_item(ns.as_str(), vm.ctx.new_dict().into(), vm)?;
        }
        for (ns, name, p) in crate::script::protocol::decorators() {
            let d = vm.ctx.new_dict();
            d.set_item("kind", vm.ctx.new_str(p.kind.name()).into(), vm)?;
            d.set_item("tvm_spelling", vm.ctx.new_bool(p.tvm_spelling).into(), vm)?;
            d.set_item("jit", vm.ctx.new_bool(p.jit).into(), vm)?;
            out.get_item(ns.as_str(), vm)?.set_item(name.as_str(), d.into(), vm)?;
        }
        Ok(out.into())
    }

    /// The `GeneratedBuilder` record class.
    #[pyfunction]
    fn generated_builder_class(vm: &VirtualMachine) -> PyObjectRef {
        use rustpython_vm::class::StaticType;
        let _ = vm;
        crate::program::runtime::GeneratedBuilder::static_type().to_owned().into()
    }

    #[allow(dead_code)]
    fn _uses(_: &rustpython_common::lock::PyMutex<()>) {}

    #[derive(rustpython_vm::FromArgs)]
    struct FromSourceArgs {
        #[pyarg(any)]
        source: String,
        #[pyarg(any, optional)]
        extra_vars: rustpython_vm::function::OptionalArg<PyObjectRef>,
        #[pyarg(any, default = true)]
        check_well_formed: bool,
        /// JIT constants by parameter name: the source's JIT definition is
        /// specialized with them (an empty map still selects root JIT construction).
        #[pyarg(any, optional)]
        const_args: rustpython_vm::function::OptionalArg<PyObjectRef>,
    }

    /// `tvm.script.from_source(text, extra_vars=None, check_well_formed=True)`.
    #[pyfunction]
    fn from_source(args: FromSourceArgs, vm: &VirtualMachine) -> PyResult {
        let mut extra = Vec::new();
        let mut implicit = false;
        if let rustpython_vm::function::OptionalArg::Present(d) = args.extra_vars
            && !vm.is_none(&d)
        {
            let d = d.downcast::<rustpython_vm::builtins::PyDict>().map_err(|_| vm.new_type_error("extra_vars must be a dict"))?;
            for (k, v) in &d {
                extra.push((k.str(vm)?.to_string(), v));
            }
        } else {
            // As TVM 0.27: without `extra_vars` the names a printed script's header
            // imports (`T`, `I`, `R`, `tvm` …) are supplied; with `extra_vars` (even
            // `{}`) only those and the source's own imports resolve.
            extra = crate::program::parse::printed_script_globals(vm)?;
            implicit = true;
        }
        let source = crate::script::Source::new("<str>", &args.source);
        let consts = args.const_args.into_option().filter(|c| !vm.is_none(c));
        if let Some(c) = &consts
            && c.downcast_ref::<rustpython_vm::builtins::PyDict>().is_none()
        {
            return Err(vm.new_type_error("const_args must be a dict"));
        }
        // A module class's JIT definitions take their constants while the module is built.
        let (parsed, used) = crate::program::settings::with_jit_constants(consts.clone(), || {
            crate::program::parse::run_source_string(vm, &source, &extra, implicit, args.check_well_formed)
        });
        let parsed = parsed?;
        if let Some(consts) = consts {
            return specialize_jit(vm, &parsed, consts, used);
        }
        match parsed.definitions.last() {
            Some((_, obj)) => Ok(crate::vm::object::wrap(vm, obj.clone())),
            None => Err(vm.new_value_error("the source defines no TVMScript function or module")),
        }
    }

    /// `from_source(..., const_args=...)`: the last JIT definition the source bound,
    /// specialized with the constants; else the last definition, a module whose JIT
    /// members took the constants they name (`used`) when it was built.
    fn specialize_jit(vm: &VirtualMachine, parsed: &crate::program::parse::Parsed, consts: PyObjectRef, used: crate::program::settings::JitConstantsUse) -> PyResult {
        use crate::dialects::tirx::frontend::func::JitFunction;
        let consts = consts.downcast::<rustpython_vm::builtins::PyDict>().map_err(|_| vm.new_type_error("const_args must be a dict"))?;
        let mut jit = None;
        for (_, v) in &parsed.globals {
            if v.downcast_ref::<JitFunction>().is_some() {
                jit = Some(v);
            }
        }
        let Some(jit) = jit else {
            if used.members == 0 {
                return Err(vm.new_value_error("const_args is given but the source defines no JIT function"));
            }
            let mut unknown = vec![];
            for (k, _) in &consts {
                let k = k.str(vm)?.to_string();
                if !used.names.contains(&k) {
                    unknown.push(format!("'{k}'"));
                }
            }
            if !unknown.is_empty() {
                unknown.sort();
                return Err(vm.new_type_error(format!("const_args names no parameter of the module's JIT definitions: [{}]", unknown.join(", "))));
            }
            return match parsed.definitions.last() {
                Some((_, obj)) => Ok(crate::vm::object::wrap(vm, obj.clone())),
                None => Err(vm.new_value_error("the source defines no TVMScript function or module")),
            };
        };
        let mut kwargs = Vec::new();
        for (k, v) in &consts {
            kwargs.push((k.str(vm)?.to_string(), v));
        }
        let kwargs: rustpython_vm::function::KwArgs = kwargs.into_iter().collect();
        vm.call_method(&jit, "specialize", rustpython_vm::function::FuncArgs::from(kwargs))
    }

    /// Run a module's source, transpiled as a script is, in the module's `globals`
    /// (the loader of modules imported from disk, `_tvmscript_import`). The bodies
    /// the program took out stay registered while the module's namespace holds them.
    #[pyfunction]
    fn exec_module_source(source: String, filename: String, globals: rustpython_vm::builtins::PyDictRef, vm: &VirtualMachine) -> PyResult<()> {
        let src = crate::script::Source::new(&filename, &source);
        let program = crate::program::compile(vm, &src, &crate::script::Environment::default()).map_err(|e| e.to_py(vm, &src))?;
        let bodies = program.bodies;
        let keep = crate::vm::closure::closure(vm, "__tvmscript_bodies__", move |_, vm| {
            let _ = &bodies;
            Ok(vm.ctx.none())
        });
        globals.set_item("__tvmscript_bodies__", keep, vm)?;
        let scope = rustpython_vm::scope::Scope::with_builtins(None, globals, vm);
        vm.run_code_obj(program.code, scope).map(drop)
    }

    /// The located diagnostic of `exc` in the source `text` named `filename` (its
    /// innermost traceback entry there, or the place a syntax or IR error names), as
    /// `run` prints it; None when the exception has no place in that source.
    #[pyfunction]
    fn render_exception(exc: rustpython_vm::builtins::PyBaseExceptionRef, filename: String, text: String, vm: &VirtualMachine) -> Option<String> {
        let src = crate::script::Source::new(&filename, &text);
        crate::script::diagnostics::exception_diagnostic(vm, &exc, &src)
            .map(|d| d.render(&src.text, crate::script::diagnostics::diagnostic_color()))
    }

    fn obj_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<crate::ir::Value> {
        crate::vm::convert::py_to_value(vm, o)
    }

    /// `tvm.ir.assert_structural_equal(lhs, rhs, map_free_vars=False)`.
    #[pyfunction]
    fn assert_structural_equal(lhs: PyObjectRef, rhs: PyObjectRef, map_free_vars: rustpython_vm::function::OptionalArg<bool>, vm: &VirtualMachine) -> PyResult<()> {
        use crate::vm::error::IntoPyResult;
        let (a, b) = (obj_arg(vm, &lhs)?, obj_arg(vm, &rhs)?);
        crate::ir::assert_structural_equal(&a, &b, map_free_vars.unwrap_or(false)).py(vm)
    }

    /// The access paths (as `(kind, key)` steps) of the first structural mismatch, or None when equal
    /// (`tvm_ffi.get_first_structural_mismatch`).
    #[pyfunction]
    fn first_structural_mismatch(lhs: PyObjectRef, rhs: PyObjectRef, map_free_vars: rustpython_vm::function::OptionalArg<bool>, vm: &VirtualMachine) -> PyResult {
        let (a, b) = (obj_arg(vm, &lhs)?, obj_arg(vm, &rhs)?);
        Ok(match crate::ir::structural::get_first_structural_mismatch(&a, &b, map_free_vars.unwrap_or(false)) {
            None => vm.ctx.none(),
            Some((l, r)) => {
                use crate::vm::access_path::path_to_steps;
                vm.ctx.new_tuple(vec![path_to_steps(vm, &l), path_to_steps(vm, &r)]).into()
            }
        })
    }

    /// `tvm.script.printer.doc_printer.to_python_script`: a Python Doc tree as text.
    #[pyfunction]
    fn doc_to_python_script(
        doc: PyObjectRef,
        indent_spaces: usize,
        print_line_numbers: bool,
        num_context_lines: i64,
        path_to_underline: PyObjectRef,
        vm: &VirtualMachine,
    ) -> PyResult<String> {
        crate::vm::doc_py::to_python_script(vm, &doc, indent_spaces, print_line_numbers, num_context_lines, &path_to_underline)
    }

    /// `tvm_ffi.structural_equal(lhs, rhs, map_free_vars=False)`.
    #[pyfunction]
    fn structural_equal(lhs: PyObjectRef, rhs: PyObjectRef, map_free_vars: rustpython_vm::function::OptionalArg<bool>, vm: &VirtualMachine) -> PyResult<bool> {
        let (a, b) = (obj_arg(vm, &lhs)?, obj_arg(vm, &rhs)?);
        Ok(crate::ir::structural_equal(&a, &b, map_free_vars.unwrap_or(false)))
    }

    /// `tvm.ir.load_json(text)`: the value a JSON object graph describes (the printer's
    /// metadata section).
    #[pyfunction]
    fn load_json(text: String, vm: &VirtualMachine) -> PyResult {
        use crate::vm::error::IntoPyResult;
        let v = crate::ir::json::load_json(&text).py(vm)?;
        Ok(crate::vm::convert::value_to_py(vm, &v))
    }

    /// `tvm.ir.save_json(obj)`: the JSON object graph of a value.
    #[pyfunction]
    fn save_json(obj: PyObjectRef, vm: &VirtualMachine) -> PyResult<String> {
        use crate::vm::error::IntoPyResult;
        let v = obj_arg(vm, &obj)?;
        crate::ir::json::save_json(&v).py(vm)
    }

    /// `tvm_ffi.structural_hash(obj, map_free_vars=False)`.
    #[pyfunction]
    fn structural_hash(obj: PyObjectRef, map_free_vars: rustpython_vm::function::OptionalArg<bool>, vm: &VirtualMachine) -> PyResult<i64> {
        let a = obj_arg(vm, &obj)?;
        Ok(crate::ir::structural_hash(&a, map_free_vars.unwrap_or(false)) as i64)
    }

    /// The Python class of IR objects of a type key (`tvm.IRModule` is `ir.IRModule`'s).
    #[pyfunction]
    fn ir_class(key: String, vm: &VirtualMachine) -> PyResult {
        let info = crate::vm::classes::lookup(&key)
            .ok_or_else(|| vm.new_value_error(format!("no IR type is registered as {key:?}")))?;
        Ok(crate::vm::object::class_of(vm, info).into())
    }

    /// `tvm.target.Target(target, host=None)`: a target from a string, a config dict
    /// or a target, with TVM's checks and messages (`crate::ir::target`).
    #[pyfunction]
    fn make_target(target: PyObjectRef, host: rustpython_vm::function::OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        use crate::ir::target::{from_value, with_host, TargetNode};
        let accepted = |o: &PyObjectRef| {
            o.fast_isinstance(vm.ctx.types.str_type)
                || o.fast_isinstance(vm.ctx.types.dict_type)
                || crate::vm::object::unwrap_object(o).is_some_and(|t| t.is::<TargetNode>())
        };
        if !accepted(&target) {
            let class = target.class().as_object().repr(vm)?;
            return Err(vm.new_value_error(format!("target has to be a string or dictionary. instead get {class}")));
        }
        let host = host.into_option().filter(|h| !vm.is_none(h));
        if host.as_ref().is_some_and(|h| !accepted(h)) {
            return Err(vm.new_value_error("target host has to be a string or dictionary."));
        }
        let build = |o: &PyObjectRef| -> PyResult<crate::ir::target::Target> {
            from_value(&crate::vm::convert::py_to_value(vm, o)?).map_err(|m| vm.new_value_error(m))
        };
        let mut t = build(&target)?;
        if let Some(h) = &host {
            t = with_host(&t, build(h)?);
        }
        Ok(crate::vm::object::wrap(vm, t.into()))
    }

    fn target_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<crate::ir::target::Target> {
        crate::vm::object::unwrap_object(o)
            .and_then(|t| t.try_downcast::<crate::ir::target::TargetNode>())
            .ok_or_else(|| vm.new_type_error(format!("expected a Target, got {}", o.class().name())))
    }

    /// `Target.export()`: the config dict (kind, tag, keys, host, attributes).
    #[pyfunction]
    fn target_export(target: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        Ok(crate::vm::convert::value_to_py(vm, &target_arg(vm, &target)?.export()))
    }

    /// `str(target)`: TVM 0.27's compact JSON.
    #[pyfunction]
    fn target_str(target: PyObjectRef, vm: &VirtualMachine) -> PyResult<String> {
        Ok(target_arg(vm, &target)?.to_json())
    }

    /// `Target.list_kinds()`.
    #[pyfunction]
    fn target_kinds(vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_list(crate::ir::target::list_kinds().into_iter().map(|k| vm.ctx.new_str(k).into()).collect()).into()
    }

    /// `tvm.target.list_tags()`: each registered tag's name and target.
    #[pyfunction]
    fn target_tags(vm: &VirtualMachine) -> PyResult {
        let dict = vm.ctx.new_dict();
        for name in crate::ir::target::list_tags() {
            let t = crate::ir::target::from_value(&crate::ir::Value::str(name)).map_err(|m| vm.new_value_error(m))?;
            dict.set_item(name, crate::vm::object::wrap(vm, t.into()), vm)?;
        }
        Ok(dict.into())
    }

    /// `tvm.ir.Op.get(op_name)`: a registered operator.
    #[pyfunction]
    fn op_get(name: String, vm: &VirtualMachine) -> PyResult {
        let op = crate::ir::Op::get(&name).map_err(|_| vm.new_attribute_error(format!("Operator {name} is not registered")))?;
        Ok(crate::vm::object::wrap(vm, op.into()))
    }

    /// `tvm.IRModule.from_expr(func)`: a module of one function, named by its
    /// `global_symbol` attribute, `main` without one.
    #[pyfunction]
    fn module_from_expr(func: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let obj = crate::vm::object::unwrap_object(&func)
            .ok_or_else(|| vm.new_type_error(format!("IRModule.from_expr expects a function, got {}", func.class().name())))?;
        let base = crate::ir::BaseFunc::try_from(obj.clone())
            .map_err(|_| vm.new_type_error(format!("IRModule.from_expr expects a function, got {}", obj.type_key())))?;
        Ok(crate::vm::object::wrap(vm, crate::ir::IRModule::from_expr(base).into()))
    }
}
