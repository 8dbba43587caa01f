//! Reductions over axes: `sum`, `mean`, `max`, `min`, `prod`, `std`, `variance`
//! (`relax.attrs.StatisticalAttrs`: `axis` list or all, `keepdims`), and
//! `argmax`/`argmin` (one axis or all, int64 results).

use super::attrs::{ArgmaxArgminAttrsNode, StatisticalAttrsNode};
use super::infer::{dim, normalize_axes, prim_dtype, require_attrs, tensor_arg, tensor_ty, InferRule};
use crate::dialects::relax::types::{TensorTypeNode, UNKNOWN_NDIM};
use crate::ir::{CallNode, DataType, Expr, PrimType, Result, Type};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let rule: InferRule = match name {
        "relax.sum" | "relax.mean" | "relax.max" | "relax.min" | "relax.prod" | "relax.std" | "relax.variance" => {
            statistical
        }
        "relax.argmax" | "relax.argmin" => arg_reduce,
        _ => return None,
    };
    Some(rule)
}

fn statistical(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let a = require_attrs::<StatisticalAttrsNode>(call)?;
    reduce(call, &t, a.axis.as_deref(), a.keepdims, t.dtype.clone())
}

fn arg_reduce(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let a = require_attrs::<ArgmaxArgminAttrsNode>(call)?;
    let axes = a.axis.map(|x| vec![x]);
    reduce(call, &t, axes.as_deref(), a.keepdims, prim_dtype(DataType::INT64))
}

/// The type of reducing `t` over `axes` (all when `None`).
fn reduce(
    call: &CallNode,
    t: &TensorTypeNode,
    axes: Option<&[i64]>,
    keepdims: bool,
    dtype: Option<PrimType>,
) -> Result<Type> {
    let out = |shape: Option<Vec<Expr>>, ndim: i64| tensor_ty(shape, dtype.clone(), ndim, t.vdevice.clone());
    let Some(axes) = axes else {
        // Over all axes: a scalar, or all ones when the dimensions are kept.
        if !keepdims {
            return Ok(out(Some(vec![]), 0));
        }
        if t.ndim == UNKNOWN_NDIM {
            return Ok(out(None, UNKNOWN_NDIM));
        }
        return Ok(out(Some(vec![dim(1); t.ndim as usize]), t.ndim));
    };
    if t.ndim == UNKNOWN_NDIM {
        return Ok(out(None, UNKNOWN_NDIM));
    }
    let axes = normalize_axes(call, t.ndim, axes)?;
    let out_ndim = if keepdims { t.ndim } else { t.ndim - axes.len() as i64 };
    let Some(shape) = t.shape_values() else {
        return Ok(out(None, out_ndim));
    };
    let mut res = Vec::with_capacity(shape.len());
    for (i, d) in shape.iter().enumerate() {
        if axes.contains(&(i as i64)) {
            if keepdims {
                res.push(dim(1));
            }
        } else {
            res.push(d.clone());
        }
    }
    Ok(out(Some(res), out_ndim))
}
