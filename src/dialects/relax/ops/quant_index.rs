//! Inference for quantization (`quantize`, `dequantize`), indexing and ordering
//! (`take`, `sort`, `dynamic_strided_slice`), the loss `nn.nll_loss`, `arange`, and
//! the runtime's allocations (`memory.alloc_storage`, `vm.alloc_storage`,
//! `builtin.alloc_tensor`, `memory.alloc_tensor`, `vm.alloc_tensor`, `memory.view`,
//! closures), plus `argsort`, as TVM 0.27 infers them.

use super::attrs::{ArgsortAttrsNode, InitAttrsNode, NLLLossAttrsNode, QuantizeAttrsNode, TakeAttrsNode};
use super::elementwise::shape_of;
use super::infer::{arg_ty, by_ty_args, retyped, same_as_input, dim, normalize_axis, op_name, prim_dtype, require_attrs, tensor_arg, tensor_ty, InferRule};
use crate::dialects::relax::nodes::GenericConstNode;
use crate::dialects::relax::types::{any_type, as_shape, UNKNOWN_NDIM};
use crate::ir::{CallNode, DataType, Error, Result, Type};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let rule: InferRule = match name {
        "relax.quantize" | "relax.dequantize" => quantize,
        "relax.take" => take,
        "relax.sort" => same_as_input,
        "relax.dynamic_strided_slice" => dynamic_strided_slice,
        "relax.nn.nll_loss" => nll_loss,
        "relax.arange" => arange,
        "relax.memory.alloc_storage" | "relax.vm.alloc_storage" | "relax.make_closure" => |_| Ok(any_type()),
        "relax.builtin.alloc_tensor" => |c| tensor_of(c, 0, 1),
        "relax.memory.alloc_tensor" | "relax.vm.alloc_tensor" => |c| tensor_of(c, 2, 3),
        "relax.memory.view" => view,
        "relax.invoke_closure" | "relax.invoke_pure_closure" => |c| Ok(by_ty_args(&c.ty_args)),
        "relax.argsort" => argsort,
        _ => return None,
    };
    Some(rule)
}

/// The data's shape in `out_dtype`.
fn quantize(call: &CallNode) -> Result<Type> {
    let data = tensor_arg(call, 0)?;
    Ok(retyped(&data, prim_dtype(require_attrs::<QuantizeAttrsNode>(call)?.out_dtype)))
}

/// `x.shape[:axis] + indices.shape + x.shape[axis + 1:]`; without an axis, the
/// flattened data taken at `indices`.
fn take(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    // A scalar index (a `T.int64` value) takes as a 0-d tensor of indices.
    let (index_shape, index_ndim) = match arg_ty(call, 1)?.as_prim() {
        Some(_) => (Some(vec![]), 0),
        None => {
            let t = tensor_arg(call, 1)?;
            (shape_of(&t), t.ndim)
        }
    };
    let attrs = require_attrs::<TakeAttrsNode>(call)?;
    let Some(axis) = attrs.axis else {
        if !x.is_unknown_ndim() && x.ndim != 1 {
            return Err(Error::value_error(format!(
                "Take op expects the input data to be 1-dimensional tensor when the axis is not specified. \
                 However, the given data tensor has ndim {}",
                x.ndim
            )));
        }
        return Ok(tensor_ty(index_shape, x.dtype.clone(), index_ndim, x.vdevice.clone()));
    };
    if x.is_unknown_ndim() || index_ndim == UNKNOWN_NDIM {
        return Ok(tensor_ty(None, x.dtype.clone(), UNKNOWN_NDIM, x.vdevice.clone()));
    }
    let axis = normalize_axis(call, x.ndim, axis)? as usize;
    let ndim = x.ndim + index_ndim - 1;
    let shape = match (shape_of(&x), index_shape) {
        (Some(xs), Some(is)) => Some(xs[..axis].iter().chain(&is).chain(&xs[axis + 1..]).cloned().collect()),
        _ => None,
    };
    Ok(tensor_ty(shape, x.dtype.clone(), ndim, x.vdevice.clone()))
}

/// The data's rank and dtype; the bounds are values, so the shape is unknown.
fn dynamic_strided_slice(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    Ok(tensor_ty(None, x.dtype.clone(), x.ndim, x.vdevice.clone()))
}

/// A scalar of the predictions' dtype, or the targets' shape without reduction.
fn nll_loss(call: &CallNode) -> Result<Type> {
    let predictions = tensor_arg(call, 0)?;
    let targets = tensor_arg(call, 1)?;
    if require_attrs::<NLLLossAttrsNode>(call)?.reduction == "none" {
        return Ok(tensor_ty(shape_of(&targets), predictions.dtype.clone(), targets.ndim, predictions.vdevice.clone()));
    }
    Ok(tensor_ty(Some(vec![]), predictions.dtype.clone(), 0, predictions.vdevice.clone()))
}

/// `(end - start) / step` elements, rounded up, when the bounds are constants.
fn arange(call: &CallNode) -> Result<Type> {
    let dtype = require_attrs::<InitAttrsNode>(call)?.dtype.and_then(prim_dtype);
    let bound = |i: usize| call.args.get(i).and_then(|a| a.as_int().map(|v| v as f64).or_else(|| a.as_float()));
    let ints = (0..3).all(|i| call.args.get(i).is_some_and(|a| a.as_int().is_some()));
    let count = match (bound(0), bound(1), bound(2)) {
        (Some(_), Some(_), Some(step)) if step == 0.0 => {
            return Err(Error::value_error(format!("{} expects a non-zero step", op_name(call))));
        }
        (Some(start), Some(end), Some(step)) if ints => {
            let (s, e, st) = (start as i64, end as i64, step as i64);
            Some((e - s + st - 1).div_euclid(st).max(0))
        }
        (Some(start), Some(end), Some(step)) => Some((((end - start) as f32) / step as f32).ceil() as i64),
        _ => None,
    };
    Ok(match count {
        Some(n) => tensor_ty(Some(vec![dim(n)]), dtype, 1, None),
        None => tensor_ty(None, dtype, 1, None),
    })
}

/// The data's shape with the index dtype asked for (int32 by default).
fn argsort(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    let dtype = require_attrs::<ArgsortAttrsNode>(call)?.dtype.unwrap_or(DataType::INT32);
    Ok(retyped(&x, prim_dtype(dtype)))
}

/// The data seen with another shape and dtype (either left as it is when not given).
fn view(call: &CallNode) -> Result<Type> {
    let x = tensor_arg(call, 0)?;
    let given = |i: usize| call.args.get(i).filter(|a| !is_void_dtype_or_none(a));
    let dtype = match given(2).and_then(|a| a.downcast_ref::<GenericConstNode>()).and_then(|c| c.as_dtype()) {
        Some(d) => prim_dtype(d),
        None => x.dtype.clone(),
    };
    match given(1).map(|a| a.ty()) {
        Some(shape_ty) => match as_shape(&shape_ty) {
            Some(s) => Ok(tensor_ty(s.values.clone(), dtype, s.ndim, x.vdevice.clone())),
            None => Ok(tensor_ty(shape_of(&x), dtype, x.ndim, x.vdevice.clone())),
        },
        None => Ok(tensor_ty(shape_of(&x), dtype, x.ndim, x.vdevice.clone())),
    }
}

fn is_void_dtype_or_none(e: &crate::ir::Expr) -> bool {
    e.downcast_ref::<GenericConstNode>().and_then(|c| c.as_dtype()).is_some_and(|d| d.is_void())
}

/// A tensor of the shape argument `shape` and the dtype argument `dtype`.
fn tensor_of(call: &CallNode, shape: usize, dtype: usize) -> Result<Type> {
    let shape_ty = arg_ty(call, shape)?;
    let dtype = call.args.get(dtype).and_then(|a| a.downcast_ref::<GenericConstNode>()).and_then(|c| c.as_dtype()).and_then(prim_dtype);
    Ok(match as_shape(&shape_ty) {
        Some(s) => tensor_ty(s.values.clone(), dtype, s.ndim, None),
        None => tensor_ty(None, dtype, UNKNOWN_NDIM, None),
    })
}
