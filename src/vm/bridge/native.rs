//! Native calls: builders calling builders without making Python objects in between.
//!
//! In `__tvm__.bind('y', R.call_tir(cls.f, (x, w), out_ty=R.Tensor((n, 4), dtype='float16')))`
//! the tensor type, the argument tuple and the call exist only to be passed on. As
//! Python objects each would be allocated, tracked by the cycle collector, packed
//! into argument tuples and keyword maps, then unwrapped by the callee. A builder
//! registered as a [`Builtin`] takes its arguments as [`Val`]s instead: an evaluated
//! body (`program::eval`) hands a builder's result to the next builder as the IR
//! object it is. A value becomes a Python object ([`Val::into_py`]) only where
//! Python code could see it: stored in a variable, passed to anything else, or
//! returned from a Python call, so identity and the order of calls are unchanged.

use std::sync::Arc;

use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::{Callable, Representable};
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use crate::vm::object::wrap;
use crate::ir::ObjectRef;

/// A value passed to or returned by a native builder.
#[derive(Clone)]
pub enum Val {
    /// A Python object (anything not made by a native call).
    Py(PyObjectRef),
    /// An IR object not yet handed to Python.
    Ir(ObjectRef),
    /// A tuple display whose items may be either.
    Tuple(Vec<Val>),
}

impl Val {
    /// The Python object of this value (an IR object is wrapped, a tuple made).
    pub fn into_py(self, vm: &VirtualMachine) -> PyObjectRef {
        match self {
            Val::Py(o) => o,
            Val::Ir(o) => wrap(vm, o),
            Val::Tuple(items) => vm.ctx.new_tuple(items.into_iter().map(|v| v.into_py(vm)).collect()).into(),
        }
    }

    /// [`Val::into_py`] of a copy.
    pub fn to_py(&self, vm: &VirtualMachine) -> PyObjectRef {
        match self {
            Val::Py(o) => o.clone(),
            Val::Ir(o) => wrap(vm, o.clone()),
            Val::Tuple(items) => vm.ctx.new_tuple(items.iter().map(|v| v.to_py(vm)).collect()).into(),
        }
    }

    /// Whether this is Python's `None`.
    pub fn is_none(&self, vm: &VirtualMachine) -> bool {
        matches!(self, Val::Py(o) if vm.is_none(o))
    }
}

/// A native call's arguments: positional, then keywords in the order written.
#[derive(Default)]
pub struct Args {
    /// Positional arguments.
    pub args: Vec<Val>,
    /// Keyword arguments, in the order written.
    pub kwargs: Vec<(&'static str, Val)>,
}

impl Args {
    /// The arguments of a call from Python.
    pub fn from_func_args(vm: &VirtualMachine, args: FuncArgs) -> Args {
        Args {
            args: args.args.into_iter().map(Val::Py).collect(),
            kwargs: args.kwargs.into_iter().map(|(k, v)| (vm.ctx.intern_str(k).as_str(), Val::Py(v))).collect(),
        }
    }

    /// The arguments as a Python call gets them (values made Python objects).
    pub fn into_func_args(self, vm: &VirtualMachine) -> FuncArgs {
        let args: Vec<PyObjectRef> = self.args.into_iter().map(|v| v.into_py(vm)).collect();
        let kwargs: rustpython_vm::function::KwArgs = self.kwargs.into_iter().map(|(k, v)| (k.to_owned(), v.into_py(vm))).collect();
        FuncArgs::new(args, kwargs)
    }
}

/// A native builder: what it does with [`Args`].
pub type NativeFn = Arc<dyn Fn(&VirtualMachine, Args) -> PyResult<Val> + Send + Sync>;

/// A builder function as Python sees it; evaluated bodies call [`Builtin::f`] directly.
#[pyclass(module = "tvm.script", name = "builtin_function")]
#[derive(PyPayload)]
pub struct Builtin {
    /// The name Python shows.
    pub name: &'static str,
    /// The function.
    pub f: NativeFn,
    /// Its docstring (`__doc__`), if documented.
    pub doc: Option<&'static str>,
}

impl std::fmt::Debug for Builtin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Builtin({})", self.name)
    }
}

impl Builtin {
    /// A builtin called `name`.
    pub fn new(name: &'static str, f: NativeFn) -> Builtin {
        Builtin { name, f, doc: None }
    }
    /// The same builtin with a docstring.
    pub fn with_doc(mut self, doc: Option<&'static str>) -> Builtin {
        self.doc = doc;
        self
    }
}

#[pyclass(with(Callable, Representable))]
impl Builtin {
    #[pygetset]
    fn __name__(&self) -> &'static str {
        self.name.rsplit('.').next().unwrap_or(self.name)
    }

    #[pygetset]
    fn __qualname__(&self) -> &'static str {
        self.name
    }

    #[pygetset]
    fn __doc__(&self) -> Option<&'static str> {
        self.doc
    }
}

impl Callable for Builtin {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Ok((zelf.f)(vm, Args::from_func_args(vm, args))?.into_py(vm))
    }
}

impl Representable for Builtin {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("<built-in function {}>", zelf.name))
    }
}

/// Another Python class whose instances take native calls (a dialect's callable
/// type objects): `call` runs when `accepts` says an object is one.
#[derive(Clone, Copy)]
pub struct NativeKind {
    /// Whether an object is of this class.
    pub accepts: fn(&PyObjectRef) -> bool,
    /// Call an instance.
    pub call: fn(&PyObjectRef, &VirtualMachine, Args) -> PyResult<Val>,
}

/// Classes dialects registered for native calls ([`NativeKind`]) and for `with`
/// ([`NativeContext`]): lists read on every call or `with` of an evaluated body.
type Registered<T> = std::sync::RwLock<Vec<T>>;

static KINDS: Registered<NativeKind> = std::sync::RwLock::new(Vec::new());
static CONTEXTS: Registered<NativeContext> = std::sync::RwLock::new(Vec::new());

fn register<T>(list: &Registered<T>, item: T) {
    list.write().unwrap_or_else(|e| e.into_inner()).push(item);
}

/// The first registered entry that `accepts` the object.
fn accepting<T: Copy>(list: &Registered<T>, accepts: impl Fn(&T) -> bool) -> Option<T> {
    list.read().unwrap_or_else(|e| e.into_inner()).iter().find(|t| accepts(t)).copied()
}

/// Let instances of another class take native calls.
pub fn register_kind(kind: NativeKind) {
    register(&KINDS, kind);
}

/// A dialect's context-manager class whose `with` an evaluated body enters without
/// the special-method protocol: `enter` does what its `__enter__` does and returns
/// what `with ... as x` binds; `exit` does what its `__exit__` does (`failed`: the
/// body raised) and never suppresses the exception. Only for classes Python cannot
/// subclass or patch, so the methods the protocol would find are these.
#[derive(Clone, Copy)]
pub struct NativeContext {
    /// Whether an object is of this class.
    pub accepts: fn(&PyObjectRef) -> bool,
    /// What `__enter__` does; returns what `as` binds.
    pub enter: fn(&PyObjectRef, &VirtualMachine) -> PyResult,
    /// What `__exit__` does (`true`: the body raised).
    pub exit: fn(&PyObjectRef, &VirtualMachine, bool) -> PyResult<()>,
}

/// Let `with` enter instances of another class natively.
pub fn register_context(context: NativeContext) {
    register(&CONTEXTS, context);
}

/// How to enter `obj` natively, if it is a registered context manager.
pub fn context(obj: &PyObjectRef) -> Option<NativeContext> {
    accepting(&CONTEXTS, |c| (c.accepts)(obj))
}

/// How to call `f` natively, if it takes native calls.
pub enum Callee<'a> {
    /// A namespace builder.
    Builtin(&'a NativeFn),
    /// An instance of a registered class.
    Kind(NativeKind),
}

impl Callee<'_> {
    /// Call `f` (the object this callee was found for).
    pub fn call(&self, f: &PyObjectRef, vm: &VirtualMachine, args: Args) -> PyResult<Val> {
        match self {
            Callee::Builtin(native) => native(vm, args),
            Callee::Kind(k) => (k.call)(f, vm, args),
        }
    }
}

/// How to call `f` natively, if it takes native calls.
pub fn callee(f: &PyObjectRef) -> Option<Callee<'_>> {
    if let Some(b) = f.downcast_ref::<Builtin>() {
        return Some(Callee::Builtin(&b.f));
    }
    accepting(&KINDS, |k| (k.accepts)(f)).map(Callee::Kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Called from Python, a builtin gets its arguments as Python values (keywords by
    /// name, in order) and its IR result comes back wrapped.
    #[test]
    fn a_builtin_called_from_python_sees_python_values() {
        crate::init();
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            let f: NativeFn = Arc::new(|vm: &VirtualMachine, args: Args| {
                let kw: Vec<&str> = args.kwargs.iter().map(|(k, _)| *k).collect();
                assert_eq!(kw, ["b", "a"]);
                assert!(args.args.iter().chain(args.kwargs.iter().map(|(_, v)| v)).all(|v| matches!(v, Val::Py(_))));
                let Val::Py(first) = &args.args[0] else { unreachable!() };
                let n: i64 = first.clone().try_into_value(vm)?;
                Ok(Val::Ir(crate::ir::int_imm(crate::ir::DataType::INT64, n + 1).into_object()))
            });
            let builtin: PyObjectRef = Builtin::new("test.plus_one", f).into_ref(&vm.ctx).into();
            let scope = vm.new_scope_with_builtins();
            scope.globals.set_item("plus_one", builtin, vm).unwrap();
            let r = vm.run_string(scope.clone(), "r = plus_one(41, b=1, a=2)\nname = plus_one.__name__", "<test>".into());
            r.expect("runs");
            let r = scope.globals.get_item("r", vm).unwrap();
            let o = crate::vm::object::unwrap_object(&r).expect("an IR object");
            assert_eq!(crate::ir::Expr(o).as_int(), Some(42));
            let name: String = scope.globals.get_item("name", vm).unwrap().try_into_value(vm).unwrap();
            assert_eq!(name, "plus_one");
        });
    }
}
