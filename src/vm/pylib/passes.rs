//! `tvm.ir.transform` over the one pass machinery of `ir::pass` (namespace `ir._pass`).
//!
//! A script's pass is an `ir::pass::Pass` (`PassHandle`): a pass written in Python is
//! a `ModulePass` or `FunctionPass` whose body calls the Python function, a built-in
//! pass is the registered Rust pass, and a `Sequential` is Rust's, holding either.
//! A script's `PassContext` is an `ir::pass::PassContext` (`ContextHandle`) whose
//! Python instruments are `PassInstrument`s calling the Python object's hooks, entered
//! on Rust's context stack with the Python object as its `host`, so
//! `PassContext.current()` is the context the script entered, whether asked from
//! Python or from Rust. The frozen Python module (`stdlib/tvm/ir/transform.py`) keeps
//! the Python classes TVM exposes (their names, reprs and argument checks) and
//! nothing of the mechanism.
//!
//! A Python exception raised in a callback crosses the Rust frames as an `ir::Error`
//! and is re-raised as itself where Rust hands the failure back to Python (`Pending`).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{pyclass, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use crate::ir::expr::BaseFunc;
use crate::ir::module::{IRModule, IRModuleNode};
use crate::ir::pass::{get_pass, FunctionPass, ModulePass, Pass, PassContext, PassInfo, PassInstrument, Sequential};
use crate::ir::{Error, ErrorKind, ObjectRef, Result};
use crate::vm::convert::{py_int, py_str, py_to_seq, py_to_value, value_to_py};
use crate::vm::error::{from_py_err, to_py_err};
use crate::vm::object::{unwrap_object, wrap};

/// A pass as Python holds it.
#[pyclass(module = "tvm.ir.transform", name = "PassHandle")]
#[derive(Debug, PyPayload)]
pub struct PassHandle(Pass);

#[pyclass]
impl PassHandle {}

/// A pass context as Python holds it (its instruments can be replaced).
#[pyclass(module = "tvm.ir.transform", name = "ContextHandle")]
#[derive(Debug, PyPayload)]
pub struct ContextHandle(PyMutex<PassContext>);

#[pyclass]
impl ContextHandle {}

thread_local! {
    /// The Python exception behind the `ir::Error` a callback returned, until Rust
    /// hands that error back to Python.
    static PENDING: RefCell<Option<(Error, PyBaseExceptionRef)>> = const { RefCell::new(None) };
}

/// A failed Python call as an `ir::Error`, the exception kept to be re-raised.
fn pend(vm: &VirtualMachine, exc: PyBaseExceptionRef) -> Error {
    let err = from_py_err(vm, &exc);
    PENDING.with(|p| *p.borrow_mut() = Some((err.clone(), exc)));
    err
}

/// The Python exception for an error Rust returns: the one a callback raised when
/// this is its error, else the exception of the error's kind.
fn raise(vm: &VirtualMachine, err: Error) -> PyBaseExceptionRef {
    match PENDING.with(|p| p.borrow_mut().take()) {
        Some((pending, exc)) if pending == err => exc,
        _ => to_py_err(vm, &err),
    }
}

trait Raise<T> {
    fn raise(self, vm: &VirtualMachine) -> PyResult<T>;
}

impl<T> Raise<T> for Result<T> {
    fn raise(self, vm: &VirtualMachine) -> PyResult<T> {
        self.map_err(|e| raise(vm, e))
    }
}

/// Run `f` with the VM that owns `obj` (the one running the script that made it).
fn with_vm<R>(obj: &PyObjectRef, f: impl Fn(&VirtualMachine) -> Result<R>) -> Result<R> {
    rustpython_vm::vm::thread::with_vm(obj, f)
        .unwrap_or_else(|| Err(Error::new(ErrorKind::RuntimeError, "a pass or instrument written in Python ran outside its interpreter")))
}

/// `tvm.ir.transform`, the module holding the Python classes.
fn transform_module(vm: &VirtualMachine) -> PyResult {
    vm.import("tvm.ir.transform", 0)?;
    vm.sys_module.get_attr("modules", vm)?.get_item("tvm.ir.transform", vm)
}

fn py_info(vm: &VirtualMachine, info: &PassInfo) -> PyResult {
    let required = vm.ctx.new_list(info.required.iter().map(|r| vm.ctx.new_str(r.as_str()).into()).collect());
    let args = (info.opt_level, info.name.clone(), required, info.traceable);
    transform_module(vm)?.get_attr("PassInfo", vm)?.call(args, vm)
}

/// The Python `PassContext` for a context: the one the script made, or a new one
/// with the same settings (a context made in Rust).
fn py_context(vm: &VirtualMachine, ctx: &PassContext) -> PyResult {
    if let Some(host) = ctx.host.as_ref().and_then(|h| h.downcast_ref::<PyObjectRef>()) {
        return Ok(host.clone());
    }
    let handle = ContextHandle(PyMutex::new(ctx.clone())).into_ref(&vm.ctx);
    transform_module(vm)?.get_attr("PassContext", vm)?.get_attr("_from_rust", vm)?.call((handle,), vm)
}

fn module_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<IRModule> {
    let obj = unwrap_object(o).ok_or_else(|| vm.new_type_error(format!("expected an IRModule, got {}", o.class().name())))?;
    obj.downcast::<IRModuleNode>().map_err(|e| to_py_err(vm, &e))
}

/// A Python object's hooks as a `PassInstrument`.
struct PyInstrument(PyObjectRef);

impl PyInstrument {
    fn call(&self, method: &str, args: impl Fn(&VirtualMachine) -> PyResult<Vec<PyObjectRef>>) -> Result<PyObjectRef> {
        with_vm(&self.0, |vm| {
            let out = args(vm).and_then(|a| vm.call_method(&self.0, method, a));
            out.map_err(|e| pend(vm, e))
        })
    }
    fn hook(&self, method: &str, module: &IRModule, info: &PassInfo) -> Result<PyObjectRef> {
        self.call(method, |vm| Ok(vec![wrap(vm, module.clone().upcast()), py_info(vm, info)?]))
    }
}

impl PassInstrument for PyInstrument {
    fn enter_pass_ctx(&self) -> Result<()> {
        self.call("enter_pass_ctx", |_| Ok(vec![])).map(drop)
    }
    fn exit_pass_ctx(&self) -> Result<()> {
        self.call("exit_pass_ctx", |_| Ok(vec![])).map(drop)
    }
    fn should_run(&self, module: &IRModule, info: &PassInfo) -> Result<bool> {
        let out = self.hook("should_run", module, info)?;
        with_vm(&self.0, |vm| out.clone().try_to_bool(vm).map_err(|e| pend(vm, e)))
    }
    fn run_before_pass(&self, module: &IRModule, info: &PassInfo) -> Result<()> {
        self.hook("run_before_pass", module, info).map(drop)
    }
    fn run_after_pass(&self, module: &IRModule, info: &PassInfo) -> Result<()> {
        self.hook("run_after_pass", module, info).map(drop)
    }
}

fn arg(vm: &VirtualMachine, args: &FuncArgs, i: usize) -> PyResult<PyObjectRef> {
    args.args.get(i).cloned().ok_or_else(|| vm.new_type_error("ir._pass: missing argument"))
}

fn strings(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Vec<String>> {
    py_to_seq(vm, o)?.iter().map(|s| py_str(vm, s)).collect()
}

fn pass_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Pass> {
    let handle = o.get_attr("_rs", vm).unwrap_or_else(|_| o.clone());
    match handle.downcast_ref::<PassHandle>() {
        Some(h) => Ok(h.0.clone()),
        None => Err(vm.new_type_error(format!("expected a Pass, got {}", o.class().name()))),
    }
}

fn context_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<PassContext> {
    let handle = o.get_attr("_rs", vm).unwrap_or_else(|_| o.clone());
    match handle.downcast_ref::<ContextHandle>() {
        Some(h) => Ok(h.0.lock().clone()),
        None => Err(vm.new_type_error(format!("expected a PassContext, got {}", o.class().name()))),
    }
}

/// `(opt_level, name, required, traceable)` as a `PassInfo`.
fn info_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<PassInfo> {
    let items = py_to_seq(vm, o)?;
    let [level, name, required, traceable] = items.as_slice() else { return Err(vm.new_type_error("expected pass info")) };
    Ok(PassInfo::new(py_int(vm, level)? as i32, &py_str(vm, name)?)
        .with_required(strings(vm, required)?)
        .with_traceable(traceable.clone().try_to_bool(vm)?))
}

fn handle(vm: &VirtualMachine, pass: Pass) -> PyObjectRef {
    PassHandle(pass).into_ref(&vm.ctx).into()
}

/// `module_pass(func, info)`: a pass running `func(mod, ctx)`, which must return a module.
fn module_pass(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let func = arg(vm, &args, 0)?;
    let info = info_arg(vm, &arg(vm, &args, 1)?)?;
    let body = move |module: IRModule, ctx: PassContext| {
        with_vm(&func, |vm| {
            let out = py_context(vm, &ctx).and_then(|c| func.call((wrap(vm, module.clone().upcast()), c), vm));
            let out = out.map_err(|e| pend(vm, e))?;
            if vm.is_none(&out) {
                return Err(Error::new(
                    ErrorKind::InternalError,
                    "Check failed: (mod.defined()) is false: The return value of a module pass must be set.",
                ));
            }
            unwrap_object(&out)
                .and_then(|o| o.try_downcast::<IRModuleNode>())
                .ok_or_else(|| Error::type_error(format!("a module pass must return an IRModule, got {}", out.class().name())))
        })
    };
    Ok(handle(vm, ModulePass::new(body, info).into()))
}

/// `function_pass(func, type_key, info)`: a pass running `func(f, mod, ctx)` on each
/// function of that type key; it returns the function to keep, a new one, or None to
/// remove the function.
fn function_pass(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let func = arg(vm, &args, 0)?;
    let type_key = py_str(vm, &arg(vm, &args, 1)?)?;
    let info = info_arg(vm, &arg(vm, &args, 2)?)?;
    let body = move |f: &BaseFunc, module: IRModule, ctx: PassContext| {
        if f.as_object().type_key() != type_key {
            return None;
        }
        Some(with_vm(&func, |vm| {
            let call = py_context(vm, &ctx)
                .and_then(|c| func.call((wrap(vm, f.as_object().clone()), wrap(vm, module.clone().upcast()), c), vm));
            let out = call.map_err(|e| pend(vm, e))?;
            if vm.is_none(&out) {
                return Ok(None);
            }
            let obj: ObjectRef = unwrap_object(&out).ok_or_else(|| {
                Error::type_error(format!("a function pass must return a function or None, got {}", out.class().name()))
            })?;
            BaseFunc::try_from_object(obj).map(Some)
        }))
    };
    Ok(handle(vm, FunctionPass::filtered(body, info).into()))
}

/// `sequential(passes, info)`.
fn sequential(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let passes = py_to_seq(vm, &arg(vm, &args, 0)?)?.iter().map(|p| pass_arg(vm, p)).collect::<PyResult<Vec<_>>>()?;
    let info = info_arg(vm, &arg(vm, &args, 1)?)?;
    Ok(handle(vm, Sequential::new(passes, info).into()))
}

/// `registered(name)`: a pass of the registry (TVM's `GetPass`).
fn registered(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let name = py_str(vm, &arg(vm, &args, 0)?)?;
    Ok(handle(vm, get_pass(&name).raise(vm)?))
}

/// `passes(sequential)`: the passes a `Sequential` runs.
fn passes(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let pass = pass_arg(vm, &arg(vm, &args, 0)?)?;
    let inner = pass.as_sequential().map(|s| s.passes().to_vec()).unwrap_or_default();
    Ok(vm.ctx.new_list(inner.into_iter().map(|p| handle(vm, p)).collect()).into())
}

/// `info(pass)`: `(opt_level, name, required, traceable)`.
fn info(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let pass = pass_arg(vm, &arg(vm, &args, 0)?)?;
    let i = pass.info();
    let required = vm.ctx.new_list(i.required.iter().map(|r| vm.ctx.new_str(r.as_str()).into()).collect());
    let items = vec![vm.ctx.new_int(i.opt_level).into(), vm.ctx.new_str(i.name.as_str()).into(), required.into(), vm.ctx.new_bool(i.traceable).into()];
    Ok(vm.ctx.new_tuple(items).into())
}

/// `run(pass, mod, ctx=None)`: the pass on `mod` under `ctx` (a Python `PassContext`),
/// or under the current context.
fn run(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let pass = pass_arg(vm, &arg(vm, &args, 0)?)?;
    let module = module_arg(vm, &arg(vm, &args, 1)?)?;
    let ctx = match args.args.get(2).filter(|c| !vm.is_none(c)) {
        Some(c) => PassContext { host: Some(Rc::new(c.clone())), ..context_arg(vm, c)? },
        None => PassContext::current(),
    };
    let out = pass.run(module, &ctx).raise(vm)?;
    Ok(wrap(vm, out.upcast()))
}

fn instruments(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Vec<Arc<dyn PassInstrument>>> {
    #[allow(clippy::arc_with_non_send_sync)] // instruments stay on the VM's thread
    let make = |i: PyObjectRef| Arc::new(PyInstrument(i)) as Arc<dyn PassInstrument>;
    Ok(py_to_seq(vm, o)?.into_iter().map(make).collect())
}

/// `context(opt_level, required, disabled, instruments, config_items)`; config values that
/// are not IR values stay on the Python side only.
fn context(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut ctx = PassContext::new(py_int(vm, &arg(vm, &args, 0)?)? as i32)
        .require(strings(vm, &arg(vm, &args, 1)?)?)
        .disable(strings(vm, &arg(vm, &args, 2)?)?);
    ctx.instruments = instruments(vm, &arg(vm, &args, 3)?)?;
    for pair in py_to_seq(vm, &arg(vm, &args, 4)?)? {
        let pair = py_to_seq(vm, &pair)?;
        let [key, value] = pair.as_slice() else { return Err(vm.new_type_error("config: expected (key, value) pairs")) };
        if let Ok(value) = py_to_value(vm, value) {
            ctx.config.insert(py_str(vm, key)?, value);
        }
    }
    Ok(ContextHandle(PyMutex::new(ctx)).into_ref(&vm.ctx).into())
}

/// `settings(ctx)`: `(opt_level, required, disabled, config)` of a context made in Rust.
fn settings(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let ctx = context_arg(vm, &arg(vm, &args, 0)?)?;
    let strs = |v: &[String]| vm.ctx.new_list(v.iter().map(|s| vm.ctx.new_str(s.as_str()).into()).collect()).into();
    let config = vm.ctx.new_dict();
    for (k, v) in &ctx.config {
        config.set_item(k.as_str(), value_to_py(vm, v), vm)?;
    }
    let items = vec![vm.ctx.new_int(ctx.opt_level).into(), strs(&ctx.required_passes), strs(&ctx.disabled_passes), config.into()];
    Ok(vm.ctx.new_tuple(items).into())
}

fn handle_arg<'a>(vm: &VirtualMachine, o: &'a PyObjectRef) -> PyResult<&'a ContextHandle> {
    o.downcast_ref::<ContextHandle>().map(|h| &**h).ok_or_else(|| vm.new_type_error("expected a context handle"))
}

/// `enter(handle, host)`: make the context current, `host` (the Python `PassContext`)
/// what `current()` returns; a failing instrument leaves the context without instruments.
fn enter(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let h = arg(vm, &args, 0)?;
    let host = arg(vm, &args, 1)?;
    let mut ctx = handle_arg(vm, &h)?.0.lock().clone();
    ctx.host = Some(Rc::new(host));
    let entered = ctx.enter();
    if entered.is_err() {
        handle_arg(vm, &h)?.0.lock().instruments.clear();
    }
    entered.raise(vm)?;
    Ok(vm.ctx.none())
}

/// `exit()`: leave the current context.
fn exit(vm: &VirtualMachine, _args: FuncArgs) -> PyResult {
    PassContext::exit().raise(vm)?;
    Ok(vm.ctx.none())
}

/// `current()`: the current context's Python object, a handle for a context entered
/// from Rust, None outside any.
fn current(vm: &VirtualMachine, _args: FuncArgs) -> PyResult {
    Ok(match PassContext::entered() {
        None => vm.ctx.none(),
        Some(ctx) => match ctx.host.as_ref().and_then(|h| h.downcast_ref::<PyObjectRef>()) {
            Some(host) => host.clone(),
            None => ContextHandle(PyMutex::new(ctx)).into_ref(&vm.ctx).into(),
        },
    })
}

/// `override_instruments(handle, instruments, is_current)`: TVM's `OverrideInstruments`:
/// the old instruments exit, the new ones enter (a failure leaves none).
fn override_instruments(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let h = arg(vm, &args, 0)?;
    let new = instruments(vm, &arg(vm, &args, 1)?)?;
    let is_current = arg(vm, &args, 2)?.try_to_bool(vm)?;
    let handle = handle_arg(vm, &h)?;
    let old = std::mem::take(&mut handle.0.lock().instruments);
    let result = (|| -> Result<()> {
        old.iter().try_for_each(|i| i.exit_pass_ctx())?;
        new.iter().try_for_each(|i| i.enter_pass_ctx())
    })();
    let kept = if result.is_ok() { new } else { Vec::new() };
    handle.0.lock().instruments = kept.clone();
    if is_current {
        PassContext::update_current(|c| c.instruments = kept);
    }
    result.raise(vm)?;
    Ok(vm.ctx.none())
}

/// Define the `ir._pass` namespace the frozen `tvm.ir.transform` package calls.
pub fn register() {
    crate::vm::register_class_initializer(|| {
        use rustpython_vm::class::PyClassImpl;
        PassHandle::make_static_type();
        ContextHandle::make_static_type();
    });
    crate::vm::namespace::register_namespace("ir._pass", |t| {
        t.func("module_pass", module_pass);
        t.func("function_pass", function_pass);
        t.func("sequential", sequential);
        t.func("registered", registered);
        t.func("info", info);
        t.func("passes", passes);
        t.func("run", run);
        t.func("context", context);
        t.func("settings", settings);
        t.func("enter", enter);
        t.func("exit", exit);
        t.func("current", current);
        t.func("override_instruments", override_instruments);
    });
}
