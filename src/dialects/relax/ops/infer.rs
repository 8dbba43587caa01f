//! The machinery the inference rules share: reading arguments and attributes, axis
//! normalisation, dimension comparison and TVM's error messages; plus inference for
//! calls of non-operators (extern functions, global and local functions).

use crate::fast_hash::FastMap;

use super::text::{call_text, expr_name, op_repr, type_text};
use super::{create, elementwise, linalg, manipulate, misc, nn, quant_index, reduce, repeat_scan, vision};
use crate::dialects::relax::nodes::{ExternFuncNode, ShapeExprNode};
use crate::dialects::relax::types::{
    any_type, as_func, as_tensor, as_tuple, erase_where, tuple_type, TensorType, TensorTypeNode, VDevice,
    INFER_BY_TY_ARGS, UNKNOWN_NDIM,
};
use crate::ir::arith;
use crate::ir::{
    structural_equal, BinOp, CallNode, DataType, Error, ErrorKind, Expr, GlobalVarNode, NodeType, ObjectRef, OpNode, PrimType,
    Result, Span, Type, Value, VarNode,
};

/// An inference rule: the type of a call of one operator, or TVM's error.
pub type InferRule = fn(&CallNode) -> Result<Type>;

/// The rule of an operator, if it has one.
pub(super) fn rule_of(name: &str) -> Option<InferRule> {
    elementwise::rule(name)
        .or_else(|| linalg::rule(name))
        .or_else(|| manipulate::rule(name))
        .or_else(|| reduce::rule(name))
        .or_else(|| create::rule(name))
        .or_else(|| misc::rule(name))
        .or_else(|| quant_index::rule(name))
        .or_else(|| repeat_scan::rule(name))
        .or_else(|| nn::rule(name))
        .or_else(|| vision::rule(name))
        .or_else(|| crate::dialects::relax::distributed::infer::rule(name))
}

/// Run a rule, unless an argument's type is missing: then nothing is known. (A
/// `GlobalVar` callee of `call_tir` may not be typed yet while its module is built.)
pub(super) fn run(rule: InferRule, call: &CallNode) -> Result<Type> {
    if call.args.iter().any(|a| !a.is::<GlobalVarNode>() && has_missing(&a.ty())) {
        return Ok(Type::missing());
    }
    // Distributed tensors in, a distributed tensor out (TVM's `dist.FInferType`).
    if let Some(t) = crate::dialects::relax::distributed::infer::infer(rule, call) {
        return t;
    }
    rule(call)
}

fn has_missing(ty: &Type) -> bool {
    ty.is_missing() || as_tuple(ty).is_some_and(|t| t.fields.iter().any(has_missing))
}

// ---------------------------------------------------------------------------
// Arguments and attributes.

pub(super) fn op_name(call: &CallNode) -> &str {
    call.op.downcast_ref::<OpNode>().map_or("", |o| &o.name)
}

/// `In <op repr>, ` — TVM's prefix for messages about an operator's arguments.
pub(super) fn in_op(call: &CallNode) -> String {
    format!("In {}, ", op_repr(op_name(call)))
}

pub(super) fn arg_ty(call: &CallNode, i: usize) -> Result<Type> {
    call.args.get(i).map(|a| a.ty()).ok_or_else(|| {
        Error::type_error(format!("{} expects at least {} argument(s), got {}", op_name(call), i + 1, call.args.len()))
    })
}

/// Argument `i` as a tensor, or TVM's TypeError.
pub(super) fn tensor_arg(call: &CallNode, i: usize) -> Result<TensorType> {
    let ty = arg_ty(call, i)?;
    match ty.try_downcast::<TensorTypeNode>() {
        Some(t) => Ok(t),
        None => {
            let arg_name = super::op_fact(op_name(call)).and_then(|f| f.args.get(i)).map_or("x", |a| a.0);
            Err(Error::type_error(format!(
                "Operator {} requires argument {i} ({arg_name}) to be a tensor.  However, the argument {} is instead of type {}",
                op_repr(op_name(call)),
                expr_name(&call.args[i]),
                type_text(&ty)
            )))
        }
    }
}

/// The call's attributes as the node type `T`, if they are one.
pub(super) fn attrs<T: NodeType>(call: &CallNode) -> Option<&T> {
    match &call.attrs {
        Value::Object(o) => o.downcast_ref::<T>(),
        _ => None,
    }
}

/// The call's attributes as `T`, or a TypeError naming the expected type.
pub(super) fn require_attrs<T: NodeType>(call: &CallNode) -> Result<&T> {
    attrs::<T>(call).ok_or_else(|| {
        Error::type_error(format!(
            "{} expects call attributes of type {}, got {}",
            op_name(call),
            T::type_key_static(),
            call.attrs.kind_name()
        ))
    })
}

// ---------------------------------------------------------------------------
// Axes.

/// TVM's `NormalizeAxis`: `axis` in `[-ndim, ndim)`, made non-negative.
pub(super) fn normalize_axis(call: &CallNode, ndim: i64, axis: i64) -> Result<i64> {
    if axis < -ndim || axis >= ndim {
        return Err(Error::value_error(format!(
            "{}the input axis {axis} is out of range. The input tensor has {ndim} dimensions, so axis should be in range [{}, {ndim}).",
            in_op(call),
            -ndim
        )));
    }
    Ok(if axis < 0 { axis + ndim } else { axis })
}

/// TVM's `NormalizeAxes`: each axis normalised, no axis twice.
pub(super) fn normalize_axes(call: &CallNode, ndim: i64, axes: &[i64]) -> Result<Vec<i64>> {
    let mut out = Vec::with_capacity(axes.len());
    for &a in axes {
        let a = normalize_axis(call, ndim, a)?;
        if out.contains(&a) {
            return Err(Error::value_error(format!(
                "{}the input axes is required to be non-repetitive. However, there are multiple given axes referring to axis {a}",
                in_op(call)
            )));
        }
        out.push(a);
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// Dimensions.

/// An int64 dimension constant.
pub(super) fn dim(v: i64) -> Expr {
    crate::ir::int_imm(DataType::INT64, v)
}

/// Whether two dimensions are equal: `Some` when it can be told (equal constants, or
/// structurally equal expressions), `None` when it depends on symbolic values.
pub(super) fn dims_equal(a: &Expr, b: &Expr) -> Option<bool> {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => Some(x == y),
        _ if structural_equal(a, b, false) => Some(true),
        _ => None,
    }
}

pub(super) fn is_one(e: &Expr) -> bool {
    e.as_int() == Some(1)
}

/// `a + b` on dimensions, folding constants.
pub(super) fn dim_add(a: &Expr, b: &Expr) -> Result<Expr> {
    arith::binary(BinOp::Add, a.clone(), b.clone(), Span::none())
}

/// The product of dimensions as TVM's simplifier writes it: the symbolic factors in
/// order, then the constant factor (`n * m * 2`); `1` for none.
pub(super) fn dim_product(dims: &[Expr]) -> Result<Expr> {
    let (coeff, factors) = monomial(dims);
    monomial_expr(coeff, &factors)
}

/// Split dimensions into a constant coefficient and the symbolic factors.
pub(super) fn monomial(dims: &[Expr]) -> (i64, Vec<Expr>) {
    let mut coeff = 1i64;
    let mut factors = Vec::new();
    for d in dims {
        match d.as_int() {
            Some(v) => coeff = coeff.wrapping_mul(v),
            None => factors.push(d.clone()),
        }
    }
    (coeff, factors)
}

pub(super) fn monomial_expr(coeff: i64, factors: &[Expr]) -> Result<Expr> {
    if coeff == 0 {
        return Ok(dim(0));
    }
    let mut it = factors.iter();
    let Some(first) = it.next() else {
        return Ok(dim(coeff));
    };
    let mut acc = first.clone();
    for f in it {
        acc = arith::make_binary(BinOp::Mul, acc, f.clone(), Span::none())?;
    }
    if coeff != 1 {
        acc = arith::make_binary(BinOp::Mul, acc, dim(coeff), Span::none())?;
    }
    Ok(acc)
}

/// A tensor type of known or unknown shape (`ndim` is used when `shape` is `None`).
pub(super) fn tensor_ty(shape: Option<Vec<Expr>>, dtype: Option<PrimType>, ndim: i64, vdevice: Option<VDevice>) -> Type {
    let (shape, ndim) = match shape {
        Some(values) => {
            let n = values.len() as i64;
            (Some(crate::dialects::relax::nodes::ShapeExpr::new(shape_expr_node(values)).upcast()), n)
        }
        None => (None, ndim),
    };
    TensorType::new(TensorTypeNode { shape: shape.map(Expr), dtype, vdevice, ndim, span: Span::none() }).into()
}

fn shape_expr_node(values: Vec<Expr>) -> ShapeExprNode {
    ShapeExprNode {
        ty: crate::dialects::relax::types::shape_type_of(&values),
        values,
        span: Span::none(),
    }
}

/// A tensor like `t` with a new shape (or rank).
pub(super) fn like(t: &TensorTypeNode, shape: Option<Vec<Expr>>, ndim: i64) -> Type {
    tensor_ty(shape, t.dtype.clone(), ndim, t.vdevice.clone())
}

/// `t`'s shape and device with another element type.
pub(super) fn retyped(t: &TensorTypeNode, dtype: Option<PrimType>) -> Type {
    tensor_ty(t.shape_values().map(<[Expr]>::to_vec), dtype, t.ndim, t.vdevice.clone())
}

/// The first argument's type (a tensor's): operators that keep their input's type.
pub(super) fn same_as_input(call: &CallNode) -> Result<Type> {
    Ok(Type::from(tensor_arg(call, 0)?))
}

pub(super) fn prim_dtype(d: DataType) -> Option<PrimType> {
    (!d.is_void()).then(|| PrimType::new(crate::ir::PrimTypeNode { dtype: d, span: Span::none() }))
}

pub(super) fn dtype_text(d: Option<&PrimType>) -> String {
    d.map_or("void".into(), |p| format!("T.{}", p.dtype))
}

pub(super) fn internal(msg: impl Into<String>) -> Error {
    // TVM's `InternalError` derives from Python's RuntimeError.
    Error::new(ErrorKind::RuntimeError, msg)
}

pub(super) fn unknown(t: &TensorTypeNode) -> Type {
    like(t, None, UNKNOWN_NDIM)
}

pub(super) fn call_str(call: &CallNode) -> String {
    call_text(call)
}

// ---------------------------------------------------------------------------
// Calls of non-operators.

/// The type of any Relax call: an operator's by its rule; an `ExternFunc` call's from
/// its `ty_args` (TVM's `infer_by_ty_args`); a call of a function value (a `GlobalVar`,
/// a local closure, a `Function`) from the callee's `R.Callable` type, with the
/// symbolic variables of its parameters bound to the arguments' values. Missing when
/// the callee's type says nothing.
pub fn infer_relax_call(call: &CallNode) -> Result<Type> {
    if call.op.is::<OpNode>() {
        return crate::ir::op::infer_call_type(call);
    }
    if call.op.is::<ExternFuncNode>() {
        return Ok(by_ty_args(&call.ty_args));
    }
    let callee_ty = call.op.ty();
    let Some(f) = as_func(&callee_ty) else {
        return Ok(Type::missing());
    };
    if f.derive_func.as_ref().is_some_and(|d| d.name == INFER_BY_TY_ARGS) {
        return Ok(by_ty_args(&call.ty_args));
    }
    let Some(params) = &f.params else {
        return Ok(f.ret.clone());
    };
    if params.len() != call.args.len() {
        return Err(Error::type_error(format!(
            "{} expects {} argument(s), but {} were given",
            call_str(call),
            params.len(),
            call.args.len()
        )));
    }
    let mut binding: FastMap<ObjectRef, Expr> = FastMap::default();
    for (p, a) in params.iter().zip(&call.args) {
        bind_symbolic(p, &a.ty(), &mut binding);
    }
    let param_vars: Vec<ObjectRef> =
        params.iter().flat_map(crate::dialects::relax::types::symbolic_vars).collect();
    let ret = substitute_type(&f.ret, &binding)?;
    Ok(erase_where(&ret, &|v| param_vars.contains(v) && !binding.contains_key(v)))
}

pub(super) fn by_ty_args(ty_args: &[Type]) -> Type {
    match ty_args {
        [] => any_type(),
        [one] => one.clone(),
        many => tuple_type(many.to_vec()),
    }
}

/// Bind the bare variables of a parameter type's shape to the argument's dimensions.
fn bind_symbolic(param: &Type, arg: &Type, out: &mut FastMap<ObjectRef, Expr>) {
    if let (Some(p), Some(a)) = (as_tensor(param), as_tensor(arg))
        && let (Some(pd), Some(ad)) = (p.shape_values(), a.shape_values())
        && pd.len() == ad.len()
    {
        for (x, y) in pd.iter().zip(ad) {
            if x.is::<VarNode>() {
                out.entry(x.as_object().clone()).or_insert_with(|| y.clone());
            }
        }
    }
    if let (Some(p), Some(a)) = (as_tuple(param), as_tuple(arg))
        && p.fields.len() == a.fields.len()
    {
        for (x, y) in p.fields.iter().zip(&a.fields) {
            bind_symbolic(x, y, out);
        }
    }
}

/// Replace variables in a type (folding arithmetic that becomes constant).
pub(super) fn substitute_type(ty: &Type, map: &FastMap<ObjectRef, Expr>) -> Result<Type> {
    if map.is_empty() {
        return Ok(ty.clone());
    }
    Type::try_from_object(substitute(ty.as_object(), map)?)
}

fn substitute(obj: &ObjectRef, map: &FastMap<ObjectRef, Expr>) -> Result<ObjectRef> {
    if let Some(e) = map.get(obj) {
        return Ok(e.as_object().clone());
    }
    if let Some((op, a, b)) = BinOp::operands(obj) {
        let a2 = Expr(substitute(a, map)?);
        let b2 = Expr(substitute(b, map)?);
        if a2.same_as(a) && b2.same_as(b) {
            return Ok(obj.clone());
        }
        return Ok(arith::binary(op, a2, b2, obj.span().clone())?.into_object());
    }
    if obj.is::<VarNode>() {
        return Ok(obj.clone());
    }
    let fields = obj.fields();
    let mut changed = false;
    let new: Vec<Value> = fields
        .iter()
        .map(|f| {
            let g = substitute_value(f, map)?;
            changed |= g != *f;
            Ok(g)
        })
        .collect::<Result<_>>()?;
    if changed { obj.rebuild(new) } else { Ok(obj.clone()) }
}

fn substitute_value(v: &Value, map: &FastMap<ObjectRef, Expr>) -> Result<Value> {
    Ok(match v {
        Value::Object(o) => Value::Object(substitute(o, map)?),
        Value::Array(a) => Value::Array(a.iter().map(|x| substitute_value(x, map)).collect::<Result<Vec<_>>>()?.into()),
        other => other.clone(),
    })
}
