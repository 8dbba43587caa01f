//! Script namespaces (`T`, `R`, `I`, `Ts`, extensions): objects whose members
//! dialects register from Rust. Members are looked up lazily; a namespace's
//! initializer runs the first time the namespace is used
//! (`register_namespace_initializer`), so an unused dialect costs nothing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use indexmap::IndexMap;
use rustpython_vm::builtins::PyStr;
use rustpython_vm::function::{FuncArgs, PyMethodFlags};
use rustpython_vm::types::{Callable, GetAttr, Representable};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// A native function exposed in a namespace.
pub type NativeFn = Arc<dyn Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync>;

/// A member of a namespace.
#[derive(Clone)]
pub enum Member {
    /// A Python function.
    Func(NativeFn),
    /// A builder taking native calls (`vm::native`).
    Native(crate::vm::native::NativeFn),
    /// A nested namespace (`T.axis`, `T.ptx`), by its full path.
    Namespace(String),
    /// A value built on first access in each VM (a class, a constant).
    Value(Arc<dyn Fn(&VirtualMachine) -> PyResult + Send + Sync>),
}

/// The members of one namespace.
#[derive(Default, Clone)]
pub struct NamespaceTable {
    /// The members by name, in registration order (what `dir()` lists).
    pub members: IndexMap<String, Member>,
    /// Docstrings by member name: a one-line signature, a blank line, what the
    /// member does (its `__doc__`, which the REPL's `help()` shows). A dialect keeps
    /// its members' docs in one table and adds it with [`NamespaceTable::docs`].
    pub docs: HashMap<String, String>,
}

/// One documented member: its name, its signature (`serial(start, stop=None)`) and
/// a sentence saying what it does.
pub type MemberDoc = (&'static str, &'static str, &'static str);

/// Test of a docs table for namespace `ns` (shown as `shown`, `T.axis`): each member
/// documented once, with its own signature and one sentence, and each a function
/// of the namespace whose doc starts with that signature.
#[cfg(test)]
pub(crate) fn assert_documented(ns: &str, shown: &str, table: &[MemberDoc]) {
    crate::init();
    let mut seen = std::collections::HashSet::new();
    for (name, signature, summary) in table {
        assert!(seen.insert(name), "{shown}.{name} documented twice");
        assert!(signature.starts_with(name), "{shown}.{name}: {signature}");
        assert!(summary.ends_with('.') && !summary.contains('\n'), "{shown}.{name}: one sentence");
        assert!(matches!(member(ns, name), Some(Member::Func(_) | Member::Native(_))), "{shown}.{name} is not a function");
        assert!(member_doc(ns, name).is_some_and(|d| d.starts_with(signature)), "{shown}.{name}");
    }
}

impl NamespaceTable {
    /// Add a function taking Python arguments.
    pub fn func(&mut self, name: &str, f: impl Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync + 'static) {
        self.members.insert(name.to_string(), Member::Func(Arc::new(f)));
    }
    /// A builder taking native calls: evaluated bodies pass it IR values unwrapped.
    pub fn native(&mut self, name: &str, f: impl Fn(&VirtualMachine, crate::vm::native::Args) -> PyResult<crate::vm::native::Val> + Send + Sync + 'static) {
        self.members.insert(name.to_string(), Member::Native(Arc::new(f)));
    }
    /// Add a value built on first access in each VM (a class, a constant).
    pub fn value(&mut self, name: &str, f: impl Fn(&VirtualMachine) -> PyResult + Send + Sync + 'static) {
        self.members.insert(name.to_string(), Member::Value(Arc::new(f)));
    }
    /// A member defined in a frozen Python module (imported on first use).
    pub fn python(&mut self, name: &'static str, module: &'static str) {
        self.value(name, move |vm| {
            vm.import(module, 0)?;
            vm.sys_module.get_attr("modules", vm)?.get_item(module, vm)?.get_attr(name, vm)
        });
    }
    /// Add a nested namespace (`T.axis`), registered under its full `path`.
    pub fn namespace(&mut self, name: &str, path: &str) {
        self.members.insert(name.to_string(), Member::Namespace(path.to_string()));
    }
    /// Set the docstring of the member `name`.
    pub fn doc(&mut self, name: &str, doc: impl Into<String>) {
        self.docs.insert(name.to_string(), doc.into());
    }
    /// Document members from a table (see [`MemberDoc`]).
    pub fn docs(&mut self, table: &[MemberDoc]) {
        for (name, signature, summary) in table {
            self.doc(name, format!("{signature}\n\n{summary}"));
        }
    }
}

type Initializer = Box<dyn Fn(&mut NamespaceTable) + Send + Sync>;

#[derive(Default)]
struct Registry {
    tables: HashMap<String, NamespaceTable>,
    pending: HashMap<String, Vec<Initializer>>,
}

fn registry() -> &'static RwLock<Registry> {
    static REG: OnceLock<RwLock<Registry>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

/// Serializes running initializers (they may register further namespaces).
fn init_lock() -> &'static Mutex<()> {
    static L: OnceLock<Mutex<()>> = OnceLock::new();
    L.get_or_init(Default::default)
}

/// Register a namespace with its members now.
pub fn register_namespace(path: &str, init: impl Fn(&mut NamespaceTable) + Send + Sync + 'static) {
    let mut table = NamespaceTable::default();
    init(&mut table);
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    let entry = reg.tables.entry(path.to_string()).or_default();
    entry.members.extend(table.members);
    entry.docs.extend(table.docs);
}

/// Register a namespace whose members are built on first use.
pub fn register_namespace_initializer(path: &str, init: impl Fn(&mut NamespaceTable) + Send + Sync + 'static) {
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    reg.pending.entry(path.to_string()).or_default().push(Box::new(init));
}

/// Whether a namespace is registered (loaded or not).
pub fn is_registered(path: &str) -> bool {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    reg.tables.contains_key(path) || reg.pending.contains_key(path)
}

/// Whether a namespace's members have been built.
pub fn is_loaded(path: &str) -> bool {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    reg.tables.contains_key(path) && !reg.pending.contains_key(path)
}

fn ensure_loaded(path: &str) {
    let _guard = init_lock().lock().unwrap_or_else(|e| e.into_inner());
    let inits = {
        let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
        let inits = reg.pending.remove(path);
        if inits.is_some() {
            // Still registered while the initializers run: another thread's
            // `is_registered` must not see the namespace vanish in between.
            reg.tables.entry(path.to_string()).or_default();
        }
        inits
    };
    if let Some(inits) = inits {
        let mut table = NamespaceTable::default();
        for init in &inits {
            init(&mut table);
        }
        let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
        let entry = reg.tables.entry(path.to_string()).or_default();
        entry.members.extend(table.members);
        entry.docs.extend(table.docs);
    }
}

/// A member of a namespace.
pub fn member(path: &str, name: &str) -> Option<Member> {
    ensure_loaded(path);
    registry().read().unwrap_or_else(|e| e.into_inner()).tables.get(path)?.members.get(name).cloned()
}

/// The docstring of a member, if its namespace documents it. Python keeps docstrings
/// as `&'static str`: each is leaked once per process, not once per lookup.
pub fn member_doc(path: &str, name: &str) -> Option<&'static str> {
    static LEAKED: OnceLock<Mutex<HashMap<(String, String), &'static str>>> = OnceLock::new();
    ensure_loaded(path);
    let key = (path.to_string(), name.to_string());
    let mut leaked = LEAKED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(doc) = leaked.get(&key) {
        return Some(doc);
    }
    let doc = registry().read().unwrap_or_else(|e| e.into_inner()).tables.get(path)?.docs.get(name)?.clone();
    let doc: &'static str = Box::leak(doc.into_boxed_str());
    leaked.insert(key, doc);
    Some(doc)
}

/// Member names of a namespace, in registration order (for completion and `dir`).
pub fn member_names(path: &str) -> Vec<String> {
    ensure_loaded(path);
    registry()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .tables
        .get(path)
        .map(|t| t.members.keys().cloned().collect())
        .unwrap_or_default()
}

/// The definition kind of a namespace member that is a definition decorator (an
/// entry factory: `"FUNCTION"`, `"MACRO"`, `"PYTHON"`), as the programs layer knows
/// from the decorators it registers; set once at start-up.
static ENTRY_KIND: OnceLock<fn(&str, &str) -> Option<&'static str>> = OnceLock::new();

/// Set how [`EntryFactory`] members are recognised (`crate::program` does, once).
pub fn register_entry_kind_lookup(lookup: fn(&str, &str) -> Option<&'static str>) {
    let _ = ENTRY_KIND.set(lookup);
}

/// A definition decorator of a namespace (`T.prim_func`, `R.macro`, `I.pyfunc`):
/// called as the function it stands for, and carrying `DEFINITION_KIND`, the
/// `tvm.script.parser.DefinitionKind` of what it defines.
#[pyclass(module = "tvm.script", name = "EntryFactory")]
#[derive(PyPayload)]
pub struct EntryFactory {
    name: &'static str,
    func: NativeFn,
    kind: &'static str,
    doc: Option<&'static str>,
}

impl std::fmt::Debug for EntryFactory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EntryFactory({})", self.name)
    }
}

#[pyclass(with(Callable, Representable))]
impl EntryFactory {
    #[pygetset(name = "DEFINITION_KIND")]
    fn definition_kind(&self, vm: &VirtualMachine) -> PyResult {
        vm.import("tvm.script.parser", 0)?;
        let parser = vm.sys_module.get_attr("modules", vm)?.get_item("tvm.script.parser", vm)?;
        parser.get_attr("DefinitionKind", vm)?.get_attr(self.kind, vm)
    }
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

impl Callable for EntryFactory {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        (zelf.func)(vm, args)
    }
}

impl Representable for EntryFactory {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("<built-in function {}>", zelf.name))
    }
}

/// A namespace object in the VM.
#[pyclass(module = "tvm.script", name = "Namespace")]
#[derive(Debug, PyPayload)]
pub struct PyNamespace {
    /// The namespace's full path (`"T"`, `"T.axis"`).
    pub path: String,
    /// Members looked up so far (a script reads `T.int64` thousands of times).
    cache: rustpython_vm::common::lock::PyMutex<MemberCache>,
}

/// Members by name, and by the address of an interned name: attribute names in
/// code are interned, so a script asks with the same few string objects, and the
/// address finds them without hashing the text. (Interned strings live as long as
/// the interpreter, so an address is never reused for another name; other strings
/// go by name only, or a script making names would grow this without bound.)
#[derive(Debug, Default)]
struct MemberCache {
    by_name: crate::fast_hash::FastMap<String, PyObjectRef>,
    by_address: crate::fast_hash::FastMap<usize, PyObjectRef>,
}

impl MemberCache {
    /// The member cached for `name`.
    fn get(&mut self, vm: &VirtualMachine, name: &Py<PyStr>) -> Option<PyObjectRef> {
        if let Some(v) = self.by_address.get(&(std::ptr::from_ref(name) as usize)) {
            return Some(v.clone());
        }
        let v = self.by_name.get(&*name.to_string_lossy()).cloned()?;
        self.remember_address(vm, name, &v);
        Some(v)
    }

    fn insert(&mut self, vm: &VirtualMachine, name: &Py<PyStr>, value: &PyObjectRef) {
        self.by_name.insert(name.to_string_lossy().into_owned(), value.clone());
        self.remember_address(vm, name, value);
    }

    fn remember_address(&mut self, vm: &VirtualMachine, name: &Py<PyStr>, value: &PyObjectRef) {
        let address = std::ptr::from_ref(name) as usize;
        if vm.ctx.interned_str(name).is_some_and(|i| std::ptr::from_ref::<Py<PyStr>>(i) as usize == address) {
            self.by_address.insert(address, value.clone());
        }
    }
}

impl PyNamespace {
    /// The namespace registered under `path`.
    pub fn new(path: &str) -> Self {
        PyNamespace { path: path.to_string(), cache: Default::default() }
    }
}

/// The namespace object for a path.
pub fn namespace_object(vm: &VirtualMachine, path: &str) -> PyObjectRef {
    PyNamespace::new(path).into_ref(&vm.ctx).into()
}

/// The canonical path of a namespace object, if `obj` is one.
pub fn namespace_path(obj: &PyObjectRef) -> Option<String> {
    obj.downcast_ref::<PyNamespace>().map(|n| n.path.clone())
}

#[pyclass(with(GetAttr, Representable))]
impl PyNamespace {
    /// A namespace is a package to the import system: `import tvm.script.relax.X`
    /// goes on to the finders (`tvm.script` maps it to the dialect's Python package).
    #[pygetset]
    fn __path__(&self, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_list(Vec::new()).into()
    }

    /// No import spec: the namespace is made by `tvm.script`, not loaded.
    #[pygetset]
    fn __spec__(&self, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.none()
    }

    #[pymethod]
    fn __dir__(&self, vm: &VirtualMachine) -> PyObjectRef {
        let names = member_names(&self.path).into_iter().map(|n| vm.ctx.new_str(n).into()).collect();
        vm.ctx.new_list(names).into()
    }
}

impl GetAttr for PyNamespace {
    fn getattro(zelf: &Py<Self>, name: &Py<PyStr>, vm: &VirtualMachine) -> PyResult {
        // Only names the generic lookup did not find are cached, so looking here first
        // finds the same thing.
        if let Some(v) = zelf.cache.lock().get(vm, name) {
            return Ok(v);
        }
        let n_owned = name.to_string_lossy();
        let n: &str = &n_owned;
        if let Some(v) = zelf.as_object().generic_getattr_opt(name, None, vm)? {
            return Ok(v);
        }
        let value = match member(&zelf.path, n) {
            Some(Member::Func(f)) if let Some(kind) = ENTRY_KIND.get().and_then(|k| k(&zelf.path, n)) => {
                let name = Box::leak(format!("{}.{}", zelf.path, n).into_boxed_str());
                EntryFactory { name, func: f.clone(), kind, doc: member_doc(&zelf.path, n) }.into_ref(&vm.ctx).into()
            }
            Some(Member::Func(f)) => {
                let f = f.clone();
                // A Python function's `__name__` is its own name (`T.exp.__name__ == "exp"`).
                let name = Box::leak(n.to_string().into_boxed_str());
                let body = move |args: FuncArgs, vm: &VirtualMachine| f(vm, args);
                vm.ctx.new_method_def(name, body, PyMethodFlags::empty(), member_doc(&zelf.path, n)).build_function(vm).into()
            }
            Some(Member::Native(f)) => {
                let name = Box::leak(format!("{}.{}", zelf.path, n).into_boxed_str());
                crate::vm::native::Builtin::new(name, f).with_doc(member_doc(&zelf.path, n)).into_ref(&vm.ctx).into()
            }
            Some(Member::Namespace(p)) => namespace_object(vm, &p),
            Some(Member::Value(f)) => f(vm)?,
            None => {
                return Err(vm.new_attribute_error(format!("module 'tvm.script.{}' has no attribute '{n}'", zelf.path)));
            }
        };
        zelf.cache.lock().insert(vm, name, &value);
        Ok(value)
    }
}

impl Representable for PyNamespace {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("<module 'tvm.script.{}'>", zelf.path))
    }
}
