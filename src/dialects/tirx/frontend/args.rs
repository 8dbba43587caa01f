//! Python-style argument binding for the native `T.*` functions: positional or
//! keyword parameters with defaults, keyword-only ones after `"*"`, and errors
//! worded like Python's.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

/// The bound arguments of one call, by parameter position.
pub struct Bound {
    fname: &'static str,
    names: &'static [&'static str],
    values: Vec<Option<PyObjectRef>>,
}

/// Bind `args` to `params` (`"*"` separates keyword-only parameters). Parameters
/// left unbound read as `None` through [`Bound::get`]; required ones are checked
/// by [`Bound::req`].
pub fn bind(vm: &VirtualMachine, fname: &'static str, args: FuncArgs, params: &'static [&'static str]) -> PyResult<Bound> {
    let positional: Vec<&str> = params.iter().take_while(|p| **p != "*").copied().collect();
    if args.args.len() > positional.len() {
        return Err(vm.new_type_error(format!(
            "{fname}() takes {} positional argument(s) but {} were given",
            positional.len(),
            args.args.len()
        )));
    }
    let mut values: Vec<Option<PyObjectRef>> = vec![None; params.len()];
    for (i, a) in args.args.into_iter().enumerate() {
        values[i] = Some(a);
    }
    for (k, v) in args.kwargs {
        let Some(i) = params.iter().position(|p| *p == k.as_str() && *p != "*") else {
            return Err(vm.new_type_error(format!("{fname}() got an unexpected keyword argument '{k}'")));
        };
        if values[i].is_some() {
            return Err(vm.new_type_error(format!("{fname}() got multiple values for argument '{k}'")));
        }
        values[i] = Some(v);
    }
    Ok(Bound { fname, names: params, values })
}

impl Bound {
    fn index(&self, name: &str) -> usize {
        self.names.iter().position(|p| *p == name).unwrap_or(usize::MAX)
    }
    /// The argument, `None` when not given or given as Python `None`.
    pub fn get(&self, vm: &VirtualMachine, name: &str) -> Option<PyObjectRef> {
        self.values.get(self.index(name)).cloned().flatten().filter(|v| !vm.is_none(v))
    }
    /// The argument as given (Python `None` included).
    pub fn raw(&self, name: &str) -> Option<PyObjectRef> {
        self.values.get(self.index(name)).cloned().flatten()
    }
    /// Set an argument (a derived default).
    pub fn set(&mut self, name: &str, value: PyObjectRef) {
        let i = self.index(name);
        if let Some(slot) = self.values.get_mut(i) {
            *slot = Some(value);
        }
    }
    /// A required argument.
    pub fn req(&self, vm: &VirtualMachine, name: &str) -> PyResult<PyObjectRef> {
        self.raw(name)
            .ok_or_else(|| vm.new_type_error(format!("{}() missing required argument: '{name}'", self.fname)))
    }
    pub fn bool_or(&self, vm: &VirtualMachine, name: &str, default: bool) -> PyResult<bool> {
        match self.get(vm, name) {
            Some(v) => v.try_to_bool(vm),
            None => Ok(default),
        }
    }
    pub fn str_or(&self, vm: &VirtualMachine, name: &str, default: &str) -> PyResult<String> {
        match self.get(vm, name) {
            Some(v) => super::convert::py_str(vm, &v),
            None => Ok(default.to_string()),
        }
    }
    pub fn int_or(&self, vm: &VirtualMachine, name: &str, default: i64) -> PyResult<i64> {
        match self.get(vm, name) {
            Some(v) => super::convert::py_int(vm, &v),
            None => Ok(default),
        }
    }
}
