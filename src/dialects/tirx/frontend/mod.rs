//! The `T` namespace, TIRx builder frames and construction hooks.

/// Register the namespace, decorators and hooks.
pub fn register() -> crate::ir::Result<()> {
    Ok(())
}
