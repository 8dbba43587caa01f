//! Elementwise operators: unary math (some require a float dtype), the `is*` checks
//! (bool results), broadcasting binary arithmetic and comparisons (bool results),
//! `ewise_fma`, dtype conversion and the elementwise activations of `R.nn`.

use super::attrs::{AstypeAttrsNode, SoftmaxAttrsNode, WrapParamAttrsNode};
use super::infer::{
    retyped, same_as_input,
    arg_ty, call_str, dims_equal, dtype_text, in_op, is_one, like, normalize_axis, prim_dtype, require_attrs,
    tensor_arg, tensor_ty, InferRule,
};
use super::text::{expr_name, op_repr, prim_text, type_text};
use crate::dialects::relax::types::{as_tensor, TensorTypeNode, UNKNOWN_NDIM};
use crate::ir::{CallNode, DataType, Error, Expr, PrimType, Result, Type};

/// Unary operators whose input must have a float dtype.
const UNARY_FLOAT: &[&str] = &[
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "exp", "log", "rsqrt", "sigmoid", "sin",
    "sinh", "sqrt", "tan", "tanh", "nn.gelu", "nn.gelu_tanh", "nn.silu", "nn.selu", "nn.leakyrelu", "nn.softplus",
];
/// Unary operators of any dtype.
const UNARY_ANY: &[&str] =
    &["abs", "bitwise_not", "ceil", "floor", "logical_not", "negative", "round", "sign", "square", "trunc", "nn.relu"];
/// Unary checks with bool results.
const UNARY_BOOL: &[&str] = &["isfinite", "isinf", "isnan"];
/// Broadcasting binary operators keeping the operands' dtype.
const BINARY_ARITH: &[&str] = &[
    "add", "subtract", "multiply", "divide", "floor_divide", "floor_mod", "mod", "power", "maximum", "minimum",
    "log_add_exp", "atan2", "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
    "left_shift", "right_shift",
];
/// Broadcasting comparisons (bool results).
const BINARY_CMP: &[&str] = &["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"];

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let short = name.strip_prefix("relax.")?;
    let rule: InferRule = if UNARY_FLOAT.contains(&short) {
        |c| unary(c, true, false)
    } else if UNARY_ANY.contains(&short) {
        |c| unary(c, false, false)
    } else if UNARY_BOOL.contains(&short) {
        |c| unary(c, false, true)
    } else if BINARY_ARITH.contains(&short) {
        |c| binary(c, false)
    } else if BINARY_CMP.contains(&short) {
        |c| binary(c, true)
    } else {
        match short {
            "ewise_fma" => ewise_fma,
            "astype" => astype,
            "wrap_param" => wrap_param,
            "clip" | "tril" | "triu" => same_as_input,
            "nn.softmax" | "nn.log_softmax" => softmax,
            "nn.prelu" => prelu,
            "where" => where_,
            _ => return None,
        }
    };
    Some(rule)
}

fn unary(call: &CallNode, require_float: bool, to_bool: bool) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    if require_float {
        check_float(&t, &format!("{} requires", op_repr(super::infer::op_name(call))))?;
    }
    if to_bool {
        return Ok(retyped(&t, prim_dtype(DataType::bool())));
    }
    Ok(Type::from(t))
}

/// TVM's float-dtype check: a known non-float dtype is a TypeError.
fn check_float(t: &TensorTypeNode, who: &str) -> Result<()> {
    match &t.dtype {
        Some(d) if !d.dtype.is_float() => Err(Error::type_error(format!(
            "{who} the input tensor to have float dtype. However, the given input dtype is T.{}",
            d.dtype
        ))),
        _ => Ok(()),
    }
}

pub(super) fn shape_of(t: &TensorTypeNode) -> Option<Vec<Expr>> {
    t.shape_values().map(<[Expr]>::to_vec)
}

fn astype(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    Ok(retyped(&t, prim_dtype(require_attrs::<AstypeAttrsNode>(call)?.dtype)))
}

fn wrap_param(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    Ok(retyped(&t, prim_dtype(require_attrs::<WrapParamAttrsNode>(call)?.dtype)))
}

fn softmax(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    check_float(&t, "Softmax requires")?;
    let axis = require_attrs::<SoftmaxAttrsNode>(call)?.axis;
    if t.ndim != UNKNOWN_NDIM {
        normalize_axis(call, t.ndim, axis)?;
    }
    Ok(Type::from(t))
}

/// `nn.prelu`: the data's type, which must be float, with a valid axis.
fn prelu(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    if t.ndim == UNKNOWN_NDIM {
        return Ok(Type::from(t));
    }
    check_float(&t, "Prelu requires")?;
    normalize_axis(call, t.ndim, require_attrs::<super::attrs::PReluAttrsNode>(call)?.axis)?;
    Ok(Type::from(t))
}

/// `where(cond, x1, x2)`: the branches' common dtype, the three shapes broadcast
/// (TVM's `InferTypeWhere`).
fn where_(call: &CallNode) -> Result<Type> {
    let cond = tensor_arg(call, 0)?;
    if let Some(d) = &cond.dtype
        && !d.dtype.is_bool()
    {
        return Err(Error::type_error(format!(
            "Where requires the input condition tensor to have boolean dtype. However, the given condition dtype is T.{}",
            d.dtype
        )));
    }
    let (x1, x2) = (tensor_arg(call, 1)?, tensor_arg(call, 2)?);
    let dtype = match (&x1.dtype, &x2.dtype) {
        (Some(a), Some(b)) if a.dtype != b.dtype => {
            return Err(Error::type_error(format!(
                "Binary operators must have the same datatype for both operands.  However, {} uses datatype {} on the LHS (Type of {}), and datatype {} on the RHS (Type of {}).",
                call_str(call),
                dtype_text(Some(a)),
                type_text(&call.args[1].ty()),
                dtype_text(Some(b)),
                type_text(&call.args[2].ty())
            )));
        }
        (Some(a), Some(_)) => Some(a.clone()),
        _ => None,
    };
    let vdevice = cond.vdevice.clone().or_else(|| x1.vdevice.clone()).or_else(|| x2.vdevice.clone());
    let ndim = if [cond.ndim, x1.ndim, x2.ndim].contains(&UNKNOWN_NDIM) { UNKNOWN_NDIM } else { cond.ndim.max(x1.ndim).max(x2.ndim) };
    let shape = match (shape_of(&cond), shape_of(&x1), shape_of(&x2)) {
        (Some(c), Some(a), Some(b)) => match broadcast_shapes(call, &a, &b)? {
            Some(ab) => broadcast_shapes(call, &c, &ab)?,
            None => None,
        },
        _ => None,
    };
    Ok(tensor_ty(shape, dtype, ndim, vdevice))
}

/// An operand of a binary operator: a tensor, or a scalar (`R.Prim`) acting as a
/// rank-0 tensor.
struct Operand {
    dtype: Option<PrimType>,
    ndim: i64,
    shape: Option<Vec<Expr>>,
    vdevice: Option<crate::dialects::relax::types::VDevice>,
    is_prim: bool,
}

fn operand(call: &CallNode, i: usize, side: &str) -> Result<Operand> {
    let ty = arg_ty(call, i)?;
    if let Some(t) = as_tensor(&ty) {
        return Ok(Operand {
            dtype: t.dtype.clone(),
            ndim: t.ndim,
            shape: shape_of(t),
            vdevice: t.vdevice.clone(),
            is_prim: false,
        });
    }
    if let Some(d) = ty.as_prim() {
        return Ok(Operand { dtype: prim_dtype(d), ndim: 0, shape: Some(vec![]), vdevice: None, is_prim: true });
    }
    Err(Error::type_error(format!(
        "Arguments to binary operators must be either R.Tensor or R.Prim types, but expression {} has {side} {}, which has Type {}",
        call_str(call),
        expr_name(&call.args[i]),
        type_text(&ty)
    )))
}

/// Broadcasting binary operators (TVM's `InferStructInfoBroadcast`).
fn binary(call: &CallNode, to_bool: bool) -> Result<Type> {
    let lhs = operand(call, 0, "LHS")?;
    let rhs = operand(call, 1, "RHS")?;
    let dtype = match (&lhs.dtype, &rhs.dtype) {
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
    };
    let dtype = if to_bool { prim_dtype(DataType::bool()) } else { dtype };
    if lhs.is_prim && rhs.is_prim {
        return Ok(match dtype {
            Some(d) => Type::prim(d.dtype),
            None => Type::prim(DataType::void()),
        });
    }
    let vdevice = lhs.vdevice.clone().or_else(|| rhs.vdevice.clone());
    if lhs.ndim == UNKNOWN_NDIM || rhs.ndim == UNKNOWN_NDIM {
        return Ok(tensor_ty(None, dtype, UNKNOWN_NDIM, vdevice));
    }
    let ndim = lhs.ndim.max(rhs.ndim);
    let shape = match (&lhs.shape, &rhs.shape) {
        (Some(a), Some(b)) => broadcast_shapes(call, a, b)?,
        _ => None,
    };
    Ok(tensor_ty(shape, dtype, ndim, vdevice))
}

/// NumPy broadcasting of two known shapes. `None` when a pair of symbolic dimensions
/// cannot be told equal (TVM then knows only the rank); a ValueError for two
/// different constants neither of which is 1.
pub(super) fn broadcast_shapes(call: &CallNode, a: &[Expr], b: &[Expr]) -> Result<Option<Vec<Expr>>> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n);
    for i in 1..=n {
        let x = a.len().checked_sub(i).map(|j| (j, &a[j]));
        let y = b.len().checked_sub(i).map(|j| (j, &b[j]));
        let d = match (x, y) {
            (Some((_, x)), None) => x.clone(),
            (None, Some((_, y))) => y.clone(),
            (Some((i1, x)), Some((i2, y))) => {
                if is_one(x) {
                    y.clone()
                } else if is_one(y) {
                    x.clone()
                } else {
                    match dims_equal(x, y) {
                        Some(true) => x.clone(),
                        Some(false) => {
                            return Err(Error::value_error(format!(
                                "{}the first input shape at dim {i1} is {} and the second input shape at dim {i2} is {}, which are not broadcastable.",
                                in_op(call),
                                prim_text(x),
                                prim_text(y)
                            )));
                        }
                        None => return Ok(None),
                    }
                }
            }
            (None, None) => unreachable!("i <= max(len)"),
        };
        out.push(d);
    }
    out.reverse();
    Ok(Some(out))
}

fn ewise_fma(call: &CallNode) -> Result<Type> {
    let ts = [tensor_arg(call, 0)?, tensor_arg(call, 1)?, tensor_arg(call, 2)?];
    if let [Some(a), Some(b), Some(c)] = [&ts[0].dtype, &ts[1].dtype, &ts[2].dtype]
        && !(a.dtype == b.dtype && b.dtype == c.dtype)
    {
        return Err(Error::type_error(format!(
            "Data types T.{}, T.{}, and T.{} must be equal for EwiseFMA",
            a.dtype, b.dtype, c.dtype
        )));
    }
    let ndims: Vec<i64> = ts.iter().map(|t| t.ndim).collect();
    if ndims.iter().all(|&d| d != UNKNOWN_NDIM) && !(ndims[0] == ndims[1] && ndims[1] == ndims[2]) {
        return Err(Error::value_error("The 3 arguments of EwiseFMA must have the same number of dimensions"));
    }
    if let [Some(a), Some(b), Some(c)] = [ts[0].shape_values(), ts[1].shape_values(), ts[2].shape_values()] {
        let differs = |x: &[Expr], y: &[Expr]| x.iter().zip(y).any(|(p, q)| dims_equal(p, q) == Some(false));
        if differs(a, b) || differs(b, c) {
            return Err(Error::value_error("The 3 arguments of EwiseFMA must have the same shape"));
        }
    }
    let t = &ts[0];
    Ok(like(t, shape_of(t), t.ndim))
}
