//! The expression nodes of the Relax dialect, mirroring Apache TVM 0.27.
//!
//! TVM 0.27 folds much of Relax into the core IR, and so do we: a Relax variable is a
//! core `ir.Var`, tuples are `ir.Tuple`/`ir.TupleGetItem`, calls are `ir.Call`, a
//! `R.prim_value(7)` is the scalar expression itself (`ir.IntImm`), `R.str("s")` is an
//! `ir.StringImm`. What is Relax's own lives here: functions, sequence expressions and
//! binding blocks, `If`, shape expressions, extern functions, dataflow variables, and
//! `ir.GenericConst` (constants: tensors from `R.const`, data types from `R.dtype`),
//! which the core does not have yet.
//!
//! Field names, order and structural-equality roles follow TVM's reflection; TVM's
//! `span` comes first in `Binding`/`BindingBlock`, ours trails as everywhere.

use std::fmt;
use std::sync::Arc;

use super::types::{any_type, erase_to_well_defined, shape_type_of, symbolic_vars, FuncType, TensorType};
use crate::ir::{
    base_func_info, constant_info, expr_info, int_imm, object_info, AttrMap, DataType, Error, Expr, Field, NodeType,
    Ref, Result, Span, Type, TypeInfo, Value, Var, VarNode,
};
use crate::{ir_category, ir_node};

// ---------------------------------------------------------------------------
// Abstract bases and categories.

/// The abstract base of bindings (`relax.expr.Binding`: a `var` bound to a value).
pub fn binding_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("relax.expr.Binding", Some(object_info));
    &INFO
}

fn var_info() -> &'static TypeInfo {
    <VarNode as NodeType>::static_info()
}

fn binding_block_info() -> &'static TypeInfo {
    <BindingBlockNode as NodeType>::static_info()
}

ir_category! {
    /// A `VarBinding` or a `MatchCast`.
    pub struct Binding: binding_info
}

ir_category! {
    /// A Relax variable: an `ir.Var` or a `relax.expr.DataflowVar` (which derives from it).
    pub struct AnyVar: var_info
}

ir_category! {
    /// A binding block: a `BindingBlock` or a `DataflowBlock` (which derives from it).
    pub struct AnyBlock: binding_block_info
}

// ---------------------------------------------------------------------------
// Variables.

ir_node! {
    /// A variable bound inside a dataflow block and not exported by `R.output`.
    pub struct DataflowVarNode as DataflowVar: "relax.expr.DataflowVar", base var_info, isa [Expr, AnyVar], eq Var, ty ty {
        pub ty: Type,
        [ignore] pub name: Arc<str>,
    }
}

impl Ref<DataflowVarNode> {
    /// A dataflow variable.
    pub fn make(name: &str, ty: Type, span: Span) -> DataflowVar {
        DataflowVar::new(DataflowVarNode { ty, name: name.into(), span })
    }
}

impl From<Var> for AnyVar {
    fn from(v: Var) -> AnyVar {
        AnyVar(v.upcast())
    }
}
impl From<&Var> for AnyVar {
    fn from(v: &Var) -> AnyVar {
        AnyVar(v.as_ref_obj())
    }
}

impl AnyVar {
    /// The variable's name hint.
    pub fn name(&self) -> &str {
        if let Some(v) = self.0.downcast_ref::<VarNode>() {
            &v.name
        } else if let Some(v) = self.0.downcast_ref::<DataflowVarNode>() {
            &v.name
        } else {
            ""
        }
    }
    /// The variable's type.
    pub fn ty(&self) -> Type {
        self.0.expr_ty().map_or_else(Type::missing, |t| Type(t.clone()))
    }
    /// Whether this is a `DataflowVar`.
    pub fn is_dataflow(&self) -> bool {
        self.0.is::<DataflowVarNode>()
    }
    /// As an expression.
    pub fn as_expr(&self) -> Expr {
        Expr(self.0.clone())
    }
}

impl From<AnyVar> for Expr {
    fn from(v: AnyVar) -> Expr {
        Expr(v.0)
    }
}

// ---------------------------------------------------------------------------
// Bindings and blocks.

ir_node! {
    /// `var = value`.
    pub struct VarBindingNode as VarBinding: "relax.expr.VarBinding", base binding_info, isa [Binding] {
        [def] pub var: AnyVar,
        pub value: Expr,
    }
}

ir_node! {
    /// `var = R.match_cast(value, ty)`: a checked cast that may define the symbolic
    /// variables `ty` mentions.
    pub struct MatchCastNode as MatchCast: "relax.expr.MatchCast", base binding_info, isa [Binding] {
        [def] pub var: AnyVar,
        pub value: Expr,
        [def] pub ty: Type,
    }
}

impl Binding {
    /// The bound variable (`None` only for a binding type this dialect does not know).
    pub fn var(&self) -> Option<&AnyVar> {
        if let Some(b) = self.0.downcast_ref::<VarBindingNode>() {
            Some(&b.var)
        } else {
            self.0.downcast_ref::<MatchCastNode>().map(|b| &b.var)
        }
    }
    /// The bound value.
    pub fn value(&self) -> Option<&Expr> {
        if let Some(b) = self.0.downcast_ref::<VarBindingNode>() {
            Some(&b.value)
        } else {
            self.0.downcast_ref::<MatchCastNode>().map(|b| &b.value)
        }
    }
    /// The match-cast node, if this is one.
    pub fn as_match_cast(&self) -> Option<&MatchCastNode> {
        self.0.downcast_ref::<MatchCastNode>()
    }
}

impl Ref<VarBindingNode> {
    /// `var = value`.
    pub fn make(var: impl Into<AnyVar>, value: Expr, span: Span) -> VarBinding {
        VarBinding::new(VarBindingNode { var: var.into(), value, span })
    }
}

impl Ref<MatchCastNode> {
    /// `var = R.match_cast(value, ty)`.
    pub fn make(var: impl Into<AnyVar>, value: Expr, ty: Type, span: Span) -> MatchCast {
        MatchCast::new(MatchCastNode { var: var.into(), value, ty, span })
    }
}

ir_node! {
    /// A sequence of bindings outside a dataflow block.
    pub struct BindingBlockNode as BindingBlock: "relax.expr.BindingBlock", base object_info, isa [AnyBlock] {
        pub bindings: Vec<Binding>,
    }
}

ir_node! {
    /// The bindings of `with R.dataflow():` — pure, with `DataflowVar`s except the
    /// ones `R.output` exports.
    pub struct DataflowBlockNode as DataflowBlock: "relax.expr.DataflowBlock", base binding_block_info, isa [AnyBlock] {
        pub bindings: Vec<Binding>,
    }
}

impl AnyBlock {
    /// The bindings (none for a block type this dialect does not know).
    pub fn bindings(&self) -> &[Binding] {
        if let Some(b) = self.0.downcast_ref::<BindingBlockNode>() {
            &b.bindings
        } else if let Some(b) = self.0.downcast_ref::<DataflowBlockNode>() {
            &b.bindings
        } else {
            &[]
        }
    }
    /// Whether this is a dataflow block.
    pub fn is_dataflow(&self) -> bool {
        self.0.is::<DataflowBlockNode>()
    }
    /// A block of the same kind.
    pub fn make(dataflow: bool, bindings: Vec<Binding>, span: Span) -> AnyBlock {
        if dataflow {
            DataflowBlock::new(DataflowBlockNode { bindings, span }).into()
        } else {
            BindingBlock::new(BindingBlockNode { bindings, span }).into()
        }
    }
}

// ---------------------------------------------------------------------------
// Expressions.

ir_node! {
    /// Blocks of bindings, then a result: a function body, an `If` branch.
    pub struct SeqExprNode as SeqExpr: "relax.expr.SeqExpr", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub blocks: Vec<AnyBlock>,
        pub body: Expr,
    }
}

impl Ref<SeqExprNode> {
    /// A sequence typed as its result.
    pub fn make(blocks: Vec<AnyBlock>, body: Expr, span: Span) -> SeqExpr {
        SeqExpr::new(SeqExprNode { ty: body.ty(), blocks, body, span })
    }
}

ir_node! {
    /// `if cond: ... else: ...` as an expression; each branch is a sequence.
    pub struct IfNode as If: "relax.expr.If", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub cond: Expr,
        pub true_branch: SeqExpr,
        pub false_branch: SeqExpr,
    }
}

impl Ref<IfNode> {
    /// An `If` typed as the join of its branches' types.
    pub fn make(cond: Expr, true_branch: SeqExpr, false_branch: SeqExpr, span: Span) -> If {
        let ty = super::type_analysis::type_lca(&true_branch.ty, &false_branch.ty);
        If::new(IfNode { ty, cond, true_branch, false_branch, span })
    }
}

ir_node! {
    /// A shape value `R.shape([n, 4])`: int64 scalar expressions. Typed `R.Shape(values)`.
    pub struct ShapeExprNode as ShapeExpr: "relax.expr.ShapeExpr", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub values: Vec<Expr>,
    }
}

/// TVM's rule for shape values: int64 scalars; integer constants of another width
/// are converted (`R.shape([T.int32(3)])` holds `T.int64(3)`), anything else is an error.
pub fn normalize_shape_values(values: Vec<Expr>) -> Result<Vec<Expr>> {
    values
        .into_iter()
        .map(|v| {
            let d = v.dtype();
            if d == DataType::INT64 {
                Ok(v)
            } else if let (Some(i), true) = (v.as_int(), d.is_integer()) {
                Ok(int_imm(DataType::INT64, i))
            } else {
                Err(Error::value_error("the value in ShapeType can only have dtype of int64"))
            }
        })
        .collect()
}

impl Ref<ShapeExprNode> {
    /// A shape of these dimensions (each an integer expression).
    pub fn make(values: Vec<Expr>, span: Span) -> Result<ShapeExpr> {
        let values = normalize_shape_values(values)?;
        Ok(ShapeExpr::new(ShapeExprNode { ty: shape_type_of(&values), values, span }))
    }
    /// A shape of static dimensions.
    pub fn of_ints(dims: &[i64]) -> ShapeExpr {
        let values: Vec<Expr> = dims.iter().map(|&d| int_imm(DataType::INT64, d)).collect();
        ShapeExpr::new(ShapeExprNode { ty: shape_type_of(&values), values, span: Span::none() })
    }
}

ir_node! {
    /// A Relax function. Parameters are `ir.Var`s whose types may define symbolic
    /// variables; `ty` is the `relax.FuncType` of params, `ret_ty` and purity.
    pub struct FunctionNode as Function: "relax.expr.Function", base base_func_info, isa [Expr, crate::ir::BaseFunc], ty ty {
        pub ty: Type,
        /// Function attributes (`R.func_attr`, `global_symbol` …).
        pub attrs: AttrMap,
        [def] pub params: Vec<Var>,
        pub body: SeqExpr,
        pub ret_ty: Type,
        pub is_pure: bool,
    }
}

impl Ref<FunctionNode> {
    /// Build a function as TVM's constructor does: without `ret_ty` the result type
    /// is the body's, forgetting what mentions symbolic variables the parameters do not
    /// define; `ty` is `R.Callable(param types, ret_ty, is_pure)`.
    pub fn make(
        params: Vec<Var>,
        body: SeqExpr,
        ret_ty: Option<Type>,
        is_pure: bool,
        attrs: AttrMap,
        span: Span,
    ) -> Function {
        let ret_ty = ret_ty.unwrap_or_else(|| Function::well_defined_ret_ty(&params, &body));
        let ty = FuncType::make(params.iter().map(|p| p.ty.clone()).collect(), ret_ty.clone(), is_pure).into();
        Function::new(FunctionNode { ty, attrs, params, body, ret_ty, is_pure, span })
    }
}

impl Ref<FunctionNode> {
    /// The body's type without what mentions symbolic variables the parameters do not
    /// define: the result type a function gets without a declared one.
    pub fn well_defined_ret_ty(params: &[Var], body: &SeqExpr) -> Type {
        let defined = params.iter().flat_map(|p| std::iter::once(p.as_ref_obj()).chain(symbolic_vars(&p.ty))).collect();
        erase_to_well_defined(&body.ty, &defined)
    }
}

impl FunctionNode {
    /// A function attribute by name.
    pub fn attr(&self, key: &str) -> Option<&Value> {
        self.attrs.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }
}

ir_node! {
    /// A function of the runtime by name (`R.ExternFunc("f")`, the callee of `R.call_packed`).
    pub struct ExternFuncNode as ExternFunc: "relax.expr.ExternFunc", base base_func_info, isa [Expr, crate::ir::BaseFunc], ty ty {
        pub ty: Type,
        pub attrs: AttrMap,
        pub global_symbol: String,
    }
}

impl Ref<ExternFuncNode> {
    /// `R.ExternFunc(name)`, typed as TVM types it: an opaque impure `R.Callable`.
    pub fn make(global_symbol: &str, span: Span) -> ExternFunc {
        ExternFunc::new(ExternFuncNode {
            ty: FuncType::extern_func().into(),
            attrs: Arc::from(Vec::new()),
            global_symbol: global_symbol.into(),
            span,
        })
    }
}

ir_node! {
    /// A constant (`ir.GenericConst`, what Relax calls Constant): a tensor
    /// ([`TensorValue`], typed `R.Tensor(shape, dtype)`) from `R.const`, or a data
    /// type (`Value::DType`, typed `R.Any`) from `R.dtype("float32")`.
    pub struct GenericConstNode as GenericConst: "ir.GenericConst", base constant_info, isa [Expr], ty ty {
        pub ty: Type,
        pub value: Value,
    }
}

impl GenericConstNode {
    /// The tensor value, if the constant holds one.
    pub fn tensor(&self) -> Option<&TensorValueNode> {
        self.value.as_object()?.downcast_ref::<TensorValueNode>()
    }
    /// The data type, if the constant holds one.
    pub fn as_dtype(&self) -> Option<DataType> {
        match self.value {
            Value::DType(d) => Some(d),
            _ => None,
        }
    }
}

/// The raw bytes of a tensor: row-major, little-endian elements (bools one byte each).
/// Reflects as a lower-case hex string so structural equality and hashing see the data.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct TensorBytes(pub Arc<[u8]>);

impl fmt::Debug for TensorBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TensorBytes({} bytes)", self.0.len())
    }
}

impl Field for TensorBytes {
    fn to_value(&self) -> Value {
        let mut s = String::with_capacity(self.0.len() * 2);
        for b in self.0.iter() {
            s.push_str(&format!("{b:02x}"));
        }
        Value::Str(s.into())
    }
    fn from_value(v: Value) -> Result<Self> {
        let s = String::from_value(v)?;
        if s.len() % 2 != 0 {
            return Err(Error::value_error("tensor data: odd number of hex digits"));
        }
        (0..s.len())
            .step_by(2)
            .map(|i| {
                u8::from_str_radix(&s[i..i + 2], 16)
                    .map_err(|_| Error::value_error(format!("tensor data: bad hex digits {:?}", &s[i..i + 2])))
            })
            .collect::<Result<Vec<u8>>>()
            .map(|b| TensorBytes(b.into()))
    }
    /// Bytes hold no objects (the default would hex-encode them to find none).
    fn for_each_child<'a>(&'a self, _f: &mut dyn FnMut(crate::ir::ChildRef<'a>)) {}
}

ir_node! {
    /// The data of a constant tensor (TVM's `ffi.Tensor`, printed through the metadata
    /// section as `metadata["ir.GenericConst"][i]` unless it is a scalar).
    pub struct TensorValueNode as TensorValue: "ffi.Tensor", base object_info {
        pub shape: Vec<i64>,
        pub dtype: DataType,
        pub data: TensorBytes,
    }
}

impl TensorValueNode {
    /// The number of elements.
    pub fn numel(&self) -> usize {
        self.shape.iter().map(|&d| d.max(0) as usize).product()
    }
    /// Bytes per element (bools take one byte, as in TVM's NumPy view).
    pub fn elem_bytes(&self) -> usize {
        ((self.dtype.bits as usize).max(8)).div_ceil(8) * (self.dtype.lanes.max(1) as usize)
    }
    /// The scalar of a rank-0 tensor as an integer, when it is one.
    pub fn scalar_int(&self) -> Option<i64> {
        if !self.shape.is_empty() || !(self.dtype.is_integer() || self.dtype.is_bool()) {
            return None;
        }
        let n = self.elem_bytes().min(8);
        let mut buf = [0u8; 8];
        buf[..n].copy_from_slice(self.data.0.get(..n)?);
        let raw = i64::from_le_bytes(buf);
        let bits = (n * 8) as u32;
        Some(if self.dtype.is_int() && bits < 64 { raw << (64 - bits) >> (64 - bits) } else { raw })
    }
    /// The scalar of a rank-0 float tensor.
    pub fn scalar_float(&self) -> Option<f64> {
        if !self.shape.is_empty() || !self.dtype.is_float() {
            return None;
        }
        match self.dtype.bits {
            64 => Some(f64::from_le_bytes(self.data.0.get(..8)?.try_into().ok()?)),
            32 => Some(f32::from_le_bytes(self.data.0.get(..4)?.try_into().ok()?) as f64),
            _ => None,
        }
    }
}

impl Ref<TensorValueNode> {
    /// A tensor of `shape` and `dtype` over `data`, whose length must match.
    pub fn make(shape: Vec<i64>, dtype: DataType, data: Vec<u8>) -> Result<TensorValue> {
        let node = TensorValueNode { shape, dtype, data: TensorBytes(data.into()), span: Span::none() };
        let want = node.numel() * node.elem_bytes();
        if node.data.0.len() != want {
            return Err(Error::value_error(format!(
                "tensor data has {} bytes, but shape {:?} of {} needs {want}",
                node.data.0.len(),
                node.shape,
                node.dtype
            )));
        }
        Ok(TensorValue::new(node))
    }
    /// A rank-0 tensor of a float value converted to `dtype`, as NumPy converts
    /// (`R.const(1.5, "float32")`; an integer dtype truncates).
    pub fn scalar_float(value: f64, dtype: DataType) -> Result<TensorValue> {
        if dtype.is_float() {
            let bytes = match dtype.bits {
                64 => value.to_le_bytes().to_vec(),
                32 => (value as f32).to_le_bytes().to_vec(),
                16 if dtype.code == crate::ir::TypeCode::Float => f32_to_f16_bits(value as f32).to_le_bytes().to_vec(),
                16 => ((value as f32).to_bits() >> 16).to_le_bytes()[..2].to_vec(),
                b => return Err(Error::value_error(format!("R.const: unsupported float width {b}"))),
            };
            return Self::make(vec![], dtype, bytes);
        }
        if dtype.is_bool() {
            return Self::make(vec![], dtype, vec![(value != 0.0) as u8]);
        }
        Self::scalar_int(value as i64, dtype)
    }
    /// A rank-0 tensor of an integer value converted to `dtype` (`R.const(2, "int32")`).
    pub fn scalar_int(value: i64, dtype: DataType) -> Result<TensorValue> {
        if dtype.is_float() {
            return Self::scalar_float(value as f64, dtype);
        }
        if dtype.is_bool() {
            return Self::make(vec![], dtype, vec![(value != 0) as u8]);
        }
        if !dtype.is_integer() {
            return Err(Error::value_error(format!("R.const: unsupported dtype {dtype}")));
        }
        let n = (dtype.bits as usize).div_ceil(8).min(8);
        Self::make(vec![], dtype, value.to_le_bytes()[..n].to_vec())
    }
}

/// IEEE half-precision bits of a float (round to nearest even).
fn f32_to_f16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let r = if rem > mid || (rem == mid && half & 1 == 1) { half + 1 } else { half };
        return sign | r as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let r = if rem > 0x1000 || (rem == 0x1000 && half & 1 == 1) { half + 1 } else { half };
    sign | r as u16
}

impl Ref<GenericConstNode> {
    /// `R.const(data)`: typed `R.Tensor(shape, dtype)`.
    pub fn from_tensor(data: TensorValue, span: Span) -> GenericConst {
        let dims: Vec<Expr> = data.shape.iter().map(|&d| int_imm(DataType::INT64, d)).collect();
        let ty = TensorType::of(Some(dims), data.dtype).expect("int64 dims are valid");
        GenericConst::new(GenericConstNode { ty: ty.into(), value: Value::Object(data.upcast()), span })
    }
    /// `R.const(value, dtype)` of a Python float.
    pub fn scalar_float(value: f64, dtype: DataType, span: Span) -> Result<GenericConst> {
        Ok(Self::from_tensor(TensorValue::scalar_float(value, dtype)?, span))
    }
    /// `R.const(value, dtype)` of a Python int or bool.
    pub fn scalar_int(value: i64, dtype: DataType, span: Span) -> Result<GenericConst> {
        Ok(Self::from_tensor(TensorValue::scalar_int(value, dtype)?, span))
    }
    /// `R.dtype("float32")`: typed `R.Any`.
    pub fn dtype(dtype: DataType, span: Span) -> GenericConst {
        GenericConst::new(GenericConstNode { ty: any_type(), value: Value::DType(dtype), span })
    }
}

/// `R.str(s)`: an `ir.StringImm` (typed `I.StringType()`).
pub fn string_imm(value: &str) -> Expr {
    crate::ir::string_imm(value)
}

/// Register the expression nodes.
pub(crate) fn register() -> Result<()> {
    use crate::ir::register_type;
    register_type::<DataflowVarNode>()?;
    register_type::<VarBindingNode>()?;
    register_type::<MatchCastNode>()?;
    register_type::<BindingBlockNode>()?;
    register_type::<DataflowBlockNode>()?;
    register_type::<SeqExprNode>()?;
    register_type::<IfNode>()?;
    register_type::<ShapeExprNode>()?;
    register_type::<FunctionNode>()?;
    register_type::<ExternFuncNode>()?;
    register_type::<GenericConstNode>()?;
    register_type::<TensorValueNode>()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::f32_to_f16_bits;

    #[test]
    fn half_precision_bits() {
        for (x, bits) in [
            (1.0f32, 0x3c00u16),
            (0.5, 0x3800),
            (-2.0, 0xc000),
            (65504.0, 0x7bff),
            (1.0e6, 0x7c00),
            (0.0, 0x0000),
            (5.960_464_5e-8, 0x0001),
            (0.333_333_34, 0x3555),
        ] {
            assert_eq!(f32_to_f16_bits(x), bits, "{x}");
        }
        assert_eq!(f32_to_f16_bits(f32::NAN) & 0x7c00, 0x7c00);
    }
}
