//! The `ir` dialect: the `I` namespace (`I.ir_module`, `I.module_attrs` …), module
//! classes and the printing of IRModules and GlobalVars.

pub mod module_frame;
pub mod namespace;
mod builder_api;
pub mod classes;
pub mod module_class;
mod parallel_print;
pub mod printer;

/// Register the `I` namespace, module classes and the printer hooks.
pub fn register_dialect() -> crate::ir::Result<()> {
    namespace::register();
    classes::register();
    module_class::register();
    builder_api::register();
    crate::vm::ir_builder::register();
    // tvm_ffi.structural_walk / structural_map for Python.
    crate::vm::walk::register();
    // What tvm.ir.transform needs from the Rust pass machinery.
    crate::vm::passes::register();
    printer::register();
    // A printed script's header binds `I` (`from tvm.script import ir as I`).
    crate::script::header::declare_namespace_alias("I", "ir", 20);
    Ok(())
}
