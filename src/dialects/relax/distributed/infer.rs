//! Type inference over distributed tensors (TVM's `dist.FInferType`): the rules of
//! the `relax.dist.*` operators and `ccl.allreduce`, and, for the operators TVM gives
//! a distributed rule (elementwise, broadcasting binary, `matmul`, `permute_dims`,
//! `reshape`, the reductions, `nn.softmax`), the output of the ordinary rule on the
//! local tensor types, placed on the inputs' mesh by following each sharded input
//! axis to the output axis it becomes (TVM's axis-group propagation). An output axis
//! takes the first sharding reaching it; a mesh dimension shards the last output
//! axis that claims it; the others are replicas.

use super::ops::DistributionAttrsNode;
use super::types::{as_dtensor, DTensorType, DTensorTypeNode, DeviceMesh, Placement, PlacementSpec};
use crate::dialects::relax::ops::attrs::{PermuteDimsAttrsNode, ScatterCollectiveAttrsNode, SoftmaxAttrsNode, StatisticalAttrsNode};
use crate::dialects::relax::ops::InferRule;
use crate::dialects::relax::types::{as_tensor, TensorType, TensorTypeNode};
use crate::ir::{structural_equal, CallNode, Error, Expr, OpNode, Result, Span, Type, Value};

/// The rules of the distributed operators themselves (they see local and distributed
/// tensors alike).
pub fn rule(name: &str) -> Option<InferRule> {
    Some(match name {
        "relax.dist.annotate_sharding" => |c| arg_ty(c, 0),
        "relax.dist.redistribute" => redistribute,
        "relax.dist.redistribute_replica_to_shard" => replica_to_shard,
        "relax.dist.call_tir_local_view" => |c| match c.ty_args.as_slice() {
            [one] => Ok(one.clone()),
            _ => Err(Error::runtime("ty_args should have exactly 1 output type.")),
        },
        "relax.ccl.allreduce" => allreduce,
        _ => return None,
    })
}

fn op_name(call: &CallNode) -> &str {
    call.op.downcast_ref::<OpNode>().map_or("", |o| &o.name)
}

fn arg_ty(call: &CallNode, i: usize) -> Result<Type> {
    call.args
        .get(i)
        .map(|a| a.ty())
        .ok_or_else(|| Error::type_error(format!("{} expects at least {} argument(s)", op_name(call), i + 1)))
}

fn attrs<T: crate::ir::NodeType>(call: &CallNode) -> Result<&T> {
    call.attrs.as_object().and_then(|o| o.downcast_ref::<T>()).ok_or_else(|| {
        Error::type_error(format!("{} expects call attributes of type {}", op_name(call), T::type_key_static()))
    })
}

fn dtensor_arg(call: &CallNode, i: usize) -> Result<DTensorType> {
    let ty = arg_ty(call, i)?;
    ty.try_downcast::<DTensorTypeNode>().ok_or_else(|| {
        Error::type_error(format!(
            "{} expects a distributed tensor (R.DTensor) as its input, got {}",
            op_name(call),
            crate::dialects::relax::ops::type_text(&ty)
        ))
    })
}

fn redistribute(call: &CallNode) -> Result<Type> {
    let a = attrs::<DistributionAttrsNode>(call)?;
    let t = dtensor_arg(call, 0)?;
    Ok(DTensorType::make(t.tensor_ty.clone(), a.device_mesh.clone(), a.placement.clone())?.into())
}

/// Each worker keeps its slice: a local tensor's axis is divided by `num_workers`; a
/// replicated distributed tensor becomes sharded on that axis (its global type kept).
fn replica_to_shard(call: &CallNode) -> Result<Type> {
    let a = attrs::<ScatterCollectiveAttrsNode>(call)?;
    let ty = arg_ty(call, 0)?;
    let tensor: TensorType = match as_dtensor(&ty) {
        Some(d) => d.tensor_ty.clone(),
        None => ty.try_downcast::<TensorTypeNode>().ok_or_else(|| {
            Error::type_error(format!("{} expects a tensor, got {}", op_name(call), crate::dialects::relax::ops::type_text(&ty)))
        })?,
    };
    let Some(shape) = tensor.shape_values() else {
        return Err(Error::runtime("input tensor of redistribute_replica_to_shard should have defined shape."));
    };
    let axis = usize::try_from(a.axis).ok().filter(|&x| x < shape.len()).ok_or_else(|| {
        Error::value_error(format!("redistribute_replica_to_shard: axis {} is out of range for a tensor of ndim {}", a.axis, shape.len()))
    })?;
    if let Some(n) = shape[axis].as_int()
        && a.num_workers != 0
        && n % a.num_workers != 0
    {
        return Err(Error::value_error(format!(
            "redistribute_replica_to_shard expects the size of axis {} of input tensor to be divisible by the num_workers. However, the axis {} of input tensor is {n} while num_workers is {}",
            a.axis, a.axis, a.num_workers
        )));
    }
    let Some(d) = as_dtensor(&ty) else {
        let mut dims = shape.to_vec();
        dims[axis] = crate::ir::arith::binary(
            crate::ir::BinOp::Div,
            dims[axis].clone(),
            crate::ir::int_imm(crate::ir::DataType::INT64, a.num_workers),
            Span::none(),
        )?;
        let shape = crate::dialects::relax::nodes::ShapeExpr::make(dims, Span::none())?;
        return Ok(TensorType::make(Some(shape.into()), Some(tensor.elem_dtype()), tensor.vdevice.clone(), -1, Span::none())?.into());
    };
    if d.device_mesh.shape.len() != 1 || d.placement.dim_specs.first().is_some_and(|s| s.sharded_axis().is_some()) {
        return Err(Error::runtime("redistribute_replica_to_shard expects a replicated tensor on a one-dimensional device mesh"));
    }
    let placement = Placement::make(vec![PlacementSpec::sharding(a.axis)]);
    Ok(DTensorType::make(d.tensor_ty.clone(), d.device_mesh.clone(), placement)?.into())
}

/// After an all-reduce every worker holds the whole value: replicated everywhere.
fn allreduce(call: &CallNode) -> Result<Type> {
    let ty = arg_ty(call, 0)?;
    let Some(d) = as_dtensor(&ty) else { return Ok(ty) };
    let placement = Placement::make(d.device_mesh.shape.iter().map(|_| PlacementSpec::replica()).collect());
    Ok(DTensorType::make(d.tensor_ty.clone(), d.device_mesh.clone(), placement)?.into())
}

/// How an operator's input axes become its output axes.
enum AxisMap {
    /// Elementwise: axis `a` is output axis `a`.
    Same,
    /// Right-aligned broadcasting; a broadcast dimension of 1 joins nothing.
    Broadcast,
    Matmul,
    /// Output axis `i` is input axis `axes[i]`.
    Permute(Vec<usize>),
    /// The axes kept by a reduction (all when `None`), `keepdims` keeping positions.
    Reduce(Option<Vec<usize>>, bool),
    /// Elementwise but along one axis.
    AllBut(usize),
    /// Axes at the same offset (equal dimensions after equal products).
    Reshape,
}

const UNARY: &[&str] = &[
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_not", "ceil", "cos", "cosh", "exp", "floor", "log",
    "logical_not", "negative", "round", "rsqrt", "sigmoid", "sign", "sin", "sinh", "square", "sqrt", "tan", "tanh", "erf",
    "isfinite", "isinf", "isnan", "nn.relu", "nn.gelu", "nn.gelu_tanh", "nn.silu",
];
const BINARY: &[&str] = &[
    "add", "divide", "floor_divide", "multiply", "power", "subtract", "equal", "greater", "greater_equal", "less",
    "less_equal", "not_equal", "minimum", "maximum", "logical_and", "logical_or", "logical_xor", "bitwise_and",
    "bitwise_or", "bitwise_xor",
];
const REDUCE: &[&str] = &["max", "mean", "min", "prod", "std", "sum", "variance"];

fn normalize(axis: i64, ndim: usize) -> Option<usize> {
    let a = if axis < 0 { axis + ndim as i64 } else { axis };
    usize::try_from(a).ok().filter(|&a| a < ndim)
}

fn axis_map(call: &CallNode, in_ndim: usize) -> Option<AxisMap> {
    let short = op_name(call).strip_prefix("relax.")?;
    Some(if UNARY.contains(&short) {
        AxisMap::Same
    } else if BINARY.contains(&short) {
        AxisMap::Broadcast
    } else if REDUCE.contains(&short) {
        let a = attrs::<StatisticalAttrsNode>(call).ok()?;
        let axes = a.axis.as_ref().map(|v| v.iter().filter_map(|&x| normalize(x, in_ndim)).collect());
        AxisMap::Reduce(axes, a.keepdims)
    } else {
        match short {
            "matmul" => AxisMap::Matmul,
            "reshape" => AxisMap::Reshape,
            "nn.softmax" => AxisMap::AllBut(normalize(attrs::<SoftmaxAttrsNode>(call).ok()?.axis, in_ndim)?),
            "permute_dims" => AxisMap::Permute(match &attrs::<PermuteDimsAttrsNode>(call).ok()?.axes {
                Some(axes) => axes.iter().map(|&x| normalize(x, in_ndim)).collect::<Option<Vec<_>>>()?,
                None => (0..in_ndim).rev().collect(),
            }),
            _ => return None,
        }
    })
}

/// The distributed type of a call whose inputs are all distributed tensors (`None`:
/// not such a call, or an operator with a rule of its own, [`rule`]). `rule` is the
/// operator's ordinary rule, run on the local tensor types.
pub fn infer(rule_fn: InferRule, call: &CallNode) -> Option<Result<Type>> {
    let types: Vec<Type> = call.args.iter().map(|a| a.ty()).collect();
    let any_dist = types.iter().any(|t| as_dtensor(t).is_some());
    // Mixed with local tensors, TVM runs the ordinary rule (which refuses them).
    if !any_dist || types.iter().any(|t| as_tensor(t).is_some()) || rule(op_name(call)).is_some() {
        return None;
    }
    Some(infer_placed(rule_fn, call, &types))
}

fn infer_placed(rule_fn: InferRule, call: &CallNode, types: &[Type]) -> Result<Type> {
    let inputs: Vec<(usize, &DTensorTypeNode)> =
        types.iter().enumerate().filter_map(|(i, t)| as_dtensor(t).map(|d| (i, d))).collect();
    let mesh: DeviceMesh = inputs[0].1.device_mesh.clone();
    if inputs.iter().any(|(_, d)| !structural_equal(&d.device_mesh, &mesh, false)) {
        return Err(Error::value_error(format!("{}: the distributed inputs are on different device meshes", op_name(call))));
    }
    let in_ndim = inputs[0].1.tensor_ty.ndim.max(0) as usize;
    let Some(map) = axis_map(call, in_ndim) else {
        return Err(Error::runtime(format!("Cannot find the dist.FInferType attribute registered to op: {}", op_name(call))));
    };
    // The ordinary rule on local stand-ins of the arguments.
    let mut local = call.clone();
    for (i, d) in &inputs {
        local.args[*i] = crate::ir::new_var("x", Type::from(d.tensor_ty.clone()), Span::none()).into();
    }
    let out = rule_fn(&local)?;
    let Some(out_t) = out.try_downcast::<TensorTypeNode>() else {
        return Err(Error::runtime(format!("{}: a distributed operator must give a tensor", op_name(call))));
    };
    let out_ndim = out_t.ndim.max(0) as usize;
    let mut claimed: Vec<Option<usize>> = vec![None; out_ndim];
    for (k, (_, d)) in inputs.iter().enumerate() {
        for (mesh_dim, spec) in d.placement.dim_specs.iter().enumerate() {
            let Some(axis) = spec.sharded_axis().and_then(|a| usize::try_from(a).ok()) else { continue };
            if let Some(o) = output_axis(&map, k, inputs.len(), &d.tensor_ty, &out_t, axis)
                && o < out_ndim
                && claimed[o].is_none()
            {
                claimed[o] = Some(mesh_dim);
            }
        }
    }
    let mut specs: Vec<PlacementSpec> = mesh.shape.iter().map(|_| PlacementSpec::replica()).collect();
    for (o, m) in claimed.iter().enumerate() {
        if let Some(m) = m {
            specs[*m] = PlacementSpec::sharding(o as i64);
        }
    }
    Ok(DTensorType::make(out_t, mesh, Placement::make(specs))?.into())
}

fn dims(t: &TensorTypeNode) -> Option<&[Expr]> {
    t.shape_values()
}

/// Whether a broadcast dimension of 1 meets a larger output dimension.
fn broadcast_one(input: &TensorTypeNode, a: usize, out: &TensorTypeNode, o: usize) -> bool {
    let one = |d: Option<&Expr>| d.and_then(|e| e.as_int()) == Some(1);
    one(dims(input).and_then(|d| d.get(a))) && !one(dims(out).and_then(|d| d.get(o)))
}

/// The output axis input axis `a` of input `k` (of `n` distributed inputs) becomes.
fn output_axis(map: &AxisMap, k: usize, n: usize, input: &TensorTypeNode, out: &TensorTypeNode, a: usize) -> Option<usize> {
    let in_ndim = input.ndim.max(0) as usize;
    let out_ndim = out.ndim.max(0) as usize;
    match map {
        AxisMap::Same => Some(a),
        AxisMap::AllBut(x) => (a != *x).then_some(a),
        AxisMap::Broadcast => {
            let o = (a + out_ndim).checked_sub(in_ndim)?;
            (!broadcast_one(input, a, out, o)).then_some(o)
        }
        AxisMap::Permute(axes) => axes.iter().position(|&x| x == a),
        AxisMap::Reduce(None, _) => None,
        AxisMap::Reduce(Some(axes), keepdims) => {
            if axes.contains(&a) {
                None
            } else if *keepdims {
                Some(a)
            } else {
                Some(a - axes.iter().filter(|&&x| x < a).count())
            }
        }
        AxisMap::Matmul => {
            if n != 2 || in_ndim < 2 {
                return None;
            }
            // Output: the batch dimensions, then the rows of the left operand and the
            // columns of the right one; the contracted axes join nothing.
            let batch = out_ndim.checked_sub(2)?;
            let o = match (k, a + 2 == in_ndim, a + 1 == in_ndim) {
                (0, true, _) => out_ndim - 2,
                (1, _, true) => out_ndim - 1,
                (_, false, false) => (a + batch).checked_sub(in_ndim - 2)?,
                _ => return None,
            };
            (!broadcast_one(input, a, out, o)).then_some(o)
        }
        AxisMap::Reshape => {
            let (i, o) = (dims(input)?, dims(out)?);
            let prefix_in = product_key(&i[..a]);
            (0..o.len()).find(|&j| structural_equal(&i[a], &o[j], false) && product_key(&o[..j]) == prefix_in)
        }
    }
}

/// A product of dimensions as comparable parts: the constant factor and the symbolic
/// factors' texts, sorted.
fn product_key(dims: &[Expr]) -> (i64, Vec<String>) {
    let mut coeff = 1i64;
    let mut factors = Vec::new();
    for d in dims {
        match d.as_int() {
            Some(v) => coeff = coeff.wrapping_mul(v),
            None => factors.push(crate::dialects::relax::ops::prim_text(d)),
        }
    }
    factors.sort();
    (coeff, factors)
}

/// A `relax.attrs.DistributionAttrs` value.
pub fn distribution_attrs(device_mesh: DeviceMesh, placement: Placement) -> Value {
    Value::Object(
        super::ops::DistributionAttrs::new(DistributionAttrsNode { device_mesh, placement, span: Span::none() }).upcast(),
    )
}
