//! Inference for operators that repeat, reorder or scan their data (`repeat`, `tile`,
//! `flip`, `cumsum`, `cumprod`, `topk`, `scatter_elements`, `reverse_sequence`,
//! `multinomial_from_uniform`, `image.resize2d/3d`), as TVM 0.27 infers them.

use super::attrs::{MultinomialFromUniformAttrsNode, RepeatAttrsNode, ScanopAttrsNode, TileAttrsNode, TopKAttrsNode};
use super::elementwise::shape_of;
use super::infer::{dim, dim_product, retyped, same_as_input, normalize_axis, prim_dtype, require_attrs, tensor_arg, tensor_ty, InferRule};
use crate::dialects::relax::types::{tuple_type, UNKNOWN_NDIM};
use crate::ir::{CallNode, DataType, Error, Expr, Result, Type};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let rule: InferRule = match name {
        "relax.repeat" => repeat,
        "relax.tile" => tile,
        "relax.cumsum" | "relax.cumprod" => scan,
        "relax.topk" => topk,
        "relax.multinomial_from_uniform" => multinomial_from_uniform,
        "relax.image.resize2d" | "relax.image.resize3d" => resize,
        "relax.flip" | "relax.scatter_elements" | "relax.reverse_sequence" | "relax.memory.ensure_zero_offset" => same_as_input,
        _ => return None,
    };
    Some(rule)
}

/// `dim * factor`, as the simplifier writes it (`b * 2`; a factor of 1 leaves `dim`).
fn scaled(d: &Expr, factor: i64) -> Result<Expr> {
    dim_product(&[d.clone(), dim(factor)])
}

/// One axis repeated `repeats` times, or the flattened data without an axis.
fn repeat(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    let attrs = require_attrs::<RepeatAttrsNode>(call)?;
    let shape = shape_of(&x);
    let Some(axis) = attrs.axis else {
        let flat = shape.map(|s| dim_product(&s).and_then(|n| scaled(&n, attrs.repeats))).transpose()?;
        return Ok(tensor_ty(flat.map(|n| vec![n]), x.dtype.clone(), 1, x.vdevice.clone()));
    };
    if x.is_unknown_ndim() {
        return Ok(tensor_ty(None, x.dtype.clone(), UNKNOWN_NDIM, x.vdevice.clone()));
    }
    let axis = normalize_axis(call, x.ndim, axis)? as usize;
    let shape = shape
        .map(|mut s| -> Result<Vec<Expr>> {
            s[axis] = scaled(&s[axis], attrs.repeats)?;
            Ok(s)
        })
        .transpose()?;
    Ok(tensor_ty(shape, x.dtype.clone(), x.ndim, x.vdevice.clone()))
}

/// Each dimension times its repeat count; the shorter of the two is padded with 1s
/// in front.
fn tile(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    let repeats = &require_attrs::<TileAttrsNode>(call)?.repeats;
    if x.is_unknown_ndim() {
        return Ok(tensor_ty(None, x.dtype.clone(), UNKNOWN_NDIM, x.vdevice.clone()));
    }
    let ndim = (x.ndim as usize).max(repeats.len());
    let Some(s) = shape_of(&x) else {
        return Ok(tensor_ty(None, x.dtype.clone(), ndim as i64, x.vdevice.clone()));
    };
    let dims: Vec<Expr> = std::iter::repeat_n(dim(1), ndim - s.len()).chain(s).collect();
    let reps: Vec<i64> = std::iter::repeat_n(1, ndim - repeats.len()).chain(repeats.iter().copied()).collect();
    let shape = dims.iter().zip(&reps).map(|(d, &r)| scaled(d, r)).collect::<Result<Vec<_>>>()?;
    Ok(tensor_ty(Some(shape), x.dtype.clone(), ndim as i64, x.vdevice.clone()))
}

/// The data's shape (flattened without an axis) in the accumulation dtype.
fn scan(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    let attrs = require_attrs::<ScanopAttrsNode>(call)?;
    let dtype = attrs.dtype.map_or_else(|| x.dtype.clone(), prim_dtype);
    if attrs.axis.is_none() {
        let flat = shape_of(&x).map(|s| dim_product(&s)).transpose()?;
        return Ok(tensor_ty(flat.map(|n| vec![n]), dtype, 1, x.vdevice.clone()));
    }
    Ok(retyped(&x, dtype))
}

/// `k` values along the axis, their indices, or both.
fn topk(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    let attrs = require_attrs::<TopKAttrsNode>(call)?;
    let mut shape = shape_of(&x);
    if let Some(s) = shape.as_mut()
        && attrs.k > 0
    {
        let axis = normalize_axis(call, x.ndim, attrs.axis)? as usize;
        s[axis] = dim(attrs.k);
    }
    let values = tensor_ty(shape.clone(), x.dtype.clone(), x.ndim, x.vdevice.clone());
    let indices = tensor_ty(shape, prim_dtype(attrs.dtype.unwrap_or(DataType::INT32)), x.ndim, x.vdevice.clone());
    match attrs.ret_type.as_str() {
        "both" => Ok(tuple_type(vec![values, indices])),
        "values" => Ok(values),
        "indices" => Ok(indices),
        other => Err(Error::value_error(format!("Unsupported ret type: {other}"))),
    }
}

/// One sample per row of `sample_indices`: `(batch, 1)` in the index dtype.
fn multinomial_from_uniform(call: &CallNode) -> Result<Type> {
    let prob = tensor_arg(call, 0)?;
    let indices = tensor_arg(call, 2)?;
    let dtype = prim_dtype(require_attrs::<MultinomialFromUniformAttrsNode>(call)?.dtype);
    let batch = shape_of(&indices).and_then(|s| s.first().cloned());
    Ok(tensor_ty(batch.map(|b| vec![b, dim(1)]), dtype, 2, prob.vdevice.clone()))
}

/// `image.resize2d/3d`: the layout's spatial axes (`H`, `W`, and `D`) take the size
/// argument's values, in the output dtype (the data's when not given).
pub(super) fn resize(call: &CallNode) -> Result<Type> {
    use super::attrs::{Resize2DAttrsNode, Resize3DAttrsNode};
    let x = tensor_arg(call, 0)?;
    let (layout, out_dtype) = match super::infer::attrs::<Resize2DAttrsNode>(call) {
        Some(a) => (a.layout.clone(), a.out_dtype),
        None => {
            let a = require_attrs::<Resize3DAttrsNode>(call)?;
            (a.layout.clone(), a.out_dtype)
        }
    };
    let dtype = out_dtype.map_or_else(|| x.dtype.clone(), prim_dtype);
    let size = call.args.get(1).and_then(|s| crate::dialects::relax::types::as_shape(&s.ty()).and_then(|t| t.values.clone()));
    let spatial: &[char] = if layout.contains('D') { &['D', 'H', 'W'] } else { &['H', 'W'] };
    let shape = match (shape_of(&x), size) {
        (Some(mut s), Some(size)) if s.len() == layout.len() && size.len() == spatial.len() => {
            for (axis, c) in layout.chars().enumerate() {
                if let Some(k) = spatial.iter().position(|&p| p == c) {
                    s[axis] = size[k].clone();
                }
            }
            Some(s)
        }
        _ => None,
    };
    Ok(tensor_ty(shape, dtype, x.ndim, x.vdevice.clone()))
}
