//! Access paths across the boundary: `tvm_ffi.access_path.AccessPath` (a Python class,
//! `stdlib/tvm_ffi/access_path.py`) and `ir::AccessPath`.
//!
//! Python hands a path over as its steps, `path._steps`: a tuple of `(kind, key)` pairs
//! with TVM's `AccessKind` numbers; Rust hands one back the same way and the Python
//! side rebuilds the object (`AccessPath._from_steps`).

use rustpython_vm::builtins::PyStr;
use rustpython_vm::{PyObjectRef, PyResult, TryFromObject, VirtualMachine};

use crate::vm::convert::{py_to_seq, py_to_value, value_to_py};
use crate::ir::{AccessPath, PathStep, Value};

/// A path as its `(kind, key)` steps, the form `AccessPath._from_steps` takes.
pub fn path_to_steps(vm: &VirtualMachine, path: &AccessPath) -> PyObjectRef {
    let steps = path
        .steps()
        .iter()
        .map(|step| {
            let key = match step {
                PathStep::Attr(name) | PathStep::AttrMissing(name) => vm.ctx.new_str(&**name).into(),
                PathStep::Index(i) | PathStep::IndexMissing(i) => vm.ctx.new_int(*i).into(),
                PathStep::MapKey(k) | PathStep::MapKeyMissing(k) => value_to_py(vm, k),
            };
            vm.ctx.new_tuple(vec![vm.ctx.new_int(step.kind_code()).into(), key]).into()
        })
        .collect();
    vm.ctx.new_tuple(steps).into()
}

/// A `tvm_ffi.access_path.AccessPath` as an IR path (its `_steps`).
pub fn path_from_py(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<AccessPath> {
    if obj.downcast_ref::<PyStr>().is_some() {
        return Err(vm.new_type_error("an access path must be a tvm_ffi.access_path.AccessPath, not str"));
    }
    let steps = obj
        .get_attr("_steps", vm)
        .map_err(|_| vm.new_type_error(format!("an access path must be a tvm_ffi.access_path.AccessPath, not {}", obj.class().name())))?;
    let mut path = AccessPath::root();
    for step in py_to_seq(vm, &steps)? {
        let pair = py_to_seq(vm, &step)?;
        let [kind, key] = <[PyObjectRef; 2]>::try_from(pair).map_err(|_| vm.new_value_error("an access step is a (kind, key) pair"))?;
        let index = |key: &PyObjectRef| -> PyResult<usize> {
            let i = i64::try_from_object(vm, key.clone())?;
            usize::try_from(i).map_err(|_| vm.new_value_error(format!("array index {i} out of range")))
        };
        let name = |key: &PyObjectRef| -> PyResult<std::sync::Arc<str>> { Ok(String::try_from_object(vm, key.clone())?.into()) };
        let map_key = |key: &PyObjectRef| -> PyResult<Value> { py_to_value(vm, key) };
        path = path.extend(match i64::try_from_object(vm, kind)? {
            0 => PathStep::Attr(name(&key)?),
            1 => PathStep::Index(index(&key)?),
            2 => PathStep::MapKey(map_key(&key)?),
            3 => PathStep::AttrMissing(name(&key)?),
            4 => PathStep::IndexMissing(index(&key)?),
            5 => PathStep::MapKeyMissing(map_key(&key)?),
            k => return Err(vm.new_value_error(format!("unknown access kind {k}"))),
        });
    }
    Ok(path)
}
