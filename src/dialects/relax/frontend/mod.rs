//! The `R` namespace: Relax script construction (TVM 0.27's relax parser and IR
//! builder). `namespace` registers the members, `func` the definition decorators
//! (`@R.function`, `@R.macro`), `hooks` what assignments, `if`, `return` and
//! `with R.dataflow()` mean, `emit` the block builder's normalisation, `ops` the
//! generic operator calls (`operators` Python's operators on Relax values) (`special` the ones with their own argument rules),
//! `types_ns` the type constructors and `convert` Python values as Relax IR.

pub mod analysis_api;
pub mod called_ops;
pub mod block_builder;
pub mod builder_api;
pub mod construct;
pub mod constructors;
pub mod convert;
pub mod docs;
pub mod emit;
pub mod frame;
pub mod func;
pub mod functor;
pub mod hooks;
pub mod namespace;
pub mod operators;
pub mod ops;
pub mod special;
pub mod types_ns;
pub mod wellformed;

use std::sync::{Arc, OnceLock};

use crate::script::protocol::{register_decorator, DecoratorPolicy, DefinitionKind};

/// Create the Python types of the frontend's native classes (idempotent).
fn init_classes() {
    use rustpython_vm::class::PyClassImpl;
    types_ns::TypeCtor::make_static_type();
    func::RelaxSig::make_static_type();
    func::RelaxMacro::make_static_type();
    hooks::MatchCastValue::make_static_type();
    hooks::DataflowCtx::make_static_type();
    block_builder::BlockBuilderCore::make_static_type();
    functor::MutatorState::make_static_type();
    functor::FunctorClass::make_static_type();
    functor::FunctorMethod::make_static_type();
}

/// Register the namespace, decorators and hooks (idempotent).
pub fn register() -> crate::ir::Result<()> {
    crate::vm::register_class_initializer(init_classes);
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        register_decorator("relax", "function", DecoratorPolicy { kind: DefinitionKind::Function, tvm_spelling: true, jit: false });
        register_decorator("relax", "macro", DecoratorPolicy { kind: DefinitionKind::Macro, tvm_spelling: true, jit: false });
        crate::program::runtime::register_dialect_hooks(Arc::new(hooks::RelaxHooks));
        crate::vm::object::register_item_hook(hooks::item_hook);
        crate::vm::object::register_call_hook(hooks::call_hook);
        crate::vm::object::register_op_hook(operators::relax_op);
        crate::vm::native::register_kind(types_ns::native_kind());
        namespace::register();
        builder_api::register();
    });
    Ok(())
}
