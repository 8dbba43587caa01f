//! The call attributes of the distributed operators: `relax.attrs.DistributionAttrs`
//! (`annotate_sharding`, `redistribute`: the mesh and placement the value goes to).

use super::types::{DeviceMesh, Placement};
use crate::dialects::tirx::nodes::attrs_info;
use crate::ir::Result;
use crate::ir_node;

ir_node! {
    /// `relax.attrs.DistributionAttrs`.
    pub struct DistributionAttrsNode as DistributionAttrs: "relax.attrs.DistributionAttrs", base attrs_info {
        pub device_mesh: DeviceMesh,
        pub placement: Placement,
    }
}

pub(crate) fn register() -> Result<()> {
    crate::ir::register_type::<DistributionAttrsNode>()?;
    Ok(())
}
