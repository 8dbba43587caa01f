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
        crate::vm::runtime::GeneratedBuilder::static_type().to_owned().into()
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
    }

    /// `tvm.script.from_source(text, extra_vars=None, check_well_formed=True)`.
    #[pyfunction]
    fn from_source(args: FromSourceArgs, vm: &VirtualMachine) -> PyResult {
        let mut extra = Vec::new();
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
            extra = crate::vm::parse::printed_script_globals(vm)?;
        }
        let source = crate::script::Source::new("<string>", &args.source);
        let parsed = crate::vm::parse::run_script(vm, &source, &extra, args.check_well_formed)?;
        match parsed.definitions.last() {
            Some((_, obj)) => Ok(crate::vm::object::wrap(vm, obj.clone())),
            None => Err(vm.new_value_error("the source defines no TVMScript function or module")),
        }
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

    /// The access paths (as text) of the first structural mismatch, or None when equal
    /// (`tvm_ffi.get_first_structural_mismatch`).
    #[pyfunction]
    fn first_structural_mismatch(lhs: PyObjectRef, rhs: PyObjectRef, map_free_vars: rustpython_vm::function::OptionalArg<bool>, vm: &VirtualMachine) -> PyResult {
        let (a, b) = (obj_arg(vm, &lhs)?, obj_arg(vm, &rhs)?);
        Ok(match crate::ir::structural::get_first_structural_mismatch(&a, &b, map_free_vars.unwrap_or(false)) {
            None => vm.ctx.none(),
            Some((l, r)) => vm.ctx.new_tuple(vec![vm.ctx.new_str(l.to_string()).into(), vm.ctx.new_str(r.to_string()).into()]).into(),
        })
    }

    /// `tvm.ir.structural_equal(lhs, rhs, map_free_vars=False)`.
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

    /// `tvm.ir.structural_hash(obj, map_free_vars=False)`.
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
