//! IR dialects, each a folder of nodes, operators, builder frames, script namespace
//! and printer hooks, registered through the same public registries an out-of-tree
//! extension uses. This module is the composition root: the core never names a dialect.

use crate::ir::Result;

pub mod ir;
pub mod relax;
pub mod s_tir;
pub mod tirx;

/// Register every built-in dialect (idempotent).
pub fn register_builtin() -> Result<()> {
    ir::register_dialect()?;
    tirx::register_dialect()?;
    s_tir::register_dialect()?;
    relax::register_dialect()?;
    Ok(())
}
