//! The body of a definition as its builder runs it: a Python function, or a body
//! evaluated from its tree (`program::eval`) with the globals it runs in.

use std::rc::Rc;

use rustpython_vm::builtins::{PyDictRef, PyTuple};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::Callable;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, TryFromObject, VirtualMachine};

use crate::program::eval::FastBody;

/// A function whose body is evaluated (`program::eval`): what the program gets for
/// a signature builder taken out of it (`__tvm__.lazy_function`). Reads like the
/// function it stands for (`__globals__`, `__code__` … are the stub's).
#[pyclass(module = "tvm.script.parser", name = "EvaluatedFunction")]
#[derive(Debug, PyPayload)]
pub struct EvaluatedFunction {
    /// The lowered body.
    pub body: Rc<FastBody>,
    /// The function the program defined in its place (same name, globals, location).
    pub stub: PyObjectRef,
}

#[pyclass(with(Callable))]
impl EvaluatedFunction {
    #[pygetset]
    fn __globals__(&self, vm: &VirtualMachine) -> PyResult {
        self.stub.get_attr("__globals__", vm)
    }
    #[pygetset]
    fn __code__(&self, vm: &VirtualMachine) -> PyResult {
        self.stub.get_attr("__code__", vm)
    }
    #[pygetset]
    fn __closure__(&self, vm: &VirtualMachine) -> PyResult {
        self.stub.get_attr("__closure__", vm)
    }
    #[pygetset]
    fn __name__(&self, vm: &VirtualMachine) -> PyResult {
        self.stub.get_attr("__name__", vm)
    }
    #[pygetset]
    fn __qualname__(&self, vm: &VirtualMachine) -> PyResult {
        self.stub.get_attr("__qualname__", vm)
    }
}

impl Callable for EvaluatedFunction {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        BodyFn::evaluated(vm, &zelf.body, &zelf.stub)?.call(vm, args)
    }
}

#[derive(Clone)]
/// A definition body ready to call: a Python function, or an evaluated body.
pub enum BodyFn {
    /// A Python callable.
    Python(PyObjectRef),
    /// An evaluated body and the globals it runs in.
    Evaluated {
        /// The lowered body.
        body: Rc<FastBody>,
        /// The globals it runs in.
        globals: PyDictRef,
    },
}

impl BodyFn {
    /// The body behind a callable the program made (a Python function, or an
    /// [`EvaluatedFunction`]).
    pub fn of(vm: &VirtualMachine, f: &PyObjectRef) -> PyResult<BodyFn> {
        match f.downcast_ref::<EvaluatedFunction>() {
            Some(e) => BodyFn::evaluated(vm, &e.body, &e.stub),
            None => Ok(BodyFn::Python(f.clone())),
        }
    }

    /// An evaluated body running in the globals of `stub`, the function the program
    /// defined in its place.
    pub fn evaluated(vm: &VirtualMachine, body: &Rc<FastBody>, stub: &PyObjectRef) -> PyResult<BodyFn> {
        Ok(BodyFn::Evaluated { body: body.clone(), globals: BodyFn::Python(stub.clone()).globals(vm)? })
    }

    /// The globals the body reads its free names from.
    pub fn globals(&self, vm: &VirtualMachine) -> PyResult<PyDictRef> {
        match self {
            BodyFn::Python(f) => crate::program::lazy::globals_of(vm, f),
            BodyFn::Evaluated { globals, .. } => Ok(globals.clone()),
        }
    }

    /// The names the body may look up as globals (for a Python function, its
    /// code's `co_names`, which also holds attribute names).
    pub fn global_names(&self, vm: &VirtualMachine) -> PyResult<Vec<String>> {
        match self {
            BodyFn::Python(f) => {
                let names = f.get_attr("__code__", vm)?.get_attr("co_names", vm)?;
                let names = names.downcast::<PyTuple>().map_err(|_| vm.new_type_error("co_names must be a tuple"))?;
                names.as_slice().iter().map(|n| String::try_from_object(vm, n.clone())).collect()
            }
            BodyFn::Evaluated { body, .. } => Ok(body.code.globals.iter().map(|n| body.name_text(*n).to_owned()).collect()),
        }
    }

    /// The same body reading a copy of its globals with `overrides` set.
    pub fn with_globals(&self, vm: &VirtualMachine, overrides: &[(String, PyObjectRef)]) -> PyResult<BodyFn> {
        let copy = vm.ctx.new_dict();
        for (k, v) in &self.globals(vm)? {
            copy.set_item(&*k, v, vm)?;
        }
        for (k, v) in overrides {
            copy.set_item(k.as_str(), v.clone(), vm)?;
        }
        Ok(match self {
            BodyFn::Python(f) => {
                let types = vm.import("types", 0)?;
                let ctor = types.get_attr("FunctionType", vm)?;
                let new = ctor.call(
                    (f.get_attr("__code__", vm)?, copy, f.get_attr("__name__", vm)?, f.get_attr("__defaults__", vm)?, f.get_attr("__closure__", vm)?),
                    vm,
                )?;
                if let Ok(kw) = f.get_attr("__kwdefaults__", vm) {
                    new.set_attr("__kwdefaults__", kw, vm)?;
                }
                BodyFn::Python(new)
            }
            BodyFn::Evaluated { body, .. } => BodyFn::Evaluated { body: body.clone(), globals: copy },
        })
    }

    /// Run a definition body: a name it reads that nothing binds is TVM's
    /// `Undefined variable` diagnostic.
    pub fn call(&self, vm: &VirtualMachine, args: FuncArgs) -> PyResult {
        self.call_signature(vm, args).map_err(|e| undefined_variable(vm, e))
    }

    /// Run a signature builder: its annotations are evaluated as Python, so an
    /// unbound name stays a `NameError` (as in TVM).
    pub fn call_signature(&self, vm: &VirtualMachine, args: FuncArgs) -> PyResult {
        match self {
            BodyFn::Python(f) => f.call(args, vm),
            BodyFn::Evaluated { body, globals } => body.call(vm, globals.clone(), args),
        }
    }

    /// The body as a Python callable.
    pub fn into_callable(self, vm: &VirtualMachine) -> PyObjectRef {
        match self {
            BodyFn::Python(f) => f,
            BodyFn::Evaluated { body, globals } => {
                crate::vm::closure::closure(vm, "body", move |args: FuncArgs, vm: &VirtualMachine| body.call(vm, globals.clone(), args))
            }
        }
    }
}

/// A name a definition body reads that nothing binds (`NameError`, or
/// `UnboundLocalError` for a loop variable read after its loop) is TVM's
/// `DiagnosticError: Undefined variable: x`, located where the name was read.
fn undefined_variable(vm: &VirtualMachine, e: rustpython_vm::builtins::PyBaseExceptionRef) -> rustpython_vm::builtins::PyBaseExceptionRef {
    use rustpython_vm::AsObject;
    if !e.fast_isinstance(vm.ctx.exceptions.name_error) {
        return e;
    }
    let attr = e.as_object().get_attr("name", vm).ok().filter(|n| !vm.is_none(n)).and_then(|n| n.str(vm).ok());
    let name = match attr {
        Some(n) => n.to_string_lossy().to_string(),
        None => {
            // "local variable 'i' referenced before assignment": the quoted name.
            let msg = e.as_object().str(vm).map(|m| m.to_string_lossy().to_string()).unwrap_or_default();
            match msg.split('\'').nth(1) {
                Some(n) => n.to_string(),
                None => return e,
            }
        }
    };
    let new = vm.new_exception_msg(crate::vm::error::diagnostic_error_type(vm), format!("Undefined variable: {name}").into());
    if let Some(tb) = e.__traceback__() {
        let _ = new.set___traceback__(tb.into(), vm);
    }
    new
}
