//! Errors across the VM boundary: `ir::Error` becomes the Python exception of its
//! kind (with its source location in the message), and Python exceptions become
//! `ir::Error` for Rust callers.

use rustpython_vm::builtins::{PyBaseExceptionRef, PyTypeRef};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::ir::{Error, ErrorKind};

/// The `DiagnosticError` class (TVM's `tvm.error.DiagnosticError`), one per VM.
pub fn diagnostic_error_type(vm: &VirtualMachine) -> PyTypeRef {
    vm.class("_tvmscript", "DiagnosticError")
}

/// The Python exception for an IR error.
pub fn to_py_err(vm: &VirtualMachine, err: &Error) -> PyBaseExceptionRef {
    let msg = match err.span.data() {
        Some(s) => format!("{}:{}:{}: {}", s.file, s.line, s.col, err.message),
        None => err.message.clone(),
    };
    let e = &vm.ctx.exceptions;
    let ty = match err.kind {
        ErrorKind::TypeError => e.type_error.to_owned(),
        ErrorKind::ValueError => e.value_error.to_owned(),
        ErrorKind::KeyError => e.key_error.to_owned(),
        ErrorKind::IndexError => e.index_error.to_owned(),
        ErrorKind::AttributeError => e.attribute_error.to_owned(),
        ErrorKind::NameError => e.name_error.to_owned(),
        ErrorKind::SyntaxError => e.syntax_error.to_owned(),
        ErrorKind::RuntimeError => e.runtime_error.to_owned(),
        ErrorKind::NotImplementedError => e.not_implemented_error.to_owned(),
        ErrorKind::DiagnosticError => diagnostic_error_type(vm),
        ErrorKind::InternalError => vm
            .import("tvm.error", 0)
            .and_then(|_| vm.sys_module.get_attr("modules", vm))
            .and_then(|m| m.get_item("tvm.error", vm))
            .and_then(|m| m.get_attr("InternalError", vm))
            .ok()
            .and_then(|c| c.downcast::<rustpython_vm::builtins::PyType>().ok())
            .unwrap_or_else(|| e.runtime_error.to_owned()),
    };
    vm.new_exception_msg(ty, msg.into())
}

/// Turn an IR result into a Python result.
pub trait IntoPyResult<T> {
    /// The result, with an IR error made the Python exception of its kind.
    fn py(self, vm: &VirtualMachine) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for crate::ir::Result<T> {
    fn py(self, vm: &VirtualMachine) -> PyResult<T> {
        self.map_err(|e| to_py_err(vm, &e))
    }
}

/// The IR error for a Python exception (kind from its class, message from `str`).
pub fn from_py_err(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> Error {
    let class = exc.class().name().to_string();
    let msg = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
    let kind = match class.as_str() {
        "TypeError" => ErrorKind::TypeError,
        "ValueError" => ErrorKind::ValueError,
        "KeyError" => ErrorKind::KeyError,
        "IndexError" => ErrorKind::IndexError,
        "AttributeError" => ErrorKind::AttributeError,
        "NameError" => ErrorKind::NameError,
        "SyntaxError" => ErrorKind::SyntaxError,
        "NotImplementedError" => ErrorKind::NotImplementedError,
        "DiagnosticError" => ErrorKind::DiagnosticError,
        "InternalError" => ErrorKind::InternalError,
        _ => ErrorKind::RuntimeError,
    };
    Error::new(kind, msg)
}

/// `exc`, located at `span` when there is one (see [`crate::ir::EXCEPTION_SPAN_ATTR`]).
pub fn locate_exception(vm: &VirtualMachine, exc: PyBaseExceptionRef, span: Option<&crate::ir::Span>) -> PyBaseExceptionRef {
    let Some(span) = span.filter(|s| !s.is_none()) else { return exc };
    let parts: Vec<PyObjectRef> = span
        .parts()
        .iter()
        .filter_map(|p| p.data())
        .map(|d| {
            let items: Vec<PyObjectRef> = vec![
                vm.ctx.new_str(d.file.to_string()).into(),
                vm.ctx.new_int(d.line).into(),
                vm.ctx.new_int(d.col).into(),
                vm.ctx.new_int(d.end_line).into(),
                vm.ctx.new_int(d.end_col).into(),
            ];
            vm.ctx.new_tuple(items).into()
        })
        .collect();
    let _ = exc.as_object().set_attr(crate::ir::EXCEPTION_SPAN_ATTR, vm.ctx.new_list(parts), vm);
    exc
}
