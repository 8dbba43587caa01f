//! The distributed types of TVM 0.27's Relax: a device mesh (`relax.distributed.DeviceMesh`,
//! a module global info: the logical shape of a grid of devices and their ids), a
//! placement (`relax.distributed.Placement`: per mesh dimension, the tensor axis
//! sharded over it, `S[axis]`, or a replica, `R`) and the type of a distributed
//! tensor (`relax.DTensorType`: a tensor type on a mesh with a placement).

use crate::dialects::relax::types::{global_info_info, TensorType, TensorTypeNode};
use crate::ir::{object_info, DataType, Error, Range, Ref, Result, Span, Type};
use crate::ir_node;

ir_node! {
    /// A mesh of devices (`R.device_mesh((2, 2), I.Range(0, 4))`). `device_ids` is
    /// always filled; `device_range` is the range it was made from, if any (then it
    /// prints as the range).
    pub struct DeviceMeshNode as DeviceMesh: "relax.distributed.DeviceMesh", base global_info_info {
        pub shape: Vec<i64>,
        pub device_ids: Vec<i64>,
        pub device_range: Option<Range>,
    }
}

/// `PlacementSpec.kind` of a sharded dimension (TVM's `kSharding`).
pub const SHARDING: i64 = 0;
/// `PlacementSpec.kind` of a replicated dimension (TVM's `kReplica`).
pub const REPLICA: i64 = 1;

ir_node! {
    /// How one mesh dimension holds a tensor: sharding `axis`, or a replica (axis -1).
    pub struct PlacementSpecNode as PlacementSpec: "relax.distributed.PlacementSpec", base object_info {
        pub axis: i64,
        pub kind: i64,
    }
}

ir_node! {
    /// One spec per mesh dimension; written `"S[0], R"`.
    pub struct PlacementNode as Placement: "relax.distributed.Placement", base object_info {
        pub dim_specs: Vec<PlacementSpec>,
    }
}

ir_node! {
    /// `R.DTensor(shape, dtype, device_mesh, placement)`.
    pub struct DTensorTypeNode as DTensorType: "relax.DTensorType", base crate::ir::type_info, isa [Type] {
        pub tensor_ty: TensorType,
        pub device_mesh: DeviceMesh,
        pub placement: Placement,
    }
}

impl Ref<DeviceMeshNode> {
    /// TVM's `DeviceMesh(shape, device_ids)`: as many ids as the shape has devices.
    pub fn of_ids(shape: Vec<i64>, device_ids: Vec<i64>) -> Result<DeviceMesh> {
        check_count(&shape, device_ids.len())?;
        Ok(DeviceMesh::new(DeviceMeshNode { shape, device_ids, device_range: None, span: Span::none() }))
    }

    /// TVM's `DeviceMesh(shape, device_range)`: the ids of a constant range.
    pub fn of_range(shape: Vec<i64>, range: Range) -> Result<DeviceMesh> {
        let (Some(min), Some(extent)) = (range.min.as_int(), range.extent.as_int()) else {
            return Err(Error::value_error("the device range of a device mesh must have constant bounds"));
        };
        let device_ids: Vec<i64> = (min..min + extent.max(0)).collect();
        check_count(&shape, device_ids.len())?;
        Ok(DeviceMesh::new(DeviceMeshNode { shape, device_ids, device_range: Some(range), span: Span::none() }))
    }
}

fn check_count(shape: &[i64], ids: usize) -> Result<()> {
    let devices: i64 = shape.iter().product();
    if devices != ids as i64 {
        return Err(Error::value_error(format!(
            "The number of device ids must match the product of the shape: the shape {shape:?} has {devices} devices, given {ids} ids"
        )));
    }
    Ok(())
}

impl Ref<PlacementSpecNode> {
    /// Sharded along tensor axis `axis`.
    pub fn sharding(axis: i64) -> PlacementSpec {
        PlacementSpec::new(PlacementSpecNode { axis, kind: SHARDING, span: Span::none() })
    }
    /// Replicated.
    pub fn replica() -> PlacementSpec {
        PlacementSpec::new(PlacementSpecNode { axis: -1, kind: REPLICA, span: Span::none() })
    }
}

impl PlacementSpecNode {
    /// The sharded tensor axis, `None` for a replica.
    pub fn sharded_axis(&self) -> Option<i64> {
        (self.kind == SHARDING).then_some(self.axis)
    }
}

impl Ref<PlacementNode> {
    /// A placement of one spec per mesh dimension.
    pub fn make(dim_specs: Vec<PlacementSpec>) -> Placement {
        Placement::new(PlacementNode { dim_specs, span: Span::none() })
    }

    /// TVM's `Placement.from_text`: `R` and `S[axis]`, commas and spaces between
    /// them ignored (`"S[0]R"` is `"S[0], R"`).
    pub fn from_text(text: &str) -> Result<Placement> {
        let invalid = || Error::value_error(format!("Invalid placement text repr: {text:?}"));
        let mut specs = Vec::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            match c {
                'R' => specs.push(PlacementSpec::replica()),
                'S' => {
                    let inner = rest.trim_start().strip_prefix('[').ok_or_else(invalid)?;
                    let (axis, after) = inner.split_once(']').ok_or_else(invalid)?;
                    let axis: i64 = axis.trim_start().parse().map_err(|_| invalid())?;
                    specs.push(PlacementSpec::sharding(axis));
                    rest = after;
                }
                ',' | ' ' => {}
                _ => return Err(invalid()),
            }
        }
        Ok(Placement::make(specs))
    }
}

impl PlacementNode {
    /// `"S[0], R"`.
    pub fn text(&self) -> String {
        let specs: Vec<String> = self
            .dim_specs
            .iter()
            .map(|s| match s.sharded_axis() {
                Some(a) => format!("S[{a}]"),
                None => "R".into(),
            })
            .collect();
        specs.join(", ")
    }
}

impl Ref<DTensorTypeNode> {
    /// TVM's `DTensorType(tensor_ty, device_mesh, placement)`, with its checks.
    pub fn make(tensor_ty: TensorType, device_mesh: DeviceMesh, placement: Placement) -> Result<DTensorType> {
        if device_mesh.shape.len() != placement.dim_specs.len() {
            return Err(Error::value_error(format!(
                "The device mesh and placement must have the same dimension size: the mesh has {} dimension(s), the placement {:?} has {}",
                device_mesh.shape.len(),
                placement.text(),
                placement.dim_specs.len()
            )));
        }
        for s in &placement.dim_specs {
            if let Some(a) = s.sharded_axis()
                && a >= tensor_ty.ndim
            {
                return Err(Error::value_error(format!(
                    "Sharding dimension should be smaller than tensor ndim: {:?} shards axis {a} of a tensor of ndim {}",
                    placement.text(),
                    tensor_ty.ndim
                )));
            }
        }
        Ok(DTensorType::new(DTensorTypeNode { tensor_ty, device_mesh, placement, span: Span::none() }))
    }
}

/// A type as a distributed tensor type.
pub fn as_dtensor(ty: &Type) -> Option<&DTensorTypeNode> {
    ty.downcast_ref::<DTensorTypeNode>()
}

/// Whether a call's output type is distributed (`R.dist.call_tir`): a distributed
/// tensor, or a tuple with one.
pub fn is_distributed_output(ty: &Type) -> bool {
    as_dtensor(ty).is_some()
        || crate::dialects::relax::types::as_tuple(ty).is_some_and(|t| t.fields.iter().any(|f| as_dtensor(f).is_some()))
}

/// The element dtype of a distributed tensor (for `R.dist.const`).
pub fn elem_dtype(t: &DTensorTypeNode) -> DataType {
    let tensor: &TensorTypeNode = &t.tensor_ty;
    tensor.elem_dtype()
}

pub(crate) fn register() -> Result<()> {
    use crate::ir::register_type;
    register_type::<DeviceMeshNode>()?;
    register_type::<PlacementSpecNode>()?;
    register_type::<PlacementNode>()?;
    register_type::<DTensorTypeNode>()?;
    Ok(())
}
