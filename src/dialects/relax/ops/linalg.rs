//! `relax.matmul`: NumPy matmul semantics (1-d operands are promoted and the added
//! dimension dropped again; batch dimensions broadcast), TVM's checks and messages.

use super::attrs::MatmulAttrsNode;
use super::elementwise::broadcast_shapes;
use super::infer::{attrs, call_str, dims_equal, dtype_text, prim_dtype, tensor_arg, tensor_ty, InferRule};
use super::text::{expr_name, prim_text, shape_text, type_text};
use crate::dialects::relax::types::UNKNOWN_NDIM;
use crate::ir::{CallNode, Error, Expr, Result, Type};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    match name {
        "relax.matmul" => Some(matmul),
        _ => None,
    }
}

fn matmul(call: &CallNode) -> Result<Type> {
    let x1 = tensor_arg(call, 0)?;
    let x2 = tensor_arg(call, 1)?;
    let out_dtype = attrs::<MatmulAttrsNode>(call).and_then(|a| a.out_dtype);
    let dtype = match out_dtype {
        Some(d) => prim_dtype(d),
        None => match (&x1.dtype, &x2.dtype) {
            (Some(a), Some(b)) if a.dtype != b.dtype => {
                return Err(Error::type_error(format!(
                    "Binary operators must have the same datatype for both operands.  However, {} uses datatype {} on the LHS (Type of {}), and datatype {} on the RHS (Type of {}).",
                    call_str(call),
                    dtype_text(Some(a)),
                    type_text(&call.args[0].ty()),
                    dtype_text(Some(b)),
                    type_text(&call.args[1].ty())
                )));
            }
            (Some(a), Some(_)) => Some(a.clone()),
            _ => None,
        },
    };
    let vdevice = x1.vdevice.clone().or_else(|| x2.vdevice.clone());
    for (t, side, i) in [(&x1, "LHS", 0), (&x2, "RHS", 1)] {
        if t.ndim == 0 {
            return Err(Error::value_error(format!(
                "Matmul operands must not be scalar.  However, the expression {} has a {side} of {} with type {}, which is scalar (zero-dimensional) tensor.",
                call_str(call),
                expr_name(&call.args[i]),
                type_text(&call.args[i].ty())
            )));
        }
    }
    if x1.ndim == UNKNOWN_NDIM || x2.ndim == UNKNOWN_NDIM {
        return Ok(tensor_ty(None, dtype, UNKNOWN_NDIM, vdevice));
    }
    let (n1, n2) = (x1.ndim, x2.ndim);
    // 1-d operands are promoted to matrices ([k] -> [1, k] on the left, [k, 1] on the
    // right), and the promoted dimension is dropped from the result.
    let p1 = n1.max(2);
    let p2 = n2.max(2);
    let out_ndim = p1.max(p2) - i64::from(n1 == 1) - i64::from(n2 == 1);
    let (Some(s1), Some(s2)) = (x1.shape_values(), x2.shape_values()) else {
        return Ok(tensor_ty(None, dtype, out_ndim, vdevice));
    };
    let one = super::infer::dim(1);
    let m1: Vec<Expr> = if n1 == 1 { vec![one.clone(), s1[0].clone()] } else { s1.to_vec() };
    let m2: Vec<Expr> = if n2 == 1 { vec![s2[0].clone(), one] } else { s2.to_vec() };
    let k1 = &m1[m1.len() - 1];
    let k2 = &m2[m2.len() - 2];
    if dims_equal(k1, k2) == Some(false) {
        return Err(Error::value_error(format!(
            "Matmul requires the reduction length of the operands to be equal.  However, the LHS {} has shape {}, while the RHS {} has shape {}.  The reduction dimensions of {} and {} are not equal.",
            expr_name(&call.args[0]),
            shape_text(s1),
            expr_name(&call.args[1]),
            shape_text(s2),
            prim_text(k1),
            prim_text(k2)
        )));
    }
    let batch = broadcast_shapes(call, &m1[..m1.len() - 2], &m2[..m2.len() - 2])?;
    let Some(mut shape) = batch else {
        return Ok(tensor_ty(None, dtype, out_ndim, vdevice));
    };
    if n1 != 1 {
        shape.push(m1[m1.len() - 2].clone());
    }
    if n2 != 1 {
        shape.push(m2[m2.len() - 1].clone());
    }
    Ok(tensor_ty(Some(shape), dtype, out_ndim, vdevice))
}
