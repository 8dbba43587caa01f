//! `FrameHandle`: what `T.serial(...)`, `T.sblock(...)`, `T.attr(...)`,
//! `T.launch_thread(...)` … return. Used in a `with` statement it opens its frames
//! on `__enter__` and closes them on `__exit__`; used in a `for` loop the loop
//! hook enters it with the target names; bound by an assignment or written as an
//! expression statement it is entered and stays open until the enclosing frame
//! ends (TVM's frame callbacks).

use std::fmt;

use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::{Iterable, Representable};
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

use super::context::{close, NameSpec};
use super::convert::Py as _;
use crate::builder;

/// Opens the frames of a handle; returns the value `with ... as x` binds.
pub type EnterFn = Box<dyn FnOnce(&VirtualMachine, Option<&NameSpec>) -> PyResult<PyObjectRef>>;

enum State {
    Pending(EnterFn),
    Entered(usize),
    Done,
}

#[pyclass(module = "tvm.tirx.frame", name = "Frame")]
#[derive(PyPayload)]
/// A TIR frame as Python sees it: a context manager that opens the frame on `__enter__`.
pub struct FrameHandle {
    /// What the handle builds, for messages (`"for loop"`, `"T.sblock"`).
    pub what: &'static str,
    /// A loop frame, usable as the iterator of a `for` statement.
    pub is_loop: bool,
    /// For `range(...)` with Python ints: the Python range, used when Python code
    /// (a comprehension) iterates the handle instead of a `for` statement.
    pub py_range: Option<PyObjectRef>,
    /// Target names set by the loop hook, used by `__enter__`.
    pub names: PyMutex<Option<NameSpec>>,
    state: PyMutex<State>,
}

impl fmt::Debug for FrameHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FrameHandle({})", self.what)
    }
}

impl FrameHandle {
    /// A handle that opens its frame with `enter`.
    pub fn new(what: &'static str, enter: EnterFn) -> Self {
        FrameHandle { what, is_loop: false, py_range: None, names: PyMutex::new(None), state: PyMutex::new(State::Pending(enter)) }
    }
    /// A loop handle (`for i in T.serial(...)` iterates it).
    pub fn new_loop(enter: EnterFn) -> Self {
        FrameHandle {
            what: "for loop",
            is_loop: true,
            py_range: None,
            names: PyMutex::new(None),
            state: PyMutex::new(State::Pending(enter)),
        }
    }
    /// As a Python object.
    pub fn into_py(self, vm: &VirtualMachine) -> PyObjectRef {
        self.into_ref(&vm.ctx).into()
    }

    /// Open the frames (once); returns the bound value.
    pub fn enter(&self, vm: &VirtualMachine, names: Option<&NameSpec>) -> PyResult {
        let f = match std::mem::replace(&mut *self.state.lock(), State::Done) {
            State::Pending(f) => f,
            _ => return Err(vm.new_runtime_error(format!("{} was already entered", self.what))),
        };
        let depth = builder::depth() + 1;
        let value = f(vm, names)?;
        super::frames::locate_frames(depth - 1, &crate::vm::location::current(vm));
        *self.state.lock() = State::Entered(depth);
        Ok(value)
    }

    /// Close the frames opened by `enter`.
    pub fn exit(&self, vm: &VirtualMachine, failed: bool) -> PyResult<()> {
        let depth = match std::mem::replace(&mut *self.state.lock(), State::Done) {
            State::Entered(d) => d,
            _ => return Ok(()),
        };
        if failed {
            builder::unwind_to(depth);
            return Ok(());
        }
        // A statement frame opened from Python with nothing below it: the IRBuilder's
        // result (`with T.grid(...)` directly under `with IRBuilder()`).
        match close(depth).py(vm)? {
            Some(obj) if crate::vm::ir_builder::in_scope() => crate::vm::ir_builder::set_only_result(vm, obj),
            _ => Ok(()),
        }
    }
}

#[pyclass(with(Iterable, Representable))]
impl FrameHandle {
    #[pymethod]
    fn __enter__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let names = zelf.names.lock().take();
        zelf.enter(vm, names.as_ref())
    }

    #[pymethod]
    fn __exit__(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<bool> {
        let failed = args.args.first().is_some_and(|e| !vm.is_none(e));
        zelf.exit(vm, failed)?;
        Ok(false)
    }
}

/// `with` on a handle in an evaluated body: what `__enter__` and `__exit__` do,
/// without looking them up and calling them (the class cannot be subclassed).
pub fn native_context() -> crate::vm::native::NativeContext {
    crate::vm::native::NativeContext {
        accepts: |obj| as_handle(obj).is_some(),
        enter: |obj, vm| {
            let h = as_handle(obj).expect("accepted");
            let names = h.names.lock().take();
            h.enter(vm, names.as_ref())
        },
        exit: |obj, vm, failed| as_handle(obj).expect("accepted").exit(vm, failed),
    }
}

impl Iterable for FrameHandle {
    fn iter(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        match &zelf.py_range {
            Some(r) => r.get_iter(vm).map(|i| i.into()),
            None => Err(vm.new_type_error(format!("a {} frame is not iterable outside a for statement", zelf.what))),
        }
    }
}

impl Representable for FrameHandle {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("<{} frame>", zelf.what))
    }
}

/// The handle inside a Python object, if it is one.
pub fn as_handle(obj: &PyObjectRef) -> Option<&Py<FrameHandle>> {
    obj.downcast_ref::<FrameHandle>()
}
