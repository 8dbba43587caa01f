//! Inference for the detection operators of `R.vision` (`non_max_suppression`,
//! `all_class_non_max_suppression`, `get_valid_counts`, `multibox_transform_loc`,
//! `roi_align`, `roi_pool`), with TVM 0.27's checks and messages.

use super::attrs::{
    AllClassNonMaximumSuppressionAttrsNode, GetValidCountsAttrsNode, 
    NonMaximumSuppressionAttrsNode, ROIAlignAttrsNode, ROIPoolAttrsNode,
};
use super::elementwise::shape_of;
use super::infer::{arg_ty, dim, dtype_text, prim_dtype, require_attrs, tensor_arg, tensor_ty, InferRule};
use super::text::{prim_text, shape_text};
use crate::dialects::relax::types::{tuple_type, TensorType, TensorTypeNode};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::{arith, BinOp, CallNode, DataType, Error, ErrorKind, Expr, Result, Span, Type};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let rule: InferRule = match name {
        "relax.vision.all_class_non_max_suppression" => all_class_nms,
        "relax.vision.get_valid_counts" => get_valid_counts,
        "relax.vision.non_max_suppression" => nms,
        "relax.vision.multibox_transform_loc" => multibox_transform_loc,
        "relax.vision.roi_align" => roi_align,
        "relax.vision.roi_pool" => roi_pool,
        _ => return None,
    };
    Some(rule)
}

fn int32() -> Option<crate::ir::PrimType> {
    prim_dtype(DataType::INT32)
}

fn int64() -> Option<crate::ir::PrimType> {
    prim_dtype(DataType::INT64)
}

/// `a * b` as TVM's `operator*` builds it (constants folded only when both are).
fn mul(a: &Expr, b: &Expr) -> Result<Expr> {
    arith::binary(BinOp::Mul, a.clone(), b.clone(), Span::none())
}

/// Argument `i` as a tensor, or the operator's own TypeError (`what` names it).
fn tensor_or(call: &CallNode, i: usize, msg: impl FnOnce(&Type) -> String) -> Result<TensorType> {
    let ty = arg_ty(call, i)?;
    ty.try_downcast::<TensorTypeNode>().ok_or_else(|| Error::type_error(msg(&ty)))
}

fn arg_count(call: &CallNode, n: usize, msg: impl FnOnce(usize) -> String) -> Result<()> {
    if call.args.len() != n {
        return Err(Error::value_error(msg(call.args.len())));
    }
    Ok(())
}

fn shape_str(t: &TensorTypeNode) -> String {
    t.shape_values().map_or_else(|| "None".to_string(), shape_text)
}

/// Scores and indices of every class: ONNX's `(selected, count)` or TensorFlow's
/// `(indices, scores, counts)` layout.
fn all_class_nms(call: &CallNode) -> Result<Type> {
    let boxes = tensor_arg(call, 0)?;
    let scores = tensor_arg(call, 1)?;
    for i in 2..call.args.len() {
        tensor_arg(call, i)?;
    }
    for (t, what, name) in [(&boxes, "boxes_ty", "AllClassNMS input boxes should be 3-D."), (&scores, "scores_ty", "AllClassNMS input scores count should be 3-D.")] {
        if t.is_unknown_ndim() {
            return Err(Error::new(
                ErrorKind::InternalError,
                format!("Check failed: (!{what}->IsUnknownNdim()) is false: Only support known ndim"),
            ));
        }
        if t.ndim != 3 {
            return Err(Error::new(ErrorKind::InternalError, format!("Check failed: {what}->ndim == 3 ({} vs. 3) : {name}", t.ndim)));
        }
    }
    let attrs = require_attrs::<AllClassNonMaximumSuppressionAttrsNode>(call)?;
    let vdev = boxes.vdevice.clone();
    let (b, s) = (shape_of(&boxes), shape_of(&scores));
    let dims = b.zip(s).map(|(b, s)| (b[0].clone(), s[1].clone(), b[1].clone()));
    if attrs.output_format == "onnx" {
        let total = dims.map(|(batch, classes, boxes)| mul(&mul(&batch, &classes)?, &boxes)).transpose()?;
        return Ok(tuple_type(vec![
            tensor_ty(total.map(|t| vec![t, dim(3)]), int64(), 2, vdev.clone()),
            tensor_ty(Some(vec![dim(1)]), int64(), 1, vdev),
        ]));
    }
    let dims = dims.map(|(batch, classes, boxes)| mul(&classes, &boxes).map(|per| (batch, per))).transpose()?;
    Ok(tuple_type(vec![
        tensor_ty(dims.clone().map(|(b, p)| vec![b, p, dim(2)]), int64(), 3, vdev.clone()),
        tensor_ty(dims.clone().map(|(b, p)| vec![b, p]), prim_dtype(DataType::FLOAT32), 2, vdev.clone()),
        tensor_ty(dims.map(|(b, _)| vec![b]), int64(), 1, vdev),
    ]))
}

/// The element length's bounds on an attribute index, when it is a constant.
fn check_index(op: &str, value: i64, lower: i64, len: i64, name: &str) -> Result<()> {
    if value < lower || value >= len {
        return Err(Error::value_error(format!(
            "{op} expects {name} to be in range [{lower}, {len}), but got {value}"
        )));
    }
    Ok(())
}

/// `(valid_count[batch], boxes moved to the top, their indices)`.
fn get_valid_counts(call: &CallNode) -> Result<Type> {
    arg_count(call, 1, |n| format!("get_valid_counts expects 1 argument, got {n}"))?;
    let data = tensor_or(call, 0, |_| "get_valid_counts expects input data to be a Tensor.".into())?;
    if !data.is_unknown_ndim() && data.ndim != 3 {
        return Err(Error::value_error(format!("get_valid_counts expects 3-D input, got ndim {}", data.ndim)));
    }
    let attrs = require_attrs::<GetValidCountsAttrsNode>(call)?;
    let vdev = data.vdevice.clone();
    let Some(s) = shape_of(&data) else {
        return Ok(tuple_type(vec![
            tensor_ty(None, int32(), 1, vdev.clone()),
            tensor_ty(None, data.dtype.clone(), 3, vdev.clone()),
            tensor_ty(None, int32(), 2, vdev),
        ]));
    };
    if let Some(len) = s[2].as_int() {
        check_index("get_valid_counts", attrs.score_index, 0, len, "score_index")?;
        check_index("get_valid_counts", attrs.id_index, -1, len, "id_index")?;
    }
    Ok(tuple_type(vec![
        tensor_ty(Some(vec![s[0].clone()]), int32(), 1, vdev.clone()),
        tensor_ty(Some(s.clone()), data.dtype.clone(), 3, vdev.clone()),
        tensor_ty(Some(vec![s[0].clone(), s[1].clone()]), int32(), 2, vdev),
    ]))
}

/// Hard NMS: `(box_indices, valid_box_count)`; soft NMS prepends the decayed data;
/// without indices, the data itself.
fn nms(call: &CallNode) -> Result<Type> {
    const OP: &str = "non_max_suppression";
    arg_count(call, 3, |n| format!("{OP} expects 3 arguments, got {n}"))?;
    let data = tensor_or(call, 0, |_| format!("{OP} expects input data to be a Tensor."))?;
    let valid = tensor_or(call, 1, |_| format!("{OP} expects valid_count to be a Tensor."))?;
    let indices = tensor_or(call, 2, |_| format!("{OP} expects indices to be a Tensor."))?;
    for (t, want, what) in [(&data, 3, "3-D input, got ndim"), (&valid, 1, "valid_count to be 1-D, got ndim"), (&indices, 2, "indices to be 2-D, got ndim")] {
        if !t.is_unknown_ndim() && t.ndim != want {
            return Err(Error::value_error(format!("{OP} expects {what} {}", t.ndim)));
        }
    }
    for (t, what) in [(&valid, "valid_count"), (&indices, "indices")] {
        if !t.is_unknown_dtype() && t.elem_dtype() != DataType::INT32 {
            return Err(Error::type_error(format!(
                "{OP} expects {what} to have dtype int32, got {}",
                dtype_text(t.dtype.as_ref())
            )));
        }
    }
    let shape = shape_of(&data);
    if let Some(s) = &shape {
        let an = Analyzer::new();
        if let Some(v) = valid.shape_values()
            && !an.can_prove_equal(&v[0], &s[0])
        {
            return Err(Error::value_error(format!(
                "{OP} expects valid_count to have shape [batch_size]. However, the given data tensor has batch size `{}` and the given valid_count tensor has shape {}",
                prim_text(&s[0]),
                shape_str(&valid)
            )));
        }
        if let Some(i) = indices.shape_values()
            && (!an.can_prove_equal(&i[0], &s[0]) || !an.can_prove_equal(&i[1], &s[1]))
        {
            return Err(Error::value_error(format!(
                "{OP} expects indices to have shape [batch_size, num_anchors]. However, the given data tensor has shape {} and the given indices tensor has shape {}",
                shape_str(&data),
                shape_str(&indices)
            )));
        }
    }
    let attrs = require_attrs::<NonMaximumSuppressionAttrsNode>(call)?;
    if let Some(len) = shape.as_ref().and_then(|s| s[2].as_int()) {
        check_index(OP, attrs.score_index, 0, len, "score_index")?;
        if attrs.coord_start < 0 || attrs.coord_start + 3 >= len {
            return Err(Error::value_error(format!(
                "{OP} expects coord_start to reference four consecutive box coordinates within elem_length {len}, but got {}",
                attrs.coord_start
            )));
        }
        check_index(OP, attrs.id_index, -1, len, "id_index")?;
    }
    let vdev = data.vdevice.clone();
    let boxes = shape.as_ref().map(|s| vec![s[0].clone(), s[1].clone()]);
    let counts = shape.as_ref().map(|s| vec![s[0].clone(), dim(1)]);
    let data_ty = tensor_ty(shape.clone(), data.dtype.clone(), 3, vdev.clone());
    if !attrs.return_indices {
        return Ok(data_ty);
    }
    let mut fields = vec![tensor_ty(boxes, int32(), 2, vdev.clone()), tensor_ty(counts, int32(), 2, vdev)];
    if attrs.soft_nms_sigma > 0.0 {
        fields.insert(0, data_ty);
    }
    Ok(tuple_type(fields))
}

/// `(boxes[B, N, 4], scores[B, C, N])`, with the shape checks TVM makes where the
/// dimensions are constants.
fn multibox_transform_loc(call: &CallNode) -> Result<Type> {
    const OP: &str = "multibox_transform_loc";
    arg_count(call, 3, |n| format!("{OP}: expected 3 inputs (cls_pred, loc_pred, anchor), got {n}"))?;
    let cls = tensor_arg(call, 0)?;
    let loc = tensor_arg(call, 1)?;
    let anchor = tensor_arg(call, 2)?;
    for (t, want, what) in [
        (&cls, 3, "cls_pred must be 3-D [B, num_classes, N], got ndim"),
        (&loc, 2, "loc_pred must be 2-D [B, 4*N], got ndim"),
        (&anchor, 3, "anchor must be 3-D [1, N, 4] ltrb, got ndim"),
    ] {
        if !t.is_unknown_ndim() && t.ndim != want {
            return Err(Error::value_error(format!("{OP}: {what} {}", t.ndim)));
        }
    }
    for (t, what) in [(&loc, "loc_pred"), (&anchor, "anchor")] {
        if !cls.is_unknown_dtype() && !t.is_unknown_dtype() && cls.elem_dtype() != t.elem_dtype() {
            return Err(Error::type_error(format!(
                "{OP}: cls_pred and {what} dtype must match, got {} vs {}",
                dtype_text(cls.dtype.as_ref()),
                dtype_text(t.dtype.as_ref())
            )));
        }
    }
    let (cs, ls, an) = (shape_of(&cls), shape_of(&loc), shape_of(&anchor));
    let loc_dim = ls.as_ref().and_then(|l| l[1].as_int());
    if let Some(d) = loc_dim
        && d % 4 != 0
    {
        return Err(Error::value_error(format!("{OP}: loc_pred.shape[1] must be divisible by 4, got {d}")));
    }
    if let (Some(c), Some(l)) = (&cs, &ls)
        && let (Some(cb), Some(lb)) = (c[0].as_int(), l[0].as_int())
        && cb != lb
    {
        return Err(Error::value_error(format!(
            "{OP}: cls_pred.shape[0] must match loc_pred.shape[0], got B={cb} vs {lb}"
        )));
    }
    if let Some(a) = &an {
        if let Some(b) = a[0].as_int()
            && b != 1
        {
            return Err(Error::value_error(format!("{OP}: anchor.shape[0] must be 1, got {b}")));
        }
        if let Some(last) = a[2].as_int()
            && last != 4
        {
            return Err(Error::value_error(format!("{OP}: anchor.shape[2] must be 4 (ltrb), got {last}")));
        }
    }
    let vdev = cls.vdevice.clone();
    let Some(c) = cs else {
        return Ok(tuple_type(vec![
            tensor_ty(None, cls.dtype.clone(), 3, vdev.clone()),
            tensor_ty(None, cls.dtype.clone(), 3, vdev),
        ]));
    };
    let (batch, classes, n) = (c[0].clone(), c[1].clone(), c[2].clone());
    if let (Some(n), Some(d)) = (n.as_int(), loc_dim)
        && d != n * 4
    {
        return Err(Error::value_error(format!(
            "{OP}: loc_pred.shape[1] must equal 4*N with N=cls_pred.shape[2], got loc_dim={d}, N={n}"
        )));
    }
    if let (Some(n), Some(an)) = (n.as_int(), an.as_ref().and_then(|a| a[1].as_int()))
        && an != n
    {
        return Err(Error::value_error(format!(
            "{OP}: anchor.shape[1] must equal N=cls_pred.shape[2], got anchor_N={an}, N={n}"
        )));
    }
    Ok(tuple_type(vec![
        tensor_ty(Some(vec![batch.clone(), n.clone(), dim(4)]), cls.dtype.clone(), 3, vdev.clone()),
        tensor_ty(Some(vec![batch, classes, n]), cls.dtype.clone(), 3, vdev),
    ]))
}

/// The checks ROIAlign and ROIPool share: two arguments, 4-D data, `(num_roi, 5)` rois.
fn roi_inputs(call: &CallNode, op: &str) -> Result<(TensorType, TensorType)> {
    arg_count(call, 2, |n| format!("{op} expects two arguments, while the given number of arguments is {n}"))?;
    let data = tensor_or(call, 0, |_| {
        format!("{op} expects the input data to be a Tensor, while the given data is {}", call.args[0].as_object().type_key())
    })?;
    let rois = tensor_or(call, 1, |_| {
        format!("{op} expects the rois to be a Tensor, while the given rois is {}", call.args[1].as_object().type_key())
    })?;
    if !data.is_unknown_ndim() && data.ndim != 4 {
        return Err(Error::value_error(format!(
            "{op} expects the input data to be 4-D, while the given data has ndim {}",
            data.ndim
        )));
    }
    if !rois.is_unknown_ndim() && rois.ndim != 2 {
        return Err(Error::value_error(format!(
            "{op} expects the rois tensor to be 2-D, while the given rois has ndim {}",
            rois.ndim
        )));
    }
    Ok((data, rois))
}

fn check_rois_last_dim(op: &str, rois: &TensorTypeNode) -> Result<()> {
    if let Some(last) = rois.shape_values().and_then(|r| r[1].as_int())
        && last != 5
    {
        return Err(Error::value_error(format!(
            "{op} expects rois to have shape (num_roi, 5), but got last dimension {last}"
        )));
    }
    Ok(())
}

/// One pooled map per region: `(num_roi, C, ph, pw)` (NHWC: channels last).
fn roi_output(data: &TensorTypeNode, rois: &TensorTypeNode, pooled: &[i64], nhwc: bool) -> Type {
    let (Some(d), Some(r)) = (shape_of(data), rois.shape_values()) else {
        return tensor_ty(None, data.dtype.clone(), 4, data.vdevice.clone());
    };
    let [ph, pw] = match pooled {
        [one] => [dim(*one), dim(*one)],
        [h, w, ..] => [dim(*h), dim(*w)],
        [] => return tensor_ty(None, data.dtype.clone(), 4, data.vdevice.clone()),
    };
    let shape = if nhwc { vec![r[0].clone(), ph, pw, d[3].clone()] } else { vec![r[0].clone(), d[1].clone(), ph, pw] };
    tensor_ty(Some(shape), data.dtype.clone(), 4, data.vdevice.clone())
}

fn roi_align(call: &CallNode) -> Result<Type> {
    let (data, rois) = roi_inputs(call, "ROIAlign")?;
    let attrs = require_attrs::<ROIAlignAttrsNode>(call)?;
    if attrs.layout != "NCHW" && attrs.layout != "NHWC" {
        return Err(Error::value_error(format!("ROIAlign only supports NCHW and NHWC layout, but got {}", attrs.layout)));
    }
    if attrs.mode != "avg" && attrs.mode != "max" {
        return Err(Error::value_error(format!("ROIAlign only supports avg and max mode, but got {}", attrs.mode)));
    }
    check_rois_last_dim("ROIAlign", &rois)?;
    Ok(roi_output(&data, &rois, &attrs.pooled_size, attrs.layout == "NHWC"))
}

fn roi_pool(call: &CallNode) -> Result<Type> {
    let (data, rois) = roi_inputs(call, "ROIPool")?;
    let attrs = require_attrs::<ROIPoolAttrsNode>(call)?;
    if attrs.layout != "NCHW" {
        return Err(Error::value_error(format!("ROIPool only supports NCHW layout, but got {}", attrs.layout)));
    }
    check_rois_last_dim("ROIPool", &rois)?;
    Ok(roi_output(&data, &rois, &attrs.pooled_size, false))
}
