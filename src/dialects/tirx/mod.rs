//! The TIRx dialect: tensor programs (statements, buffers, layouts, intrinsics).
//! `frontend` is the `T` script namespace with its builder frames and construction
//! hooks; `printer` turns TIRx IR into TVMScript.

pub mod frontend;
pub mod iter_map_api;
pub mod nodes;
pub mod simplify;
pub mod transform;
pub mod index_map;
pub mod verify_vars;
pub mod math_ops;
pub mod ops;
pub mod printer;
pub mod python;

pub use ops::register;

/// Register nodes, operators, the `T` namespace (and the names a printed header binds
/// for it) and the printer hooks.
pub fn register_dialect() -> crate::ir::Result<()> {
    ops::register()?;
    frontend::register()?;
    printer::register()?;
    declare_header_names();
    // A loop variable or a `Bind` defines simply (tvm_ffi's DefRegionKind.DEF_SIMPLE).
    crate::vm::walk::register_simple_definitions(nodes::stmt_info());
    // Built-in passes (tvm.tirx.transform).
    transform::register();
    // `tvm.sym`'s iterator maps.
    iter_map_api::register();
    Ok(())
}

/// What a printed script's header binds for TIRx: `T` and the layout axes `Axis`.
fn declare_header_names() {
    crate::script::header::declare_namespace_alias("T", "tirx", 10);
    crate::script::header::declare_imported_name("Axis", "tvm.tirx.layout", 10);
}
