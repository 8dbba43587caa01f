//! The TIRx dialect: tensor programs (statements, buffers, layouts, intrinsics).
//! `frontend` is the `T` script namespace with its builder frames and construction
//! hooks; `printer` turns TIRx IR into TVMScript.

pub mod frontend;
pub mod nodes;
pub mod ops;
pub mod printer;

pub use ops::register;

/// Register nodes, operators, the `T` namespace and the printer hooks.
pub fn register_dialect() -> crate::ir::Result<()> {
    ops::register()?;
    frontend::register()?;
    printer::register()?;
    Ok(())
}
