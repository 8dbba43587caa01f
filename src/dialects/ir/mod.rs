//! The `ir` dialect: the `I` namespace (`I.ir_module`, `I.dynamic`, `I.Call` …),
//! module classes, and printing of IRModules and core nodes.

/// Register the `I` namespace and the printer hooks of core nodes.
pub fn register_dialect() -> crate::ir::Result<()> {
    Ok(())
}
