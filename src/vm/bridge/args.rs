//! Python-style argument binding for native functions (`T.*`, `R.*`, node class
//! constructors and methods): positional or keyword parameters with defaults,
//! keyword-only ones after `"*"`, and errors worded like Python's. A builder called
//! from Python binds `FuncArgs` ([`bind`]); one that takes native calls binds
//! `native::Args` ([`bind_native`]); a dialect reads an argument as the IR value it
//! is through [`Bound::value`].

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use crate::vm::convert::{py_int, py_str};
use crate::vm::native::{Args, Val};

/// The bound arguments of one call, by parameter position.
pub struct Bound {
    fname: &'static str,
    names: &'static [&'static str],
    values: Vec<Option<Val>>,
}

/// Bind `args` to `params` (`"*"` separates keyword-only parameters). Parameters
/// left unbound read as `None` through [`Bound::get`]; required ones are checked
/// by [`Bound::req`].
pub fn bind(vm: &VirtualMachine, fname: &'static str, args: FuncArgs, params: &'static [&'static str]) -> PyResult<Bound> {
    let positional = args.args.into_iter().map(Val::Py);
    let keywords = args.kwargs.into_iter().map(|(k, v)| (k, Val::Py(v)));
    bind_values(vm, fname, positional, keywords, params)
}

/// [`bind`] for a native call.
pub fn bind_native(vm: &VirtualMachine, fname: &'static str, args: Args, params: &'static [&'static str]) -> PyResult<Bound> {
    bind_values(vm, fname, args.args.into_iter(), args.kwargs.into_iter(), params)
}

fn bind_values<K: AsRef<str>>(
    vm: &VirtualMachine,
    fname: &'static str,
    positional: impl ExactSizeIterator<Item = Val>,
    keywords: impl Iterator<Item = (K, Val)>,
    params: &'static [&'static str],
) -> PyResult<Bound> {
    let accepted = params.iter().take_while(|p| **p != "*").count();
    if positional.len() > accepted {
        return Err(vm.new_type_error(format!(
            "{fname}() takes {accepted} positional argument(s) but {} were given",
            positional.len()
        )));
    }
    let mut values: Vec<Option<Val>> = vec![None; params.len()];
    for (i, a) in positional.enumerate() {
        values[i] = Some(a);
    }
    for (k, v) in keywords {
        let k = k.as_ref();
        let Some(i) = params.iter().position(|p| *p == k && *p != "*") else {
            return Err(vm.new_type_error(format!("{fname}() got an unexpected keyword argument '{k}'{}", crate::renames::keyword_hint(k))));
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
    /// The argument as given, possibly an IR value not yet a Python object.
    pub fn value(&self, name: &str) -> Option<&Val> {
        self.values.get(self.index(name)).and_then(Option::as_ref)
    }
    /// The argument, `None` when not given or given as Python `None`.
    pub fn get(&self, vm: &VirtualMachine, name: &str) -> Option<PyObjectRef> {
        self.value(name).filter(|v| !v.is_none(vm)).map(|v| v.to_py(vm))
    }
    /// The argument as given (Python `None` included).
    pub fn raw(&self, vm: &VirtualMachine, name: &str) -> Option<PyObjectRef> {
        self.value(name).map(|v| v.to_py(vm))
    }
    /// Set an argument (a derived default).
    pub fn set(&mut self, name: &str, value: PyObjectRef) {
        let i = self.index(name);
        if let Some(slot) = self.values.get_mut(i) {
            *slot = Some(Val::Py(value));
        }
    }
    /// The `TypeError` of a missing required argument.
    pub fn missing(&self, vm: &VirtualMachine, name: &str) -> rustpython_vm::builtins::PyBaseExceptionRef {
        vm.new_type_error(format!("{}() missing required argument: '{name}'", self.fname))
    }
    /// A required argument.
    pub fn req(&self, vm: &VirtualMachine, name: &str) -> PyResult<PyObjectRef> {
        self.raw(vm, name).ok_or_else(|| self.missing(vm, name))
    }
    /// A boolean argument, or `default`.
    pub fn bool_or(&self, vm: &VirtualMachine, name: &str, default: bool) -> PyResult<bool> {
        match self.get(vm, name) {
            Some(v) => v.try_to_bool(vm),
            None => Ok(default),
        }
    }
    /// A string argument, or `default`.
    pub fn str_or(&self, vm: &VirtualMachine, name: &str, default: &str) -> PyResult<String> {
        match self.get(vm, name) {
            Some(v) => py_str(vm, &v),
            None => Ok(default.to_string()),
        }
    }
    /// An integer argument, or `default`.
    pub fn int_or(&self, vm: &VirtualMachine, name: &str, default: i64) -> PyResult<i64> {
        match self.get(vm, name) {
            Some(v) => py_int(vm, &v),
            None => Ok(default),
        }
    }
}
