//! Expression constructors of the `T` namespace: the data-type constructors
//! (`T.float32(1)`, `T.int32()` …, also annotations and `T.float32[4]`),
//! `T.let`, `T.meta_var`, pointers, and the arithmetic helpers (`T.max`, `T.Cast`,
//! `T.if_then_else`, `T.Select`, `T.Let`, `T.Ramp` …).

use std::fmt;

use rustpython_vm::builtins::{PyFloat, PyInt, PyStr, PyTuple};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::protocol::PyMappingMethods;
use rustpython_vm::types::{AsMapping, Callable, Iterable, Representable};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::args::{bind, bind_native, BoundExpr};
use crate::vm::native::{Args, NativeKind, Val};
use crate::ir::arith::{self, Operand};
use super::convert::{diag, operand, py, py_int, py_str, to_dtype, to_expr, Py as _};
use crate::dialects::tirx::nodes::TensorMapType;
use crate::ir::{
    self, int_imm, BinOp, DataType, Error, Expr, Let, Result, Select,
    SelectNode, Span, Type, Var,
};

/// A data type as TVM spells it, accepting its short forms (`"float"`, `"int"`).
pub fn parse_dtype(s: &str) -> Result<DataType> {
    match s {
        "float" => Ok(DataType::FLOAT32),
        "int" => Ok(DataType::INT32),
        "uint" => Ok(DataType::uint(32)),
        "" | "void" => Ok(DataType::void()),
        _ => s.parse(),
    }
}

/// `T.float32`, `T.int32x4` …: callable (a constant, a cast or a fresh variable),
/// subscriptable (`T.float32[4]`: a local vector annotation) and usable as an annotation.
#[pyclass(module = "tvm.tirx", name = "DtypeConstructor")]
#[derive(PyPayload)]
pub struct DtypeCtor {
    /// The data type it makes.
    pub dtype: DataType,
}

impl fmt::Debug for DtypeCtor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DtypeConstructor({:?})", self.dtype.to_string())
    }
}

#[pyclass(with(Callable, AsMapping, Representable))]
impl DtypeCtor {
    #[pygetset]
    fn _dtype_str(&self) -> String {
        self.dtype.to_string()
    }
}

impl Callable for DtypeCtor {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let a = bind(vm, "dtype", args, &["expr", "is_size_var"])?;
        dtype_call(vm, zelf.dtype, a.get(vm, "expr"))
    }
}

/// Native calls of `T.<dtype>(…)`: `T.int64(8)`, a script's most common call,
/// gives its constant to the next builder or operator without wrapping it; any
/// other call is made as from Python.
pub fn dtype_native_kind() -> NativeKind {
    NativeKind {
        accepts: |o| o.downcast_ref::<DtypeCtor>().is_some(),
        call: |o, vm, args| {
            let Some(ctor) = o.downcast_ref::<DtypeCtor>() else {
                return Err(vm.new_type_error("not a data type constructor"));
            };
            if let ([Val::Py(value)], []) = (&args.args[..], &args.kwargs[..])
                && let Some(constant) = int_constant(vm, ctor.dtype, value)
            {
                return Ok(Val::Ir(constant?.into_object()));
            }
            let call = args.into_func_args(vm);
            Ok(Val::Py(<DtypeCtor as Callable>::call(ctor, call, vm)?))
        },
    }
}

/// `T.int64(8)`: an integer type's constant of a Python int, made directly (the
/// cast of the int's constant folds to the same node). `None` for anything else.
fn int_constant(vm: &VirtualMachine, dtype: DataType, value: &PyObjectRef) -> Option<PyResult<Expr>> {
    if matches!(dtype.code, crate::ir::TypeCode::Int | crate::ir::TypeCode::UInt)
        && dtype.lanes == 1
        && !value.class().is(vm.ctx.types.bool_type)
        && let Some(i) = value.downcast_ref::<PyInt>()
        && let Ok(v) = i.try_to_primitive::<i64>(vm)
    {
        let constant = check_fits(dtype, v).and_then(|()| arith::int_imm_checked(dtype, v, Span::none()));
        return Some(constant.py(vm).map(|mut c| {
            crate::vm::location::stamp(vm, &mut c.0);
            c
        }));
    }
    None
}

/// `T.<dtype>(expr)`: no argument makes a fresh variable; `"inf"`/`"nan"` strings
/// are floats; a value is cast (constants fold).
pub fn dtype_call(vm: &VirtualMachine, dtype: DataType, expr: Option<PyObjectRef>) -> PyResult {
    let Some(expr) = expr else {
        let mut var = Var::scalar("", dtype).upcast();
        crate::vm::location::stamp(vm, &mut var);
        return Ok(py(vm, var));
    };
    if let Some(constant) = int_constant(vm, dtype, &expr) {
        return Ok(py(vm, constant?));
    }
    let value = if let Some(s) = expr.downcast_ref::<PyStr>() {
        let f: f64 = match &*s.to_string_lossy() {
            "inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            "nan" => f64::NAN,
            other => other.parse().map_err(|_| vm.new_value_error(format!("could not convert string to float: '{other}'")))?,
        };
        ir::float_imm(DataType::FLOAT32, f)
    } else {
        to_expr(vm, &expr)?
    };
    let mut value = const_cast(dtype, value).py(vm)?.into_object();
    crate::vm::location::stamp(vm, &mut value);
    Ok(py(vm, value))
}

/// TVM's `cast` of a value to `dtype`, with the range check of integer constants.
pub fn const_cast(dtype: DataType, value: Expr) -> Result<Expr> {
    if let Some(v) = value.as_int()
        && dtype.is_integer()
        && dtype.lanes == 1
    {
        check_fits(dtype, v)?;
    }
    arith::cast(dtype, value, Span::none())
}

fn check_fits(dtype: DataType, v: i64) -> Result<()> {
    if int_fits(dtype, v) {
        Ok(())
    } else {
        Err(Error::value_error(format!("Literal value {v} exceeds range of {dtype}")))
    }
}

fn int_fits(t: DataType, v: i64) -> bool {
    let bits = t.bits as u32;
    if bits >= 64 {
        return !(t.is_uint() && v < 0);
    }
    if t.is_uint() {
        v >= 0 && (v as u64) < (1u64 << bits)
    } else {
        v >= -(1i64 << (bits - 1)) && v < (1i64 << (bits - 1))
    }
}

impl AsMapping for DtypeCtor {
    fn as_mapping() -> &'static PyMappingMethods {
        static M: PyMappingMethods = PyMappingMethods {
            length: None,
            subscript: Some(|m, key, vm| {
                let z = DtypeCtor::mapping_downcast(m);
                let shape = match key.downcast_ref::<PyTuple>() {
                    Some(t) => t.as_slice().to_vec(),
                    None => vec![key.to_owned()],
                };
                Ok(LocalVector { dtype: z.dtype, shape }.into_ref(&vm.ctx).into())
            }),
            ass_subscript: None,
        };
        &M
    }
}

impl Representable for DtypeCtor {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("DtypeConstructor('{}')", zelf.dtype))
    }
}

/// `x: T.float32[N]`: a local buffer allocation annotation.
#[pyclass(module = "tvm.tirx", name = "LocalVectorAnnotation")]
#[derive(Debug, PyPayload)]
pub struct LocalVector {
    /// The element type.
    pub dtype: DataType,
    /// The shape, as written.
    pub shape: Vec<PyObjectRef>,
}

#[pyclass]
impl LocalVector {}

/// `T.let` / `T.let[type]`: an immutable binding annotation.
#[pyclass(module = "tvm.tirx", name = "LetAnnotation")]
#[derive(Debug, PyPayload)]
pub struct LetAnnotation {
    /// The type, if given (`T.let[T.int32]`).
    pub type_spec: Option<PyObjectRef>,
}

#[pyclass(with(AsMapping))]
impl LetAnnotation {}

impl AsMapping for LetAnnotation {
    fn as_mapping() -> &'static PyMappingMethods {
        static M: PyMappingMethods = PyMappingMethods {
            length: None,
            subscript: Some(|_m, key, vm| Ok(LetAnnotation { type_spec: Some(key.to_owned()) }.into_ref(&vm.ctx).into())),
            ass_subscript: None,
        };
        &M
    }
}

impl LetAnnotation {
    /// The variable a `T.let` binding defines (unnamed; the binding names it).
    pub fn as_var(&self, vm: &VirtualMachine, rhs_ty: Option<Type>) -> PyResult<Var> {
        if let Some(spec) = &self.type_spec {
            return annotation_var(vm, spec);
        }
        match rhs_ty {
            Some(t) => Ok(ir::new_var("", t, Span::none())),
            None => Err(vm.new_type_error("T.let requires either a type or an RHS value")),
        }
    }
}

/// A fresh variable of the type an annotation denotes (`T.int32`, `T.handle("float32")`,
/// a `Type`, a variable whose type is used).
pub fn annotation_var(vm: &VirtualMachine, ann: &PyObjectRef) -> PyResult<Var> {
    if let Some(c) = ann.downcast_ref::<DtypeCtor>() {
        return Ok(Var::scalar("", c.dtype));
    }
    if let Some(o) = crate::vm::object::unwrap_object(ann) {
        if let Some(v) = o.downcast_ref::<ir::VarNode>() {
            if v.name.is_empty() {
                return Ok(Var::new(ir::VarNode { ty: v.ty.clone(), name: "".into(), span: Span::none() }));
            }
            return o.downcast::<ir::VarNode>().py(vm);
        }
        if o.isinstance(ir::type_info()) {
            return Ok(ir::new_var("", Type(o), Span::none()));
        }
    }
    if ann.is_callable() {
        let v = ann.call((), vm)?;
        return annotation_var(vm, &v);
    }
    Err(diag(vm, "error: Annotation should resolve to Var"))
}

/// `T.meta_var(value)`: a Python value that stays Python when bound to a name.
#[pyclass(module = "tvm.script.ir_builder.ir", name = "meta_var")]
#[derive(Debug, PyPayload)]
pub struct MetaVar {
    /// The Python value.
    pub value: PyObjectRef,
}

#[pyclass(with(Iterable))]
impl MetaVar {
    #[pygetset]
    fn value(&self) -> PyObjectRef {
        self.value.clone()
    }
}

impl Iterable for MetaVar {
    fn iter(zelf: rustpython_vm::PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let items = super::convert::iterate(vm, &zelf.value)?;
        let wrapped: Vec<PyObjectRef> = items.into_iter().map(|v| MetaVar { value: v }.into_ref(&vm.ctx).into()).collect();
        vm.ctx.new_list(wrapped).as_object().get_iter(vm).map(|i| i.into())
    }
}

// ---------------------------------------------------------------------------
// Functions.

fn two(vm: &VirtualMachine, name: &'static str, args: FuncArgs) -> PyResult<(Operand, Operand)> {
    let a = bind(vm, name, args, &["a", "b", "span"])?;
    let x = a.req(vm, "a")?;
    let y = a.req(vm, "b")?;
    let conv = |o: &PyObjectRef| -> PyResult<Operand> {
        operand(vm, o)?.ok_or_else(|| vm.new_type_error(format!("{name}: expected an expression, got {}", o.class().name())))
    };
    Ok((conv(&x)?, conv(&y)?))
}

/// `T.max`/`T.min`/`T.floordiv` … : the folding operator.
pub fn binary_fn(vm: &VirtualMachine, op: BinOp, name: &'static str, args: FuncArgs) -> PyResult {
    let (a, b) = two(vm, name, args)?;
    Ok(py(vm, arith::binary(op, a, b, Span::none()).py(vm)?))
}

/// `T.ceildiv(a, b)`: `(a + b - 1) // b`, folded as TVM builds it.
pub fn ceildiv(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let (a, b) = two(vm, "ceildiv", args)?;
    Ok(py(vm, arith::ceildiv(a, b).py(vm)?))
}

/// `T.bitwise_not(x)`: `~x`.
pub fn bitwise_not(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "bitwise_not", args, &["x", "span"])?;
    let x = operand(vm, &a.req(vm, "x")?)?.ok_or_else(|| vm.new_type_error("bitwise_not: expected an expression"))?;
    Ok(py(vm, arith::bitwise_not(x).py(vm)?))
}

/// `T.Range(begin, end)`: TVM's `ir.Range(begin, end)`, whose extent is `end - begin`
/// (`end` itself when `begin` is the constant 0).
pub fn range(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Range", args, &["begin", "end"])?;
    let begin = operand(vm, &a.req(vm, "begin")?)?.ok_or_else(|| vm.new_type_error("Range: expected an expression"))?;
    let end = operand(vm, &a.req(vm, "end")?)?.ok_or_else(|| vm.new_type_error("Range: expected an expression"))?;
    let begin = begin.into_expr().py(vm)?;
    let end = end.into_expr().py(vm)?;
    let extent = if begin.as_int() == Some(0) { end } else { arith::sub(end, begin.clone()).py(vm)? };
    Ok(py(vm, ir::Range::from_min_extent(begin, extent, Span::none())))
}

/// `T.iter_var(v, dom, iter_type, thread_tag)`: an `IterVar` (`dom` a `T.Range`, a
/// `[begin, end]` pair or `None`; `iter_type` a kind's name, `"ThreadIndex"` …; a
/// string `v` names a fresh variable of the domain's type).
pub fn iter_var(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    use crate::dialects::tirx::nodes::{IterVar, IterVarNode, IterVarType};
    let a = bind(vm, "iter_var", args, &["v", "dom", "iter_type", "thread_tag"])?;
    let dom_obj = a.req(vm, "dom")?;
    let dom = if vm.is_none(&dom_obj) {
        None
    } else if let Some(r) = crate::vm::object::unwrap_object(&dom_obj).and_then(|o| o.try_downcast::<ir::RangeNode>()) {
        Some(r)
    } else {
        let items = super::convert::iterate(vm, &dom_obj)?;
        if items.len() != 2 {
            return Err(vm.new_type_error("need to be list of ranges"));
        }
        let r = range(vm, FuncArgs::from(items))?;
        crate::vm::object::unwrap_object(&r).and_then(|o| o.try_downcast::<ir::RangeNode>())
    };
    let kind_name = py_str(vm, &a.req(vm, "iter_type")?)?;
    let iter_type = IterVarType::from_name(&kind_name)
        .ok_or_else(|| vm.new_attribute_error(format!("type object 'IterVar' has no attribute '{kind_name}'")))?;
    let thread_tag = py_str(vm, &a.req(vm, "thread_tag")?)?;
    let v = a.req(vm, "v")?;
    let var = match crate::vm::object::unwrap_object(&v).and_then(|o| o.try_downcast::<ir::VarNode>()) {
        Some(var) => var,
        None => {
            let dtype = dom.as_ref().map_or(DataType::INT32, |r| r.extent.dtype());
            Var::scalar(&py_str(vm, &v)?, dtype)
        }
    };
    Ok(py(vm, IterVar::new(IterVarNode { dom, var, iter_type, thread_tag, span: Span::none() })))
}

/// `T.Add`, `T.Max` … : the node constructor (no folding).
pub fn node_fn(vm: &VirtualMachine, op: BinOp, name: &'static str, args: FuncArgs) -> PyResult {
    let (a, b) = two(vm, name, args)?;
    Ok(py(vm, arith::make_binary(op, a, b, Span::none()).py(vm)?))
}

/// `T.Cast(dtype, value)`: the node.
pub fn cast_node(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Cast", args, &["dtype", "value", "span"])?;
    let dtype = to_dtype(vm, &a.req(vm, "dtype")?)?;
    let value = to_expr(vm, &a.req(vm, "value")?)?;
    // A cast TVM would refuse (lanes mismatch) leaves the value as it is.
    Ok(py(vm, arith::make_cast(dtype, value.clone(), Span::none()).unwrap_or(value)))
}

/// `T.cast(value, dtype)`: folding cast.
pub fn cast_fn(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "cast", args, &["value", "dtype", "span"])?;
    let dtype = to_dtype(vm, &a.req(vm, "dtype")?)?;
    let value = to_expr(vm, &a.req(vm, "value")?)?;
    Ok(py(vm, arith::cast(dtype, value, Span::none()).py(vm)?))
}

/// `T.Select(cond, t, f)`.
pub fn select(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Select", args, &["condition", "true_value", "false_value", "span"])?;
    let cond = to_expr(vm, &a.req(vm, "condition")?)?;
    let t = to_expr(vm, &a.req(vm, "true_value")?)?;
    let f = to_expr(vm, &a.req(vm, "false_value")?)?;
    Ok(py(vm, make_select(cond, t, f)))
}

/// `T.Select(condition, true_value, false_value)`.
pub fn make_select(condition: Expr, true_value: Expr, false_value: Expr) -> Expr {
    Select::new(SelectNode { ty: true_value.ty(), condition, true_value, false_value, span: Span::none() }).into()
}

/// `T.if_then_else(cond, t, f)`: a `prim.if_then_else` call; a constant condition
/// picks a side, as TVM folds it.
pub fn if_then_else(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "if_then_else", args, &["cond", "t", "f", "span"])?;
    let cond = to_expr(vm, &a.req(vm, "cond")?)?;
    let t = operand(vm, &a.req(vm, "t")?)?.ok_or_else(|| vm.new_type_error("if_then_else: expected an expression"))?;
    let f = operand(vm, &a.req(vm, "f")?)?.ok_or_else(|| vm.new_type_error("if_then_else: expected an expression"))?;
    Ok(py(vm, make_if_then_else(cond, t, f).py(vm)?))
}

/// `T.if_then_else(cond, t, f)`.
pub fn make_if_then_else(cond: Expr, t: Operand, f: Operand) -> Result<Expr> {
    crate::dialects::tirx::math_ops::if_then_else(cond, t.into_expr()?, f.into_expr()?)
}

/// `T.Let(body, where={var: value})`.
pub fn let_expr(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Let", args, &["expr", "where", "span"])?;
    let body = to_expr(vm, &a.req(vm, "expr")?)?;
    let where_ = a.req(vm, "where")?;
    let dict = where_.downcast_ref::<rustpython_vm::builtins::PyDict>().ok_or_else(|| vm.new_type_error("T.Let: where must be a dict"))?;
    let items: Vec<_> = dict.into_iter().collect();
    if items.len() != 1 {
        return Err(vm.new_value_error("T.Let only allows `where` to have exactly one element"));
    }
    let (k, v) = &items[0];
    let var = crate::vm::object::unwrap_object(k)
        .and_then(|o| o.try_downcast::<ir::VarNode>())
        .ok_or_else(|| vm.new_type_error("T.Let: the key of where must be a Var"))?;
    let value = to_expr(vm, v)?;
    Ok(py(vm, Let::checked(var, value, body, Span::none()).py(vm)?))
}

/// `T.Ramp(base, stride, lanes)` (a native call: lowered TIR has thousands).
pub fn ramp(vm: &VirtualMachine, args: Args) -> PyResult<Val> {
    let a = bind_native(vm, "Ramp", args, &["base", "stride", "lanes", "span"])?;
    let base = a.expr(vm, "base")?;
    let stride = a.expr(vm, "stride")?;
    let lanes = a.expr(vm, "lanes")?;
    Ok(Val::Ir(make_ramp(base, stride, lanes).py(vm)?.into_object()))
}

/// `T.Ramp(base, stride, lanes)`.
pub fn make_ramp(base: Expr, stride: Expr, lanes: Expr) -> Result<Expr> {
    use crate::ir::arith::Operand as Op;
    crate::ir::arith::ramp(Op::Expr(base), Op::Expr(stride), Op::Expr(lanes), Span::none())
}

/// `T.Broadcast(value, lanes)`.
pub fn broadcast(vm: &VirtualMachine, args: Args) -> PyResult<Val> {
    let a = bind_native(vm, "Broadcast", args, &["value", "lanes", "span"])?;
    let value = a.expr(vm, "value")?;
    let lanes = a.expr(vm, "lanes")?;
    let r = crate::ir::arith::broadcast(Operand::Expr(value), Operand::Expr(lanes), Span::none());
    Ok(Val::Ir(r.py(vm)?.into_object()))
}

/// `T.handle(dtype=None, storage_scope="global")`: a pointer variable.
pub fn handle(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "handle", args, &["dtype", "storage_scope", "is_size_var"])?;
    let scope = a.str_or(vm, "storage_scope", "global")?;
    let elem = match a.get(vm, "dtype") {
        None => Type::prim(DataType::void()),
        Some(d) => {
            if let Some(s) = d.downcast_ref::<PyStr>()
                && matches!(&*s.to_string_lossy(), "TensorMap" | "tensormap" | "CUtensorMap" | "cuTensorMap")
            {
                return Ok(py(vm, tensor_map_var()));
            }
            if let Some(o) = crate::vm::object::unwrap_object(&d)
                && o.isinstance(ir::type_info())
            {
                Type(o)
            } else {
                Type::prim(to_dtype(vm, &d)?)
            }
        }
    };
    Ok(py(vm, ir::new_var("", Type::pointer(elem, &scope), Span::none())))
}

/// `T.TensorMap()`: a pointer to a TMA descriptor.
pub fn tensor_map_var() -> Var {
    let tm: Type = TensorMapType::new(crate::dialects::tirx::nodes::TensorMapTypeNode { span: Span::none() }).into();
    ir::new_var("", Type::pointer(tm, "global"), Span::none())
}

/// `T.ptr(dtype, storage_scope="global")`.
pub fn ptr(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "ptr", args, &["dtype", "storage_scope"])?;
    let dtype = to_dtype(vm, &a.req(vm, "dtype")?)?;
    let scope = a.str_or(vm, "storage_scope", "global")?;
    Ok(py(vm, ir::new_var("", Type::pointer(Type::prim(dtype), &scope), Span::none())))
}

/// `T.var(dtype, name="")`.
pub fn var(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "var", args, &["dtype", "name"])?;
    let dtype = to_dtype(vm, &a.req(vm, "dtype")?)?;
    let name = a.str_or(vm, "name", "")?;
    Ok(py(vm, Var::scalar(&name, dtype)))
}

/// `T.dynamic(name, dtype="int32")` (also `I.dynamic`): a fresh named symbol.
pub fn dynamic(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "dynamic", args, &["name", "dtype"])?;
    let name = a.str_or(vm, "name", "")?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => to_dtype(vm, &d)?,
        None => DataType::INT32,
    };
    let symbol = Var::scalar(&name, dtype);
    crate::builder::declare_symbol(&symbol.as_ref_obj());
    Ok(py(vm, symbol))
}

/// `T.min_value(dtype)` / `T.max_value(dtype)`.
pub fn limit_value(vm: &VirtualMachine, args: FuncArgs, max: bool) -> PyResult {
    let a = bind(vm, if max { "max_value" } else { "min_value" }, args, &["dtype", "span"])?;
    let t = to_dtype(vm, &a.req(vm, "dtype")?)?;
    Ok(py(vm, limit(t, max).py(vm)?))
}

/// The largest (`max`) or smallest value of `t`.
pub fn limit(t: DataType, max: bool) -> Result<Expr> {
    Ok(if t.is_int() {
        let bits = t.bits as u32;
        let v = if bits >= 64 {
            if max { i64::MAX } else { i64::MIN }
        } else if max {
            (1i64 << (bits - 1)) - 1
        } else {
            -(1i64 << (bits - 1))
        };
        int_imm(t, v)
    } else if t.is_uint() {
        let bits = t.bits as u32;
        let v = if !max { 0 } else if bits >= 64 { -1 } else { ((1u64 << bits) - 1) as i64 };
        int_imm(t, v)
    } else if t.is_bool() {
        int_imm(t, max as i64)
    } else if t.is_float() {
        let v = match (t.code, t.bits) {
            (ir::TypeCode::Float, 64) => f64::MAX,
            (ir::TypeCode::Float, 32) => f32::MAX as f64,
            (ir::TypeCode::Float, 16) => 65504.0,
            (ir::TypeCode::BFloat, 16) => 3.3895313892515355e38,
            _ => return Err(Error::value_error(format!("Cannot decide the limit value for type {t}"))),
        };
        ir::float_imm(t, if max { v } else { -v })
    } else {
        return Err(Error::value_error(format!("Cannot decide the limit value for type {t}")));
    })
}

/// `T.abs(x)`: `Select(x >= 0, x, 0 - x)` for signed ints, `fabs` for floats.
pub fn abs(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "abs", args, &["x", "span"])?;
    let x = to_expr(vm, &a.req(vm, "x")?)?;
    Ok(py(vm, crate::dialects::tirx::math_ops::abs(x).py(vm)?))
}

/// The math functions that fold or check their operands (`T.floor`, `T.isnan`,
/// `T.pow` …), as `tvm.tirx` has them.
pub fn register_math(t: &mut crate::vm::namespace::NamespaceTable) {
    use crate::dialects::tirx::math_ops::{self as m, Rounding};
    for kind in Rounding::ALL {
        t.func(kind.name(), move |vm, args: FuncArgs| {
            let a = bind(vm, kind.name(), args, &["x", "span"])?;
            let x = to_expr(vm, &a.req(vm, "x")?)?;
            Ok(py(vm, m::rounding(kind, x).py(vm)?))
        });
    }
    let tests: [(&'static str, fn(Expr) -> Result<Expr>); 3] = [("isnan", m::isnan), ("isinf", m::isinf), ("isfinite", m::isfinite)];
    for (name, f) in tests {
        t.func(name, move |vm, args: FuncArgs| {
            let a = bind(vm, name, args, &["x", "span"])?;
            let x = to_expr(vm, &a.req(vm, "x")?)?;
            Ok(py(vm, f(x).py(vm)?))
        });
    }
    t.func("pow", |vm, args: FuncArgs| {
        let a = bind(vm, "pow", args, &["x", "y", "span"])?;
        let x = to_expr(vm, &a.req(vm, "x")?)?;
        let y = to_expr(vm, &a.req(vm, "y")?)?;
        Ok(py(vm, m::pow(x, y).py(vm)?))
    });
}

/// A float argument as a Python float, if it is one.
pub fn py_float(obj: &PyObjectRef) -> Option<f64> {
    obj.downcast_ref::<PyFloat>().map(|f| f.to_f64())
}

/// `T.bool(expr=None)`.
pub fn boolean(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "bool", args, &["expr"])?;
    dtype_call(vm, DataType::bool(), a.get(vm, "expr"))
}

/// `T.void(expr=None)`.
pub fn void(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "void", args, &["expr"])?;
    match a.get(vm, "expr") {
        None => Ok(py(vm, Var::scalar("", DataType::void()))),
        Some(e) => {
            let e = to_expr(vm, &e)?;
            Ok(py(vm, arith::make_cast(DataType::void(), e.clone(), Span::none()).unwrap_or(e)))
        }
    }
}

/// A string argument (a Python str or a StringImm).
pub fn str_arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<String> {
    py_str(vm, obj)
}

/// `T.comm_reducer(lambda x, y: x + y, [identity])`: a commutative reducer whose
/// variables are named after the lambda's parameters.
pub fn comm_reducer(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "comm_reducer", args, &["combiner", "identity"])?;
    let combiner = a.req(vm, "combiner")?;
    let identity_obj = a.req(vm, "identity")?;
    let identity_items = super::convert::iterate(vm, &identity_obj)?;
    let code = combiner.get_attr("__code__", vm)?;
    let argc = py_int(vm, &code.get_attr("co_argcount", vm)?)? as usize;
    let varnames = super::convert::iterate(vm, &code.get_attr("co_varnames", vm)?)?;
    let identity: Vec<Expr> = identity_items.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?;
    let mut vars = vec![];
    for (i, name) in varnames.iter().take(argc).enumerate() {
        let name = py_str(vm, name)?;
        let ty = identity.get(i % identity.len().max(1)).map(|e| e.ty()).unwrap_or_else(|| Type::prim(DataType::INT32));
        let v = ir::new_var(&name, ty, Span::none());
        super::context::mark_named(&v);
        vars.push(v);
    }
    let res = combiner.call(vars.iter().map(|v| py(vm, v.clone())).collect::<Vec<_>>(), vm)?;
    let result: Vec<Expr> = match super::convert::seq(&res) {
        Some(items) => items.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?,
        None => vec![to_expr(vm, &res)?],
    };
    let half = vars.len() / 2;
    let rhs = vars.split_off(half);
    Ok(py(
        vm,
        crate::dialects::tirx::nodes::CommReducer::new(crate::dialects::tirx::nodes::CommReducerNode {
            lhs: vars,
            rhs,
            result,
            identity_element: identity,
            span: Span::none(),
        }),
    ))
}

/// `T.Shuffle(vectors, indices)`.
pub fn shuffle(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Shuffle", args, &["vectors", "indices", "span"])?;
    let vectors: Vec<Expr> =
        super::convert::iterate(vm, &a.req(vm, "vectors")?)?.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?;
    let indices: Vec<Expr> =
        super::convert::iterate(vm, &a.req(vm, "indices")?)?.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?;
    let elem = vectors.first().map(|v| v.dtype().element_of()).unwrap_or(DataType::INT32);
    let ty = Type::prim(elem.with_lanes(indices.len() as i32));
    Ok(py(vm, crate::ir::Shuffle::new(crate::ir::ShuffleNode { ty, vectors, indices, span: Span::none() })))
}
