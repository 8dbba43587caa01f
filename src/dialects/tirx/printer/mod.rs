//! Printer hooks for TIRx IR.

/// Register the printer hooks.
pub fn register() -> crate::ir::Result<()> {
    Ok(())
}
