//! `R.<op>(...)`: every operator of the table, built generically from its script
//! signature (`OpFact::script_signature`): parameters naming a field of the call's
//! `relax.attrs.*` node become attributes, the others call arguments (shape
//! parameters as `ShapeExpr`s, lists as tuples, Python numbers as prim values).
//! The call's type is inferred on construction; inference errors become located
//! `DiagnosticError`s.

use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::convert::{make_tuple, seq_v, to_dtype, to_expr_v, to_shape_v};
use crate::dialects::relax::nodes::GenericConst;
use crate::dialects::relax::ops::{op_fact, OpFact};
use crate::vm::convert::{diag, py_str};
use crate::ir::{self, Call, DataType, Expr, Op, Span, Type, Value};
use crate::vm::native::{self, Val};
use crate::vm::object::unwrap_object;

/// A default value of a script signature.
#[derive(Clone, Debug, PartialEq)]
pub enum Default {
    /// No default: the argument is required.
    None,
    /// This value.
    Value(Value),
}

/// One parameter of a script signature.
#[derive(Clone, Debug)]
pub struct Param {
    /// The parameter's name.
    pub name: String,
    /// `None` for a required parameter.
    pub default: Option<Default>,
    /// Whether it collects the remaining positional arguments (`*args`).
    pub star: bool,
}

/// Split at top-level commas.
fn split_top(s: &str) -> Vec<String> {
    let (mut depth, mut quote, mut cur, mut out) = (0i32, None::<char>, String::new(), vec![]);
    for c in s.chars() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[') => depth += 1,
            (None, ')' | ']') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out.into_iter().map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect()
}

/// A literal of a signature default.
fn literal(s: &str) -> Value {
    let s = s.trim();
    match s {
        "None" => return Value::None,
        "True" => return Value::Bool(true),
        "False" => return Value::Bool(false),
        _ => {}
    }
    if let Some(inner) = s.strip_prefix('(').and_then(|x| x.strip_suffix(')')).or_else(|| s.strip_prefix('[').and_then(|x| x.strip_suffix(']'))) {
        return Value::Array(split_top(inner).iter().map(|x| literal(x)).collect());
    }
    if (s.starts_with('\'') && s.ends_with('\'')) || (s.starts_with('"') && s.ends_with('"')) {
        return Value::str(&s[1..s.len() - 1]);
    }
    if let Some(inner) = s.strip_prefix("T.int64(").and_then(|x| x.strip_suffix(')')) {
        return literal(inner);
    }
    if let Ok(i) = s.parse::<i64>() {
        return Value::Int(i);
    }
    if let Ok(f) = s.parse::<f64>() {
        return Value::Float(f);
    }
    Value::str(s)
}

/// The parameters of a script signature.
pub fn parse_signature(sig: &str) -> Vec<Param> {
    split_top(sig)
        .into_iter()
        .map(|p| {
            let star = p.starts_with('*');
            let p = p.trim_start_matches('*');
            match p.split_once('=') {
                Some((n, d)) => Param {
                    name: n.trim().to_string(),
                    default: Some(match literal(d) {
                        Value::None => Default::None,
                        v => Default::Value(v),
                    }),
                    star,
                },
                None => Param { name: p.trim().to_string(), default: None, star },
            }
        })
        .collect()
}

/// A signature text parsed once (signatures are literals of a bounded set: operators'
/// and special forms'), so each call only binds its arguments.
pub fn signature(text: &'static str) -> &'static [Param] {
    thread_local! {
        static CACHE: std::cell::RefCell<crate::fast_hash::FastMap<&'static str, &'static [Param]>> = std::default::Default::default();
    }
    CACHE.with(|c| *c.borrow_mut().entry(text).or_insert_with(|| Box::leak(parse_signature(text).into_boxed_slice())))
}

/// A bound argument: a value given, or a signature default.
#[derive(Clone)]
pub enum Arg {
    /// A value given by the call.
    Val(Val),
    /// The parameter's default.
    Default(Default),
    /// The values a `*args` parameter collected.
    Star(Vec<Val>),
}

/// Bind a call's arguments to the signature's parameters (Python's rules).
pub fn bind<'p>(vm: &VirtualMachine, what: &dyn std::fmt::Display, params: &'p [Param], args: native::Args) -> PyResult<Vec<(&'p str, Arg)>> {
    let mut out: Vec<Option<Arg>> = vec![None; params.len()];
    let mut pos = args.args.into_iter();
    for (i, p) in params.iter().enumerate() {
        if p.star {
            out[i] = Some(Arg::Star(pos.by_ref().collect()));
            break;
        }
        match pos.next() {
            Some(a) => out[i] = Some(Arg::Val(a)),
            None => break,
        }
    }
    if pos.next().is_some() {
        return Err(diag(vm, format!("error: {what}() takes {} positional arguments but more were given", params.len())));
    }
    for (k, v) in args.kwargs {
        match params.iter().position(|p| p.name == k && !p.star) {
            Some(i) if out[i].is_none() => out[i] = Some(Arg::Val(v)),
            Some(_) => return Err(diag(vm, format!("error: {what}() got multiple values for argument '{k}'"))),
            None => return Err(diag(vm, format!("error: {what}() got an unexpected keyword argument '{k}'{}", crate::renames::keyword_hint(k)))),
        }
    }
    params
        .iter()
        .zip(out)
        .map(|(p, a)| {
            let a = match (a, &p.default, p.star) {
                (Some(a), _, _) => a,
                (None, _, true) => Arg::Star(vec![]),
                (None, Some(d), _) => Arg::Default(d.clone()),
                (None, None, _) => {
                    return Err(diag(vm, format!("error: {what}() missing required argument: '{}'", p.name)));
                }
            };
            Ok((p.name.as_str(), a))
        })
        .collect()
}

fn is_none(vm: &VirtualMachine, a: &Arg) -> bool {
    match a {
        Arg::Val(v) => v.is_none(vm),
        Arg::Default(Default::None) => true,
        _ => false,
    }
}

/// The value of an argument (a default made a Python value).
fn val_of(vm: &VirtualMachine, a: &Arg) -> Val {
    match a {
        Arg::Val(v) => v.clone(),
        Arg::Default(Default::None) => Val::Py(vm.ctx.none()),
        Arg::Default(Default::Value(v)) => Val::Py(crate::vm::convert::value_to_py(vm, v)),
        Arg::Star(items) => Val::Tuple(items.clone()),
    }
}

/// A call argument by the kind TVM declares for it.
fn arg_expr(vm: &VirtualMachine, kind: &str, v: &Val) -> PyResult<Expr> {
    let dtype_like = |o: &PyObjectRef| {
        crate::vm::convert::is_str(o) || o.downcast_ref::<crate::dialects::tirx::frontend::exprs::DtypeCtor>().is_some()
    };
    match (kind, v) {
        ("Shape", _) => to_shape_v(vm, v),
        // An operator's own argument keeps a Python bool a bool (TVM's operator
        // functions make it `prim_value(True)`); only `convert_to_expr` makes it an int.
        (_, Val::Py(o)) if o.class().is(vm.ctx.types.bool_type) => Ok(ir::bool_imm(o.clone().try_to_bool(vm)?)),
        ("GenericConst" | "DataType", Val::Py(o)) if dtype_like(o) => Ok(GenericConst::dtype(to_dtype(vm, o)?, Span::none()).into()),
        _ => to_expr_v(vm, v),
    }
}

/// An attribute value: IR scalars become Python-like values.
fn attr_value(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Value> {
    if let Some(o) = unwrap_object(v)
        && let Some(c) = o.downcast_ref::<crate::dialects::relax::nodes::GenericConstNode>()
        && let Some(d) = c.as_dtype()
    {
        return Ok(Value::DType(d));
    }
    if let Some(c) = v.downcast_ref::<crate::dialects::tirx::frontend::exprs::DtypeCtor>() {
        return Ok(Value::DType(c.dtype));
    }
    crate::vm::convert::py_to_value(vm, v)
}

/// The number of spatial dimensions an operator name implies (`conv2d` → 2).
fn spatial_ndim(op: &str) -> Option<usize> {
    ["1d", "2d", "3d"].iter().position(|s| op.contains(s)).map(|i| i + 1)
}

fn int_list(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Int(_) => Some(vec![v.clone()]),
        Value::Array(a) => Some(a.to_vec()),
        _ => None,
    }
}

/// TVM's normalisation of some attributes before the node is built.
fn normalize_attrs(op: &str, fields: &mut [(String, Value)]) {
    let nd = spatial_ndim(op);
    let get = |fields: &[(String, Value)], k: &str| fields.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    for i in 0..fields.len() {
        let (name, value) = (fields[i].0.clone(), fields[i].1.clone());
        match name.as_str() {
            "strides" | "dilation" | "pool_size" | "output_padding" if nd.is_some() => {
                if let Some(l) = int_list(&value)
                    && l.len() == 1
                {
                    fields[i].1 = Value::Array(vec![l[0].clone(); nd.unwrap_or(1)].into());
                }
            }
            "padding" if nd.is_some() => {
                let n = nd.unwrap_or(1);
                if let Some(l) = int_list(&value) {
                    let full: Vec<Value> = if l.len() == 1 {
                        vec![l[0].clone(); 2 * n]
                    } else if l.len() == n {
                        l.iter().chain(l.iter()).cloned().collect()
                    } else {
                        l
                    };
                    fields[i].1 = Value::Array(full.into());
                }
            }
            "out_layout" if value == Value::None => {
                if let Some(l) = get(fields, "layout").or_else(|| get(fields, "data_layout")) {
                    fields[i].1 = l;
                }
            }
            // TVM's `image.resize2d/3d` fill `roi` with float32 zeros (a number
            // repeated, a list made floats), one per bound of each spatial axis.
            "roi" if op.starts_with("relax.image.resize") => {
                let n = if op.ends_with("3d") { 6 } else { 4 };
                let as_f64 = |v: &Value| match v {
                    Value::Int(x) => Some(*x as f64),
                    Value::Float(x) => Some(*x),
                    Value::Object(o) => Expr(o.clone()).as_float().or_else(|| Expr(o.clone()).as_int().map(|i| i as f64)),
                    _ => None,
                };
                let floats: Option<Vec<f64>> = match &value {
                    Value::None => Some(vec![0.0; n]),
                    Value::Array(a) => a.iter().map(as_f64).collect(),
                    v => as_f64(v).map(|x| vec![x; n]),
                };
                if let Some(f) = floats {
                    let imm = |x: f64| Value::Object(ir::float_imm(DataType::FLOAT32, x).into_object());
                    fields[i].1 = Value::Array(f.into_iter().map(imm).collect());
                }
            }
            "indices_or_sections" => {
                let to_imm = |v: &Value| match v {
                    Value::Int(x) => Value::Object(ir::int_imm(DataType::INT64, *x).into_object()),
                    other => other.clone(),
                };
                fields[i].1 = match &value {
                    Value::Array(a) => Value::Array(a.iter().map(to_imm).collect()),
                    v => to_imm(v),
                };
            }
            _ => {}
        }
    }
}

/// Build an attribute node by field name, adapting values to the fields' types
/// (a scalar where a list is expected, a missing value where one is required …).
pub fn make_attrs(key: &str, given: Vec<(String, Value)>) -> ir::Result<Value> {
    let info = ir::lookup_type(key).ok_or_else(|| ir::Error::runtime(format!("unknown attribute type {key}")))?;
    let create = info.create.ok_or_else(|| ir::Error::runtime(format!("{key} cannot be created")))?;
    let mut values = vec![Value::None; info.fields.len()];
    for (k, v) in given {
        if let Some(i) = info.field_index(&k) {
            values[i] = v;
        }
    }
    for _ in 0..(3 * info.fields.len() + 1) {
        let err = match create(values.clone(), Span::none()) {
            Ok(o) => return Ok(Value::Object(o)),
            Err(e) => e,
        };
        // "relax.attrs.X.field: expected …, got …"
        let Some(rest) = err.message.strip_prefix(&format!("{key}.")) else { return Err(err) };
        let Some((field, why)) = rest.split_once(": ") else { return Err(err) };
        let Some(i) = info.field_index(field) else { return Err(err) };
        let v = values[i].clone();
        let fixed = match (why.split(',').next().unwrap_or(""), &v) {
            ("expected an array", Value::None) => Value::Array(vec![].into()),
            ("expected an array", Value::Array(_)) => return Err(err),
            ("expected an array", other) => Value::Array(vec![other.clone()].into()),
            ("expected str", Value::None) => Value::str(""),
            ("expected str", Value::DType(d)) => Value::str(&d.to_string()),
            ("expected int", Value::None) => Value::Int(0),
            ("expected int", Value::Object(o)) => match Expr(o.clone()).as_int() {
                Some(x) => Value::Int(x),
                None => return Err(err),
            },
            ("expected int", Value::Float(f)) if f.fract() == 0.0 => Value::Int(*f as i64),
            ("expected float", Value::None) => Value::Float(0.0),
            ("expected float", Value::Object(o)) => match o.downcast_ref::<ir::FloatImmNode>() {
                Some(f) => Value::Float(f.value),
                None => match Expr(o.clone()).as_int() {
                    Some(x) => Value::Float(x as f64),
                    None => return Err(err),
                },
            },
            ("expected bool", Value::None) => Value::Bool(false),
            ("expected dtype", Value::None) => Value::DType(DataType::void()),
            _ => return Err(err),
        };
        values[i] = fixed;
    }
    create(values, Span::none()).map(Value::Object)
}

/// Turn an inference or construction error into the parser's diagnostic.
pub fn call_error(vm: &VirtualMachine, e: ir::Error) -> rustpython_vm::builtins::PyBaseExceptionRef {
    // From Python, an inference rule's ValueError stays one (TVM's `TVM_FFI_VISIT_THROW(ValueError, ..)`).
    if crate::builder::depth() == 0 && e.kind == ir::ErrorKind::ValueError {
        return crate::vm::error::to_py_err(vm, &e);
    }
    super::convert::api_error(vm, e.message)
}

/// Build a call of an operator with a known type or by inference.
pub fn make_call(vm: &VirtualMachine, op: &str, args: Vec<Expr>, attrs: Option<Value>, ty_args: Vec<Type>) -> PyResult<Expr> {
    let op = Op::get(op).map_err(|e| call_error(vm, e))?;
    let c = Call::make(None, op, args, attrs, ty_args, Span::none()).map_err(|e| call_error(vm, e))?;
    let mut c: Expr = c.into();
    crate::vm::location::stamp(vm, &mut c.0);
    Ok(c)
}

/// `R.<script_name>(...)` for an operator of the table.
pub fn call_op(vm: &VirtualMachine, fact: &'static OpFact, args: native::Args) -> PyResult<Val> {
    let script = fact.script_name.unwrap_or(fact.name);
    let mut args = Some(args);
    if let Some(r) = super::special::call_special(vm, fact, script, &mut args)? {
        return Ok(r);
    }
    let params = signature(fact.script_signature);
    let bound = bind(vm, &super::special::ScriptName(script), params, args.unwrap_or_default())?;
    let attrs_info = if fact.call_attrs.is_empty() { None } else { ir::lookup_type(fact.call_attrs) };
    let mut call_args = vec![];
    let mut attr_fields = vec![];
    let mut arg_index = 0;
    for (name, a) in &bound {
        if let Some(info) = attrs_info
            && info.field_index(name).is_some()
        {
            let v = match a {
                Arg::Val(o) => attr_value(vm, &o.to_py(vm))?,
                Arg::Default(Default::None) => Value::None,
                Arg::Default(Default::Value(v)) => v.clone(),
                Arg::Star(_) => Value::None,
            };
            attr_fields.push((name.to_string(), v));
            continue;
        }
        if let Arg::Star(items) = a {
            for it in items {
                call_args.push(to_expr_v(vm, it)?);
            }
            continue;
        }
        if is_none(vm, a) {
            // Optional trailing arguments left out (`weights=None`, `strides=None`).
            continue;
        }
        let kind = fact.args.get(arg_index).map(|(_, k, _)| *k).unwrap_or("Expr");
        arg_index += 1;
        let v = val_of(vm, a);
        let kind = if seq_v(&v).is_some() && kind == "Tensor" && name_is_shape(name) { "Shape" } else { kind };
        call_args.push(arg_expr(vm, kind, &v)?);
    }
    let attrs = match attrs_info {
        Some(_) => {
            normalize_attrs(fact.name, &mut attr_fields);
            Some(make_attrs(fact.call_attrs, attr_fields).map_err(|e| call_error(vm, e))?)
        }
        None => None,
    };
    let call = fill_inferred_dim(make_call(vm, fact.name, call_args, attrs, vec![])?);
    Ok(Val::Ir(unnormalized_outside_definitions(call).into_object()))
}

/// Called from Python outside any definition (`tvm.relax.op.add(x, y)`), TVM's
/// operator functions build the call unnormalized: its type stays missing until a
/// block builder normalizes it. (Its inference still ran: it raises what TVM's
/// construction raises, and fills `reshape`'s `-1`.)
fn unnormalized_outside_definitions(call: Expr) -> Expr {
    if crate::builder::current_dialect().is_some() {
        return call;
    }
    let Some(c) = call.downcast_ref::<ir::CallNode>() else { return call };
    Call::make(Some(Type::missing()), c.op.clone(), c.args.clone(), Some(c.attrs.clone()), c.ty_args.clone(), c.span.clone())
        .map(Into::into)
        .unwrap_or(call)
}

/// TVM's `reshape` writes the dimension it infers for `-1` into a literal shape
/// argument too (`R.reshape(y, R.shape([2, -1]))` becomes `R.shape([2, n * 2])`).
fn fill_inferred_dim(call: Expr) -> Expr {
    use crate::dialects::relax::nodes::{ShapeExpr, ShapeExprNode};
    use crate::dialects::relax::types::{ShapeType, TensorTypeNode};
    let Some(c) = call.downcast_ref::<ir::CallNode>() else { return call };
    let is_reshape = c.op.downcast_ref::<ir::OpNode>().is_some_and(|o| &*o.name == "relax.reshape");
    let Some(target) = c.args.get(1).and_then(|a| a.downcast_ref::<ShapeExprNode>()) else { return call };
    if !is_reshape || !target.values.iter().any(|v| v.as_int() == Some(-1)) {
        return call;
    }
    let Some(values) = c.ty.downcast_ref::<TensorTypeNode>().and_then(|t| t.shape_values()).map(<[Expr]>::to_vec) else {
        return call;
    };
    let Ok(shape_ty) = ShapeType::of_values(values.clone()) else { return call };
    let shape: Expr = ShapeExpr::new(ShapeExprNode { ty: shape_ty.into(), values, span: target.span.clone() }).into();
    let mut args = c.args.clone();
    args[1] = shape;
    Call::make(Some(c.ty.clone()), c.op.clone(), args, Some(c.attrs.clone()), c.ty_args.clone(), c.span.clone())
        .map(Into::into)
        .unwrap_or(call)
}

fn name_is_shape(name: &str) -> bool {
    matches!(name, "shape" | "size")
}

/// The script function of an operator (`R.add`), for the namespace.
pub fn op_function(name: &'static str) -> impl Fn(&VirtualMachine, native::Args) -> PyResult<Val> + Send + Sync + 'static {
    move |vm, args| {
        let fact = op_fact(name).ok_or_else(|| diag(vm, format!("error: unknown Relax operator {name}")))?;
        call_op(vm, fact, args)
    }
}

/// A string argument (also a `StringImm`).
pub fn str_arg(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<String> {
    py_str(vm, v)
}

/// Several expressions as one tuple (a single tuple stays itself).
pub fn as_tuple(vm: &VirtualMachine, v: &Val) -> PyResult<Expr> {
    let e = to_expr_v(vm, v)?;
    if e.is::<ir::TupleNode>() {
        return Ok(e);
    }
    Ok(make_tuple(vec![e]))
}
