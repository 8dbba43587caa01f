//! The S-TIR dialect: schedulable blocks on top of TIRx.

pub mod frontend;
pub mod nodes;
pub mod printer;
pub mod reshape_pattern;
pub mod schedule;

pub use nodes::register;

/// Register nodes, the S-TIR script members and the printer hooks.
pub fn register_dialect() -> crate::ir::Result<()> {
    nodes::register()?;
    frontend::register()?;
    printer::register()?;
    schedule::register();
    reshape_pattern::register();
    // A printed script's header binds `Ts` (`from tvm.script import s_tir as Ts`).
    crate::script::header::declare_namespace_alias("Ts", "s_tir", 40);
    Ok(())
}
