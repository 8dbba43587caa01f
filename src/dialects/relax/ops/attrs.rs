//! Call attributes of the Relax operators (`call.attrs`): one node type per TVM 0.27
//! `relax.attrs.*` class, fields in TVM's order with TVM's types, read from
//! `__tvm_ffi_type_info__` with the oracle. Integer lists (`ffi.Array<int>`) are
//! `Vec<i64>`, `ffi.Object`/`Any` fields are `Value`s (`SplitAttrs.indices_or_sections`
//! is an `IntImm` or a list of them).
//!
//! Regenerate rather than edit by hand when TVM's facts change.

#![allow(clippy::doc_markdown)]

use crate::dialects::relax::types::VDevice;
use crate::dialects::tirx::nodes::{attrs_info, IndexMap};
use crate::ir::{AttrMap, DataType, Expr, Result, Value};
use crate::ir_node;

ir_node! {
    /// `relax.attrs.AdaptivePool1DAttrs`.
    pub struct AdaptivePool1DAttrsNode as AdaptivePool1DAttrs: "relax.attrs.AdaptivePool1DAttrs", base attrs_info {
        /// TVM: `Optional<ffi.Array<int>>`.
        pub output_size: Option<Vec<i64>>,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
    }
}

ir_node! {
    /// `relax.attrs.AdaptivePool2DAttrs`.
    pub struct AdaptivePool2DAttrsNode as AdaptivePool2DAttrs: "relax.attrs.AdaptivePool2DAttrs", base attrs_info {
        /// TVM: `Optional<ffi.Array<int>>`.
        pub output_size: Option<Vec<i64>>,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
    }
}

ir_node! {
    /// `relax.attrs.AdaptivePool3DAttrs`.
    pub struct AdaptivePool3DAttrsNode as AdaptivePool3DAttrs: "relax.attrs.AdaptivePool3DAttrs", base attrs_info {
        /// TVM: `Optional<ffi.Array<int>>`.
        pub output_size: Option<Vec<i64>>,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
    }
}

ir_node! {
    /// `relax.attrs.AffineGridAttrs`.
    pub struct AffineGridAttrsNode as AffineGridAttrs: "relax.attrs.AffineGridAttrs", base attrs_info {
        /// TVM: `bool`.
        pub align_corners: bool,
    }
}

ir_node! {
    /// `relax.attrs.AllClassNonMaximumSuppressionAttrs`.
    pub struct AllClassNonMaximumSuppressionAttrsNode as AllClassNonMaximumSuppressionAttrs: "relax.attrs.AllClassNonMaximumSuppressionAttrs", base attrs_info {
        /// TVM: `ffi.String`.
        pub output_format: String,
    }
}

ir_node! {
    /// `relax.attrs.AllGatherAttrs`.
    pub struct AllGatherAttrsNode as AllGatherAttrs: "relax.attrs.AllGatherAttrs", base attrs_info {
        /// TVM: `int`.
        pub num_workers: i64,
        /// TVM: `bool`.
        pub in_group: bool,
    }
}

ir_node! {
    /// `relax.attrs.AllReduceAttrs`.
    pub struct AllReduceAttrsNode as AllReduceAttrs: "relax.attrs.AllReduceAttrs", base attrs_info {
        /// TVM: `ffi.String`.
        pub op_type: String,
        /// TVM: `bool`.
        pub in_group: bool,
    }
}

ir_node! {
    /// `relax.attrs.ArgmaxArgminAttrs`.
    pub struct ArgmaxArgminAttrsNode as ArgmaxArgminAttrs: "relax.attrs.ArgmaxArgminAttrs", base attrs_info {
        /// TVM: `Optional<int>`.
        pub axis: Option<i64>,
        /// TVM: `bool`.
        pub keepdims: bool,
    }
}

ir_node! {
    /// `relax.attrs.ArgsortAttrs`.
    pub struct ArgsortAttrsNode as ArgsortAttrs: "relax.attrs.ArgsortAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
        /// TVM: `bool`.
        pub descending: bool,
        /// TVM: `Optional<DataType>`.
        pub dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.AstypeAttrs`.
    pub struct AstypeAttrsNode as AstypeAttrs: "relax.attrs.AstypeAttrs", base attrs_info {
        /// TVM: `DataType`.
        pub dtype: DataType,
    }
}

ir_node! {
    /// `relax.attrs.AttentionAttrs`.
    pub struct AttentionAttrsNode as AttentionAttrs: "relax.attrs.AttentionAttrs", base attrs_info {
        /// TVM: `Optional<ir.FloatImm>`.
        pub scale: Option<Expr>,
        /// TVM: `Optional<ffi.String>`.
        pub causal_mask: Option<String>,
        /// TVM: `Optional<ir.IntImm>`.
        pub window_size: Option<Expr>,
    }
}

ir_node! {
    /// `relax.attrs.BatchNormAttrs`.
    pub struct BatchNormAttrsNode as BatchNormAttrs: "relax.attrs.BatchNormAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
        /// TVM: `float`.
        pub epsilon: f64,
        /// TVM: `bool`.
        pub center: bool,
        /// TVM: `bool`.
        pub scale: bool,
        /// TVM: `float`.
        pub momentum: f64,
        /// TVM: `bool`.
        pub training: bool,
    }
}

ir_node! {
    /// `relax.attrs.CallInplacePackedAttrs`.
    pub struct CallInplacePackedAttrsNode as CallInplacePackedAttrs: "relax.attrs.CallInplacePackedAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub inplace_indices: Vec<i64>,
    }
}

ir_node! {
    /// `relax.attrs.CallTIRInplaceAttrs`.
    pub struct CallTIRInplaceAttrsNode as CallTIRInplaceAttrs: "relax.attrs.CallTIRInplaceAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub inplace_indices: Vec<i64>,
    }
}

ir_node! {
    /// `relax.attrs.CallTIRWithGradAttrs`.
    pub struct CallTIRWithGradAttrsNode as CallTIRWithGradAttrs: "relax.attrs.CallTIRWithGradAttrs", base attrs_info {
        /// TVM: `ffi.String`.
        pub te_grad_name: String,
        /// TVM: `ffi.Map<ffi.String, Any>`.
        pub te_grad_kwargs: AttrMap,
    }
}

ir_node! {
    /// `relax.attrs.ConcatAttrs`.
    pub struct ConcatAttrsNode as ConcatAttrs: "relax.attrs.ConcatAttrs", base attrs_info {
        /// TVM: `Optional<int>`.
        pub axis: Option<i64>,
    }
}

ir_node! {
    /// `relax.attrs.Conv1DAttrs`.
    pub struct Conv1DAttrsNode as Conv1DAttrs: "relax.attrs.Conv1DAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `int`.
        pub groups: i64,
        /// TVM: `ffi.String`.
        pub data_layout: String,
        /// TVM: `ffi.String`.
        pub kernel_layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.Conv1DTransposeAttrs`.
    pub struct Conv1DTransposeAttrsNode as Conv1DTransposeAttrs: "relax.attrs.Conv1DTransposeAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub output_padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `int`.
        pub groups: i64,
        /// TVM: `ffi.String`.
        pub data_layout: String,
        /// TVM: `ffi.String`.
        pub kernel_layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.Conv2DAttrs`.
    pub struct Conv2DAttrsNode as Conv2DAttrs: "relax.attrs.Conv2DAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `int`.
        pub groups: i64,
        /// TVM: `ffi.String`.
        pub data_layout: String,
        /// TVM: `ffi.String`.
        pub kernel_layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.Conv2DTransposeAttrs`.
    pub struct Conv2DTransposeAttrsNode as Conv2DTransposeAttrs: "relax.attrs.Conv2DTransposeAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub output_padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `int`.
        pub groups: i64,
        /// TVM: `ffi.String`.
        pub data_layout: String,
        /// TVM: `ffi.String`.
        pub kernel_layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.Conv3DAttrs`.
    pub struct Conv3DAttrsNode as Conv3DAttrs: "relax.attrs.Conv3DAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `int`.
        pub groups: i64,
        /// TVM: `ffi.String`.
        pub data_layout: String,
        /// TVM: `ffi.String`.
        pub kernel_layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.Conv3DTransposeAttrs`.
    pub struct Conv3DTransposeAttrsNode as Conv3DTransposeAttrs: "relax.attrs.Conv3DTransposeAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub output_padding: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `int`.
        pub groups: i64,
        /// TVM: `ffi.String`.
        pub data_layout: String,
        /// TVM: `ffi.String`.
        pub kernel_layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.DropoutAttrs`.
    pub struct DropoutAttrsNode as DropoutAttrs: "relax.attrs.DropoutAttrs", base attrs_info {
        /// TVM: `float`.
        pub rate: f64,
    }
}

ir_node! {
    /// `relax.attrs.EinsumAttrs`.
    pub struct EinsumAttrsNode as EinsumAttrs: "relax.attrs.EinsumAttrs", base attrs_info {
        /// TVM: `ffi.String`.
        pub subscripts: String,
    }
}

ir_node! {
    /// `relax.attrs.ExpandDimsAttrs`.
    pub struct ExpandDimsAttrsNode as ExpandDimsAttrs: "relax.attrs.ExpandDimsAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub axis: Vec<i64>,
    }
}

ir_node! {
    /// `relax.attrs.FlipAttrs`.
    pub struct FlipAttrsNode as FlipAttrs: "relax.attrs.FlipAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.GatherElementsAttrs`.
    pub struct GatherElementsAttrsNode as GatherElementsAttrs: "relax.attrs.GatherElementsAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.GatherNDAttrs`.
    pub struct GatherNDAttrsNode as GatherNDAttrs: "relax.attrs.GatherNDAttrs", base attrs_info {
        /// TVM: `int`.
        pub batch_dims: i64,
    }
}

ir_node! {
    /// `relax.attrs.GetValidCountsAttrs`.
    pub struct GetValidCountsAttrsNode as GetValidCountsAttrs: "relax.attrs.GetValidCountsAttrs", base attrs_info {
        /// TVM: `float`.
        pub score_threshold: f64,
        /// TVM: `int`.
        pub id_index: i64,
        /// TVM: `int`.
        pub score_index: i64,
    }
}

ir_node! {
    /// `relax.attrs.GridSampleAttrs`.
    pub struct GridSampleAttrsNode as GridSampleAttrs: "relax.attrs.GridSampleAttrs", base attrs_info {
        /// TVM: `ffi.String`.
        pub method: String,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub padding_mode: String,
        /// TVM: `bool`.
        pub align_corners: bool,
    }
}

ir_node! {
    /// `relax.attrs.GroupNormAttrs`.
    pub struct GroupNormAttrsNode as GroupNormAttrs: "relax.attrs.GroupNormAttrs", base attrs_info {
        /// TVM: `int`.
        pub num_groups: i64,
        /// TVM: `int`.
        pub channel_axis: i64,
        /// TVM: `ffi.Array<int>`.
        pub axes: Vec<i64>,
        /// TVM: `float`.
        pub epsilon: f64,
        /// TVM: `bool`.
        pub center: bool,
        /// TVM: `bool`.
        pub scale: bool,
    }
}

ir_node! {
    /// `relax.attrs.HintOnDeviceAttrs`.
    pub struct HintOnDeviceAttrsNode as HintOnDeviceAttrs: "relax.attrs.HintOnDeviceAttrs", base attrs_info {
        /// TVM: `int`.
        pub device_type: i64,
        /// TVM: `int`.
        pub index: i64,
        /// TVM: `ffi.String`.
        pub memory_scope: String,
    }
}

ir_node! {
    /// `relax.attrs.IndexPutAttrs`.
    pub struct IndexPutAttrsNode as IndexPutAttrs: "relax.attrs.IndexPutAttrs", base attrs_info {
        /// TVM: `bool`.
        pub accumulate: bool,
    }
}

ir_node! {
    /// `relax.attrs.InitAttrs`.
    pub struct InitAttrsNode as InitAttrs: "relax.attrs.InitAttrs", base attrs_info {
        /// TVM: `Optional<DataType>`.
        pub dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.InstanceNormAttrs`.
    pub struct InstanceNormAttrsNode as InstanceNormAttrs: "relax.attrs.InstanceNormAttrs", base attrs_info {
        /// TVM: `int`.
        pub channel_axis: i64,
        /// TVM: `ffi.Array<int>`.
        pub axes: Vec<i64>,
        /// TVM: `float`.
        pub epsilon: f64,
        /// TVM: `bool`.
        pub center: bool,
        /// TVM: `bool`.
        pub scale: bool,
    }
}

ir_node! {
    /// `relax.attrs.LayerNormAttrs`.
    pub struct LayerNormAttrsNode as LayerNormAttrs: "relax.attrs.LayerNormAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub axes: Vec<i64>,
        /// TVM: `float`.
        pub epsilon: f64,
        /// TVM: `bool`.
        pub center: bool,
        /// TVM: `bool`.
        pub scale: bool,
    }
}

ir_node! {
    /// `relax.attrs.LayoutTransformAttrs`.
    pub struct LayoutTransformAttrsNode as LayoutTransformAttrs: "relax.attrs.LayoutTransformAttrs", base attrs_info {
        /// TVM: `tirx.IndexMap`.
        pub index_map: IndexMap,
        /// TVM: `Optional<ir.Expr>`.
        pub pad_value: Option<Expr>,
    }
}

ir_node! {
    /// `relax.attrs.LeakyReluAttrs`.
    pub struct LeakyReluAttrsNode as LeakyReluAttrs: "relax.attrs.LeakyReluAttrs", base attrs_info {
        /// TVM: `float`.
        pub alpha: f64,
    }
}

ir_node! {
    /// `relax.attrs.MatmulAttrs`.
    pub struct MatmulAttrsNode as MatmulAttrs: "relax.attrs.MatmulAttrs", base attrs_info {
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.MeshgridAttrs`.
    pub struct MeshgridAttrsNode as MeshgridAttrs: "relax.attrs.MeshgridAttrs", base attrs_info {
        /// TVM: `Optional<ffi.String>`.
        pub indexing: Option<String>,
    }
}

ir_node! {
    /// `relax.attrs.MultiboxTransformLocAttrs`.
    pub struct MultiboxTransformLocAttrsNode as MultiboxTransformLocAttrs: "relax.attrs.MultiboxTransformLocAttrs", base attrs_info {
        /// TVM: `bool`.
        pub clip: bool,
        /// TVM: `float`.
        pub threshold: f64,
        /// TVM: `ffi.Array<float>`.
        pub variances: Vec<f64>,
        /// TVM: `bool`.
        pub keep_background: bool,
        /// TVM: `bool`.
        pub apply_softmax: bool,
    }
}

ir_node! {
    /// `relax.attrs.MultinomialFromUniformAttrs`.
    pub struct MultinomialFromUniformAttrsNode as MultinomialFromUniformAttrs: "relax.attrs.MultinomialFromUniformAttrs", base attrs_info {
        /// TVM: `DataType`.
        pub dtype: DataType,
    }
}

ir_node! {
    /// `relax.attrs.NLLLossAttrs`.
    pub struct NLLLossAttrsNode as NLLLossAttrs: "relax.attrs.NLLLossAttrs", base attrs_info {
        /// TVM: `ffi.String`.
        pub reduction: String,
        /// TVM: `int`.
        pub ignore_index: i64,
    }
}

ir_node! {
    /// `relax.attrs.NonMaximumSuppressionAttrs`.
    pub struct NonMaximumSuppressionAttrsNode as NonMaximumSuppressionAttrs: "relax.attrs.NonMaximumSuppressionAttrs", base attrs_info {
        /// TVM: `int`.
        pub max_output_size: i64,
        /// TVM: `float`.
        pub iou_threshold: f64,
        /// TVM: `bool`.
        pub force_suppress: bool,
        /// TVM: `int`.
        pub top_k: i64,
        /// TVM: `int`.
        pub coord_start: i64,
        /// TVM: `int`.
        pub score_index: i64,
        /// TVM: `int`.
        pub id_index: i64,
        /// TVM: `bool`.
        pub return_indices: bool,
        /// TVM: `bool`.
        pub invalid_to_bottom: bool,
        /// TVM: `float`.
        pub soft_nms_sigma: f64,
        /// TVM: `float`.
        pub score_threshold: f64,
    }
}

ir_node! {
    /// `relax.attrs.OneHotAttrs`.
    pub struct OneHotAttrsNode as OneHotAttrs: "relax.attrs.OneHotAttrs", base attrs_info {
        /// TVM: `int`.
        pub depth: i64,
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.PReluAttrs`.
    pub struct PReluAttrsNode as PReluAttrs: "relax.attrs.PReluAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.PadAttrs`.
    pub struct PadAttrsNode as PadAttrs: "relax.attrs.PadAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub pad_width: Vec<i64>,
        /// TVM: `float`.
        pub pad_value: f64,
        /// TVM: `ffi.String`.
        pub pad_mode: String,
    }
}

ir_node! {
    /// `relax.attrs.PermuteDimsAttrs`.
    pub struct PermuteDimsAttrsNode as PermuteDimsAttrs: "relax.attrs.PermuteDimsAttrs", base attrs_info {
        /// TVM: `Optional<ffi.Array<int>>`.
        pub axes: Option<Vec<i64>>,
    }
}

ir_node! {
    /// `relax.attrs.PixelShuffleAttrs`.
    pub struct PixelShuffleAttrsNode as PixelShuffleAttrs: "relax.attrs.PixelShuffleAttrs", base attrs_info {
        /// TVM: `int`.
        pub upscale_factor: i64,
    }
}

ir_node! {
    /// `relax.attrs.Pool1DAttrs`.
    pub struct Pool1DAttrsNode as Pool1DAttrs: "relax.attrs.Pool1DAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub pool_size: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `bool`.
        pub ceil_mode: bool,
        /// TVM: `bool`.
        pub count_include_pad: bool,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
    }
}

ir_node! {
    /// `relax.attrs.Pool2DAttrs`.
    pub struct Pool2DAttrsNode as Pool2DAttrs: "relax.attrs.Pool2DAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub pool_size: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `bool`.
        pub ceil_mode: bool,
        /// TVM: `bool`.
        pub count_include_pad: bool,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
    }
}

ir_node! {
    /// `relax.attrs.Pool3DAttrs`.
    pub struct Pool3DAttrsNode as Pool3DAttrs: "relax.attrs.Pool3DAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub pool_size: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub strides: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub dilation: Vec<i64>,
        /// TVM: `ffi.Array<int>`.
        pub padding: Vec<i64>,
        /// TVM: `bool`.
        pub ceil_mode: bool,
        /// TVM: `bool`.
        pub count_include_pad: bool,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub out_layout: String,
    }
}

ir_node! {
    /// `relax.attrs.QuantizeAttrs`.
    pub struct QuantizeAttrsNode as QuantizeAttrs: "relax.attrs.QuantizeAttrs", base attrs_info {
        /// TVM: `DataType`.
        pub out_dtype: DataType,
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.RMSNormAttrs`.
    pub struct RMSNormAttrsNode as RMSNormAttrs: "relax.attrs.RMSNormAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub axes: Vec<i64>,
        /// TVM: `float`.
        pub epsilon: f64,
    }
}

ir_node! {
    /// `relax.attrs.ROIAlignAttrs`.
    pub struct ROIAlignAttrsNode as ROIAlignAttrs: "relax.attrs.ROIAlignAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub pooled_size: Vec<i64>,
        /// TVM: `float`.
        pub spatial_scale: f64,
        /// TVM: `int`.
        pub sample_ratio: i64,
        /// TVM: `bool`.
        pub aligned: bool,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub mode: String,
    }
}

ir_node! {
    /// `relax.attrs.ROIPoolAttrs`.
    pub struct ROIPoolAttrsNode as ROIPoolAttrs: "relax.attrs.ROIPoolAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub pooled_size: Vec<i64>,
        /// TVM: `float`.
        pub spatial_scale: f64,
        /// TVM: `ffi.String`.
        pub layout: String,
    }
}

ir_node! {
    /// `relax.attrs.RepeatAttrs`.
    pub struct RepeatAttrsNode as RepeatAttrs: "relax.attrs.RepeatAttrs", base attrs_info {
        /// TVM: `int`.
        pub repeats: i64,
        /// TVM: `Optional<int>`.
        pub axis: Option<i64>,
    }
}

ir_node! {
    /// `relax.attrs.Resize2DAttrs`.
    pub struct Resize2DAttrsNode as Resize2DAttrs: "relax.attrs.Resize2DAttrs", base attrs_info {
        /// TVM: `ffi.Array<ir.FloatImm>`.
        pub roi: Vec<Expr>,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub method: String,
        /// TVM: `ffi.String`.
        pub coordinate_transformation_mode: String,
        /// TVM: `ffi.String`.
        pub rounding_method: String,
        /// TVM: `float`.
        pub cubic_alpha: f64,
        /// TVM: `int`.
        pub cubic_exclude: i64,
        /// TVM: `float`.
        pub extrapolation_value: f64,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.Resize3DAttrs`.
    pub struct Resize3DAttrsNode as Resize3DAttrs: "relax.attrs.Resize3DAttrs", base attrs_info {
        /// TVM: `ffi.Array<ir.FloatImm>`.
        pub roi: Vec<Expr>,
        /// TVM: `ffi.String`.
        pub layout: String,
        /// TVM: `ffi.String`.
        pub method: String,
        /// TVM: `ffi.String`.
        pub coordinate_transformation_mode: String,
        /// TVM: `ffi.String`.
        pub rounding_method: String,
        /// TVM: `float`.
        pub cubic_alpha: f64,
        /// TVM: `int`.
        pub cubic_exclude: i64,
        /// TVM: `float`.
        pub extrapolation_value: f64,
        /// TVM: `Optional<DataType>`.
        pub out_dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.ReverseSequenceAttrs`.
    pub struct ReverseSequenceAttrsNode as ReverseSequenceAttrs: "relax.attrs.ReverseSequenceAttrs", base attrs_info {
        /// TVM: `int`.
        pub seq_axis: i64,
        /// TVM: `int`.
        pub batch_axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.ScanopAttrs`.
    pub struct ScanopAttrsNode as ScanopAttrs: "relax.attrs.ScanopAttrs", base attrs_info {
        /// TVM: `Optional<int>`.
        pub axis: Option<i64>,
        /// TVM: `Optional<DataType>`.
        pub dtype: Option<DataType>,
        /// TVM: `bool`.
        pub exclusive: bool,
    }
}

ir_node! {
    /// `relax.attrs.ScatterCollectiveAttrs`.
    pub struct ScatterCollectiveAttrsNode as ScatterCollectiveAttrs: "relax.attrs.ScatterCollectiveAttrs", base attrs_info {
        /// TVM: `int`.
        pub num_workers: i64,
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.ScatterElementsAttrs`.
    pub struct ScatterElementsAttrsNode as ScatterElementsAttrs: "relax.attrs.ScatterElementsAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
        /// TVM: `ffi.String`.
        pub reduction: String,
    }
}

ir_node! {
    /// `relax.attrs.ScatterNDAttrs`.
    pub struct ScatterNDAttrsNode as ScatterNDAttrs: "relax.attrs.ScatterNDAttrs", base attrs_info {
        /// TVM: `ffi.String`.
        pub reduction: String,
    }
}

ir_node! {
    /// `relax.attrs.SliceScatterAttrs`.
    pub struct SliceScatterAttrsNode as SliceScatterAttrs: "relax.attrs.SliceScatterAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.SoftmaxAttrs`.
    pub struct SoftmaxAttrsNode as SoftmaxAttrs: "relax.attrs.SoftmaxAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.SoftplusAttrs`.
    pub struct SoftplusAttrsNode as SoftplusAttrs: "relax.attrs.SoftplusAttrs", base attrs_info {
        /// TVM: `float`.
        pub beta: f64,
        /// TVM: `float`.
        pub threshold: f64,
    }
}

ir_node! {
    /// `relax.attrs.SortAttrs`.
    pub struct SortAttrsNode as SortAttrs: "relax.attrs.SortAttrs", base attrs_info {
        /// TVM: `int`.
        pub axis: i64,
        /// TVM: `bool`.
        pub descending: bool,
    }
}

ir_node! {
    /// `relax.attrs.SplitAttrs`.
    pub struct SplitAttrsNode as SplitAttrs: "relax.attrs.SplitAttrs", base attrs_info {
        /// TVM: `ffi.Object`.
        pub indices_or_sections: Value,
        /// TVM: `int`.
        pub axis: i64,
    }
}

ir_node! {
    /// `relax.attrs.SqueezeAttrs`.
    pub struct SqueezeAttrsNode as SqueezeAttrs: "relax.attrs.SqueezeAttrs", base attrs_info {
        /// TVM: `Optional<ffi.Array<int>>`.
        pub axis: Option<Vec<i64>>,
    }
}

ir_node! {
    /// `relax.attrs.StackAttrs`.
    pub struct StackAttrsNode as StackAttrs: "relax.attrs.StackAttrs", base attrs_info {
        /// TVM: `Optional<int>`.
        pub axis: Option<i64>,
    }
}

ir_node! {
    /// `relax.attrs.StatisticalAttrs`.
    pub struct StatisticalAttrsNode as StatisticalAttrs: "relax.attrs.StatisticalAttrs", base attrs_info {
        /// TVM: `Optional<ffi.Array<int>>`.
        pub axis: Option<Vec<i64>>,
        /// TVM: `bool`.
        pub keepdims: bool,
    }
}

ir_node! {
    /// `relax.attrs.StridedSliceAttrs`.
    pub struct StridedSliceAttrsNode as StridedSliceAttrs: "relax.attrs.StridedSliceAttrs", base attrs_info {
        /// TVM: `bool`.
        pub assume_inbound: bool,
    }
}

ir_node! {
    /// `relax.attrs.TakeAttrs`.
    pub struct TakeAttrsNode as TakeAttrs: "relax.attrs.TakeAttrs", base attrs_info {
        /// TVM: `Optional<int>`.
        pub axis: Option<i64>,
        /// TVM: `ffi.String`.
        pub mode: String,
    }
}

ir_node! {
    /// `relax.attrs.TileAttrs`.
    pub struct TileAttrsNode as TileAttrs: "relax.attrs.TileAttrs", base attrs_info {
        /// TVM: `ffi.Array<int>`.
        pub repeats: Vec<i64>,
    }
}

ir_node! {
    /// `relax.attrs.ToVDeviceAttrs`.
    pub struct ToVDeviceAttrsNode as ToVDeviceAttrs: "relax.attrs.ToVDeviceAttrs", base attrs_info {
        /// TVM: `relax.VDevice`.
        pub dst_vdevice: VDevice,
    }
}

ir_node! {
    /// `relax.attrs.TopKAttrs`.
    pub struct TopKAttrsNode as TopKAttrs: "relax.attrs.TopKAttrs", base attrs_info {
        /// TVM: `int`.
        pub k: i64,
        /// TVM: `int`.
        pub axis: i64,
        /// TVM: `ffi.String`.
        pub ret_type: String,
        /// TVM: `bool`.
        pub largest: bool,
        /// TVM: `Optional<DataType>`.
        pub dtype: Option<DataType>,
    }
}

ir_node! {
    /// `relax.attrs.TriluAttrs`.
    pub struct TriluAttrsNode as TriluAttrs: "relax.attrs.TriluAttrs", base attrs_info {
        /// TVM: `int`.
        pub k: i64,
    }
}

ir_node! {
    /// `relax.attrs.WrapParamAttrs`.
    pub struct WrapParamAttrsNode as WrapParamAttrs: "relax.attrs.WrapParamAttrs", base attrs_info {
        /// TVM: `DataType`.
        pub dtype: DataType,
    }
}

/// The type keys of all attribute nodes, in order.
pub const ATTRS_TYPE_KEYS: &[&str] = &[
    "relax.attrs.AdaptivePool1DAttrs",
    "relax.attrs.AdaptivePool2DAttrs",
    "relax.attrs.AdaptivePool3DAttrs",
    "relax.attrs.AffineGridAttrs",
    "relax.attrs.AllClassNonMaximumSuppressionAttrs",
    "relax.attrs.AllGatherAttrs",
    "relax.attrs.AllReduceAttrs",
    "relax.attrs.ArgmaxArgminAttrs",
    "relax.attrs.ArgsortAttrs",
    "relax.attrs.AstypeAttrs",
    "relax.attrs.AttentionAttrs",
    "relax.attrs.BatchNormAttrs",
    "relax.attrs.CallInplacePackedAttrs",
    "relax.attrs.CallTIRInplaceAttrs",
    "relax.attrs.CallTIRWithGradAttrs",
    "relax.attrs.ConcatAttrs",
    "relax.attrs.Conv1DAttrs",
    "relax.attrs.Conv1DTransposeAttrs",
    "relax.attrs.Conv2DAttrs",
    "relax.attrs.Conv2DTransposeAttrs",
    "relax.attrs.Conv3DAttrs",
    "relax.attrs.Conv3DTransposeAttrs",
    "relax.attrs.DropoutAttrs",
    "relax.attrs.EinsumAttrs",
    "relax.attrs.ExpandDimsAttrs",
    "relax.attrs.FlipAttrs",
    "relax.attrs.GatherElementsAttrs",
    "relax.attrs.GatherNDAttrs",
    "relax.attrs.GetValidCountsAttrs",
    "relax.attrs.GridSampleAttrs",
    "relax.attrs.GroupNormAttrs",
    "relax.attrs.HintOnDeviceAttrs",
    "relax.attrs.IndexPutAttrs",
    "relax.attrs.InitAttrs",
    "relax.attrs.InstanceNormAttrs",
    "relax.attrs.LayerNormAttrs",
    "relax.attrs.LayoutTransformAttrs",
    "relax.attrs.LeakyReluAttrs",
    "relax.attrs.MatmulAttrs",
    "relax.attrs.MeshgridAttrs",
    "relax.attrs.MultiboxTransformLocAttrs",
    "relax.attrs.MultinomialFromUniformAttrs",
    "relax.attrs.NLLLossAttrs",
    "relax.attrs.NonMaximumSuppressionAttrs",
    "relax.attrs.OneHotAttrs",
    "relax.attrs.PReluAttrs",
    "relax.attrs.PadAttrs",
    "relax.attrs.PermuteDimsAttrs",
    "relax.attrs.PixelShuffleAttrs",
    "relax.attrs.Pool1DAttrs",
    "relax.attrs.Pool2DAttrs",
    "relax.attrs.Pool3DAttrs",
    "relax.attrs.QuantizeAttrs",
    "relax.attrs.RMSNormAttrs",
    "relax.attrs.ROIAlignAttrs",
    "relax.attrs.ROIPoolAttrs",
    "relax.attrs.RepeatAttrs",
    "relax.attrs.Resize2DAttrs",
    "relax.attrs.Resize3DAttrs",
    "relax.attrs.ReverseSequenceAttrs",
    "relax.attrs.ScanopAttrs",
    "relax.attrs.ScatterCollectiveAttrs",
    "relax.attrs.ScatterElementsAttrs",
    "relax.attrs.ScatterNDAttrs",
    "relax.attrs.SliceScatterAttrs",
    "relax.attrs.SoftmaxAttrs",
    "relax.attrs.SoftplusAttrs",
    "relax.attrs.SortAttrs",
    "relax.attrs.SplitAttrs",
    "relax.attrs.SqueezeAttrs",
    "relax.attrs.StackAttrs",
    "relax.attrs.StatisticalAttrs",
    "relax.attrs.StridedSliceAttrs",
    "relax.attrs.TakeAttrs",
    "relax.attrs.TileAttrs",
    "relax.attrs.ToVDeviceAttrs",
    "relax.attrs.TopKAttrs",
    "relax.attrs.TriluAttrs",
    "relax.attrs.WrapParamAttrs",
];

/// Register every attribute node type.
pub(crate) fn register() -> Result<()> {
    crate::ir::register_type::<AdaptivePool1DAttrsNode>()?;
    crate::ir::register_type::<AdaptivePool2DAttrsNode>()?;
    crate::ir::register_type::<AdaptivePool3DAttrsNode>()?;
    crate::ir::register_type::<AffineGridAttrsNode>()?;
    crate::ir::register_type::<AllClassNonMaximumSuppressionAttrsNode>()?;
    crate::ir::register_type::<AllGatherAttrsNode>()?;
    crate::ir::register_type::<AllReduceAttrsNode>()?;
    crate::ir::register_type::<ArgmaxArgminAttrsNode>()?;
    crate::ir::register_type::<ArgsortAttrsNode>()?;
    crate::ir::register_type::<AstypeAttrsNode>()?;
    crate::ir::register_type::<AttentionAttrsNode>()?;
    crate::ir::register_type::<BatchNormAttrsNode>()?;
    crate::ir::register_type::<CallInplacePackedAttrsNode>()?;
    crate::ir::register_type::<CallTIRInplaceAttrsNode>()?;
    crate::ir::register_type::<CallTIRWithGradAttrsNode>()?;
    crate::ir::register_type::<ConcatAttrsNode>()?;
    crate::ir::register_type::<Conv1DAttrsNode>()?;
    crate::ir::register_type::<Conv1DTransposeAttrsNode>()?;
    crate::ir::register_type::<Conv2DAttrsNode>()?;
    crate::ir::register_type::<Conv2DTransposeAttrsNode>()?;
    crate::ir::register_type::<Conv3DAttrsNode>()?;
    crate::ir::register_type::<Conv3DTransposeAttrsNode>()?;
    crate::ir::register_type::<DropoutAttrsNode>()?;
    crate::ir::register_type::<EinsumAttrsNode>()?;
    crate::ir::register_type::<ExpandDimsAttrsNode>()?;
    crate::ir::register_type::<FlipAttrsNode>()?;
    crate::ir::register_type::<GatherElementsAttrsNode>()?;
    crate::ir::register_type::<GatherNDAttrsNode>()?;
    crate::ir::register_type::<GetValidCountsAttrsNode>()?;
    crate::ir::register_type::<GridSampleAttrsNode>()?;
    crate::ir::register_type::<GroupNormAttrsNode>()?;
    crate::ir::register_type::<HintOnDeviceAttrsNode>()?;
    crate::ir::register_type::<IndexPutAttrsNode>()?;
    crate::ir::register_type::<InitAttrsNode>()?;
    crate::ir::register_type::<InstanceNormAttrsNode>()?;
    crate::ir::register_type::<LayerNormAttrsNode>()?;
    crate::ir::register_type::<LayoutTransformAttrsNode>()?;
    crate::ir::register_type::<LeakyReluAttrsNode>()?;
    crate::ir::register_type::<MatmulAttrsNode>()?;
    crate::ir::register_type::<MeshgridAttrsNode>()?;
    crate::ir::register_type::<MultiboxTransformLocAttrsNode>()?;
    crate::ir::register_type::<MultinomialFromUniformAttrsNode>()?;
    crate::ir::register_type::<NLLLossAttrsNode>()?;
    crate::ir::register_type::<NonMaximumSuppressionAttrsNode>()?;
    crate::ir::register_type::<OneHotAttrsNode>()?;
    crate::ir::register_type::<PReluAttrsNode>()?;
    crate::ir::register_type::<PadAttrsNode>()?;
    crate::ir::register_type::<PermuteDimsAttrsNode>()?;
    crate::ir::register_type::<PixelShuffleAttrsNode>()?;
    crate::ir::register_type::<Pool1DAttrsNode>()?;
    crate::ir::register_type::<Pool2DAttrsNode>()?;
    crate::ir::register_type::<Pool3DAttrsNode>()?;
    crate::ir::register_type::<QuantizeAttrsNode>()?;
    crate::ir::register_type::<RMSNormAttrsNode>()?;
    crate::ir::register_type::<ROIAlignAttrsNode>()?;
    crate::ir::register_type::<ROIPoolAttrsNode>()?;
    crate::ir::register_type::<RepeatAttrsNode>()?;
    crate::ir::register_type::<Resize2DAttrsNode>()?;
    crate::ir::register_type::<Resize3DAttrsNode>()?;
    crate::ir::register_type::<ReverseSequenceAttrsNode>()?;
    crate::ir::register_type::<ScanopAttrsNode>()?;
    crate::ir::register_type::<ScatterCollectiveAttrsNode>()?;
    crate::ir::register_type::<ScatterElementsAttrsNode>()?;
    crate::ir::register_type::<ScatterNDAttrsNode>()?;
    crate::ir::register_type::<SliceScatterAttrsNode>()?;
    crate::ir::register_type::<SoftmaxAttrsNode>()?;
    crate::ir::register_type::<SoftplusAttrsNode>()?;
    crate::ir::register_type::<SortAttrsNode>()?;
    crate::ir::register_type::<SplitAttrsNode>()?;
    crate::ir::register_type::<SqueezeAttrsNode>()?;
    crate::ir::register_type::<StackAttrsNode>()?;
    crate::ir::register_type::<StatisticalAttrsNode>()?;
    crate::ir::register_type::<StridedSliceAttrsNode>()?;
    crate::ir::register_type::<TakeAttrsNode>()?;
    crate::ir::register_type::<TileAttrsNode>()?;
    crate::ir::register_type::<ToVDeviceAttrsNode>()?;
    crate::ir::register_type::<TopKAttrsNode>()?;
    crate::ir::register_type::<TriluAttrsNode>()?;
    crate::ir::register_type::<WrapParamAttrsNode>()?;
    Ok(())
}
