//! Printer hooks for S-TIR IR.

/// Register the printer hooks.
pub fn register() -> crate::ir::Result<()> {
    Ok(())
}
