//! Core expressions: variables, constants, operators, calls, ranges, tuples and
//! TVM's scalar arithmetic (`prim.Add` … `prim.Select`). Every expression has a type.

use std::sync::Arc;

use super::dtype::DataType;
use super::error::{Error, Result};
use super::object::{object_info, NodeType, ObjectRef, TypeInfo};
use super::span::Span;
use super::ty::Type;
use super::value::{AttrMap, Value};
use crate::{ir_category, ir_node};

/// The abstract base of all expressions (`ir.Expr`).
pub fn expr_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ir.Expr", Some(object_info));
    &INFO
}

/// The abstract base of constants (`ir.Constant`).
pub fn constant_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ir.Constant", Some(expr_info));
    &INFO
}

/// The abstract base of functions (`ir.BaseFunc`).
pub fn base_func_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ir.BaseFunc", Some(expr_info));
    &INFO
}

ir_category! {
    /// Any expression.
    pub struct Expr: expr_info
}

ir_category! {
    /// Any function that can live in an IRModule.
    pub struct BaseFunc: base_func_info
}

impl Expr {
    /// The expression's type (`Expr.ty`).
    pub fn ty(&self) -> Type {
        match self.0.expr_ty() {
            Some(t) => Type(t.clone()),
            None => Type::missing(),
        }
    }
    /// The expression's type, borrowed (`None` for a node without one).
    pub fn ty_ref(&self) -> Option<&Type> {
        self.0.expr_ty().map(Type::from_object_ref_unchecked)
    }
    /// The data type of a scalar expression (`void` when it has none).
    pub fn dtype(&self) -> DataType {
        self.ty_ref().map_or_else(DataType::void, Type::dtype)
    }
    /// The data type of an expression of `PrimType`.
    pub fn prim_dtype(&self) -> Option<DataType> {
        self.ty_ref().and_then(Type::as_prim)
    }
    /// The value of an integer constant (`IntImm`).
    pub fn as_int(&self) -> Option<i64> {
        self.0.downcast_ref::<IntImmNode>().map(|i| i.value)
    }
    /// The value of a float constant (`FloatImm`).
    pub fn as_float(&self) -> Option<f64> {
        self.0.downcast_ref::<FloatImmNode>().map(|f| f.value)
    }
    /// The value of an integer or a float constant, with the node's type read once
    /// (folding asks this of both operands of every binary node).
    pub fn constant_value(&self) -> (Option<i64>, Option<f64>) {
        let id = self.0.node_type_id();
        if id == std::any::TypeId::of::<IntImmNode>() {
            (self.as_int(), None)
        } else if id == std::any::TypeId::of::<FloatImmNode>() {
            (None, self.as_float())
        } else {
            (None, None)
        }
    }
    /// The variable node, if this is a `Var`.
    pub fn as_var(&self) -> Option<&VarNode> {
        self.0.downcast_ref::<VarNode>()
    }
    /// The call node, if this is a `Call`.
    pub fn as_call(&self) -> Option<&CallNode> {
        self.0.downcast_ref::<CallNode>()
    }
}

ir_node! {
    /// A variable. Variables have identity: two with the same name are different.
    pub struct VarNode as Var: "ir.Var", base expr_info, isa [Expr], eq Var, ty ty {
        pub ty: Type,
        [ignore] pub name: super::var_name::VarName,
    }
}

impl VarNode {
    /// The data type of the variable's `PrimType` (`void` otherwise).
    pub fn dtype(&self) -> DataType {
        self.ty.dtype()
    }
}

/// `Var::new(name, ty, span)` (seed 003's constructor).
pub fn new_var(name: &str, ty: impl Into<Type>, span: Span) -> Var {
    Var::new(VarNode { ty: ty.into(), name: name.into(), span })
}

impl super::object::Ref<VarNode> {
    /// A variable of a type (as [`new_var`]).
    pub fn with_type(name: &str, ty: impl Into<Type>, span: Span) -> Var {
        new_var(name, ty, span)
    }
    /// A scalar variable of a data type.
    pub fn scalar(name: &str, dtype: DataType) -> Var {
        new_var(name, Type::prim(dtype), Span::none())
    }
}

ir_node! {
    /// A module-level function name. As in TVM, its type (derived from the function it
    /// names) is not part of its structural identity: GlobalVars compare by name.
    pub struct GlobalVarNode as GlobalVar: "ir.GlobalVar", base expr_info, isa [Expr], ty ty {
        [ignore] pub ty: Type,
        pub name_hint: Arc<str>,
    }
}

impl super::object::Ref<GlobalVarNode> {
    /// A function name with the missing type.
    pub fn named(name: &str) -> GlobalVar {
        GlobalVar::new(GlobalVarNode { ty: Type::missing(), name_hint: name.into(), span: Span::none() })
    }
}

ir_node! {
    /// An integer constant.
    pub struct IntImmNode as IntImm: "ir.IntImm", base constant_info, isa [Expr], ty ty {
        pub ty: Type,
        pub value: i64,
    }
}

ir_node! {
    /// A floating-point constant.
    pub struct FloatImmNode as FloatImm: "ir.FloatImm", base constant_info, isa [Expr], ty ty {
        pub ty: Type,
        pub value: f64,
    }
}

ir_node! {
    /// A string constant.
    pub struct StringImmNode as StringImm: "ir.StringImm", base constant_info, isa [Expr], ty ty {
        pub ty: Type,
        pub value: Arc<str>,
    }
}

/// An integer constant of `dtype`, wrapped to the type's width as TVM does.
pub fn int_imm(dtype: DataType, value: i64) -> Expr {
    let value = wrap_int(dtype, value);
    IntImm::new(IntImmNode { ty: Type::prim(dtype), value, span: Span::none() }).into()
}

/// Truncate `value` to the bit width of an integer type (two's complement).
pub fn wrap_int(dtype: DataType, value: i64) -> i64 {
    let bits = dtype.bits as u32;
    if dtype.is_bool() {
        return (value != 0) as i64;
    }
    if bits == 0 || bits >= 64 || !dtype.is_integer() {
        return value;
    }
    let mask = (1i64 << bits) - 1;
    let v = value & mask;
    if dtype.is_int() && v >> (bits - 1) & 1 == 1 { v - (1i64 << bits) } else { v }
}

/// A float constant of `dtype`.
pub fn float_imm(dtype: DataType, value: f64) -> Expr {
    // TVM keeps the exact double even for float32 constants (`T.float32(1.1)` holds 1.1).
    FloatImm::new(FloatImmNode { ty: Type::prim(dtype), value, span: Span::none() }).into()
}

/// A `bool` constant.
pub fn bool_imm(value: bool) -> Expr {
    int_imm(DataType::bool(), value as i64)
}

/// A string constant (`StringImm`).
pub fn string_imm(value: &str) -> Expr {
    StringImm::new(StringImmNode { ty: Type::string(), value: value.into(), span: Span::none() }).into()
}

ir_node! {
    /// An operator, one object per name in the operator registry.
    pub struct OpNode as Op: "ir.Op", base expr_info, isa [Expr], eq Unique, ty ty {
        pub ty: Type,
        pub name: Arc<str>,
    }
}

ir_node! {
    /// A call of an operator, a function or a GlobalVar.
    pub struct CallNode as Call: "ir.Call", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub op: Expr,
        pub args: Vec<Expr>,
        /// Call attributes: a map (or none).
        pub attrs: Value,
        pub ty_args: Vec<Type>,
    }
}

ir_node! {
    /// A half-open interval `[min, min + extent)`.
    pub struct RangeNode as Range: "ir.Range", base object_info {
        pub min: Expr,
        pub extent: Expr,
    }
}

impl super::object::Ref<RangeNode> {
    /// The range `[min, min + extent)`.
    pub fn from_min_extent(min: Expr, extent: Expr, span: Span) -> Range {
        Range::new(RangeNode { min, extent, span })
    }
}

ir_node! {
    /// A tuple of expressions.
    pub struct TupleNode as Tuple: "ir.Tuple", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub fields: Vec<Expr>,
    }
}

ir_node! {
    /// `tuple[index]`.
    pub struct TupleGetItemNode as TupleGetItem: "ir.TupleGetItem", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub tuple_value: Expr,
        pub index: i64,
    }
}

ir_node! {
    /// A load from a tensor (a buffer variable) at indices: TVM's BufferLoad.
    pub struct TensorLoadNode as TensorLoad: "ir.TensorLoad", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub source: Expr,
        pub indices: Vec<Expr>,
    }
}

/// Declare the binary arithmetic nodes `prim.Add` …, each with fields `a` and `b`.
macro_rules! binary_nodes {
    ($($node:ident $handle:ident $key:literal;)*) => {$(
        ir_node! {
            #[doc = concat!("`", $key, "`: a binary scalar operation.")]
            pub struct $node as $handle: $key, base expr_info, isa [Expr], ty ty {
                pub ty: Type,
                pub a: Expr,
                pub b: Expr,
            }
        }
    )*
        /// The binary operation kinds, for generic construction and printing.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum BinOp { $(#[doc = concat!("`", $key, "`.")] $handle,)* }

        impl BinOp {
            /// The node's type key (`"prim.Add"` …).
            pub fn type_key(self) -> &'static str {
                match self { $(BinOp::$handle => $key,)* }
            }
            /// The operation of a type key; `None` for other keys.
            pub fn from_type_key(key: &str) -> Option<BinOp> {
                match key { $($key => Some(BinOp::$handle),)* _ => None }
            }
            /// Build the node with a given result type, no folding.
            pub fn make(self, ty: Type, a: Expr, b: Expr, span: Span) -> Expr {
                match self { $(BinOp::$handle => $handle::new($node { ty, a, b, span }).into(),)* }
            }
            /// The operands of a node of this family.
            pub fn operands(e: &ObjectRef) -> Option<(BinOp, &Expr, &Expr)> {
                let id = e.node_type_id();
                $(if id == std::any::TypeId::of::<$node>() {
                    let n = e.downcast_ref::<$node>()?;
                    return Some((BinOp::$handle, &n.a, &n.b));
                })*
                None
            }
        }

        fn register_binary() -> Result<()> {
            $(super::object::register_type::<$node>()?;)*
            Ok(())
        }
    };
}

binary_nodes! {
    AddNode Add "prim.Add";
    SubNode Sub "prim.Sub";
    MulNode Mul "prim.Mul";
    DivNode Div "prim.Div";
    ModNode Mod "prim.Mod";
    FloorDivNode FloorDiv "prim.FloorDiv";
    FloorModNode FloorMod "prim.FloorMod";
    MinNode Min "prim.Min";
    MaxNode Max "prim.Max";
    EQNode EQ "prim.EQ";
    NENode NE "prim.NE";
    LTNode LT "prim.LT";
    LENode LE "prim.LE";
    GTNode GT "prim.GT";
    GENode GE "prim.GE";
    AndNode And "prim.And";
    OrNode Or "prim.Or";
    BitwiseAndNode BitwiseAnd "prim.BitwiseAnd";
    BitwiseOrNode BitwiseOr "prim.BitwiseOr";
    BitwiseXorNode BitwiseXor "prim.BitwiseXor";
    LShiftNode LShift "prim.LShift";
    RShiftNode RShift "prim.RShift";
}

impl BinOp {
    /// Whether this compares (`EQ`, `NE`, `LT`, `LE`, `GT`, `GE`).
    pub fn is_comparison(self) -> bool {
        matches!(self, BinOp::EQ | BinOp::NE | BinOp::LT | BinOp::LE | BinOp::GT | BinOp::GE)
    }
    /// Whether this is `And` or `Or`.
    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }
}

ir_node! {
    /// Logical not.
    pub struct NotNode as Not: "prim.Not", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub a: Expr,
    }
}

ir_node! {
    /// Bitwise not.
    pub struct BitwiseNotNode as BitwiseNot: "prim.BitwiseNot", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub a: Expr,
    }
}

ir_node! {
    /// `condition ? true_value : false_value`, both sides evaluated.
    pub struct SelectNode as Select: "prim.Select", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub condition: Expr,
        pub true_value: Expr,
        pub false_value: Expr,
    }
}

ir_node! {
    /// A conversion of `value` to the node's data type.
    pub struct CastNode as Cast: "prim.Cast", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub value: Expr,
    }
}

ir_node! {
    /// `let var = value in body`, as an expression.
    pub struct LetNode as Let: "prim.Let", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        [def] pub var: Var,
        pub value: Expr,
        pub body: Expr,
    }
}

impl Let {
    /// TVM's `Let` constructor: the value must have the variable's type.
    pub fn checked(var: Var, value: Expr, body: Expr, span: Span) -> Result<Let> {
        if var.ty.as_prim() != Some(value.dtype()) {
            return Err(Error::new(
                super::error::ErrorKind::InternalError,
                "Check failed: (value.ty() == var->ty.as_or_throw<PrimType>()) is false: ",
            ));
        }
        Ok(Let::new(LetNode { ty: body.ty(), var, value, body, span }))
    }
}

ir_node! {
    /// The vector `base + i * stride` for `i` in `0..lanes`.
    pub struct RampNode as Ramp: "prim.Ramp", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub base: Expr,
        pub stride: Expr,
        pub lanes: Expr,
    }
}

ir_node! {
    /// A scalar repeated over `lanes`.
    pub struct BroadcastNode as Broadcast: "prim.Broadcast", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub value: Expr,
        pub lanes: Expr,
    }
}

ir_node! {
    /// Lanes picked from concatenated vectors.
    pub struct ShuffleNode as Shuffle: "prim.Shuffle", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        pub vectors: Vec<Expr>,
        pub indices: Vec<Expr>,
    }
}

/// An attribute map from string pairs, in the given order.
pub fn attr_map<'a>(items: impl IntoIterator<Item = (&'a str, Value)>) -> AttrMap {
    items.into_iter().map(|(k, v)| (Value::str(k), v)).collect::<Vec<_>>().into()
}

/// Read an expression out of a value, with a TypeError naming `what` otherwise.
pub fn expect_expr(v: &Value, what: &str) -> Result<Expr> {
    match v {
        Value::Object(o) if o.isinstance(expr_info()) => Ok(Expr(o.clone())),
        other => Err(Error::type_error(format!("{what}: expected an expression, got {}", other.kind_name()))),
    }
}

/// Register the core expression nodes.
pub(crate) fn register() -> Result<()> {
    use super::object::register_type;
    register_type::<VarNode>()?;
    register_type::<GlobalVarNode>()?;
    register_type::<IntImmNode>()?;
    register_type::<FloatImmNode>()?;
    register_type::<StringImmNode>()?;
    register_type::<OpNode>()?;
    register_type::<CallNode>()?;
    register_type::<RangeNode>()?;
    register_type::<TupleNode>()?;
    register_type::<TupleGetItemNode>()?;
    register_type::<TensorLoadNode>()?;
    register_binary()?;
    register_type::<NotNode>()?;
    register_type::<BitwiseNotNode>()?;
    register_type::<SelectNode>()?;
    register_type::<CastNode>()?;
    register_type::<LetNode>()?;
    register_type::<RampNode>()?;
    register_type::<BroadcastNode>()?;
    register_type::<ShuffleNode>()?;
    let _ = <VarNode as NodeType>::static_info();
    Ok(())
}
