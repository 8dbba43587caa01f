//! The embedded Python VM: interpreter construction, IR objects as Python
//! objects, script namespaces, the construction protocol and running files.

pub mod access_path;
pub mod alloc_guard;
pub mod args;
pub mod body;
pub mod classes;
pub mod closure;
pub mod convert;
pub mod doc_py;
pub mod error;
pub mod interp;
pub mod ir_builder;
pub mod limits;
pub mod modules;
pub mod namespace;
pub mod native;
pub mod object;
pub mod operators;
pub mod parse;
pub mod passes;
pub mod printing;
pub mod run;
pub mod runtime;
pub mod sandbox;
pub mod walk;

pub use interp::{new_interpreter, InterpOptions};

/// Create the static Python types of our native classes (once per thread).
pub(crate) fn init_native_classes() {
    use rustpython_vm::class::PyClassImpl;
    object::PyIr::make_static_type();
    namespace::PyNamespace::make_static_type();
    native::Builtin::make_static_type();
    runtime::GeneratedBuilder::make_static_type();
    body::EvaluatedFunction::make_static_type();
    closure::Closure::make_static_type();
    runtime::Branches::make_static_type();
    runtime::init_classes();
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

/// Register a function creating a dialect's native Python classes (run for each new
/// interpreter thread, before any script runs).
pub fn register_class_initializer(init: fn()) {
    class_initializer_registry().write().unwrap_or_else(|e| e.into_inner()).push(init);
}

fn class_initializers() -> Vec<fn()> {
    class_initializer_registry().read().unwrap_or_else(|e| e.into_inner()).clone()
}
