//! `tvm.script.ir_builder` from Python: `IRBuilder` and the frame objects the
//! dialects' builder functions return (`T.prim_func()`, `T.serial(...)`,
//! `I.ir_module()` …), driving the same frame stack (`crate::builder`) the parser
//! uses: one builder, two ways in.
//!
//! An `IRBuilder` in a `with` statement is the current one (a thread-local stack, as
//! TVM's); a frame that finishes with nothing below it hands its IR to the current
//! builder ([`set_result`]), and `ib.get()` returns it. Dialects make frames with
//! [`BuilderFrame::new`]: what `__enter__` opens (returning the value `as` binds)
//! and what `__exit__` does after the frame stack closed what was opened.

use std::cell::RefCell;

use rustpython_vm::builtins::PyType;
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::{Constructor, Representable};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

use rustpython_vm::class::PyClassImpl;

use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};
use crate::builder;
use crate::ir::ObjectRef;

/// The dialect-agnostic IR builder (TVM's `tvm.script.ir_builder.IRBuilder`).
#[pyclass(module = "tvm.script.ir_builder.base", name = "IRBuilder")]
#[derive(Debug, PyPayload)]
pub struct PyIRBuilder {
    result: PyMutex<Option<ObjectRef>>,
    /// The frame stack's depth when the builder was entered.
    base: PyMutex<usize>,
}

thread_local! {
    static CURRENT: RefCell<Vec<PyRef<PyIRBuilder>>> = const { RefCell::new(Vec::new()) };
}

fn current(vm: &VirtualMachine) -> PyResult<PyRef<PyIRBuilder>> {
    CURRENT
        .with(|c| c.borrow().last().cloned())
        .ok_or_else(|| vm.new_value_error("Check failed: (!stack->empty()) is false: ValueError: No builder in current scope"))
}

/// Hand a finished outermost IR object to the current builder (`ib.get()` returns
/// it). An error when no builder is in scope.
pub fn set_result(vm: &VirtualMachine, obj: ObjectRef) -> PyResult<()> {
    let ib = current(vm)?;
    *ib.result.lock() = Some(obj);
    Ok(())
}

/// Make `obj` the current builder's result, which must not have one yet (TVM's
/// `AddToParent` with no frame open: one top-level statement per builder).
pub fn set_only_result(vm: &VirtualMachine, obj: ObjectRef) -> PyResult<()> {
    let ib = current(vm)?;
    let mut result = ib.result.lock();
    if result.is_some() {
        return Err(vm.new_value_error("Check failed: (!builder->result.has_value()) is false: Builder.result has already been set"));
    }
    *result = Some(obj);
    Ok(())
}

/// Whether an IRBuilder is in scope (frames opened from Python need one).
pub fn in_scope() -> bool {
    CURRENT.with(|c| !c.borrow().is_empty())
}

/// Give `value` (a variable or buffer) the name `name`, as `IRBuilder.name` does.
fn name_one(vm: &VirtualMachine, name: &str, value: &PyObjectRef) -> PyResult<()> {
    if let Some(var) = unwrap_object(value).and_then(|o| o.try_downcast::<crate::ir::VarNode>()) {
        if !var.name.give(name) {
            return Err(vm.new_value_error(format!("variable {:?} already has a name; it cannot be renamed {name:?}", &*var.name)));
        }
    }
    Ok(())
}

impl Constructor for PyIRBuilder {
    type Args = FuncArgs;
    fn py_new(_cls: &Py<PyType>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<Self> {
        if !args.args.is_empty() || !args.kwargs.is_empty() {
            return Err(vm.new_type_error("IRBuilder() takes no arguments"));
        }
        Ok(PyIRBuilder { result: PyMutex::new(None), base: PyMutex::new(0) })
    }
}

#[pyclass(with(Constructor, Representable))]
impl PyIRBuilder {
    #[pymethod]
    fn __enter__(zelf: PyRef<Self>) -> PyRef<Self> {
        *zelf.base.lock() = builder::depth();
        CURRENT.with(|c| c.borrow_mut().push(zelf.clone()));
        zelf
    }

    #[pymethod]
    fn __exit__(zelf: PyRef<Self>, _args: FuncArgs) -> bool {
        // Frames a failed body left open are dropped unfinished.
        let base = *zelf.base.lock();
        if builder::depth() > base {
            builder::unwind_to(base + 1);
        }
        CURRENT.with(|c| {
            let mut c = c.borrow_mut();
            if let Some(i) = c.iter().rposition(|b| b.is(&zelf)) {
                c.remove(i);
            }
        });
        false
    }

    /// The IR the builder constructed.
    #[pymethod]
    fn get(&self, vm: &VirtualMachine) -> PyResult {
        match self.result.lock().clone() {
            Some(obj) => Ok(wrap(vm, obj)),
            None => Err(vm.new_index_error("Check failed: (result.has_value()) is false: No result exists in IRBuilder yet")),
        }
    }

    #[pystaticmethod]
    fn current(vm: &VirtualMachine) -> PyResult<PyRef<PyIRBuilder>> {
        current(vm)
    }

    #[pystaticmethod]
    fn is_in_scope() -> bool {
        in_scope()
    }

    /// `IRBuilder.name(name, value)`: name a variable or buffer; returns the value.
    #[pystaticmethod]
    fn name(name: String, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        name_one(vm, &name, &value)?;
        Ok(value)
    }

    /// `IRBuilder.name_many(names, values)`.
    #[pystaticmethod]
    fn name_many(names: Vec<String>, values: Vec<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        if names.len() != values.len() {
            return Err(vm.new_value_error("IRBuilder.name_many needs as many names as values"));
        }
        for (n, v) in names.iter().zip(&values) {
            name_one(vm, n, v)?;
        }
        Ok(vm.ctx.new_list(values).into())
    }
}

impl Representable for PyIRBuilder {
    fn repr_str(_zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok("<IRBuilder>".into())
    }
}

/// Opens a frame: returns the value `with ... as x` binds.
pub type OpenFn = Box<dyn FnOnce(&VirtualMachine) -> PyResult<PyObjectRef>>;
/// Runs after the frames opened were closed, with what the outermost one produced.
pub type AfterFn = Box<dyn FnOnce(&VirtualMachine, Option<ObjectRef>) -> PyResult<()>>;
/// Closes the frames opened from `depth` up itself (a frame whose IR is taken out of
/// it rather than handed on by `finish`, as a Relax function's).
pub type CloseFn = Box<dyn FnOnce(&VirtualMachine, usize) -> PyResult<()>>;

enum Exit {
    After(AfterFn),
    Close(CloseFn),
}

enum State {
    Pending(OpenFn, Exit),
    Entered(usize, Exit),
    Done,
}

/// A frame made by a builder function, used in a `with` statement.
#[pyclass(module = "tvm.script.ir_builder.base", name = "IRBuilderFrame")]
#[derive(PyPayload)]
pub struct BuilderFrame {
    what: &'static str,
    state: PyMutex<State>,
}

impl std::fmt::Debug for BuilderFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "IRBuilderFrame({})", self.what)
    }
}

impl BuilderFrame {
    /// A frame: `open` pushes its frames on the stack (the first one at the depth
    /// the stack has plus one); on a clean exit they are finished and `after` gets
    /// the result of the first (when it gave one to nobody: nothing was below it).
    pub fn new(what: &'static str, open: OpenFn, after: AfterFn) -> Self {
        BuilderFrame { what, state: PyMutex::new(State::Pending(open, Exit::After(after))) }
    }
    /// A frame whose clean exit is `close` (given the depth of the first frame opened).
    pub fn with_close(what: &'static str, open: OpenFn, close: CloseFn) -> Self {
        BuilderFrame { what, state: PyMutex::new(State::Pending(open, Exit::Close(close))) }
    }
    /// As a Python object.
    pub fn into_py(self, vm: &VirtualMachine) -> PyObjectRef {
        self.into_ref(&vm.ctx).into()
    }
}

/// The default `after`: a result nobody below took becomes the builder's.
pub fn deliver_to_builder() -> AfterFn {
    Box::new(|vm, result| match result {
        Some(obj) => set_result(vm, obj),
        None => Ok(()),
    })
}

#[pyclass(with(Representable))]
impl BuilderFrame {
    #[pymethod]
    fn __enter__(&self, vm: &VirtualMachine) -> PyResult {
        let (open, after) = match std::mem::replace(&mut *self.state.lock(), State::Done) {
            State::Pending(o, a) => (o, a),
            _ => return Err(vm.new_runtime_error(format!("{} was already entered", self.what))),
        };
        let depth = builder::depth() + 1;
        let value = open(vm)?;
        *self.state.lock() = State::Entered(depth, after);
        Ok(value)
    }

    #[pymethod]
    fn __exit__(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult<bool> {
        let (depth, exit) = match std::mem::replace(&mut *self.state.lock(), State::Done) {
            State::Entered(d, a) => (d, a),
            _ => return Ok(false),
        };
        let failed = args.args.first().is_some_and(|e| !vm.is_none(e));
        if failed {
            if builder::depth() >= depth {
                builder::unwind_to(depth);
            }
            return Ok(false);
        }
        let after = match exit {
            Exit::After(a) => a,
            Exit::Close(close) => {
                let r = close(vm, depth);
                if builder::depth() >= depth {
                    builder::unwind_to(depth);
                }
                return r.map(|_| false);
            }
        };
        let mut result = None;
        while builder::depth() >= depth && depth > 0 {
            let at = builder::depth();
            let r = builder::exit(at).py(vm);
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    if builder::depth() >= depth {
                        builder::unwind_to(depth);
                    }
                    return Err(e);
                }
            };
            if at == depth {
                result = r;
            }
        }
        after(vm, result)?;
        Ok(false)
    }
}

impl Representable for BuilderFrame {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("<{} frame>", zelf.what))
    }
}

pub(crate) fn init_classes() {
    PyIRBuilder::make_static_type();
    BuilderFrame::make_static_type();
}

/// The `_ir_builder` namespace: the `IRBuilder` class for `tvm.script.ir_builder`.
pub fn register() {
    crate::vm::namespace::register_namespace_initializer("_ir_builder", |t| {
        t.value("IRBuilder", |vm| {
            Ok(PyIRBuilder::class(&vm.ctx).to_owned().into())
        });
        t.value("IRBuilderFrame", |vm| {
            Ok(BuilderFrame::class(&vm.ctx).to_owned().into())
        });
    });
}
