//! The Relax dialect: graph-level functions over tensors (`@R.function`), mirroring
//! Apache TVM 0.27's IR data. `nodes` holds the expressions, bindings and functions,
//! `types` the Relax types (`R.Tensor`, `R.Shape`, `R.Callable`, `R.Any` …), `ops` the
//! `relax.*` operators with their call attributes and type inference.
//!
//! `frontend` is the script frontend (the `R` namespace, builder frames), `printer`
//! turns Relax IR into TVMScript; `docs/dev-notes/relax-model.md` is the fact sheet
//! they build on.

pub mod distributed;
pub mod classes;
pub mod frontend;
pub mod nodes;
pub mod normalize;
pub mod ops;
pub mod printer;
pub mod transform;
pub mod type_analysis;
pub mod types;

use std::sync::OnceLock;

use crate::ir::Result;

pub use ops::{
    infer_relax_call, op_fact, op_facts, op_name_of_script, script_name_of_op, script_op_table, OpFact,
};

/// Register the Relax node types, attribute nodes and operators (idempotent: later
/// calls return the first call's outcome). Registers the core and TIRx node types it
/// builds on first.
pub fn register_dialect() -> Result<()> {
    static DONE: OnceLock<Result<()>> = OnceLock::new();
    DONE.get_or_init(|| {
        crate::ir::register_core()?;
        crate::dialects::tirx::register()?;
        types::register()?;
        nodes::register()?;
        ops::register()?;
        frontend::register()?;
        classes::register();
        printer::register()?;
        distributed::register()?;
        // Built-in passes (tvm.relax.transform).
        transform::register();
        // A printed script's header binds `R` (`from tvm.script import relax as R`).
        crate::script::header::declare_namespace_alias("R", "relax", 30);
        Ok(())
    })
    .clone()
}

/// The registered operator of a name, registering the dialect first if needed.
pub fn op(name: &str) -> Result<crate::ir::Op> {
    register_dialect()?;
    crate::ir::Op::get(name)
}
