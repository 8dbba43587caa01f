//! Calls whose type is given (`call_tir`, `call_dps_packed`, `call_pure_packed`,
//! `call_builtin_with_ctx`: from `ty_args`), shape conversions (`shape_of`,
//! `tensor_to_shape`, `shape_to_tensor`), side effects typed as the empty tuple
//! (`print`, `assert_op`), `null_value`, and operators typed as their input
//! (checkpoints, device hints, `grad.no_grad`), and the gradients typed as their
//! forward input (`grad.*_backward`: argument 1's type, whatever it is).

use super::attrs::ToVDeviceAttrsNode;
use super::infer::{arg_ty, internal, op_name, prim_dtype, require_attrs, tensor_arg, tensor_ty, InferRule};
use super::text::{expr_name, type_text};
use crate::dialects::relax::types::{any_type, as_func, as_shape, tuple_type, ShapeType, TensorType, UNKNOWN_NDIM};
use crate::ir::{CallNode, DataType, Error, GlobalVarNode, Result, Type};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let rule: InferRule = match name {
        "relax.call_tir" | "relax.call_tir_inplace" | "relax.call_tir_with_grad" => call_tir,
        "relax.call_dps_packed" | "relax.call_builtin_with_ctx" => out_type,
        "relax.call_pure_packed" => pure_packed,
        "relax.shape_of" => shape_of,
        "relax.tensor_to_shape" => tensor_to_shape,
        "relax.shape_to_tensor" => shape_to_tensor,
        "relax.print"
        | "relax.assert_op"
        | "relax.vm.call_tir_dyn"
        | "relax.memory.kill_tensor"
        | "relax.memory.kill_storage"
        | "relax.vm.kill_object" => |_| Ok(tuple_type(vec![])),
        "relax.null_value" => |_| Ok(any_type()),
        "relax.grad.start_checkpoint" | "relax.grad.end_checkpoint" | "relax.grad.no_grad" | "relax.hint_on_device" => {
            |c| arg_ty(c, 0)
        }
        "relax.grad.nll_loss_backward"
        | "relax.grad.take_backward"
        | "relax.grad.max_pool2d_backward"
        | "relax.grad.avg_pool2d_backward" => |c| arg_ty(c, 1),
        "relax.to_vdevice" => to_vdevice,
        _ => return None,
    };
    Some(rule)
}

/// The single output type in `ty_args` (`out_ty=` of the script).
fn out_type(call: &CallNode) -> Result<Type> {
    match call.ty_args.as_slice() {
        [one] => Ok(one.clone()),
        other => Err(Error::type_error(format!(
            "{} expects one output type in ty_args, got {}",
            op_name(call),
            other.len()
        ))),
    }
}

fn call_tir(call: &CallNode) -> Result<Type> {
    let callee = call.args.first().ok_or_else(|| Error::type_error(format!("{} expects a callee", op_name(call))))?;
    if !callee.is::<GlobalVarNode>() {
        return Err(internal(format!(
            "Check failed: (call->args[0]->IsInstance<GlobalVarNode>()) is false: R.{} expects the first argument to be a GlobalVar referring to a TIR PrimFunc. However, the argument {} instead has type {}",
            op_name(call).trim_start_matches("relax."),
            expr_name(callee),
            callee.type_key()
        )));
    }
    let callee_ty = callee.ty();
    if !callee_ty.is_missing() && as_func(&callee_ty).is_none() {
        return Err(internal(format!(
            "{} expects the first argument to be a TIR callee.  However, the first argument {} has type {}",
            super::text::op_repr(op_name(call)),
            expr_name(callee),
            type_text(&callee_ty)
        )));
    }
    out_type(call)
}

fn pure_packed(call: &CallNode) -> Result<Type> {
    Ok(match call.ty_args.as_slice() {
        [] => any_type(),
        [one] => one.clone(),
        many => tuple_type(many.to_vec()),
    })
}

fn shape_of(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    if let Some(values) = t.shape_values() {
        return ShapeType::of_values(values.to_vec()).map(Type::from);
    }
    if let Some(s) = &t.shape {
        let ty = s.ty();
        if as_shape(&ty).is_some() {
            return Ok(ty);
        }
    }
    Ok(ShapeType::with_ndim(t.ndim).into())
}

fn tensor_to_shape(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let len = t.shape_values().filter(|s| s.len() == 1).and_then(|s| s[0].as_int());
    Ok(ShapeType::with_ndim(len.unwrap_or(UNKNOWN_NDIM)).into())
}

fn shape_to_tensor(call: &CallNode) -> Result<Type> {
    let ty = arg_ty(call, 0)?;
    let Some(s) = as_shape(&ty) else {
        return Err(Error::type_error(format!(
            "{} expects the input to be of R.Shape type, but got {}",
            op_name(call),
            type_text(&ty)
        )));
    };
    let shape = (s.ndim != UNKNOWN_NDIM).then(|| vec![super::infer::dim(s.ndim)]);
    Ok(tensor_ty(shape, prim_dtype(DataType::INT64), 1, None))
}

fn to_vdevice(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let dst = require_attrs::<ToVDeviceAttrsNode>(call)?.dst_vdevice.clone();
    let mut node = (*t).clone();
    node.vdevice = Some(dst);
    Ok(TensorType::new(node).into())
}
