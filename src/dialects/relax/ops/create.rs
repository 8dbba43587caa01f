//! Tensor creation: `zeros`, `ones`, `full` (a shape and a dtype) and the `*_like`
//! operators (another tensor's shape, its dtype unless one is given).

use super::attrs::InitAttrsNode;
use super::elementwise::shape_of;
use super::infer::{arg_ty, op_name, prim_dtype, require_attrs, tensor_arg, tensor_ty, InferRule};
use super::text::type_text;
use crate::dialects::relax::types::{as_shape, as_tensor, TensorType, TensorTypeNode};
use crate::ir::{CallNode, Error, PrimType, Result, Span, Type, VarNode};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let rule: InferRule = match name {
        "relax.zeros" | "relax.ones" => filled,
        "relax.full" => full,
        "relax.zeros_like" | "relax.ones_like" | "relax.full_like" => filled_like,
        _ => return None,
    };
    Some(rule)
}

fn init_dtype(call: &CallNode) -> Result<Option<PrimType>> {
    Ok(require_attrs::<InitAttrsNode>(call)?.dtype.and_then(prim_dtype))
}

/// A tensor of the shape argument `i` (a `ShapeExpr`, or a shape variable).
fn of_shape(call: &CallNode, i: usize, dtype: Option<PrimType>) -> Result<Type> {
    let ty = arg_ty(call, i)?;
    let Some(s) = as_shape(&ty) else {
        return Err(Error::type_error(format!(
            "{} expects the input shape to be of R.Shape type, but got {}",
            op_name(call),
            type_text(&ty)
        )));
    };
    if let Some(values) = &s.values {
        return Ok(tensor_ty(Some(values.clone()), dtype, values.len() as i64, None));
    }
    let shape = call.args[i].is::<VarNode>().then(|| call.args[i].clone());
    Ok(TensorType::new(TensorTypeNode { shape, dtype, vdevice: None, ndim: s.ndim, span: Span::none() }).into())
}

fn filled(call: &CallNode) -> Result<Type> {
    let dtype = init_dtype(call)?;
    of_shape(call, 0, dtype)
}

fn full(call: &CallNode) -> Result<Type> {
    let fill = arg_ty(call, 1)?;
    let dtype = match init_dtype(call)? {
        Some(d) => Some(d),
        None => as_tensor(&fill).and_then(|t| t.dtype.clone()),
    };
    of_shape(call, 0, dtype)
}

fn filled_like(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let dtype = init_dtype(call)?.or_else(|| t.dtype.clone());
    Ok(tensor_ty(shape_of(&t), dtype, t.ndim, t.vdevice.clone()))
}
