//! The S-TIR dialect: schedulable blocks on top of TIRx.

pub mod frontend;
pub mod nodes;
pub mod printer;

pub use nodes::register;

/// Register nodes, the S-TIR script members and the printer hooks.
pub fn register_dialect() -> crate::ir::Result<()> {
    nodes::register()?;
    frontend::register()?;
    printer::register()?;
    Ok(())
}
