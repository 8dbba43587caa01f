//! Python values as Relax IR: expressions (Python tuples become `ir.Tuple`, ints
//! int64 prim values, strings `StringImm`), shape dimensions (string dims and
//! `typing.TypeVar`s are the function's symbolic int64 variables), shapes and types
//! (`R.Tensor` written bare is the type it builds with no arguments).

use rustpython_vm::builtins::{PyFloat, PyInt, PyStr};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::frame::{resolve, with_func};
use super::types_ns::TypeCtor;
use crate::dialects::relax::nodes::ShapeExpr;
use crate::dialects::relax::types::tuple_type;
use crate::vm::convert::{diag, is_type_var, py_str, seq};
use crate::ir::{self, DataType, Expr, ObjectRef, Span, Tuple, TupleNode, Type, Var};
use crate::vm::native::Val;
use crate::vm::error::IntoPyResult;
use crate::vm::object::unwrap_object;

/// `ir.Tuple(fields)` typed as the tuple of its fields' types.
pub fn make_tuple(fields: Vec<Expr>) -> Expr {
    let ty = if fields.iter().any(|f| f.ty().is_missing()) {
        Type::missing()
    } else {
        tuple_type(fields.iter().map(|f| f.ty()).collect())
    };
    Tuple::new(TupleNode { ty, fields, span: Span::none() }).into()
}

/// The symbolic variable a name denotes in the current function (created on first
/// use); outside a function a fresh int64 variable.
pub fn symbol(name: &str) -> Var {
    with_func(|f| f.symbol(name)).unwrap_or_else(|| Var::scalar(name, DataType::INT64))
}

/// An IR object as a Relax expression.
fn object_expr(vm: &VirtualMachine, o: ObjectRef) -> PyResult<Expr> {
    if o.isinstance(ir::expr_info()) {
        let e = resolve(Expr(o)).py(vm)?;
        // A variable of the empty tuple type is used as the empty tuple itself
        // (TVM's normaliser treats `R.Tuple()` values as unit).
        let is_var = e.is::<ir::VarNode>() || e.is::<crate::dialects::relax::nodes::DataflowVarNode>();
        if is_var && crate::dialects::relax::types::as_tuple(&e.ty()).is_some_and(|t| t.fields.is_empty()) {
            return Ok(make_tuple(vec![]));
        }
        return Ok(e);
    }
    if let Some(iv) = o.downcast_ref::<crate::dialects::tirx::nodes::IterVarNode>() {
        return Ok(iv.var.clone().into());
    }
    Err(diag(vm, format!("error: expected a Relax expression, got {}", o.type_key())))
}

/// [`to_expr`] of a native call's argument.
pub fn to_expr_v(vm: &VirtualMachine, v: &Val) -> PyResult<Expr> {
    match v {
        Val::Py(o) => to_expr(vm, o),
        Val::Ir(o) => object_expr(vm, o.clone()),
        Val::Tuple(items) => Ok(make_tuple(items.iter().map(|x| to_expr_v(vm, x)).collect::<PyResult<Vec<_>>>()?)),
    }
}

/// A Python value as a Relax expression (TVM's `convert_to_expr`).
pub fn to_expr(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(o) = unwrap_object(obj) {
        return object_expr(vm, o);
    }
    if let Some(items) = seq(obj) {
        let fields = items.iter().map(|x| to_expr(vm, x)).collect::<PyResult<Vec<_>>>()?;
        return Ok(make_tuple(fields));
    }
    // A Python bool is an int here, as in TVM's `convert_to_expr` (`isinstance(True, int)`):
    // `(x, True)` holds the int64 prim value 1.
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        let v: i64 = i.try_to_primitive(vm)?;
        return Ok(ir::int_imm(DataType::INT64, v));
    }
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        return Ok(ir::float_imm(DataType::float(64), f.to_f64()));
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Ok(ir::string_imm(&s.to_string_lossy()));
    }
    if is_type_var(obj) {
        let name = py_str(vm, &obj.get_attr("__name__", vm)?)?;
        return Ok(symbol(&name).into());
    }
    Err(api_error(vm, format!("cannot convert a Python {} to a Relax expression", obj.class().name())))
}

/// One dimension of a shape: an int64 scalar expression.
pub fn to_dim(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    // Literal dimensions are the common case: first.
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        return Ok(ir::int_imm(DataType::INT64, i.try_to_primitive(vm)?));
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return eval_dim(vm, &s.to_string_lossy());
    }
    if is_type_var(obj) {
        let name = py_str(vm, &obj.get_attr("__name__", vm)?)?;
        return Ok(symbol(&name).into());
    }
    let e = crate::dialects::tirx::frontend::convert::to_expr(vm, obj)?;
    Ok(match (e.as_int(), e.dtype().is_integer()) {
        (Some(v), true) => ir::int_imm(DataType::INT64, v),
        _ => e,
    })
}

/// A string dimension: a name is the function's symbol; an expression (`"n * 2"`) is
/// evaluated with its names as symbols.
fn eval_dim(vm: &VirtualMachine, text: &str) -> PyResult<Expr> {
    let text = text.trim();
    if is_identifier(text) {
        return Ok(symbol(text).into());
    }
    let locals = vm.ctx.new_dict();
    for name in identifiers(text) {
        locals.set_item(name.as_str(), crate::vm::object::wrap(vm, symbol(&name).into()), vm)?;
    }
    let globals = vm.ctx.new_dict();
    globals.set_item("T", crate::vm::namespace::namespace_object(vm, "tirx"), vm)?;
    let eval = vm.builtins.get_attr("eval", vm)?;
    let v = eval.call((vm.ctx.new_str(text), globals, locals), vm)?;
    to_dim(vm, &v)
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
}

fn identifiers(s: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    let mut prev_dot = false;
    for c in s.chars().chain(std::iter::once(' ')) {
        if c.is_alphanumeric() || c == '_' {
            cur.push(c);
        } else {
            // Names before `.` or `(` are namespaces and functions (`T.max(...)`).
            let callee = c == '.' || c == '(';
            if !cur.is_empty() && !prev_dot && !callee && !cur.chars().next().is_some_and(|c| c.is_ascii_digit()) && !out.contains(&cur) {
                out.push(cur.clone());
            }
            prev_dot = c == '.';
            cur.clear();
        }
    }
    out
}

/// [`to_dim`] of a native call's argument.
pub fn to_dim_v(vm: &VirtualMachine, v: &Val) -> PyResult<Expr> {
    match v {
        Val::Py(o) => to_dim(vm, o),
        other => to_dim(vm, &other.to_py(vm)),
    }
}

/// The items of a tuple or list argument.
pub fn seq_v(v: &Val) -> Option<std::borrow::Cow<'_, [Val]>> {
    match v {
        Val::Tuple(items) => Some(std::borrow::Cow::Borrowed(items)),
        Val::Py(o) => seq(o).map(|items| std::borrow::Cow::Owned(items.into_iter().map(Val::Py).collect())),
        Val::Ir(_) => None,
    }
}

/// [`to_shape`] of a native call's argument.
pub fn to_shape_v(vm: &VirtualMachine, v: &Val) -> PyResult<Expr> {
    match v {
        Val::Tuple(items) => shape_of_dims(vm, items.iter().map(|x| to_dim_v(vm, x)).collect::<PyResult<Vec<_>>>()?),
        Val::Py(o) => to_shape(vm, o),
        Val::Ir(_) => to_expr_v(vm, v),
    }
}

fn shape_of_dims(vm: &VirtualMachine, dims: Vec<Expr>) -> PyResult<Expr> {
    Ok(shape_expr(vm, dims)?.into())
}

/// A shape from an annotation's dimensions. A symbol of another width than int64
/// that a native declaration made (`def f[n]`, `I.dynamic("n")`, int32 by default)
/// is refused with the int64 declaration to write instead.
pub fn shape_expr(vm: &VirtualMachine, dims: Vec<Expr>) -> PyResult<ShapeExpr> {
    let declared = dims.iter().find_map(|d| {
        let var = d.downcast_ref::<crate::ir::VarNode>()?;
        (d.dtype() != crate::ir::DataType::INT64 && crate::builder::is_declared_symbol(d.as_object()))
            .then(|| (var.name.to_string(), d.dtype()))
    });
    ShapeExpr::make(dims, Span::none()).map_err(|e| {
        let hint = match declared {
            Some((n, d)) => format!(
                ": symbol `{n}` is {d}; declare it as int64, `def f[{n}: T.int64](...)` in the function header or `{n} = I.dynamic(\"{n}\", \"int64\")`"
            ),
            None => String::new(),
        };
        diag(vm, format!("error: {}{hint}", e.message))
    })
}

/// [`to_type`] of a native call's argument.
pub fn to_type_v(vm: &VirtualMachine, v: &Val) -> PyResult<Type> {
    match v {
        Val::Py(o) => to_type(vm, o),
        Val::Ir(o) if o.isinstance(ir::type_info()) => Ok(Type(o.clone())),
        Val::Ir(o) if o.isinstance(ir::expr_info()) => Ok(Expr(o.clone()).ty()),
        Val::Ir(_) => to_type(vm, &v.to_py(vm)),
        Val::Tuple(items) => Ok(tuple_type(items.iter().map(|x| to_type_v(vm, x)).collect::<PyResult<Vec<_>>>()?)),
    }
}

/// [`to_types`] of a native call's argument.
pub fn to_types_v(vm: &VirtualMachine, v: &Val) -> PyResult<Vec<Type>> {
    match v {
        Val::Py(o) => to_types(vm, o),
        Val::Tuple(items) => items.iter().map(|x| to_type_v(vm, x)).collect(),
        Val::Ir(_) => Ok(vec![to_type_v(vm, v)?]),
    }
}

/// A shape argument: a `ShapeExpr` from a list/tuple of dimensions, or an expression
/// already denoting a shape.
pub fn to_shape(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(items) = seq(obj) {
        return shape_of_dims(vm, items.iter().map(|x| to_dim(vm, x)).collect::<PyResult<Vec<_>>>()?);
    }
    to_expr(vm, obj)
}

/// A type from an annotation or type argument.
pub fn to_type(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Type> {
    if let Some(c) = obj.downcast_ref::<TypeCtor>() {
        return c.build(vm, crate::vm::native::Args::default());
    }
    if let Some(c) = obj.downcast_ref::<crate::dialects::tirx::frontend::exprs::DtypeCtor>() {
        return Ok(Type::prim(c.dtype));
    }
    if let Some(o) = unwrap_object(obj) {
        if o.isinstance(ir::type_info()) {
            return Ok(Type(o));
        }
        if o.isinstance(ir::expr_info()) {
            // A symbolic variable used as an annotation (`n: T.int64`-like) or a value.
            return Ok(Expr(o).ty());
        }
    }
    if let Some(items) = seq(obj) {
        let fields = items.iter().map(|x| to_type(vm, x)).collect::<PyResult<Vec<_>>>()?;
        return Ok(tuple_type(fields));
    }
    if obj.is_callable() {
        // `T.bool` and friends written bare: the type of what they make.
        let v = obj.call((), vm)?;
        if unwrap_object(&v).is_some() {
            return to_type(vm, &v);
        }
    }
    if *obj.as_object().class().name() == *"str" {
        let d = crate::dialects::tirx::frontend::exprs::parse_dtype(&py_str(vm, obj)?).py(vm)?;
        return Ok(Type::prim(d));
    }
    Err(api_error(vm, format!("expected a Relax type annotation, got a Python {}", obj.class().name())))
}

/// The type list of `out_ty=` / `ty_args=`: a type or a list of types.
pub fn to_types(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<Type>> {
    match seq(obj) {
        Some(items) => items.iter().map(|x| to_type(vm, x)).collect(),
        None => Ok(vec![to_type(vm, obj)?]),
    }
}

/// A data type argument.
pub fn to_dtype(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<DataType> {
    if let Some(o) = unwrap_object(obj)
        && let Some(c) = o.downcast_ref::<crate::dialects::relax::nodes::GenericConstNode>()
        && let Some(d) = c.as_dtype()
    {
        return Ok(d);
    }
    crate::dialects::tirx::frontend::convert::to_dtype(vm, obj)
}

/// An error of a Relax construction: located by the parser (a `DiagnosticError`)
/// inside a definition; outside any (the Python API: `relax.op.add(x, y)`,
/// `BlockBuilder.emit`) the `TypeError` TVM's FFI raises.
pub fn api_error(vm: &VirtualMachine, msg: String) -> rustpython_vm::builtins::PyBaseExceptionRef {
    if crate::builder::depth() == 0 {
        // TVM's failed internal checks (`ICHECK`) raise InternalError; the rest are
        // argument errors.
        if msg.starts_with("Check failed") {
            return crate::dialects::ir::module_class::internal_error(vm, msg);
        }
        vm.new_type_error(msg)
    } else {
        diag(vm, format!("error: {msg}"))
    }
}
