//! The native modules the VM gets: `_tvmscript` (namespaces, IR object base
//! class, entry points used by the frozen `tvm` package) and `_tvmscript_rt`
//! (the construction protocol).

use rustpython_vm::builtins::PyModuleDef;
use rustpython_vm::Context;

pub fn module_defs(ctx: &Context) -> Vec<&'static PyModuleDef> {
    vec![tvmscript::module_def(ctx), super::runtime::rt::module_def(ctx)]
}

#[rustpython_vm::pymodule(name = "_tvmscript")]
pub mod tvmscript {
    use rustpython_vm::builtins::PyTypeRef;
    use rustpython_vm::common as rustpython_common;
    use rustpython_vm::{PyObjectRef, PyPayload, PyResult, VirtualMachine};

    use crate::vm::namespace;
    use crate::vm::object::PyIr;

    #[pyattr(once, name = "DiagnosticError")]
    fn diagnostic_error(vm: &VirtualMachine) -> PyTypeRef {
        vm.ctx.new_exception_type("tvm.error", "DiagnosticError", None)
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

    #[allow(dead_code)]
    fn _uses(_: &rustpython_common::lock::PyMutex<()>) {}
}
