//! The construction protocol at run time: the `_tvmscript_rt` functions the builder
//! program calls (`__tvm__.bind`, `.store`, `.emit`, `.for_` …), each dispatched to
//! the [`DialectHooks`] of the dialect that owns the innermost open frame. The
//! namespace, not the transpiler, decides what an assignment or a loop means.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::function::{FuncArgs, OptionalArg};
use rustpython_vm::types::{Callable, IterNext, Iterable, SelfIter};
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, TryFromObject, VirtualMachine};

use crate::builder;
use super::body::BodyFn;
use crate::vm::native;

/// What one dialect's construction means. Every method has a default that
/// reports the construct as unsupported in that dialect.
pub trait DialectHooks: Send + Sync {
    /// The dialect name (`"tirx"`), used in messages.
    fn dialect(&self) -> &'static str;

    /// `x = value` (`names` is a string) or `a, b = value` (a nested tuple of strings).
    fn bind(&self, vm: &VirtualMachine, names: PyObjectRef, value: PyObjectRef) -> PyResult {
        let _ = (names, value);
        Err(unsupported(vm, self.dialect(), "assignment"))
    }
    /// [`DialectHooks::bind`] of a value from a native call (an IR object not yet
    /// handed to Python, or a tuple display): a dialect may take it as it is.
    fn bind_val(&self, vm: &VirtualMachine, names: PyObjectRef, value: crate::vm::native::Val) -> PyResult {
        self.bind(vm, names, value.into_py(vm))
    }
    /// `x: ann = value`.
    fn bind_annotated(&self, vm: &VirtualMachine, name: String, ann: PyObjectRef, value: PyObjectRef) -> PyResult {
        let _ = (name, ann, value);
        Err(unsupported(vm, self.dialect(), "annotated assignment"))
    }
    /// [`DialectHooks::bind_annotated`] of values from native calls.
    fn bind_annotated_val(&self, vm: &VirtualMachine, name: String, ann: crate::vm::native::Val, value: crate::vm::native::Val) -> PyResult {
        self.bind_annotated(vm, name, ann.into_py(vm), value.into_py(vm))
    }
    /// `x: ann` without a value.
    fn declare(&self, vm: &VirtualMachine, name: String, ann: PyObjectRef) -> PyResult {
        let _ = (name, ann);
        Err(unsupported(vm, self.dialect(), "declaration"))
    }
    /// `target[index] = value`.
    fn store(&self, vm: &VirtualMachine, target: PyObjectRef, index: PyObjectRef, value: PyObjectRef) -> PyResult<()> {
        let _ = (target, index, value);
        Err(unsupported(vm, self.dialect(), "subscript assignment"))
    }
    /// [`DialectHooks::store`] of values from native calls: the index may be a tuple
    /// display whose items a dialect takes as they are.
    fn store_val(&self, vm: &VirtualMachine, target: PyObjectRef, index: crate::vm::native::Val, value: crate::vm::native::Val) -> PyResult<()> {
        self.store(vm, target, index.into_py(vm), value.into_py(vm))
    }
    /// An expression statement.
    fn emit(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
        let _ = value;
        Err(unsupported(vm, self.dialect(), "expression statement"))
    }
    /// `for target in iter:` — returns a context manager whose `__enter__` gives the target value.
    /// `names` is the target as written: a name string, or a nested tuple of names
    /// (`"*rest"` for a starred one), or `None` for other targets.
    fn for_(&self, vm: &VirtualMachine, iter: PyObjectRef, names: PyObjectRef) -> PyResult {
        let _ = (iter, names);
        Err(unsupported(vm, self.dialect(), "for loop"))
    }
    /// `while cond:` — returns a context manager.
    fn while_(&self, vm: &VirtualMachine, cond: PyObjectRef) -> PyResult {
        let _ = cond;
        Err(unsupported(vm, self.dialect(), "while loop"))
    }
    /// `if cond:` — returns an iterable yielding `True` (then-branch) and/or `False` (else-branch).
    /// `has_else` says whether the source wrote an `else`/`elif`.
    fn if_(&self, vm: &VirtualMachine, cond: PyObjectRef, has_else: bool) -> PyResult {
        let _ = (cond, has_else);
        Err(unsupported(vm, self.dialect(), "if statement"))
    }
    /// `a and b` / `a or b` (`op` is `"and"` or `"or"`); `rhs` is a thunk for `b`.
    /// The default is Python's short-circuit meaning.
    fn bool_op(&self, vm: &VirtualMachine, op: &str, lhs: PyObjectRef, rhs: PyObjectRef) -> PyResult {
        let truth = lhs.clone().try_to_bool(vm)?;
        if (op == "and") != truth {
            return Ok(lhs);
        }
        rhs.call((), vm)
    }
    /// `not a`. The default is Python's.
    fn not_(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult {
        Ok(vm.ctx.new_bool(!value.try_to_bool(vm)?).into())
    }
    /// A chained comparison `a < b <= c` (`ops` as written, operands evaluated once).
    /// The default is Python's.
    fn compare(&self, vm: &VirtualMachine, ops: Vec<String>, operands: Vec<PyObjectRef>) -> PyResult {
        python_compare_chain(vm, &ops, &operands)
    }
    /// `a if cond else b`; `then` and `orelse` are thunks. The default is Python's.
    fn if_exp(&self, vm: &VirtualMachine, cond: PyObjectRef, then: PyObjectRef, orelse: PyObjectRef) -> PyResult {
        if cond.try_to_bool(vm)? { then.call((), vm) } else { orelse.call((), vm) }
    }
    /// `with ctx:` — returns the context manager to use.
    /// `names` is the `as` target as for `for_` (`None` without one).
    fn with_(&self, _vm: &VirtualMachine, ctx: PyObjectRef, names: PyObjectRef) -> PyResult {
        let _ = names;
        Ok(ctx)
    }
    /// `assert cond, msg`. The default refuses it.
    fn assert_(&self, vm: &VirtualMachine, cond: PyObjectRef, msg: PyObjectRef) -> PyResult<()> {
        let _ = (cond, msg);
        Err(unsupported(vm, self.dialect(), "assert"))
    }
    /// `return value`. The default refuses it.
    fn return_(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
        let _ = value;
        Err(unsupported(vm, self.dialect(), "return"))
    }
    /// `break`. The default refuses it.
    fn break_(&self, vm: &VirtualMachine) -> PyResult<()> {
        Err(unsupported(vm, self.dialect(), "break"))
    }
    /// `continue`. The default refuses it.
    fn continue_(&self, vm: &VirtualMachine) -> PyResult<()> {
        Err(unsupported(vm, self.dialect(), "continue"))
    }
    /// A name no Python scope binds: a symbol the builder may know.
    fn lookup_name(&self, vm: &VirtualMachine, name: String) -> PyResult {
        Err(vm.new_name_error(format!("name '{name}' is not defined"), vm.ctx.new_str(name.as_str())))
    }
    /// What `range` means inside a definition of this dialect.
    fn range(&self, vm: &VirtualMachine) -> PyResult {
        vm.builtins.get_attr("range", vm)
    }
}

/// One Python comparison `a <op> b` (`op` as the source writes it).
pub fn python_compare(vm: &VirtualMachine, op: &str, a: &PyObjectRef, b: &PyObjectRef) -> PyResult {
    use rustpython_vm::types::PyComparisonOp as C;
    let rich = |o| a.clone().rich_compare(b.clone(), o, vm);
    match op {
        "<" => rich(C::Lt),
        "<=" => rich(C::Le),
        ">" => rich(C::Gt),
        ">=" => rich(C::Ge),
        "==" => rich(C::Eq),
        "!=" => rich(C::Ne),
        "is" => Ok(vm.ctx.new_bool(rustpython_vm::AsObject::is(a, b)).into()),
        "is not" => Ok(vm.ctx.new_bool(!rustpython_vm::AsObject::is(a, b)).into()),
        "in" => Ok(vm.ctx.new_bool(vm._contains(b, a)?).into()),
        "not in" => Ok(vm.ctx.new_bool(!vm._contains(b, a)?).into()),
        other => Err(vm.new_value_error(format!("unknown comparison operator {other:?}"))),
    }
}

/// Python's chained comparison: the first false result, else the last one.
pub fn python_compare_chain(vm: &VirtualMachine, ops: &[String], operands: &[PyObjectRef]) -> PyResult {
    let mut last = vm.ctx.new_bool(true).into();
    for (i, op) in ops.iter().enumerate() {
        let (Some(a), Some(b)) = (operands.get(i), operands.get(i + 1)) else { break };
        last = python_compare(vm, op, a, b)?;
        if !last.clone().try_to_bool(vm)? {
            return Ok(last);
        }
    }
    Ok(last)
}

fn unsupported(vm: &VirtualMachine, dialect: &str, what: &str) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_exception_msg(
        crate::vm::error::diagnostic_error_type(vm),
        format!("{what} is not supported in {dialect} functions").into(),
    )
}

/// Looked up by every construction call (`__tvm__.bind`, `store`, `for_` …).
type HooksTable = crate::fast_hash::FastMap<&'static str, Arc<dyn DialectHooks>>;

fn registry() -> &'static RwLock<HooksTable> {
    static REG: OnceLock<RwLock<HooksTable>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

/// Register the construction hooks of a dialect.
pub fn register_dialect_hooks(hooks: Arc<dyn DialectHooks>) {
    registry().write().unwrap_or_else(|e| e.into_inner()).insert(hooks.dialect(), hooks);
}

/// The hooks registered for the dialect `name`.
pub fn dialect_hooks(name: &str) -> Option<Arc<dyn DialectHooks>> {
    registry().read().unwrap_or_else(|e| e.into_inner()).get(name).cloned()
}

/// The hooks of the innermost open definition.
fn current(vm: &VirtualMachine) -> PyResult<Arc<dyn DialectHooks>> {
    let name = builder::current_dialect().ok_or_else(|| {
        vm.new_runtime_error("TVMScript construction used outside a definition (no open function frame)")
    })?;
    dialect_hooks(name).ok_or_else(|| vm.new_runtime_error(format!("no construction hooks for dialect {name}")))
}

/// Opens the frame a module class body runs in; returns the builder depth.
pub type ModuleFrameFactory = fn(&VirtualMachine) -> PyResult<usize>;

static MODULE_FRAME: OnceLock<ModuleFrameFactory> = OnceLock::new();

/// Set by the dialect that owns module classes (`@I.ir_module`).
pub fn register_module_frame_factory(f: ModuleFrameFactory) {
    let _ = MODULE_FRAME.set(f);
}

fn module_frame_factory() -> Option<ModuleFrameFactory> {
    MODULE_FRAME.get().copied()
}

/// A definition as the transpiler hands it to a decorator: the body builder, the
/// signature builder and the options the source wrote (`GeneratedBuilder`).
#[pyclass(module = "tvm.script.parser", name = "GeneratedBuilder")]
#[derive(Debug, PyPayload)]
pub struct GeneratedBuilder {
    /// The definition's name.
    pub name: String,
    /// `def f(params): body'` — called with the parameter values.
    pub body: PyObjectRef,
    /// `def sig(s): ...` — declares the parameters through `s`; `None` for macros.
    pub sig: Option<PyObjectRef>,
    /// The options the source wrote (`@T.prim_func(private=True)`).
    pub options: PyDictRef,
    /// The real body when `body` is a stub (see `program::lazy`).
    pub lazy: Option<std::rc::Rc<crate::program::lazy::Body>>,
}

#[pyclass]
impl GeneratedBuilder {
    #[pygetset]
    fn __name__(&self) -> String {
        self.name.clone()
    }
    #[pygetset]
    fn __wrapped__(&self, vm: &VirtualMachine) -> PyResult {
        self.function(vm)
    }
}

impl GeneratedBuilder {
    /// The body to run. A compiled-on-its-own body becomes a new function each
    /// time (its code object lives only as long as the caller keeps it); an
    /// evaluated one runs in the stub's globals.
    pub fn body_fn(&self, vm: &VirtualMachine) -> PyResult<BodyFn> {
        use crate::program::lazy::Body;
        match self.lazy.as_deref() {
            Some(Body::Compiled(body)) => Ok(BodyFn::Python(body.function(vm, &self.body)?)),
            Some(Body::Evaluated(body)) => BodyFn::evaluated(vm, body, &self.body),
            None => Ok(BodyFn::Python(self.body.clone())),
        }
    }

    /// The body as a Python callable.
    pub fn function(&self, vm: &VirtualMachine) -> PyResult {
        Ok(self.body_fn(vm)?.into_callable(vm))
    }
    /// The option `key`, if written.
    pub fn option(&self, key: &str, vm: &VirtualMachine) -> Option<PyObjectRef> {
        self.options.get_item_opt(key, vm).ok().flatten()
    }
    /// Whether the option `key` was written and is true.
    pub fn option_bool(&self, key: &str, vm: &VirtualMachine) -> bool {
        self.option(key, vm).is_some_and(|v| v.try_to_bool(vm).unwrap_or(false))
    }
    /// A tuple-of-names option (`"constexpr"`, `"optional"` of a JIT definition).
    pub fn option_names(&self, key: &str, vm: &VirtualMachine) -> Vec<String> {
        let Some(v) = self.option(key, vm) else { return vec![] };
        let Ok(t) = v.downcast::<rustpython_vm::builtins::PyTuple>() else { return vec![] };
        t.as_slice().iter().filter_map(|n| String::try_from_object(vm, n.clone()).ok()).collect()
    }
    /// `{"n": "int64"}`: symbols the body declares with `n = T.int64()`.
    pub fn declarations(&self, vm: &VirtualMachine) -> HashMap<String, String> {
        let mut out = HashMap::new();
        if let Some(d) = self.option("decls", vm)
            && let Ok(d) = d.downcast::<rustpython_vm::builtins::PyDict>()
        {
            for (k, v) in &d {
                if let (Ok(k), Ok(v)) = (String::try_from_object(vm, k), String::try_from_object(vm, v)) {
                    out.insert(k, v);
                }
            }
        }
        out
    }
    /// The source file and first line of the definition.
    pub fn location(&self, vm: &VirtualMachine) -> (String, u32) {
        let code = self.body.get_attr("__code__", vm).ok();
        let file = code.as_ref().and_then(|c| c.get_attr("co_filename", vm).ok()).and_then(|f| String::try_from_object(vm, f).ok());
        let line = code.and_then(|c| c.get_attr("co_firstlineno", vm).ok()).and_then(|l| u32::try_from_object(vm, l).ok());
        (file.unwrap_or_default(), line.unwrap_or(0))
    }
}

/// A definition kept by its decorator until its module is constructed: module
/// classes declare every signature before building any body, so functions can
/// refer to each other in any order.
#[pyclass(module = "tvm.script.parser", name = "DeferredDefinition")]
#[derive(PyPayload)]
pub struct DeferredDefinition {
    /// The definition's name.
    pub name: String,
    /// The dialect that builds it.
    pub dialect: &'static str,
    /// Taken out by `release` once the module is built: the class namespace that
    /// held this definition may outlive the parse (until a cycle collection), and
    /// the builders' globals hold everything the script made, the module included.
    parts: RefCell<Option<DefinitionParts>>,
    /// What the last `declare` prepared for `build` (see [`Declared::prepared`]).
    prepared: RefCell<Option<Prepared>>,
}

/// Work a declaration did that its build may continue from, as the dialect keeps it.
pub type Prepared = Box<dyn std::any::Any>;

/// A deferred definition's declaration: its signature type and, optionally, the
/// state its build starts from (a TIR or Relax function's frame after its signature
/// ran: running the signature again would make the same objects anew).
pub struct Declared {
    /// The signature's type.
    pub ty: crate::ir::Type,
    /// What the build continues from, if anything.
    pub prepared: Option<Prepared>,
}

impl From<crate::ir::Type> for Declared {
    fn from(ty: crate::ir::Type) -> Self {
        Declared { ty, prepared: None }
    }
}

struct DefinitionParts {
    /// The signature type of the function, for its GlobalVar (may be missing).
    declare: Box<dyn Fn(&VirtualMachine) -> PyResult<Declared>>,
    /// Build the function, from what its declaration prepared if anything; runs
    /// with the module frame open.
    build: Box<dyn Fn(&VirtualMachine, Option<Prepared>) -> PyResult<crate::ir::ObjectRef>>,
    /// The Python functions that build it: their globals or closures may read the
    /// module class's name, which the module binds while it builds.
    scopes: Vec<PyObjectRef>,
}

impl DeferredDefinition {
    fn with_parts<R>(&self, vm: &VirtualMachine, f: impl FnOnce(&DefinitionParts) -> PyResult<R>) -> PyResult<R> {
        match &*self.parts.borrow() {
            Some(parts) => f(parts),
            None => Err(vm.new_runtime_error(format!("the definition of {} was already used by its module", self.name))),
        }
    }

    /// The signature type of the function, for its GlobalVar (may be missing).
    pub fn declare(&self, vm: &VirtualMachine) -> PyResult<crate::ir::Type> {
        let Declared { ty, prepared } = self.with_parts(vm, |p| (p.declare)(vm))?;
        // Dropped after the borrow ends: a dropped frame may hold Python objects.
        let old = self.prepared.replace(prepared);
        drop(old);
        Ok(ty)
    }

    /// Build the function; runs with the module frame open.
    pub fn build(&self, vm: &VirtualMachine) -> PyResult<crate::ir::ObjectRef> {
        let prepared = self.prepared.borrow_mut().take();
        self.with_parts(vm, |p| (p.build)(vm, prepared))
    }

    /// The Python functions that build it (see `DefinitionParts::scopes`).
    pub fn scopes(&self) -> Vec<PyObjectRef> {
        self.parts.borrow().as_ref().map(|p| p.scopes.clone()).unwrap_or_default()
    }

    /// Drop the builders: the module that needed them is built.
    pub fn release(&self) {
        // Dropped after the borrow ends: dropping Python objects may run code.
        let parts = self.parts.borrow_mut().take();
        let prepared = self.prepared.borrow_mut().take();
        drop((parts, prepared));
    }
}

impl DeferredDefinition {
    /// The deferred definition of a generated builder `target`: `declare` gives its
    /// signature type, `build` the function (both with the definition's options).
    pub fn of_builder<O: Clone + 'static>(
        vm: &VirtualMachine,
        target: PyObjectRef,
        dialect: &'static str,
        opts: &O,
        declare: fn(&VirtualMachine, &GeneratedBuilder, &O) -> PyResult<Declared>,
        build: fn(&VirtualMachine, &GeneratedBuilder, &O, Option<Prepared>) -> PyResult,
    ) -> PyResult {
        let gb = target.downcast_ref::<GeneratedBuilder>().ok_or_else(|| vm.new_type_error("expected a generated builder"))?;
        let scopes: Vec<PyObjectRef> = std::iter::once(gb.body.clone()).chain(gb.sig.clone()).collect();
        let name = gb.name.clone();
        let (t1, t2) = (target.clone(), target);
        let (o1, o2) = (opts.clone(), opts.clone());
        let builder_of = |vm: &VirtualMachine, t: &PyObjectRef| {
            t.downcast_ref::<GeneratedBuilder>().map(|g| g.to_owned()).ok_or_else(|| vm.new_type_error("expected a generated builder"))
        };
        let parts = DefinitionParts {
            declare: Box::new(move |vm: &VirtualMachine| declare(vm, &*builder_of(vm, &t1)?, &o1)),
            build: Box::new(move |vm: &VirtualMachine, prepared: Option<Prepared>| {
                let f = build(vm, &*builder_of(vm, &t2)?, &o2, prepared)?;
                crate::vm::object::unwrap_object(&f).ok_or_else(|| vm.new_runtime_error("the function builder produced no IR"))
            }),
            scopes,
        };
        Ok(DeferredDefinition { name, dialect, parts: RefCell::new(Some(parts)), prepared: RefCell::new(None) }
        .into_ref(&vm.ctx)
        .into())
    }
}

/// A decorator used bare (`@T.macro`) or configured (`@T.macro(hygienic=False)`, whose
/// options the transpiler already recorded): bare, `make` gets the definition;
/// configured, the result is a decorator that passes it on.
pub fn bare_or_configured(vm: &VirtualMachine, args: FuncArgs, make: fn(&VirtualMachine, &PyObjectRef) -> PyResult) -> PyResult {
    if let [first] = args.args.as_slice() {
        return make(vm, first);
    }
    Ok(crate::vm::closure::decorator(vm, "decorator", make))
}

impl std::fmt::Debug for DeferredDefinition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeferredDefinition({}, {})", self.dialect, self.name)
    }
}

#[pyclass]
impl DeferredDefinition {
    #[pygetset]
    fn __name__(&self) -> String {
        self.name.clone()
    }
}

/// Whether a decorator applied now should defer (a module class body is running).
pub fn in_module_class() -> bool {
    builder::collecting_definitions()
}

/// `__tvm__.builder(name, sig, options)` used as the innermost decorator.
pub(crate) fn init_classes() {
    use rustpython_vm::class::PyClassImpl;
    BuilderRecorder::make_static_type();
    DeferredDefinition::make_static_type();
}

#[pyclass(module = "tvm.script.parser", name = "BuilderRecorder")]
#[derive(Debug, PyPayload)]
struct BuilderRecorder {
    name: String,
    sig: Option<Signature>,
    options: PyDictRef,
    lazy: Option<std::rc::Rc<crate::program::lazy::Body>>,
}

/// A definition's signature builder as its builder decorator got it.
#[derive(Debug)]
enum Signature {
    /// A function the program defined.
    Function(PyObjectRef),
    /// A body taken out of the program (`program::lazy`), which did not define it.
    Taken(std::rc::Rc<crate::program::lazy::Body>),
}

#[pyclass(with(Callable))]
impl BuilderRecorder {}

impl Callable for BuilderRecorder {
    type Args = (PyObjectRef,);
    fn call(zelf: &Py<Self>, (body,): Self::Args, vm: &VirtualMachine) -> PyResult {
        use crate::program::lazy::Body;
        // A taken signature runs in the globals of the definition, the same as
        // those of the function the program would have defined beside it.
        let sig = match &zelf.sig {
            None => None,
            Some(Signature::Function(f)) => Some(f.clone()),
            Some(Signature::Taken(taken)) => Some(match &**taken {
                Body::Compiled(b) => b.bare_function(vm, crate::program::lazy::globals_of(vm, &body)?)?,
                Body::Evaluated(b) => evaluated_function(vm, b, body.clone()),
            }),
        };
        Ok(GeneratedBuilder { name: zelf.name.clone(), body, sig, options: zelf.options.clone(), lazy: zelf.lazy.clone() }
            .into_ref(&vm.ctx)
            .into())
    }
}

/// The body the program's key names (see `program::lazy`).
fn taken_body(vm: &VirtualMachine, key: u32) -> PyResult<std::rc::Rc<crate::program::lazy::Body>> {
    crate::program::lazy::body(key).ok_or_else(|| vm.new_runtime_error("the body of this definition is no longer available"))
}

/// An evaluated body as a function that reads the globals of `stub`.
fn evaluated_function(vm: &VirtualMachine, body: &std::rc::Rc<crate::program::eval::FastBody>, stub: PyObjectRef) -> PyObjectRef {
    super::body::EvaluatedFunction { body: body.clone(), stub }.into_ref(&vm.ctx).into()
}

/// The iterable behind `if`: yields `True` then `False` for an IR condition
/// (entering the then/else frames around each), or just the branch a host bool picks.
#[pyclass(module = "tvm.script.parser", name = "Branches")]
#[derive(Debug, PyPayload)]
pub struct Branches {
    state: rustpython_vm::common::lock::PyMutex<BranchState>,
}

/// How the branches of an `if` are produced.
pub enum BranchState {
    /// A Python boolean: one pass through the chosen branch.
    Host(Option<bool>),
    /// An IR condition: `step(i)` is called before branch `i` (0 = then, 1 = else)
    /// and after the last with `i = 2` to finish.
    Ir {
        /// The branch `step` is called for next.
        next: usize,
        /// Opens branch `i`, or finishes with `i = 2`.
        step: Box<dyn FnMut(&VirtualMachine, usize) -> PyResult<()>>,
    },
}

impl std::fmt::Debug for BranchState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BranchState::Host(b) => write!(f, "Host({b:?})"),
            BranchState::Ir { next, .. } => write!(f, "Ir({next})"),
        }
    }
}

impl Branches {
    /// Branches produced in this way.
    pub fn new(state: BranchState) -> Self {
        Branches { state: rustpython_vm::common::lock::PyMutex::new(state) }
    }
}

#[pyclass(with(IterNext, Iterable))]
impl Branches {}

impl SelfIter for Branches {}

impl IterNext for Branches {
    fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        let mut st = zelf.state.lock();
        match &mut *st {
            BranchState::Host(b) => Ok(match b.take() {
                Some(v) => PyIterReturn::Return(vm.ctx.new_bool(v).into()),
                None => PyIterReturn::StopIteration(None),
            }),
            BranchState::Ir { next, step } => {
                let i = *next;
                if i > 2 {
                    return Ok(PyIterReturn::StopIteration(None));
                }
                *next += 1;
                step(vm, i)?;
                Ok(if i < 2 { PyIterReturn::Return(vm.ctx.new_bool(i == 0).into()) } else { PyIterReturn::StopIteration(None) })
            }
        }
    }
}

/// A native builtin of the builder program taking exactly `N` positional
/// arguments (the transpiler writes every call of it).
fn generated<const N: usize>(
    vm: &VirtualMachine,
    name: &'static str,
    params: &'static str,
    f: impl Fn(&VirtualMachine, [native::Val; N]) -> PyResult<native::Val> + Send + Sync + 'static,
) -> PyObjectRef {
    let native: native::NativeFn = std::sync::Arc::new(move |vm: &VirtualMachine, args: native::Args| {
        let wrong = || vm.new_type_error(format!("{name}() takes exactly {N} positional argument(s) {params}"));
        if !args.kwargs.is_empty() {
            return Err(wrong());
        }
        let values: [native::Val; N] = args.args.try_into().map_err(|_| wrong())?;
        f(vm, values)
    });
    native::Builtin::new(name, native).into_ref(&vm.ctx).into()
}

#[rustpython_vm::pymodule(name = "_tvmscript_rt")]
/// `_tvmscript_rt`: the construction protocol the transpiled program calls (`__tvm__`).
pub mod rt {
    use super::*;
    use crate::vm::native::Val;

    #[pyattr]
    fn __doc__(vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_str("The TVMScript construction protocol called by transpiled builder programs.").into()
    }

    #[pyfunction]
    fn builder(name: String, sig: PyObjectRef, options: PyDictRef, body: OptionalArg<u32>, vm: &VirtualMachine) -> PyResult {
        // A key for the signature: the program does not define its builder (see
        // `program::lazy::fold_signature`).
        let sig = if vm.is_none(&sig) {
            None
        } else if let Some(key) = sig.downcast_ref::<rustpython_vm::builtins::PyInt>() {
            Some(Signature::Taken(taken_body(vm, key.try_to_primitive(vm)?)?))
        } else {
            Some(Signature::Function(sig))
        };
        // A key: the body was compiled on its own and the decorated function is its stub.
        let lazy = match body {
            OptionalArg::Present(key) => Some(taken_body(vm, key)?),
            OptionalArg::Missing => None,
        };
        Ok(BuilderRecorder { name, sig, options, lazy }.into_ref(&vm.ctx).into())
    }

    /// `@__tvm__.lazy_function(key)`: the function whose body was taken out of the
    /// program under `key` (see `program::lazy`), in place of its stub.
    #[pyfunction]
    fn lazy_function(key: u32, vm: &VirtualMachine) -> PyResult {
        let body = taken_body(vm, key)?;
        // Holds the body (and through it the source): a closure that is freed.
        Ok(crate::vm::closure::closure(vm, "lazy_function", move |args: FuncArgs, vm: &VirtualMachine| -> PyResult {
            use crate::program::lazy::Body;
            let (stub,): (PyObjectRef,) = args.bind(vm)?;
            match &*body {
                Body::Compiled(b) => b.function(vm, &stub),
                Body::Evaluated(b) => Ok(evaluated_function(vm, b, stub)),
            }
        }))
    }

    /// `bind(names, value)`: native, so a builder's result arrives unwrapped.
    #[pyattr]
    fn bind(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "bind", "(names, value)", |vm, [names, value]| Ok(Val::Py(current(vm)?.bind_val(vm, names.into_py(vm), value)?)))
    }

    /// `bind_annotated(name, ann, value)`: native, like `bind`.
    #[pyattr]
    fn bind_annotated(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "bind_annotated", "(name, ann, value)", |vm, [name, ann, value]| {
            let name: String = name.into_py(vm).try_into_value(vm)?;
            Ok(Val::Py(current(vm)?.bind_annotated_val(vm, name, ann, value)?))
        })
    }

    #[pyfunction]
    fn declare(name: String, ann: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        current(vm)?.declare(vm, name, ann)
    }

    /// `store(target, index, value)`: native, so an index tuple display and IR
    /// values arrive as they are.
    #[pyattr]
    fn store(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "store", "(target, index, value)", |vm, [target, index, value]| {
            current(vm)?.store_val(vm, target.into_py(vm), index, value)?;
            Ok(Val::Py(vm.ctx.none()))
        })
    }

    /// `emit(value)`: native, so a builder's result arrives as it is.
    #[pyattr]
    fn emit(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "emit", "(value)", |vm, [value]| {
            current(vm)?.emit(vm, value.into_py(vm))?;
            Ok(Val::Py(vm.ctx.none()))
        })
    }


    // The control-flow entries a builder program calls at every loop, `with`,
    // comparison and `and`/`or` are native too: an evaluated body calls them without
    // packing arguments for a Python call.

    #[pyattr]
    fn for_(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "for_", "(iter, names)", |vm, [iter, names]| Ok(Val::Py(current(vm)?.for_(vm, iter.into_py(vm), names.into_py(vm))?)))
    }

    #[pyattr]
    fn bool_op(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "bool_op", "(op, lhs, rhs)", |vm, [op, lhs, rhs]| {
            let op: String = op.into_py(vm).try_into_value(vm)?;
            Ok(Val::Py(current(vm)?.bool_op(vm, &op, lhs.into_py(vm), rhs.into_py(vm))?))
        })
    }

    #[pyfunction]
    fn not_(value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        current(vm)?.not_(vm, value)
    }

    #[pyattr]
    fn compare(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "compare", "(ops, operands)", |vm, [ops, operands]| {
            let ops: Vec<String> = ops.into_py(vm).try_into_value(vm)?;
            // A tuple display of operands arrives as its items.
            let operands: Vec<PyObjectRef> = match operands {
                Val::Tuple(items) => items.into_iter().map(|v| v.into_py(vm)).collect(),
                other => other.into_py(vm).try_into_value(vm)?,
            };
            Ok(Val::Py(current(vm)?.compare(vm, ops, operands)?))
        })
    }

    #[pyfunction]
    fn if_exp(cond: PyObjectRef, then: PyObjectRef, orelse: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        current(vm)?.if_exp(vm, cond, then, orelse)
    }

    #[pyfunction]
    fn while_(cond: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        current(vm)?.while_(vm, cond)
    }

    #[pyfunction]
    fn if_(cond: PyObjectRef, has_else: bool, vm: &VirtualMachine) -> PyResult {
        current(vm)?.if_(vm, cond, has_else)
    }

    #[pyattr]
    fn with_(vm: &VirtualMachine) -> PyObjectRef {
        generated(vm, "with_", "(ctx, names)", |vm, [ctx, names]| Ok(Val::Py(current(vm)?.with_(vm, ctx.into_py(vm), names.into_py(vm))?)))
    }

    #[pyfunction]
    fn assert_(cond: PyObjectRef, msg: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        current(vm)?.assert_(vm, cond, msg)
    }

    #[pyfunction]
    fn return_(value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        current(vm)?.return_(vm, value)
    }

    #[pyfunction]
    fn macro_return(value: PyObjectRef) -> PyObjectRef {
        value
    }

    #[pyfunction]
    fn break_(vm: &VirtualMachine) -> PyResult<()> {
        current(vm)?.break_(vm)
    }

    #[pyfunction]
    fn continue_(vm: &VirtualMachine) -> PyResult<()> {
        current(vm)?.continue_(vm)
    }

    #[pyfunction]
    fn name(name: String, vm: &VirtualMachine) -> PyResult {
        current(vm)?.lookup_name(vm, name)
    }

    /// What a module member's annotation reads for `name` at the member's position
    /// in the class body: the class body's value, else the global, else the builtin,
    /// else [`MISSING`](missing).
    #[pyfunction]
    fn snapshot(locals: PyObjectRef, globals: PyObjectRef, name: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        for scope in [&locals, &globals] {
            if let Ok(v) = scope.get_item(&*name, vm) {
                return Ok(v);
            }
        }
        match vm.builtins.get_attr(&*name.str(vm)?, vm) {
            Ok(v) => Ok(v),
            Err(_) => vm.import("_tvmscript_rt", 0)?.get_attr("MISSING", vm),
        }
    }

    /// The value of a name [`snapshot`] did not find: an object of its own.
    #[pyattr(name = "MISSING")]
    fn missing(vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_base_object(vm.ctx.types.object_type.to_owned(), None)
    }

    #[pyattr]
    #[pyclass(module = "_tvmscript_rt", name = "RangeProxy")]
    #[derive(Debug, PyPayload)]
    /// What `range` is in a definition body: the innermost dialect's loop (TIR: `T.serial`), else Python's.
    pub struct RangeProxy;

    #[pyclass(with(Callable))]
    impl RangeProxy {}

    impl Callable for RangeProxy {
        type Args = FuncArgs;
        fn call(_zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
            let range = match builder::current_dialect().and_then(dialect_hooks) {
                Some(h) => h.range(vm)?,
                None => vm.builtins.get_attr("range", vm)?,
            };
            range.call(args, vm)
        }
    }

    /// `range` inside a definition: the dialect's loop (TIR: `T.serial`), else Python's.
    #[pyattr(name = "range")]
    fn range_proxy(vm: &VirtualMachine) -> PyObjectRef {
        RangeProxy.into_ref(&vm.ctx).into()
    }

    /// Push a module frame before a module class body runs; returns a token.
    #[pyfunction]
    fn enter_module(vm: &VirtualMachine) -> PyResult {
        let enter = module_frame_factory()
            .ok_or_else(|| vm.new_runtime_error("no dialect provides module classes"))?;
        let depth = enter(vm)?;
        Ok(vm.ctx.new_int(depth).into())
    }

    /// Drop the module frame `token` if it is still open (the class body failed).
    #[pyfunction]
    fn abort_module(token: usize) {
        if builder::depth() >= token {
            builder::unwind_to(token);
        }
    }
}
