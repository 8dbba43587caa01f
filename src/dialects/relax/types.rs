//! The Relax types of TVM 0.27 (what older TVM called StructInfo): `relax.TensorType`,
//! `relax.ShapeType`, `relax.FuncType`, `relax.AnyType`, `relax.PackedFuncType`, plus
//! the global infos a type can point at (`relax.VDevice`). Tuples use the core
//! `ir.TupleType`, scalars (`R.Prim`) the core `ir.PrimType`, strings `ir.StringType`.
//!
//! "Unknown" is explicit, as in TVM: a tensor's `shape`, `dtype` and `vdevice` are
//! optional and `ndim` is [`UNKNOWN_NDIM`] (-1) when not known.

use std::collections::HashSet;
use std::sync::OnceLock;

use super::nodes::{ShapeExpr, ShapeExprNode};

use crate::ir::{
    int_imm, object_info, structural_equal, DataType, Error, Expr, ObjectRef, PrimType, Ref, Result,
    Span, TupleType, TupleTypeNode, Type, TypeInfo, Value, VarNode,
};
use crate::ir_node;

/// `ndim` of a tensor or shape whose rank is not known (TVM's `kUnknownNDim`).
pub const UNKNOWN_NDIM: i64 = -1;

/// The abstract base of module-level global infos (`ir.GlobalInfo`). The core has no
/// such base yet; the key is TVM's.
pub fn global_info_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ir.GlobalInfo", Some(object_info));
    &INFO
}

ir_node! {
    /// A named global function of the runtime environment (`derive_func` of an opaque
    /// `R.Callable`). TVM's `func` field holds the resolved function; it never takes
    /// part in equality and stays `None` here.
    pub struct EnvFuncNode as EnvFunc: "ir.EnvFunc", base object_info {
        pub name: String,
        [ignore] pub func: Value,
    }
}

ir_node! {
    /// A virtual device (`I.vdevice(target, vdevice_id, memory_scope)`), listed in the
    /// module's `global_infos["vdevice"]` and referenced by tensor types.
    /// `target` is a `target.Target` (`crate::ir::target`), or `None`.
    pub struct VDeviceNode as VDevice: "relax.VDevice", base global_info_info {
        pub target: Value,
        pub vdevice_id: i64,
        pub memory_scope: String,
    }
}

ir_node! {
    /// A placeholder global info (`I.dummy_global_info()`).
    pub struct DummyGlobalInfoNode as DummyGlobalInfo: "relax.DummyGlobalInfo", base global_info_info {}
}

ir_node! {
    /// The type of a tensor (`R.Tensor((n, 4), "float32")`). `shape` is a `ShapeExpr`
    /// or a variable of `ShapeType`; when it is known `ndim` is its length.
    pub struct TensorTypeNode as TensorType: "relax.TensorType", base crate::ir::type_info, isa [Type] {
        pub shape: Option<Expr>,
        pub dtype: Option<PrimType>,
        pub vdevice: Option<VDevice>,
        pub ndim: i64,
    }
}

ir_node! {
    /// The type of a shape value (`R.Shape([n, 4])`, `R.Shape(ndim=2)`): its int64
    /// values when known, else its length (or [`UNKNOWN_NDIM`]).
    pub struct ShapeTypeNode as ShapeType: "relax.ShapeType", base crate::ir::type_info, isa [Type] {
        pub values: Option<Vec<Expr>>,
        pub ndim: i64,
    }
}

ir_node! {
    /// The type of a function value (`R.Callable(params, ret, purity)`). `params` is
    /// `None` for an opaque function, whose result comes from `ret` or `derive_func`.
    /// The parameter types define the symbolic variables they mention.
    pub struct FuncTypeNode as FuncType: "relax.FuncType", base crate::ir::type_info, isa [Type] {
        [def] pub params: Option<Vec<Type>>,
        pub ret: Type,
        pub derive_func: Option<EnvFunc>,
        pub purity: bool,
    }
}

ir_node! {
    /// The type of any Relax value (`R.Any`, `R.Object`).
    pub struct AnyTypeNode as AnyType: "relax.AnyType", base crate::ir::type_info, isa [Type] {}
}

ir_node! {
    /// The type of an extern packed function.
    pub struct PackedFuncTypeNode as PackedFuncType: "relax.PackedFuncType", base crate::ir::type_info, isa [Type] {}
}

/// The `derive_func` TVM gives `ExternFunc`s: the result type comes from the call's `ty_args`.
pub const INFER_BY_TY_ARGS: &str = "tvm.relax.type.infer_by_ty_args";

// ---------------------------------------------------------------------------
// Construction.

/// The shared `R.Any`.
pub fn any_type() -> Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| AnyType::new(AnyTypeNode { span: Span::none() }).into()).clone()
}

/// `ir.TupleType(fields)`.
pub fn tuple_type(fields: Vec<Type>) -> Type {
    TupleType::new(TupleTypeNode { fields, span: Span::none() }).into()
}

impl Ref<TensorTypeNode> {
    /// TVM's `TensorType(shape, dtype, vdevice, ndim)` constructor: `shape` must be a
    /// `ShapeExpr` or a variable of `ShapeType`, and agree with `ndim` when both are given.
    /// A `void` dtype means unknown, like `None`.
    pub fn make(
        shape: Option<Expr>,
        dtype: Option<DataType>,
        vdevice: Option<VDevice>,
        ndim: i64,
        span: Span,
    ) -> Result<TensorType> {
        if ndim < UNKNOWN_NDIM {
            return Err(Error::value_error(format!("ndim must be >= -1, but got {ndim}")));
        }
        let ndim = match &shape {
            None => ndim,
            Some(s) => {
                let shape_ndim = shape_expr_ndim(s)?;
                if ndim != UNKNOWN_NDIM && shape_ndim != UNKNOWN_NDIM && ndim != shape_ndim {
                    return Err(Error::value_error(format!(
                        "ndim {ndim} does not match the shape, which has {shape_ndim} dimensions"
                    )));
                }
                if shape_ndim == UNKNOWN_NDIM { ndim } else { shape_ndim }
            }
        };
        let dtype = dtype.filter(|d| !d.is_void()).map(PrimType::of);
        Ok(TensorType::new(TensorTypeNode { shape, dtype, vdevice, ndim, span }))
    }

    /// A tensor of known (int64) dimensions, or of unknown shape when `shape` is `None`.
    pub fn of(shape: Option<Vec<Expr>>, dtype: DataType) -> Result<TensorType> {
        let shape = shape.map(|dims| ShapeExpr::make(dims, Span::none())).transpose()?;
        Self::make(shape.map(Into::into), Some(dtype), None, UNKNOWN_NDIM, Span::none())
    }

    /// A tensor of static dimensions.
    pub fn static_shape(dims: &[i64], dtype: DataType) -> TensorType {
        let dims = dims.iter().map(|&d| int_imm(DataType::INT64, d)).collect();
        Self::of(Some(dims), dtype).expect("static dims are valid int64 shape values")
    }

    /// A tensor of known rank (or [`UNKNOWN_NDIM`]) and unknown shape.
    pub fn with_ndim(ndim: i64, dtype: Option<DataType>) -> TensorType {
        let ndim = ndim.max(UNKNOWN_NDIM);
        let dtype = dtype.filter(|d| !d.is_void()).map(PrimType::of);
        TensorType::new(TensorTypeNode { shape: None, dtype, vdevice: None, ndim, span: Span::none() })
    }
}

/// The number of values of a tensor's `shape` field: a `ShapeExpr`'s length, a shape
/// variable's `ShapeType.ndim`. Anything else is not a shape.
fn shape_expr_ndim(shape: &Expr) -> Result<i64> {
    if let Some(s) = shape.downcast_ref::<ShapeExprNode>() {
        return Ok(s.values.len() as i64);
    }
    let var_ty = shape
        .downcast_ref::<VarNode>()
        .map(|v| v.ty.clone())
        .or_else(|| shape.downcast_ref::<super::nodes::DataflowVarNode>().map(|v| v.ty.clone()));
    match var_ty.as_ref().and_then(|t| t.downcast_ref::<ShapeTypeNode>()) {
        Some(st) => Ok(st.ndim),
        None => Err(Error::type_error(format!(
            "the shape of a TensorType must be a ShapeExpr or a Var of ShapeType, got {}",
            shape.type_key()
        ))),
    }
}

impl TensorTypeNode {
    /// The element type, `void` when unknown.
    pub fn elem_dtype(&self) -> DataType {
        self.dtype.as_ref().map_or(DataType::void(), |p| p.dtype)
    }
    /// Whether the element type is unknown.
    pub fn is_unknown_dtype(&self) -> bool {
        self.dtype.is_none()
    }
    /// Whether the number of dimensions is unknown.
    pub fn is_unknown_ndim(&self) -> bool {
        self.ndim == UNKNOWN_NDIM
    }
    /// The dimensions, when the shape is a `ShapeExpr`.
    pub fn shape_values(&self) -> Option<&[Expr]> {
        self.shape.as_ref()?.downcast_ref::<ShapeExprNode>().map(|s| s.values.as_slice())
    }
    /// Whether this is a rank-0 tensor.
    pub fn is_scalar(&self) -> bool {
        self.ndim == 0
    }
}

impl Ref<ShapeTypeNode> {
    /// `R.Shape(values)`: the values must be int64 scalars.
    pub fn of_values(values: Vec<Expr>) -> Result<ShapeType> {
        let values = super::nodes::normalize_shape_values(values)?;
        let ndim = values.len() as i64;
        Ok(ShapeType::new(ShapeTypeNode { values: Some(values), ndim, span: Span::none() }))
    }
    /// `R.Shape(ndim=n)`.
    pub fn with_ndim(ndim: i64) -> ShapeType {
        ShapeType::new(ShapeTypeNode { values: None, ndim: ndim.max(UNKNOWN_NDIM), span: Span::none() })
    }
}

impl Ref<FuncTypeNode> {
    /// `R.Callable(params, ret, purity)`.
    pub fn make(params: Vec<Type>, ret: Type, purity: bool) -> FuncType {
        FuncType::new(FuncTypeNode { params: Some(params), ret, derive_func: None, purity, span: Span::none() })
    }
    /// TVM's `FuncType.opaque_func(ret=..., derive_func=..., purity=...)`; a missing
    /// `ret` is `R.Any`.
    pub fn opaque(ret: Option<Type>, derive_func: Option<&str>, purity: bool) -> FuncType {
        let derive_func = derive_func
            .map(|name| EnvFunc::new(EnvFuncNode { name: name.into(), func: Value::None, span: Span::none() }));
        FuncType::new(FuncTypeNode {
            params: None,
            ret: ret.unwrap_or_else(any_type),
            derive_func,
            purity,
            span: Span::none(),
        })
    }
    /// The type of an `ExternFunc`: opaque, impure, result from the call's `ty_args`.
    pub fn extern_func() -> FuncType {
        Self::opaque(None, Some(INFER_BY_TY_ARGS), false)
    }
}

impl Ref<VDeviceNode> {
    /// A virtual device.
    pub fn make(target: Value, vdevice_id: i64, memory_scope: &str) -> VDevice {
        VDevice::new(VDeviceNode { target, vdevice_id, memory_scope: memory_scope.into(), span: Span::none() })
    }
}

// ---------------------------------------------------------------------------
// Views.

/// What a Relax type says about a value, for inference rules.
pub fn as_tensor(ty: &Type) -> Option<&TensorTypeNode> {
    ty.downcast_ref::<TensorTypeNode>()
}
/// The shape type, if `ty` is one.
pub fn as_shape(ty: &Type) -> Option<&ShapeTypeNode> {
    ty.downcast_ref::<ShapeTypeNode>()
}
/// The tuple type, if `ty` is one.
pub fn as_tuple(ty: &Type) -> Option<&TupleTypeNode> {
    ty.downcast_ref::<TupleTypeNode>()
}
/// The function type, if `ty` is one.
pub fn as_func(ty: &Type) -> Option<&FuncTypeNode> {
    ty.downcast_ref::<FuncTypeNode>()
}
/// Whether `ty` is `R.Object`.
pub fn is_any(ty: &Type) -> bool {
    ty.is::<AnyTypeNode>()
}

// ---------------------------------------------------------------------------
// Relations between types.

/// Whether every value of `derived` is a value of `base`, provably (TVM's
/// `IsBaseOf` with no arithmetic: symbolic dimensions must be the same expressions).
pub fn is_base_of(base: &Type, derived: &Type) -> bool {
    if is_any(base) || base.same_as(derived) {
        return true;
    }
    if let Some(b) = as_tensor(base) {
        let Some(d) = as_tensor(derived) else { return false };
        if b.dtype.is_some() && b.elem_dtype() != d.elem_dtype() {
            return false;
        }
        if !b.is_unknown_ndim() && b.ndim != d.ndim {
            return false;
        }
        if let Some(v) = &b.vdevice
            && !d.vdevice.as_ref().is_some_and(|w| structural_equal(v, w, false))
        {
            return false;
        }
        return known_part_agrees(&b.shape, &d.shape);
    }
    if let Some(b) = as_shape(base) {
        let Some(d) = as_shape(derived) else { return false };
        if b.ndim != UNKNOWN_NDIM && b.ndim != d.ndim {
            return false;
        }
        return known_part_agrees(&b.values, &d.values);
    }
    if let Some(b) = as_tuple(base) {
        let Some(d) = as_tuple(derived) else { return false };
        return b.fields.len() == d.fields.len() && b.fields.iter().zip(&d.fields).all(|(x, y)| is_base_of(x, y));
    }
    if let Some(b) = as_func(base) {
        let Some(d) = as_func(derived) else { return false };
        if b.purity && !d.purity {
            return false;
        }
        return match (&b.params, &d.params) {
            // An opaque function type is a base of any function with a base result.
            (None, _) => is_base_of(&b.ret, &d.ret),
            (Some(_), None) => false,
            // Parameters must agree (TVM checks them both ways); the result is covariant.
            (Some(bp), Some(dp)) => {
                bp.len() == dp.len()
                    && bp.iter().zip(dp).all(|(x, y)| structural_equal(x, y, true))
                    && is_base_of(&b.ret, &d.ret)
            }
        };
    }
    structural_equal(base, derived, false)
}

/// A part `base` knows (a shape, shape values) must be the same in `derived`.
fn known_part_agrees<T: crate::ir::Field>(base: &Option<T>, derived: &Option<T>) -> bool {
    match (base, derived) {
        (None, _) => true,
        (Some(p), Some(q)) => structural_equal(p, q, false),
        (Some(_), None) => false,
    }
}

/// TVM's `EraseToWellDefined`: forget the parts of `ty` that mention symbolic
/// variables not in `defined` (a function's `ret_ty` may only use the variables its
/// parameters define). A tensor or shape keeps its rank; shape variables
/// (`R.Tensor(s)` with `s` undefined) are forgotten the same way.
pub fn erase_to_well_defined(ty: &Type, defined: &HashSet<ObjectRef>) -> Type {
    erase_where(ty, &|v| !defined.contains(v))
}

/// Forget the parts of `ty` that mention a variable `undefined` says is not defined
/// (see [`erase_to_well_defined`]).
pub fn erase_where(ty: &Type, undefined: &dyn Fn(&ObjectRef) -> bool) -> Type {
    let value_of = |v: &ObjectRef| (!undefined(v)).then(|| Expr(v.clone()));
    super::type_analysis::erase_to_well_defined_with(ty, &value_of).unwrap_or_else(|_| ty.clone())
}

/// The variables (`ir.Var`, `relax.expr.DataflowVar`) under a value, in first-seen order.
pub fn collect_vars(v: &Value, out: &mut Vec<ObjectRef>) {
    match v {
        Value::Object(o) => {
            if o.is::<VarNode>() || o.is::<super::nodes::DataflowVarNode>() {
                if !out.contains(o) {
                    out.push(o.clone());
                }
                return;
            }
            for f in o.fields() {
                collect_vars(&f, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_vars(x, out)),
        Value::Map(m) => m.iter().for_each(|(k, x)| {
            collect_vars(k, out);
            collect_vars(x, out);
        }),
        _ => {}
    }
}

/// The symbolic scalar variables a type mentions in shapes (what a parameter annotation
/// defines): `n`, `m` of `R.Tensor((n, m + 1))`.
pub fn symbolic_vars(ty: &Type) -> Vec<ObjectRef> {
    let mut out = Vec::new();
    collect_vars(&Value::Object(ty.as_object().clone()), &mut out);
    out.retain(|v| v.downcast_ref::<VarNode>().is_some_and(|var| var.ty.as_prim().is_some()));
    out
}

/// Register the type nodes.
pub(crate) fn register() -> Result<()> {
    use crate::ir::register_type;
    register_type::<EnvFuncNode>()?;
    register_type::<VDeviceNode>()?;
    register_type::<DummyGlobalInfoNode>()?;
    register_type::<TensorTypeNode>()?;
    register_type::<ShapeTypeNode>()?;
    register_type::<FuncTypeNode>()?;
    register_type::<AnyTypeNode>()?;
    register_type::<PackedFuncTypeNode>()?;
    Ok(())
}

/// `R.Shape` for a `ShapeExpr`'s own type: the same values.
pub(crate) fn shape_type_of(values: &[Expr]) -> Type {
    ShapeType::new(ShapeTypeNode { values: Some(values.to_vec()), ndim: values.len() as i64, span: Span::none() })
        .into()
}
