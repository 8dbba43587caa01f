//! The embedded Python VM, in three parts by job:
//! - `host/`: building and guarding an interpreter (`interp`, `sandbox`, `limits`,
//!   `alloc_guard`);
//! - `bridge/`: IR objects as Python objects and back (`object`, `classes`,
//!   `convert`, `error`, `args`, `native`, `closure`, `operators`, `namespace`,
//!   `ir_builder`, `access_path`);
//! - `pylib/`: native parts of the frozen `tvm` package's modules (`walk`,
//!   `passes`, `printing`, `doc_py`).
//!
//! The VM knows neither the front end (`script`) nor the builder programs
//! that run on it (`program`): those register their native modules and
//! classes here ([`register_native_modules`], [`register_class_initializer`]).
//! The modules are re-exported at this level (`crate::vm::object`), which is the
//! path every user names.

pub mod bridge;
pub mod host;
pub mod pylib;

pub use bridge::{access_path, args, classes, closure, convert, error, ir_builder, namespace, native, object, operators};
pub use host::{alloc_guard, interp, limits, location, sandbox};
pub use pylib::{doc_py, passes, printing, walk};

pub use interp::{new_interpreter, InterpOptions};

use rustpython_vm::builtins::PyModuleDef;
use rustpython_vm::Context;

/// Create the static Python types of our native classes (once per thread).
pub(crate) fn init_native_classes() {
    use rustpython_vm::class::PyClassImpl;
    object::PyIr::make_static_type();
    namespace::PyNamespace::make_static_type();
    namespace::EntryFactory::make_static_type();
    native::Builtin::make_static_type();
    closure::Closure::make_static_type();
    classes::init_native_classes();
    ir_builder::init_classes();
    for init in class_initializers() {
        init();
    }
}

fn class_initializer_registry() -> &'static std::sync::RwLock<Vec<fn()>> {
    static REG: std::sync::OnceLock<std::sync::RwLock<Vec<fn()>>> = std::sync::OnceLock::new();
    REG.get_or_init(Default::default)
}

/// Register a function creating native Python classes (a dialect's, or the
/// construction protocol's), run for each new interpreter thread before any script runs.
pub fn register_class_initializer(init: fn()) {
    class_initializer_registry().write().unwrap_or_else(|e| e.into_inner()).push(init);
}

fn class_initializers() -> Vec<fn()> {
    class_initializer_registry().read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// A function giving native module definitions for a new interpreter.
pub type NativeModules = fn(&Context) -> Vec<&'static PyModuleDef>;

fn native_module_registry() -> &'static std::sync::RwLock<Vec<NativeModules>> {
    static REG: std::sync::OnceLock<std::sync::RwLock<Vec<NativeModules>>> = std::sync::OnceLock::new();
    REG.get_or_init(Default::default)
}

/// Register native modules every new interpreter gets (registered once, at `crate::init`).
pub fn register_native_modules(defs: NativeModules) {
    let mut reg = native_module_registry().write().unwrap_or_else(|e| e.into_inner());
    if !reg.contains(&defs) {
        reg.push(defs);
    }
}

/// The registered native modules' definitions for an interpreter being built.
pub(crate) fn native_module_defs(ctx: &Context) -> Vec<&'static PyModuleDef> {
    let reg = native_module_registry().read().unwrap_or_else(|e| e.into_inner()).clone();
    reg.into_iter().flat_map(|f| f(ctx)).collect()
}
