//! Neural-network operators: convolutions and their transposes (1-3 spatial
//! dimensions, any permutation layout), pooling and adaptive pooling, the
//! normalisations (`batch_norm` also gives the moving mean and variance), `dropout`,
//! `cross_entropy_with_logits`, plus `einsum` and `unique`.
//!
//! Spatial output sizes are computed when the spatial dimensions, kernel sizes and
//! attributes are constants (TVM's simplifier writes symbolic ones in forms of its
//! own); otherwise the result keeps its rank only. Layouts with split axes
//! (`NCHW16c`) are not followed either.

use super::infer::{arg_ty, in_op, op_name, tensor_arg, tensor_ty, InferRule};
use super::text::type_text;
use crate::dialects::relax::types::{as_tensor, as_tuple, tuple_type, TensorType, TensorTypeNode, UNKNOWN_NDIM};
use crate::ir::{CallNode, DataType, Error, Expr, PrimType, Result, Type, Value};

pub(super) fn rule(name: &str) -> Option<InferRule> {
    let short = name.strip_prefix("relax.")?;
    let rule: InferRule = match short {
        "nn.conv1d" | "nn.conv2d" | "nn.conv3d" => |c| conv(c, false),
        "nn.conv1d_transpose" | "nn.conv2d_transpose" | "nn.conv3d_transpose" => |c| conv(c, true),
        "nn.max_pool1d" | "nn.max_pool2d" | "nn.max_pool3d" | "nn.avg_pool1d" | "nn.avg_pool2d" | "nn.avg_pool3d" => pool,
        "nn.adaptive_avg_pool1d" | "nn.adaptive_avg_pool2d" | "nn.adaptive_avg_pool3d" => adaptive_pool,
        "nn.layer_norm" | "nn.group_norm" | "nn.instance_norm" | "nn.rms_norm" => |c| Ok(tensor_arg(c, 0)?.into()),
        "nn.dropout" => |c| {
            let t: Type = tensor_arg(c, 0)?.into();
            Ok(tuple_type(vec![t.clone(), t]))
        },
        // The normalised data, then the moving mean and variance.
        "nn.batch_norm" => |c| Ok(tuple_type(vec![tensor_arg(c, 0)?.into(), tensor_arg(c, 3)?.into(), tensor_arg(c, 4)?.into()])),
        "nn.cross_entropy_with_logits" => cross_entropy,
        "einsum" => einsum,
        "unique" => unique,
        _ => return None,
    };
    Some(rule)
}

// ---------------------------------------------------------------------------
// Attributes, read by field name (the 1-3d attribute classes share their fields).

fn field(call: &CallNode, name: &str) -> Option<Value> {
    call.attrs.as_object()?.field(name)
}

fn ints(call: &CallNode, name: &str) -> Option<Vec<i64>> {
    match field(call, name)? {
        Value::Array(a) => a.iter().map(|v| v.as_int()).collect(),
        _ => None,
    }
}

fn text(call: &CallNode, name: &str) -> Option<String> {
    field(call, name).and_then(|v| v.as_str().map(str::to_string))
}

/// The `out_dtype` attribute when it names a type.
fn out_dtype_attr(call: &CallNode) -> Option<DataType> {
    match field(call, "out_dtype")? {
        Value::DType(d) if !d.is_void() => Some(d),
        _ => None,
    }
}

/// The number of spatial dimensions an operator name says (`conv2d` → 2).
fn spatial(call: &CallNode) -> usize {
    let name = op_name(call);
    ["1d", "2d", "3d"].iter().position(|s| name.contains(s)).map_or(2, |i| i + 1)
}

// ---------------------------------------------------------------------------
// Layouts.

/// Where each axis of `canonical` (`NCHW`) sits in `layout` (`NHWC`), when `layout`
/// is a permutation of it.
fn permutation(layout: &str, canonical: &str) -> Option<Vec<usize>> {
    if layout.len() != canonical.len() || !layout.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    canonical.chars().map(|c| layout.find(c)).collect()
}

/// `dims` (in `layout`) in the canonical order.
fn to_canonical(dims: &[Expr], perm: &[usize]) -> Vec<Expr> {
    perm.iter().map(|&i| dims[i].clone()).collect()
}

/// Canonical-order `dims` in `layout`'s order.
fn from_canonical(dims: &[Expr], perm: &[usize]) -> Vec<Expr> {
    let mut out = dims.to_vec();
    for (c, &i) in perm.iter().enumerate() {
        out[i] = dims[c].clone();
    }
    out
}

fn canonical(prefix: &str, spatial: usize) -> String {
    let axes = ["W", "HW", "DHW"][spatial - 1];
    format!("{prefix}{axes}")
}

/// The rank a layout describes: one axis per letter (`NCHW4c` has five).
fn layout_ndim(layout: &str) -> usize {
    layout.chars().filter(|c| c.is_ascii_alphabetic()).count()
}

/// TVM's check that a tensor's rank matches its layout.
fn check_ndim(call: &CallNode, t: &TensorTypeNode, layout: &str, what: &str) -> Result<()> {
    if t.ndim != UNKNOWN_NDIM && t.ndim != layout_ndim(layout) as i64 {
        return Err(Error::value_error(format!(
            "{}the {what} tensor is expected to have {} dimensions (layout {layout}), but has {}",
            in_op(call),
            layout_ndim(layout),
            t.ndim
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Data types.

/// TVM's `InferBinaryArithOpOutDtype`: unknown if either is, else they must agree.
fn binary_dtype(call: &CallNode, a: &TensorTypeNode, b: &TensorTypeNode) -> Result<Option<DataType>> {
    match (&a.dtype, &b.dtype) {
        (Some(x), Some(y)) if x.dtype != y.dtype => Err(Error::type_error(format!(
            "{}Data types {} and {} must be equal for binary operators",
            in_op(call),
            x.dtype,
            y.dtype
        ))),
        (Some(x), Some(_)) => Ok(Some(x.dtype)),
        _ => Ok(None),
    }
}

fn prim(d: Option<DataType>) -> Option<PrimType> {
    d.filter(|d| !d.is_void()).map(PrimType::of)
}

fn dim(v: i64) -> Expr {
    crate::ir::int_imm(DataType::INT64, v)
}

/// A result of rank `ndim` and unknown shape.
fn rank_only(ndim: usize, dtype: Option<DataType>, like: &TensorTypeNode) -> Type {
    tensor_ty(None, prim(dtype), ndim as i64, like.vdevice.clone())
}

// ---------------------------------------------------------------------------
// Convolutions and pooling.

fn conv(call: &CallNode, transpose: bool) -> Result<Type> {
    let data = tensor_arg(call, 0)?;
    let weight = tensor_arg(call, 1)?;
    let n = spatial(call);
    let data_layout = text(call, "data_layout").unwrap_or_else(|| canonical("NC", n));
    let kernel_layout = text(call, "kernel_layout").unwrap_or_else(|| canonical(if transpose { "IO" } else { "OI" }, n));
    let out_layout = text(call, "out_layout").unwrap_or_else(|| data_layout.clone());
    check_ndim(call, &data, &data_layout, "data")?;
    check_ndim(call, &weight, &kernel_layout, "weight")?;
    let dtype = match out_dtype_attr(call) {
        Some(d) => Some(d),
        None => binary_dtype(call, &data, &weight)?,
    };
    let layouts = (
        permutation(&data_layout, &canonical("NC", n)),
        permutation(&kernel_layout, &canonical(if transpose { "IO" } else { "OI" }, n)),
        permutation(&out_layout, &canonical("NC", n)),
    );
    let (Some(dp), Some(kp), Some(op), Some(ds), Some(ks)) =
        (layouts.0, layouts.1, layouts.2, data.shape_values(), weight.shape_values())
    else {
        return Ok(rank_only(layout_ndim(&out_layout), dtype, &data));
    };
    let d = to_canonical(ds, &dp);
    let k = to_canonical(ks, &kp);
    let groups = field(call, "groups").and_then(|v| v.as_int()).unwrap_or(1);
    let (strides, padding, dilation) = (ints(call, "strides"), ints(call, "padding"), ints(call, "dilation"));
    let (Some(strides), Some(padding), Some(dilation)) = (strides, padding, dilation) else {
        return Ok(rank_only(layout_ndim(&out_layout), dtype, &data));
    };
    let output_padding = if transpose { ints(call, "output_padding").unwrap_or_else(|| vec![0; n]) } else { vec![0; n] };
    if strides.len() < n || dilation.len() < n || padding.len() < 2 * n || output_padding.len() < n {
        return Ok(rank_only(layout_ndim(&out_layout), dtype, &data));
    }
    // Channels: convolution weights are (O, I/groups, ...), transposed ones (I, O/groups, ...).
    let (in_channels, out_channels) = if transpose {
        (k[0].clone(), scaled(&k[1], groups))
    } else {
        (scaled(&k[1], groups), k[0].clone())
    };
    if let (Some(a), Some(b)) = (d[1].as_int(), in_channels.as_int())
        && a != b
    {
        return Err(Error::value_error(format!(
            "{}The channel size of the data should equal to the product of input channel size of the weight and the number of groups. However, the data channel size is {a} while the weight input channel size and number of groups are {} and {groups}",
            in_op(call),
            if transpose { b } else { k[1].as_int().unwrap_or(b) }
        )));
    }
    let mut out = vec![d[0].clone(), out_channels];
    for i in 0..n {
        let (Some(size), Some(kernel)) = (d[2 + i].as_int(), k[2 + i].as_int()) else {
            return Ok(rank_only(layout_ndim(&out_layout), dtype, &data));
        };
        let pad = padding[i] + padding[i + n];
        let extent = dilation[i] * (kernel - 1);
        let v = if transpose {
            (size - 1) * strides[i] - pad + extent + output_padding[i] + 1
        } else {
            (size + pad - extent - 1).div_euclid(strides[i].max(1)) + 1
        };
        out.push(dim(v));
    }
    Ok(tensor_ty(Some(from_canonical(&out, &op)), prim(dtype), UNKNOWN_NDIM, data.vdevice.clone()))
}

/// `d * groups`, folded when constant.
fn scaled(d: &Expr, groups: i64) -> Expr {
    match d.as_int() {
        Some(v) => dim(v * groups),
        None if groups == 1 => d.clone(),
        None => crate::ir::arith::binary(crate::ir::BinOp::Mul, d.clone(), dim(groups), crate::ir::Span::none())
            .unwrap_or_else(|_| d.clone()),
    }
}

/// A pooling call's input in canonical (`NC` + spatial) order: the data, its dims
/// reordered, the output layout's permutation; or, without known dims or layouts,
/// the rank-only result to return.
struct PoolInput {
    data: TensorType,
    n: usize,
    dtype: Option<DataType>,
    out_layout: String,
    dims: Vec<Expr>,
    out_perm: Vec<usize>,
}

fn pool_input(call: &CallNode) -> Result<std::result::Result<PoolInput, Type>> {
    let data = tensor_arg(call, 0)?;
    let n = spatial(call);
    let layout = text(call, "layout").unwrap_or_else(|| canonical("NC", n));
    let out_layout = text(call, "out_layout").unwrap_or_else(|| layout.clone());
    check_ndim(call, &data, &layout, "data")?;
    let dtype = data.dtype.as_ref().map(|p| p.dtype);
    let (Some(dp), Some(out_perm), Some(ds)) =
        (permutation(&layout, &canonical("NC", n)), permutation(&out_layout, &canonical("NC", n)), data.shape_values())
    else {
        return Ok(Err(rank_only(layout_ndim(&out_layout), dtype, &data)));
    };
    let dims = to_canonical(ds, &dp);
    Ok(Ok(PoolInput { data, n, dtype, out_layout, dims, out_perm }))
}

fn pool(call: &CallNode) -> Result<Type> {
    let PoolInput { data, n, dtype, out_layout, dims: d, out_perm: op } = match pool_input(call)? {
        Ok(p) => p,
        Err(t) => return Ok(t),
    };
    let (Some(size), Some(strides), Some(dilation), Some(padding)) =
        (ints(call, "pool_size"), ints(call, "strides"), ints(call, "dilation"), ints(call, "padding"))
    else {
        return Ok(rank_only(layout_ndim(&out_layout), dtype, &data));
    };
    if size.len() < n || strides.len() < n || dilation.len() < n || padding.len() < 2 * n {
        return Ok(rank_only(layout_ndim(&out_layout), dtype, &data));
    }
    let ceil = matches!(field(call, "ceil_mode"), Some(Value::Bool(true)));
    let mut out = vec![d[0].clone(), d[1].clone()];
    for i in 0..n {
        let Some(input) = d[2 + i].as_int() else {
            return Ok(rank_only(layout_ndim(&out_layout), dtype, &data));
        };
        let mut numerator = input + padding[i] + padding[i + n] - dilation[i] * (size[i] - 1) - 1;
        if ceil {
            numerator += strides[i] - 1;
        }
        out.push(dim(numerator.div_euclid(strides[i].max(1)) + 1));
    }
    Ok(tensor_ty(Some(from_canonical(&out, &op)), prim(dtype), UNKNOWN_NDIM, data.vdevice.clone()))
}

fn adaptive_pool(call: &CallNode) -> Result<Type> {
    let PoolInput { data, n, dtype, dims: mut out, out_perm: op, .. } = match pool_input(call)? {
        Ok(p) => p,
        Err(t) => return Ok(t),
    };
    if let Some(size) = ints(call, "output_size").filter(|s| !s.is_empty()) {
        for i in 0..n {
            // One size stands for every spatial axis.
            out[2 + i] = dim(*size.get(i).unwrap_or(&size[0]));
        }
    }
    Ok(tensor_ty(Some(from_canonical(&out, &op)), prim(dtype), UNKNOWN_NDIM, data.vdevice.clone()))
}

/// A scalar loss.
fn cross_entropy(call: &CallNode) -> Result<Type> {
    let pred = tensor_arg(call, 0)?;
    let label = tensor_arg(call, 1)?;
    let dtype = binary_dtype(call, &pred, &label)?;
    Ok(tensor_ty(Some(vec![]), prim(dtype), UNKNOWN_NDIM, pred.vdevice.clone()))
}

// ---------------------------------------------------------------------------
// einsum, unique.

/// The operand types of `einsum`'s tuple.
fn einsum(call: &CallNode) -> Result<Type> {
    let ty = arg_ty(call, 0)?;
    let Some(fields) = as_tuple(&ty) else {
        return Err(Error::type_error(format!("{}expects a tuple of tensors, got {}", in_op(call), type_text(&ty))));
    };
    let mut operands = Vec::with_capacity(fields.fields.len());
    for f in &fields.fields {
        operands.push(as_tensor(f).ok_or_else(|| {
            Error::type_error(format!("{}expects a tuple of tensors, got {}", in_op(call), type_text(&ty)))
        })?);
    }
    let Some(first) = operands.first() else {
        return Err(Error::value_error(format!("{}expects at least one operand", in_op(call))));
    };
    let mut dtype = first.dtype.as_ref().map(|p| p.dtype);
    for o in &operands[1..] {
        match (&dtype, &o.dtype) {
            (Some(a), Some(b)) if *a != b.dtype => {
                return Err(Error::type_error(format!(
                    "{}all operands should have the same dtype, but got {a} and {}",
                    in_op(call),
                    b.dtype
                )));
            }
            (_, None) => dtype = None,
            _ => {}
        }
    }
    let subscripts = text(call, "subscripts").unwrap_or_default();
    let spec: String = subscripts.chars().filter(|c| !c.is_whitespace()).collect();
    let (inputs, output) = match spec.split_once("->") {
        Some((i, o)) => (i.to_string(), Some(o.to_string())),
        None => (spec.clone(), None),
    };
    let terms: Vec<&str> = inputs.split(',').collect();
    let shapes: Option<Vec<&[Expr]>> = operands.iter().map(|o| o.shape_values()).collect();
    let vdevice = first.vdevice.clone();
    let (Some(shapes), false) = (shapes, spec.contains('.')) else {
        let ndim = output.as_ref().map_or(UNKNOWN_NDIM, |o| o.chars().filter(|c| c.is_alphabetic()).count() as i64);
        return Ok(tensor_ty(None, prim(dtype), if spec.contains('.') { UNKNOWN_NDIM } else { ndim }, vdevice));
    };
    if terms.len() != shapes.len() {
        return Err(Error::value_error(format!(
            "{}the subscripts {subscripts:?} name {} operands, but {} are given",
            in_op(call),
            terms.len(),
            shapes.len()
        )));
    }
    let mut letters: Vec<(char, Expr, usize)> = Vec::new();
    for (term, shape) in terms.iter().zip(&shapes) {
        if term.chars().count() != shape.len() {
            return Err(Error::value_error(format!(
                "{}the subscript {term:?} has {} letters for an operand of {} dimensions",
                in_op(call),
                term.chars().count(),
                shape.len()
            )));
        }
        for (c, d) in term.chars().zip(shape.iter()) {
            match letters.iter_mut().find(|(l, _, _)| *l == c) {
                Some(entry) => {
                    entry.2 += 1;
                    // A broadcast 1 gives way to the other size.
                    if entry.1.as_int() == Some(1) {
                        entry.1 = d.clone();
                    }
                }
                None => letters.push((c, d.clone(), 1)),
            }
        }
    }
    let out: String = match output {
        Some(o) => o,
        None => {
            let mut once: Vec<char> = letters.iter().filter(|(_, _, n)| *n == 1).map(|(c, _, _)| *c).collect();
            once.sort_unstable();
            once.into_iter().collect()
        }
    };
    let mut dims = Vec::with_capacity(out.len());
    for c in out.chars() {
        let Some((_, d, _)) = letters.iter().find(|(l, _, _)| *l == c) else {
            return Err(Error::value_error(format!("{}the output subscript {c:?} is not an input subscript", in_op(call))));
        };
        dims.push(d.clone());
    }
    Ok(tensor_ty(Some(dims), prim(dtype), UNKNOWN_NDIM, vdevice))
}

/// A flag argument (a prim value) of `unique`.
fn flag(call: &CallNode, i: usize) -> bool {
    call.args.get(i).and_then(|a| a.as_int()).is_some_and(|v| v != 0)
}

fn unique(call: &CallNode) -> Result<Type> {
    let data = tensor_arg(call, 0)?;
    let axis_given = call.args.get(5).is_some_and(|a| a.as_int().is_some());
    let vdevice = data.vdevice.clone();
    let values = if data.ndim == 0 {
        tensor_ty(Some(vec![dim(1)]), data.dtype.clone(), UNKNOWN_NDIM, vdevice.clone())
    } else if axis_given {
        tensor_ty(None, data.dtype.clone(), data.ndim, vdevice.clone())
    } else {
        tensor_ty(None, data.dtype.clone(), 1, vdevice.clone())
    };
    let mut out = vec![values];
    for i in 2..=4 {
        if flag(call, i) {
            out.push(tensor_ty(None, prim(Some(DataType::INT64)), 1, vdevice.clone()));
        }
    }
    Ok(if out.len() == 1 { out.remove(0) } else { tuple_type(out) })
}
