//! Distributed Relax (TVM 0.27's `relax.distributed`): tensors spread over a mesh of
//! devices. `types` holds the device mesh (a module global info), the placement and
//! the distributed tensor type; `ops` the call attributes of the `relax.dist.*`
//! operators; `infer` their type inference and the distributed inference of ordinary
//! operators; `frontend` the script names (`R.device_mesh`, `R.DTensor`, `R.dist.*`);
//! `printer` their text.

pub mod frontend;
pub mod infer;
pub mod ops;
pub mod printer;
pub mod types;

use crate::ir::Result;

/// Register the node types, the script names and the printer hooks (once, from
/// [`super::register_dialect`], after the rest of the dialect: the `R.dist`
/// members here replace the generic operator functions of the same names).
pub(crate) fn register() -> Result<()> {
    types::register()?;
    ops::register()?;
    frontend::register();
    printer::register();
    Ok(())
}
