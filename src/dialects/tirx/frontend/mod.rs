//! The `T` namespace: TIRx (and S-TIR) script construction. Registration of the
//! namespace members, the definition decorators and their syntax policies, the
//! construction hooks and the operators of IR values in the VM.
//!
//! Two spellings build the same IR: TVM 0.27's (`@T.prim_func`, `T.Buffer`,
//! shape strings and `TypeVar` headers declare symbols) and the native one
//! (`@T.function`, `T.Tensor`, symbols from `T.dynamic("n")` or type parameters).

pub mod args;
pub mod builder_api;
pub mod buffers;
pub mod context;
pub mod convert;
pub mod docs;
pub mod dump;
pub mod exprs;
pub mod frames;
pub mod func;
pub mod handle;
pub mod hooks;
pub mod intrinsics;
pub mod layouts;
pub mod linear;
pub mod ops;
pub mod stmts;
pub mod tiles;
pub mod wellformed;
pub mod wrappers;

mod namespace;

pub use namespace::register_s_tir_namespace;

use std::sync::{Arc, OnceLock};

use crate::script::protocol::{register_decorator, DecoratorPolicy, DefinitionKind};

/// Create the Python types of the frontend's native classes (idempotent).
pub(crate) fn init_classes() {
    use rustpython_vm::class::PyClassImpl;
    handle::FrameHandle::make_static_type();
    exprs::DtypeCtor::make_static_type();
    exprs::LocalVector::make_static_type();
    exprs::LetAnnotation::make_static_type();
    exprs::MetaVar::make_static_type();
    func::SigContext::make_static_type();
    func::TirMacro::make_static_type();
    func::JitFunction::make_static_type();
    func::OptionalAnnotation::make_static_type();
}

/// Register the namespace, decorators and hooks (idempotent).
pub fn register() -> crate::ir::Result<()> {
    // Native classes must exist on every interpreter thread, not only the first to load `T`.
    crate::vm::register_class_initializer(init_classes);
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let function = |tvm_spelling, jit| DecoratorPolicy { kind: DefinitionKind::Function, tvm_spelling, jit };
        let mac = DecoratorPolicy { kind: DefinitionKind::Macro, tvm_spelling: false, jit: false };
        for ns in ["tirx", "s_tir"] {
            register_decorator(ns, "function", function(false, false));
            register_decorator(ns, "macro", mac.clone());
            register_decorator(ns, "inline", mac.clone());
        }
        register_decorator("tirx", "prim_func", function(true, false));
        register_decorator("tirx", "jit", function(true, true));
        crate::program::runtime::register_dialect_hooks(Arc::new(hooks::TirHooks));
        crate::vm::object::register_op_hook(hooks::op_hook);
        crate::vm::native::register_kind(exprs::dtype_native_kind());
        crate::vm::native::register_context(handle::native_context());
        crate::vm::object::register_bool_hook(hooks::bool_hook);
        crate::vm::object::register_item_hook(hooks::item_hook);
        crate::vm::object::register_attr_hook(hooks::attr_hook);
        namespace::register_tirx_namespace();
        builder_api::register();
    });
    Ok(())
}
