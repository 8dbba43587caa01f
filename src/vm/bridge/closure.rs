//! Python callables that run a Rust closure and free it with themselves.
//!
//! RustPython 0.5's `vm.new_function` keeps its closure for the life of the
//! process (the method definition it makes is leaked, to be `'static`), and with it
//! everything the closure captured. Made for every definition of every parse (a
//! decorator holding the definition's body, say), that kept each parse's bodies,
//! with the source text and line index they point into: about a megabyte per parse
//! of llm_small, and fresh pages faulted in by the next one. A [`Closure`] owns its
//! closure instead: it is dropped with the object.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::{Callable, Representable};
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

type Body = dyn Fn(FuncArgs, &VirtualMachine) -> PyResult;

/// A callable made at run time around a Rust closure (reads as a built-in function).
#[pyclass(module = false, name = "builtin_function_or_method")]
#[derive(PyPayload)]
pub struct Closure {
    name: &'static str,
    f: Box<Body>,
}

impl std::fmt::Debug for Closure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Closure({})", self.name)
    }
}

/// A Python callable named `name` that runs `f`; `f` (and what it captured) is
/// dropped when the callable is.
pub fn closure(vm: &VirtualMachine, name: &'static str, f: impl Fn(FuncArgs, &VirtualMachine) -> PyResult + 'static) -> PyObjectRef {
    Closure { name, f: Box::new(f) }.into_ref(&vm.ctx).into()
}

/// A configured decorator (`@T.prim_func(private=True)`): called with the decorated
/// definition first, it runs `apply` on it.
pub fn decorator(vm: &VirtualMachine, name: &'static str, apply: impl Fn(&VirtualMachine, &PyObjectRef) -> PyResult + 'static) -> PyObjectRef {
    closure(vm, name, move |a: FuncArgs, vm: &VirtualMachine| -> PyResult {
        let target = a.args.first().ok_or_else(|| vm.new_type_error("a decorator expects a function"))?;
        apply(vm, target)
    })
}

#[pyclass(with(Callable, Representable))]
impl Closure {
    #[pygetset]
    fn __name__(&self) -> &'static str {
        self.name
    }

    #[pygetset]
    fn __qualname__(&self) -> &'static str {
        self.name
    }
}

impl Callable for Closure {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        (zelf.f)(args, vm)
    }
}

impl Representable for Closure {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("<built-in function {}>", zelf.name))
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;

    /// What the closure captured is dropped with the callable, not kept for the
    /// process as `vm.new_function` keeps it.
    #[test]
    fn a_closure_is_dropped_with_its_callable() {
        crate::init();
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            let captured = Rc::new(7);
            let held = captured.clone();
            let f = closure(vm, "seven", move |_args, vm| Ok(vm.ctx.new_int(*held).into()));
            let r = f.call((), vm).expect("calls");
            assert_eq!(r.try_into_value::<i64>(vm).unwrap(), 7);
            assert_eq!(f.repr(vm).unwrap().to_string(), "<built-in function seven>");
            assert_eq!(Rc::strong_count(&captured), 2);
            drop(f);
            assert_eq!(Rc::strong_count(&captured), 1, "the closure outlived its callable");
        });
    }
}
