//! Shape manipulation: `reshape`, `permute_dims`, `concat`, `split`, `expand_dims`,
//! `squeeze`, `flatten`, `broadcast_to`, `strided_slice`.
//!
//! Symbolic dimensions are handled where TVM's result needs no arithmetic simplifier
//! (kept, summed, multiplied, divided by a constant); where TVM's simplifier shapes the
//! result (a symbolic dimension sliced by `strided_slice`), only the rank is inferred.

use super::attrs::{
    ConcatAttrsNode, ExpandDimsAttrsNode, PermuteDimsAttrsNode, SplitAttrsNode, SqueezeAttrsNode, StridedSliceAttrsNode,
};
use super::elementwise::shape_of;
use super::infer::{
    arg_ty, dim, dim_add, dims_equal, in_op, internal, is_one, like, monomial, monomial_expr, normalize_axes,
    normalize_axis, op_name, require_attrs, tensor_arg, unknown, InferRule,
};
use super::text::{prim_text, shape_text, type_text};
use crate::dialects::relax::types::{as_shape, as_tensor, as_tuple, tuple_type, TensorType, TensorTypeNode, UNKNOWN_NDIM};
use crate::ir::arith;
use crate::ir::{structural_equal, BinOp, CallNode, Error, Expr, Result, Span, TupleNode, Type, Value, VarNode};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let rule: InferRule = match name {
        "relax.reshape" => reshape,
        "relax.permute_dims" => permute_dims,
        "relax.concat" => concat,
        "relax.split" => split,
        "relax.expand_dims" => expand_dims,
        "relax.squeeze" => squeeze,
        "relax.flatten" => flatten,
        "relax.broadcast_to" => broadcast_to,
        "relax.strided_slice" => strided_slice,
        _ => return None,
    };
    Some(rule)
}

/// A shape argument: a `ShapeExpr` or a variable of `R.Shape` type.
struct ShapeArg {
    values: Option<Vec<Expr>>,
    ndim: i64,
    expr: Expr,
}

fn shape_arg(call: &CallNode, i: usize) -> Result<ShapeArg> {
    let ty = arg_ty(call, i)?;
    let Some(s) = as_shape(&ty) else {
        return Err(Error::type_error(format!(
            "{} expects the shape argument to be of R.Shape type, but got {}",
            op_name(call),
            type_text(&ty)
        )));
    };
    Ok(ShapeArg { values: s.values.clone(), ndim: s.ndim, expr: call.args[i].clone() })
}

/// A tensor whose shape is a shape variable (`R.Tensor(s, dtype)`), or only of rank
/// `ndim` when the shape is not a variable.
fn with_shape_expr(t: &TensorTypeNode, shape: &ShapeArg) -> Type {
    if shape.expr.is::<VarNode>() {
        TensorType::new(TensorTypeNode {
            shape: Some(shape.expr.clone()),
            dtype: t.dtype.clone(),
            vdevice: t.vdevice.clone(),
            ndim: shape.ndim,
            span: Span::none(),
        })
        .into()
    } else {
        like(t, None, shape.ndim)
    }
}

fn reshape(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let target = shape_arg(call, 1)?;
    let Some(values) = &target.values else {
        return Ok(with_shape_expr(&t, &target));
    };
    let minus_one: Vec<usize> = values.iter().enumerate().filter(|(_, v)| v.as_int() == Some(-1)).map(|(i, _)| i).collect();
    let mut new = values.clone();
    if minus_one.len() > 1 {
        return Err(internal(format!(
            "Check failed: dim_to_infer == -1 ({} vs. -1) : Reshape accepts at most one \"-1\" in the new shape. However, there are multiple \"-1\" in the given new shape  ({})",
            minus_one[0],
            values.iter().map(prim_text_bare).collect::<Vec<_>>().join(", ")
        )));
    }
    let old = t.shape_values();
    if let Some(&at) = minus_one.first() {
        let Some(old) = old else {
            return Err(internal(
                "Check failed: (data_ty->shape.has_value()) is false: Reshape expects the input tensor to have known shape when there is some dimension length to infer. However, the given input has no shape.",
            ));
        };
        let known: Vec<Expr> = values.iter().enumerate().filter(|(i, _)| *i != at).map(|(_, v)| v.clone()).collect();
        new[at] = infer_dim(old, &known)?;
    }
    if let Some(old) = old {
        let (c_old, f_old) = monomial(old);
        let (c_new, f_new) = monomial(&new);
        if f_old.is_empty() && f_new.is_empty() && c_old != c_new {
            return Err(Error::value_error(format!(
                "Reshape expects the new shape to be convertible from the old shape. However, the old shape is {}, with product T.int64({c_old}), while the new shape is {}, with product T.int64({c_new})",
                shape_text(old),
                shape_text(&new)
            )));
        }
    }
    Ok(like(&t, Some(new), UNKNOWN_NDIM))
}

fn prim_text_bare(e: &Expr) -> String {
    e.as_int().map_or_else(|| prim_text(e), |i| i.to_string())
}

/// The `-1` dimension of a reshape: the old product divided by the known new
/// dimensions, cancelling symbolic factors that appear on both sides, and dividing
/// the constants exactly when possible (`n * 4` over `2` is `n * 2`, over `3` it is
/// `n * 4 // 3`).
fn infer_dim(old: &[Expr], known: &[Expr]) -> Result<Expr> {
    let (c_old, mut factors) = monomial(old);
    let (c_new, f_new) = monomial(known);
    let mut leftover = Vec::new();
    for f in f_new {
        match factors.iter().position(|g| structural_equal(g, &f, false)) {
            Some(i) => {
                factors.remove(i);
            }
            None => leftover.push(f),
        }
    }
    if c_new == 0 {
        return Ok(dim(0));
    }
    let mut result = if c_old % c_new == 0 {
        monomial_expr(c_old / c_new, &factors)?
    } else if factors.is_empty() {
        dim(c_old.div_euclid(c_new))
    } else {
        arith::make_binary(BinOp::FloorDiv, monomial_expr(c_old, &factors)?, dim(c_new), Span::none())?
    };
    if !leftover.is_empty() {
        result = arith::make_binary(BinOp::FloorDiv, result, monomial_expr(1, &leftover)?, Span::none())?;
    }
    Ok(result)
}

fn permute_dims(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let axes = require_attrs::<PermuteDimsAttrsNode>(call)?.axes.clone();
    if t.ndim == UNKNOWN_NDIM {
        if axes.is_none() {
            return Ok(unknown(&t));
        }
        return Err(internal(
            "Check failed: ndim != kUnknownNDim (-1 vs. -1) : The ndim is required to be known for this function.",
        ));
    }
    let axes = match axes {
        Some(axes) => {
            if axes.len() as i64 != t.ndim {
                return Err(Error::value_error(format!(
                    "PermuteDims expects the number of input axes to equal the ndim of the input tensor. However, the tensor ndim is {} while the given number of axes is {}",
                    t.ndim,
                    axes.len()
                )));
            }
            normalize_axes(call, t.ndim, &axes)?
        }
        None => (0..t.ndim).rev().collect(),
    };
    let shape = shape_of(&t).map(|s| axes.iter().map(|&a| s[a as usize].clone()).collect());
    Ok(like(&t, shape, t.ndim))
}

fn concat(call: &CallNode) -> Result<Type> {
    let ty = arg_ty(call, 0)?;
    let Some(tuple) = as_tuple(&ty) else {
        return Err(Error::type_error(format!(
            "Concat expects the input to be a Tuple of Tensors. However, the given input is {}",
            type_text(&ty)
        )));
    };
    if tuple.fields.is_empty() {
        return Err(Error::value_error(
            "Concat op expects at least one tensor in the input Tuple. However, the given input Tuple is empty.",
        ));
    }
    let mut tensors = Vec::with_capacity(tuple.fields.len());
    for f in &tuple.fields {
        match as_tensor(f) {
            Some(t) => tensors.push(t),
            None => {
                return Err(Error::type_error(format!(
                    "Concat expects the input to be a Tuple of Tensors. However, the given input contains {}",
                    type_text(f)
                )));
            }
        }
    }
    let axis = require_attrs::<ConcatAttrsNode>(call)?.axis;
    // Concatenating with no axis flattens: the inputs must be 1-d.
    let mut ndim = if axis.is_none() { 1 } else { UNKNOWN_NDIM };
    let mut dtype = tensors[0].dtype.clone();
    let mut dtype_known = true;
    let mut vdevice = None;
    for t in &tensors {
        match (&dtype, &t.dtype) {
            (Some(a), Some(b)) if a.dtype != b.dtype => {
                return Err(Error::type_error(format!(
                    "Concat expects all input tensors to have the same dtype. However, the input contains tensors with dtype T.{} and T.{}",
                    a.dtype, b.dtype
                )));
            }
            (_, None) => dtype_known = false,
            _ => {}
        }
        if dtype.is_none() {
            dtype = t.dtype.clone();
        }
        if t.ndim != UNKNOWN_NDIM {
            if ndim != UNKNOWN_NDIM && ndim != t.ndim {
                return Err(Error::value_error(format!(
                    "Concat expects all input tensors to have same ndim. However, the input contains tensors with ndim {ndim} and {}",
                    t.ndim
                )));
            }
            ndim = t.ndim;
        }
        vdevice = vdevice.or_else(|| t.vdevice.clone());
    }
    let dtype = if dtype_known { dtype } else { None };
    let out = |shape: Option<Vec<Expr>>, ndim: i64| super::infer::tensor_ty(shape, dtype.clone(), ndim, vdevice.clone());
    if ndim == UNKNOWN_NDIM {
        return Ok(out(None, UNKNOWN_NDIM));
    }
    let axis = normalize_axis(call, ndim, axis.unwrap_or(0))? as usize;
    let shapes: Option<Vec<&[Expr]>> = tensors.iter().map(|t| t.shape_values()).collect();
    let Some(shapes) = shapes else {
        return Ok(out(None, ndim));
    };
    let mut result: Vec<Expr> = shapes[0].to_vec();
    let mut provable = true;
    for s in &shapes[1..] {
        for d in 0..ndim as usize {
            if d == axis {
                result[d] = dim_add(&result[d], &s[d])?;
                continue;
            }
            match dims_equal(&shapes[0][d], &s[d]) {
                Some(true) => {}
                Some(false) => {
                    return Err(Error::value_error(format!(
                        "Concat expects the input tensors to have the same shape on every dimension except the one indicated by the input axis. However, the input contains tensors whose shapes on dimension {d} is {} and {}",
                        prim_text(&shapes[0][d]),
                        prim_text(&s[d])
                    )));
                }
                None => provable = false,
            }
        }
    }
    Ok(if provable { out(Some(result), ndim) } else { out(None, ndim) })
}

/// The sections or split indices of `SplitAttrs.indices_or_sections`.
enum SplitSpec {
    Sections(i64),
    Indices(Vec<i64>),
}

fn split_spec(v: &Value) -> Result<SplitSpec> {
    let int_of = |v: &Value| match v {
        Value::Int(i) => Some(*i),
        Value::Object(o) => Expr(o.clone()).as_int(),
        _ => None,
    };
    if let Some(n) = int_of(v) {
        return Ok(SplitSpec::Sections(n));
    }
    if let Some(items) = v.as_array() {
        let idx: Option<Vec<i64>> = items.iter().map(int_of).collect();
        if let Some(idx) = idx {
            return Ok(SplitSpec::Indices(idx));
        }
    }
    Err(Error::type_error(format!("split expects indices_or_sections to be an int or a list of ints, got {}", v.repr())))
}

fn split(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let attrs = require_attrs::<SplitAttrsNode>(call)?;
    let spec = split_spec(&attrs.indices_or_sections)?;
    let count = match &spec {
        SplitSpec::Sections(n) => {
            if *n <= 0 {
                return Err(internal(format!(
                    "Check failed: n_section->value > 0 ({n} vs. 0) : Split op expects the input number of sections to be a positive integer. However, the given number of sections is {n}"
                )));
            }
            *n as usize
        }
        SplitSpec::Indices(idx) => idx.len() + 1,
    };
    if count == 1 && matches!(spec, SplitSpec::Sections(_)) {
        return Ok(Type::from(t));
    }
    if t.ndim == UNKNOWN_NDIM {
        return Ok(tuple_type(vec![unknown(&t); count]));
    }
    let axis = normalize_axis(call, t.ndim, attrs.axis)? as usize;
    let Some(shape) = t.shape_values() else {
        return Ok(tuple_type(vec![like(&t, None, t.ndim); count]));
    };
    let d = &shape[axis];
    let lengths: Vec<Expr> = match spec {
        SplitSpec::Sections(n) => section_lengths(d, n)?,
        SplitSpec::Indices(idx) => index_lengths(d, &idx)?,
    };
    Ok(tuple_type(
        lengths
            .into_iter()
            .map(|len| {
                let mut s = shape.to_vec();
                s[axis] = len;
                like(&t, Some(s), t.ndim)
            })
            .collect(),
    ))
}

/// `n` sections: all but the last `ceil(d / n)` long, the last takes the rest.
fn section_lengths(d: &Expr, n: i64) -> Result<Vec<Expr>> {
    let each = match d.as_int() {
        Some(v) => dim((v + n - 1).div_euclid(n)),
        None => arith::make_binary(
            BinOp::FloorDiv,
            arith::make_binary(BinOp::Add, d.clone(), dim(n - 1), Span::none())?,
            dim(n),
            Span::none(),
        )?,
    };
    let used = arith::binary(BinOp::Mul, each.clone(), dim(n - 1), Span::none())?;
    let last = match (d.as_int(), used.as_int()) {
        (Some(a), Some(b)) => dim(a - b),
        _ => arith::make_binary(BinOp::Sub, d.clone(), used, Span::none())?,
    };
    let mut out = vec![each; (n - 1) as usize];
    out.push(last);
    Ok(out)
}

/// Split points: part `i` is `[idx[i-1], idx[i])` clamped to `[0, d]`, never negative.
fn index_lengths(d: &Expr, idx: &[i64]) -> Result<Vec<Expr>> {
    let mut out = Vec::with_capacity(idx.len() + 1);
    let mut begin = 0i64;
    for &end in idx {
        out.push(match d.as_int() {
            Some(v) => dim((end.min(v) - begin.min(v)).max(0)),
            None => {
                let mk = |op, a: Expr, b: Expr| arith::make_binary(op, a, b, Span::none());
                let hi = mk(BinOp::Min, dim(end), d.clone())?;
                let lo = mk(BinOp::Min, dim(begin), d.clone())?;
                mk(BinOp::Max, mk(BinOp::Sub, hi, lo)?, dim(0))?
            }
        });
        begin = end;
    }
    out.push(match d.as_int() {
        Some(v) => dim((v - begin).max(0)),
        None => {
            let mk = |op, a: Expr, b: Expr| arith::make_binary(op, a, b, Span::none());
            mk(BinOp::Max, mk(BinOp::Sub, d.clone(), dim(begin))?, dim(0))?
        }
    });
    Ok(out)
}

fn expand_dims(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let axes = require_attrs::<ExpandDimsAttrsNode>(call)?.axis.clone();
    if t.ndim == UNKNOWN_NDIM {
        return Ok(unknown(&t));
    }
    let out_ndim = t.ndim + axes.len() as i64;
    let axes = normalize_axes(call, out_ndim, &axes)?;
    let shape = shape_of(&t).map(|s| {
        let mut it = s.into_iter();
        (0..out_ndim).map(|i| if axes.contains(&i) { dim(1) } else { it.next().unwrap_or_else(|| dim(1)) }).collect()
    });
    Ok(like(&t, shape, out_ndim))
}

fn squeeze(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let axes = require_attrs::<SqueezeAttrsNode>(call)?.axis.clone();
    let Some(axes) = axes else {
        // Without axes every dimension of length 1 goes: only known for static shapes.
        return Ok(match t.shape_values() {
            Some(s) if s.iter().all(|d| d.as_int().is_some()) => {
                let kept: Vec<Expr> = s.iter().filter(|d| !is_one(d)).cloned().collect();
                let n = kept.len() as i64;
                like(&t, Some(kept), n)
            }
            _ => unknown(&t),
        });
    };
    if t.ndim == UNKNOWN_NDIM {
        return Ok(unknown(&t));
    }
    let axes = normalize_axes(call, t.ndim, &axes)?;
    let Some(s) = t.shape_values() else {
        return Ok(like(&t, None, t.ndim - axes.len() as i64));
    };
    // A named axis of a known length other than 1 stays (TVM does not complain).
    let kept: Vec<Expr> = s
        .iter()
        .enumerate()
        .filter(|(i, d)| !axes.contains(&(*i as i64)) || d.as_int().is_some_and(|v| v != 1))
        .map(|(_, d)| d.clone())
        .collect();
    let n = kept.len() as i64;
    Ok(like(&t, Some(kept), n))
}

fn flatten(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    if t.ndim == 0 {
        return Ok(like(&t, Some(vec![dim(1)]), 1));
    }
    match t.shape_values() {
        Some(s) => Ok(like(&t, Some(vec![super::infer::dim_product(s)?]), 1)),
        None => Ok(like(&t, None, 1)),
    }
}

fn broadcast_to(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let target = shape_arg(call, 1)?;
    if t.ndim != UNKNOWN_NDIM && target.ndim != UNKNOWN_NDIM && t.ndim > target.ndim {
        return Err(Error::value_error(format!(
            "broadcast_to expects the input shape to have the number of ndim at least as the input tensor's. However, the given tensor has ndim {} while the target shape has ndim {}",
            t.ndim, target.ndim
        )));
    }
    let Some(values) = &target.values else {
        return Ok(with_shape_expr(&t, &target));
    };
    if let Some(s) = t.shape_values() {
        for i in 1..=s.len() {
            let (x, y) = (&s[s.len() - i], &values[values.len() - i]);
            if !is_one(x) && dims_equal(x, y) == Some(false) {
                return Err(Error::value_error(format!(
                    "broadcast_to expects the input tensor shape is broadcastable to the target shape. The target shape at dim {} is {} while the input tensor shape at dim {} is {}, which are not equal.",
                    values.len() - i,
                    prim_text(y),
                    s.len() - i,
                    prim_text(x)
                )));
            }
        }
    }
    Ok(like(&t, Some(values.clone()), values.len() as i64))
}

/// The integer fields of a tuple argument (`(2,)` of `R.strided_slice(x, (2,), ...)`).
fn int_tuple(call: &CallNode, i: usize) -> Option<Vec<i64>> {
    let arg = call.args.get(i)?;
    if let Some(t) = arg.downcast_ref::<TupleNode>() {
        return t.fields.iter().map(Expr::as_int).collect();
    }
    None
}

/// The TIR expression fields of a tuple argument (`(w * 5,)`), if all are integers.
fn prim_tuple(call: &CallNode, i: usize) -> Option<Vec<Expr>> {
    let t = call.args.get(i)?.downcast_ref::<TupleNode>()?;
    t.fields
        .iter()
        .map(|f| {
            let is_tir = !f.as_object().type_key().starts_with("relax.");
            (is_tir && f.prim_dtype().is_some_and(|d| d.is_int())).then(|| f.clone())
        })
        .collect()
}

/// A slice with symbolic bounds promised in bounds (`assume_inbound`): each sliced
/// dimension is `ceildiv(end - begin, stride)`, simplified, as TVM's `GetLength`.
fn symbolic_strided_slice(call: &CallNode, t: &TensorTypeNode) -> Result<Option<Type>> {
    let (Some(axes), Some(begin), Some(end)) = (int_tuple(call, 1), prim_tuple(call, 2), prim_tuple(call, 3)) else {
        return Ok(None);
    };
    let strides = match call.args.len() {
        n if n > 4 => match prim_tuple(call, 4) {
            Some(s) => s,
            None => return Ok(None),
        },
        _ => vec![dim(1); axes.len()],
    };
    let assume_inbound = require_attrs::<StridedSliceAttrsNode>(call)?.assume_inbound;
    if !assume_inbound || t.ndim == UNKNOWN_NDIM || [begin.len(), end.len(), strides.len()] != [axes.len(); 3] {
        return Ok(None);
    }
    let axes = normalize_axes(call, t.ndim, &axes)?;
    let Some(shape) = t.shape_values() else {
        return Ok(None);
    };
    let analyzer = arith::simplify::Analyzer::default();
    let mut out = shape.to_vec();
    for (k, &axis) in axes.iter().enumerate() {
        let diff = arith::binary(BinOp::Sub, end[k].clone(), begin[k].clone(), Span::none())?;
        let up = arith::binary(BinOp::Add, diff, strides[k].clone(), Span::none())?;
        let up = arith::binary(BinOp::Sub, up, dim(1), Span::none())?;
        let len = arith::binary(BinOp::FloorDiv, up, strides[k].clone(), Span::none())?;
        out[axis as usize] = analyzer.simplify(&len);
    }
    Ok(Some(like(t, Some(out), t.ndim)))
}

fn strided_slice(call: &CallNode) -> Result<Type> {
    let t = tensor_arg(call, 0)?;
    let (Some(axes), Some(begin), Some(end)) = (int_tuple(call, 1), int_tuple(call, 2), int_tuple(call, 3)) else {
        if let Some(ty) = symbolic_strided_slice(call, &t)? {
            return Ok(ty);
        }
        return Ok(like(&t, None, t.ndim));
    };
    let strides = match call.args.len() {
        n if n > 4 => match int_tuple(call, 4) {
            Some(s) => s,
            None => return Ok(like(&t, None, t.ndim)),
        },
        _ => vec![1; axes.len()],
    };
    if begin.len() != axes.len() || end.len() != axes.len() || strides.len() != axes.len() {
        return Err(Error::value_error(format!(
            "{}the number of axes ({}), begin ({}), end ({}) and strides ({}) must be equal",
            in_op(call),
            axes.len(),
            begin.len(),
            end.len(),
            strides.len()
        )));
    }
    if t.ndim == UNKNOWN_NDIM {
        return Ok(unknown(&t));
    }
    let axes = normalize_axes(call, t.ndim, &axes)?;
    let Some(shape) = t.shape_values() else {
        return Ok(like(&t, None, t.ndim));
    };
    let assume_inbound = require_attrs::<StridedSliceAttrsNode>(call)?.assume_inbound;
    let mut out = shape.to_vec();
    for (k, &axis) in axes.iter().enumerate() {
        let (b, e, s) = (begin[k], end[k], strides[k]);
        if s == 0 {
            return Err(Error::value_error(format!("{}the stride of axis {axis} must not be 0", in_op(call))));
        }
        let len = match shape[axis as usize].as_int() {
            Some(d) => slice_len(d, b, e, s),
            // In bounds by promise, non-negative bounds need no clamping to the dimension.
            None if assume_inbound && b >= 0 && e >= 0 => unclamped_len(b, e, s),
            // TVM's result here is shaped by its simplifier (`T.min(3, n) - T.min(1, n)`).
            None => return Ok(like(&t, None, t.ndim)),
        };
        out[axis as usize] = dim(len);
    }
    Ok(like(&t, Some(out), t.ndim))
}

/// The length of `range(begin, end, stride)`.
fn unclamped_len(begin: i64, end: i64, stride: i64) -> i64 {
    if stride > 0 {
        (end - begin + stride - 1).div_euclid(stride).max(0)
    } else {
        (begin - end + (-stride) - 1).div_euclid(-stride).max(0)
    }
}

/// The length of Python's `range(d)[begin:end:stride]`.
fn slice_len(d: i64, begin: i64, end: i64, stride: i64) -> i64 {
    let norm = |v: i64| if v < 0 { v + d } else { v };
    if stride > 0 {
        let b = norm(begin).clamp(0, d);
        let e = norm(end).clamp(0, d);
        ((e - b) + stride - 1).div_euclid(stride).max(0)
    } else {
        let b = norm(begin).clamp(-1, d - 1);
        let e = norm(end).clamp(-1, d - 1);
        ((b - e) + (-stride) - 1).div_euclid(-stride).max(0)
    }
}

#[cfg(test)]
mod tests {
    use super::slice_len;

    #[test]
    fn python_slice_lengths() {
        for (d, b, e, s) in [(4, 1, 3, 1), (4, -3, -1, 1), (4, 0, 4, 2), (4, 3, 0, -1), (2, 0, 10, 1), (5, 4, -10, -2)] {
            let want = (0..d).collect::<Vec<i64>>();
            let want = python_slice(&want, b, e, s).len() as i64;
            assert_eq!(slice_len(d, b, e, s), want, "{d} {b}:{e}:{s}");
        }
    }

    fn python_slice(v: &[i64], b: i64, e: i64, s: i64) -> Vec<i64> {
        let n = v.len() as i64;
        let norm = |x: i64, lo: i64, hi: i64| (if x < 0 { x + n } else { x }).clamp(lo, hi);
        let mut out = Vec::new();
        if s > 0 {
            let (mut i, e) = (norm(b, 0, n), norm(e, 0, n));
            while i < e {
                out.push(v[i as usize]);
                i += s;
            }
        } else {
            let (mut i, e) = (norm(b, -1, n - 1), norm(e, -1, n - 1));
            while i > e {
                out.push(v[i as usize]);
                i += s;
            }
        }
        out
    }
}
