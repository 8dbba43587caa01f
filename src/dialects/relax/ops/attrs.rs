//! Call attributes of the Relax operators (`call.attrs`): one node type per TVM 0.27
//! `relax.attrs.*` class, fields in TVM's order with TVM's types, read from
//! `__tvm_ffi_type_info__` of TVM 0.27. Integer lists (`ffi.Array<int>`) are
//! `Vec<i64>`, `ffi.Object`/`Any` fields are `Value`s (`SplitAttrs.indices_or_sections`
//! is an `IntImm` or a list of them).
//!
//! Each entry of `relax_attrs!` below is one class, or several with the same fields:
//! `XNode as X { fields }` declares the node `relax.attrs.X` (see `ir_node!`), lists its
//! type key in `ATTRS_TYPE_KEYS` and registers it.

#![allow(clippy::doc_markdown)]

use crate::dialects::relax::types::VDevice;
use crate::dialects::tirx::nodes::{attrs_info, IndexMap};
use crate::ir::{AttrMap, DataType, Expr, Result, Value};
use crate::ir_node;

/// Declares each attrs node, the list of their type keys, and their registration.
/// Classes with the same fields share one entry (`A as B, C as D { fields }`).
macro_rules! relax_attrs {
    (@node $node:ident as $handle:ident { $($field:ident: $fty:ty),* $(,)? }) => {
        ir_node! {
            #[doc = concat!("`relax.attrs.", stringify!($handle), "`.")]
            pub struct $node as $handle: concat!("relax.attrs.", stringify!($handle)), base attrs_info {
                $(pub $field: $fty),*
            }
        }
    };
    // One node per class of an entry; the field list is a single token tree here so it
    // can be repeated for each class.
    (@entry [$($node:ident as $handle:ident),+] $fields:tt) => {
        $(relax_attrs!(@node $node as $handle $fields);)+
    };
    ($($($node:ident as $handle:ident),+ { $($fields:tt)* })*) => {
        $(relax_attrs!(@entry [$($node as $handle),+] { $($fields)* });)*

        /// The type keys of all attribute nodes, in the table's order.
        pub const ATTRS_TYPE_KEYS: &[&str] = &[$($(concat!("relax.attrs.", stringify!($handle))),+),*];

        pub(crate) fn register() -> Result<()> {
            $($(crate::ir::register_type::<$node>()?;)+)*
            Ok(())
        }
    };
}

relax_attrs! {
    AdaptivePool1DAttrsNode as AdaptivePool1DAttrs,
    AdaptivePool2DAttrsNode as AdaptivePool2DAttrs,
    AdaptivePool3DAttrsNode as AdaptivePool3DAttrs {
        output_size: Option<Vec<i64>>,
        layout: String,
        out_layout: String,
    }
    AffineGridAttrsNode as AffineGridAttrs { align_corners: bool }
    AllClassNonMaximumSuppressionAttrsNode as AllClassNonMaximumSuppressionAttrs { output_format: String }
    AllGatherAttrsNode as AllGatherAttrs { num_workers: i64, in_group: bool }
    AllReduceAttrsNode as AllReduceAttrs { op_type: String, in_group: bool }
    ArgmaxArgminAttrsNode as ArgmaxArgminAttrs { axis: Option<i64>, keepdims: bool }
    ArgsortAttrsNode as ArgsortAttrs { axis: i64, descending: bool, dtype: Option<DataType> }
    AstypeAttrsNode as AstypeAttrs { dtype: DataType }
    AttentionAttrsNode as AttentionAttrs {
        scale: Option<Expr>,
        causal_mask: Option<String>,
        window_size: Option<Expr>,
    }
    BatchNormAttrsNode as BatchNormAttrs {
        axis: i64,
        epsilon: f64,
        center: bool,
        scale: bool,
        momentum: f64,
        training: bool,
    }
    CallInplacePackedAttrsNode as CallInplacePackedAttrs { inplace_indices: Vec<i64> }
    CallTIRInplaceAttrsNode as CallTIRInplaceAttrs { inplace_indices: Vec<i64> }
    CallTIRWithGradAttrsNode as CallTIRWithGradAttrs { te_grad_name: String, te_grad_kwargs: AttrMap }
    ConcatAttrsNode as ConcatAttrs { axis: Option<i64> }
    Conv1DAttrsNode as Conv1DAttrs,
    Conv2DAttrsNode as Conv2DAttrs,
    Conv3DAttrsNode as Conv3DAttrs {
        strides: Vec<i64>,
        padding: Vec<i64>,
        dilation: Vec<i64>,
        groups: i64,
        data_layout: String,
        kernel_layout: String,
        out_layout: String,
        out_dtype: Option<DataType>,
    }
    Conv1DTransposeAttrsNode as Conv1DTransposeAttrs,
    Conv2DTransposeAttrsNode as Conv2DTransposeAttrs,
    Conv3DTransposeAttrsNode as Conv3DTransposeAttrs {
        strides: Vec<i64>,
        padding: Vec<i64>,
        output_padding: Vec<i64>,
        dilation: Vec<i64>,
        groups: i64,
        data_layout: String,
        kernel_layout: String,
        out_layout: String,
        out_dtype: Option<DataType>,
    }
    DropoutAttrsNode as DropoutAttrs { rate: f64 }
    EinsumAttrsNode as EinsumAttrs { subscripts: String }
    ExpandDimsAttrsNode as ExpandDimsAttrs { axis: Vec<i64> }
    FlipAttrsNode as FlipAttrs { axis: i64 }
    GatherElementsAttrsNode as GatherElementsAttrs { axis: i64 }
    GatherNDAttrsNode as GatherNDAttrs { batch_dims: i64 }
    GetValidCountsAttrsNode as GetValidCountsAttrs { score_threshold: f64, id_index: i64, score_index: i64 }
    GridSampleAttrsNode as GridSampleAttrs {
        method: String,
        layout: String,
        padding_mode: String,
        align_corners: bool,
    }
    GroupNormAttrsNode as GroupNormAttrs {
        num_groups: i64,
        channel_axis: i64,
        axes: Vec<i64>,
        epsilon: f64,
        center: bool,
        scale: bool,
    }
    HintOnDeviceAttrsNode as HintOnDeviceAttrs { device_type: i64, index: i64, memory_scope: String }
    IndexPutAttrsNode as IndexPutAttrs { accumulate: bool }
    InitAttrsNode as InitAttrs { dtype: Option<DataType> }
    InstanceNormAttrsNode as InstanceNormAttrs {
        channel_axis: i64,
        axes: Vec<i64>,
        epsilon: f64,
        center: bool,
        scale: bool,
    }
    LayerNormAttrsNode as LayerNormAttrs { axes: Vec<i64>, epsilon: f64, center: bool, scale: bool }
    LayoutTransformAttrsNode as LayoutTransformAttrs { index_map: IndexMap, pad_value: Option<Expr> }
    LeakyReluAttrsNode as LeakyReluAttrs { alpha: f64 }
    MatmulAttrsNode as MatmulAttrs { out_dtype: Option<DataType> }
    MeshgridAttrsNode as MeshgridAttrs { indexing: Option<String> }
    MultiboxTransformLocAttrsNode as MultiboxTransformLocAttrs {
        clip: bool,
        threshold: f64,
        variances: Vec<f64>,
        keep_background: bool,
        apply_softmax: bool,
    }
    MultinomialFromUniformAttrsNode as MultinomialFromUniformAttrs { dtype: DataType }
    NLLLossAttrsNode as NLLLossAttrs { reduction: String, ignore_index: i64 }
    NonMaximumSuppressionAttrsNode as NonMaximumSuppressionAttrs {
        max_output_size: i64,
        iou_threshold: f64,
        force_suppress: bool,
        top_k: i64,
        coord_start: i64,
        score_index: i64,
        id_index: i64,
        return_indices: bool,
        invalid_to_bottom: bool,
        soft_nms_sigma: f64,
        score_threshold: f64,
    }
    OneHotAttrsNode as OneHotAttrs { depth: i64, axis: i64 }
    PReluAttrsNode as PReluAttrs { axis: i64 }
    PadAttrsNode as PadAttrs { pad_width: Vec<i64>, pad_value: f64, pad_mode: String }
    PermuteDimsAttrsNode as PermuteDimsAttrs { axes: Option<Vec<i64>> }
    PixelShuffleAttrsNode as PixelShuffleAttrs { upscale_factor: i64 }
    Pool1DAttrsNode as Pool1DAttrs,
    Pool2DAttrsNode as Pool2DAttrs,
    Pool3DAttrsNode as Pool3DAttrs {
        pool_size: Vec<i64>,
        strides: Vec<i64>,
        dilation: Vec<i64>,
        padding: Vec<i64>,
        ceil_mode: bool,
        count_include_pad: bool,
        layout: String,
        out_layout: String,
    }
    QuantizeAttrsNode as QuantizeAttrs { out_dtype: DataType, axis: i64 }
    RMSNormAttrsNode as RMSNormAttrs { axes: Vec<i64>, epsilon: f64 }
    ROIAlignAttrsNode as ROIAlignAttrs {
        pooled_size: Vec<i64>,
        spatial_scale: f64,
        sample_ratio: i64,
        aligned: bool,
        layout: String,
        mode: String,
    }
    ROIPoolAttrsNode as ROIPoolAttrs { pooled_size: Vec<i64>, spatial_scale: f64, layout: String }
    RepeatAttrsNode as RepeatAttrs { repeats: i64, axis: Option<i64> }
    Resize2DAttrsNode as Resize2DAttrs,
    Resize3DAttrsNode as Resize3DAttrs {
        roi: Vec<Expr>,
        layout: String,
        method: String,
        coordinate_transformation_mode: String,
        rounding_method: String,
        cubic_alpha: f64,
        cubic_exclude: i64,
        extrapolation_value: f64,
        out_dtype: Option<DataType>,
    }
    ReverseSequenceAttrsNode as ReverseSequenceAttrs { seq_axis: i64, batch_axis: i64 }
    ScanopAttrsNode as ScanopAttrs { axis: Option<i64>, dtype: Option<DataType>, exclusive: bool }
    ScatterCollectiveAttrsNode as ScatterCollectiveAttrs { num_workers: i64, axis: i64 }
    ScatterElementsAttrsNode as ScatterElementsAttrs { axis: i64, reduction: String }
    ScatterNDAttrsNode as ScatterNDAttrs { reduction: String }
    SliceScatterAttrsNode as SliceScatterAttrs { axis: i64 }
    SoftmaxAttrsNode as SoftmaxAttrs { axis: i64 }
    SoftplusAttrsNode as SoftplusAttrs { beta: f64, threshold: f64 }
    SortAttrsNode as SortAttrs { axis: i64, descending: bool }
    SplitAttrsNode as SplitAttrs { indices_or_sections: Value, axis: i64 }
    SqueezeAttrsNode as SqueezeAttrs { axis: Option<Vec<i64>> }
    StackAttrsNode as StackAttrs { axis: Option<i64> }
    StatisticalAttrsNode as StatisticalAttrs { axis: Option<Vec<i64>>, keepdims: bool }
    StridedSliceAttrsNode as StridedSliceAttrs { assume_inbound: bool }
    TakeAttrsNode as TakeAttrs { axis: Option<i64>, mode: String }
    TileAttrsNode as TileAttrs { repeats: Vec<i64> }
    ToVDeviceAttrsNode as ToVDeviceAttrs { dst_vdevice: VDevice }
    TopKAttrsNode as TopKAttrs { k: i64, axis: i64, ret_type: String, largest: bool, dtype: Option<DataType> }
    TriluAttrsNode as TriluAttrs { k: i64 }
    WrapParamAttrsNode as WrapParamAttrs { dtype: DataType }
}
