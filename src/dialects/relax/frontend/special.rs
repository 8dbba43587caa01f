//! Operators whose script functions do more than map arguments and attributes:
//! the `call_tir` / packed-call family (callee, argument tuple, output types),
//! `nn.attention` (a bias picks `attention_bias`), `hint_on_device`, `to_vdevice`,
//! `assert_op`, `print` and `arange`; plus the callable-value calls (`cls.f(x)`,
//! `R.call_packed`).

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::convert::{make_tuple, to_dtype, to_expr, to_expr_v, to_shape, to_types, to_types_v};
use super::ops::{as_tuple, bind, call_error, make_attrs, make_call, signature, str_arg, Arg, Default};
use crate::dialects::relax::nodes::ExternFunc;
use crate::dialects::relax::ops::{infer_relax_call, OpFact};
use crate::dialects::relax::types::tuple_type;
use crate::vm::convert::{diag, py, py_int, seq};
use crate::ir::{self, Call, CallNode, DataType, Expr, GlobalVarNode, Span, Type, Value};
use crate::vm::native::{self, Val};
use crate::vm::object::unwrap_object;

/// Bound arguments by name.
struct Args {
    items: Vec<(&'static str, Arg)>,
}

impl Args {
    /// Bind the call's arguments, which only one special form takes.
    fn new(vm: &VirtualMachine, what: &ScriptName, sig: &'static str, args: &mut Option<native::Args>) -> PyResult<Self> {
        Ok(Args { items: bind(vm, what, signature(sig), args.take().unwrap_or_default())? })
    }
    /// A given (not None) argument, as it was passed.
    fn val(&self, vm: &VirtualMachine, name: &str) -> Option<Val> {
        self.items.iter().find(|(n, _)| *n == name).and_then(|(_, a)| match a {
            Arg::Val(v) if !v.is_none(vm) => Some(v.clone()),
            Arg::Default(Default::Value(v)) => Some(Val::Py(crate::vm::convert::value_to_py(vm, v))),
            _ => None,
        })
    }
    /// A given (not None) argument as a Python value.
    fn get(&self, vm: &VirtualMachine, name: &str) -> Option<PyObjectRef> {
        self.val(vm, name).map(|v| v.into_py(vm))
    }
    fn star(&self, vm: &VirtualMachine, name: &str) -> Vec<PyObjectRef> {
        self.items
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, a)| match a {
                Arg::Star(v) => Some(v.iter().map(|x| x.to_py(vm)).collect()),
                _ => None,
            })
            .unwrap_or_default()
    }
    fn req_val(&self, vm: &VirtualMachine, name: &str) -> PyResult<Val> {
        self.val(vm, name).ok_or_else(|| diag(vm, format!("error: missing argument '{name}'")))
    }
    fn req(&self, vm: &VirtualMachine, name: &str) -> PyResult<PyObjectRef> {
        Ok(self.req_val(vm, name)?.into_py(vm))
    }
}

/// The output type(s) of `out_ty=` / `ty_args=`: several become a tuple type.
fn out_type(vm: &VirtualMachine, v: &Val) -> PyResult<Type> {
    let mut tys = to_types_v(vm, v)?;
    Ok(if tys.len() == 1 { tys.remove(0) } else { tuple_type(tys) })
}

fn extern_func(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Expr> {
    if let Some(o) = unwrap_object(v)
        && o.isinstance(ir::expr_info())
    {
        return to_expr(vm, v);
    }
    Ok(ExternFunc::make(&str_arg(vm, v)?, Span::none()).into())
}

fn global_var(vm: &VirtualMachine, v: &Val, what: &ScriptName) -> PyResult<Expr> {
    let e = to_expr_v(vm, v)?;
    if !e.is::<GlobalVarNode>() {
        return Err(diag(vm, format!("error: {what} expects a GlobalVar (a function of the module, `cls.f`) as its callee")));
    }
    Ok(relax_callee(e))
}

/// TVM types the GlobalVar of a PrimFunc with a Relax `R.Callable`; the module
/// declares it with the PrimFunc's own signature type, so convert it where Relax
/// uses it.
pub fn relax_callee(e: Expr) -> Expr {
    let Some(gv) = e.downcast_ref::<GlobalVarNode>() else { return e };
    let key = e.addr();
    if let Some(done) = super::frame::with_func(|f| f.callees.get(&key).map(|(_, c)| c.clone())).flatten() {
        return done;
    }
    let declared = e.as_object().try_downcast::<GlobalVarNode>();
    let Some(callee) = declared.as_ref().and_then(relax_typed) else { return e };
    let _ = gv;
    if let Some(declared) = &declared {
        // The module may retype the declared GlobalVar once its PrimFunc is built
        // (a `T.handle` parameter becomes a buffer's tensor): this copy follows.
        crate::dialects::ir::module_frame::note_derived(declared, &callee, relax_typed);
    }
    let callee: Expr = callee.into();
    super::frame::with_func(|f| f.callees.insert(key, (e.clone(), callee.clone())));
    callee
}

/// The GlobalVar of a PrimFunc typed as Relax sees it (`R.Callable`), or `None`
/// when `gv` is not typed by a PrimFunc signature.
fn relax_typed(gv: &ir::GlobalVar) -> Option<ir::GlobalVar> {
    let ft = gv.ty.downcast_ref::<ir::FuncTypeNode>()?;
    let params = ft.arg_types.iter().map(relax_param_type).collect();
    let ret = if ft.ret_type.as_prim().is_some_and(|d| !d.is_void()) { ft.ret_type.clone() } else { tuple_type(vec![]) };
    let ty: Type = crate::dialects::relax::types::FuncType::make(params, ret, false).into();
    Some(ir::GlobalVar::new(GlobalVarNode { ty, name_hint: gv.name_hint.clone(), span: gv.span.clone() }))
}

/// A PrimFunc parameter type as Relax sees it: buffers are tensors (scope dropped),
/// scalars prim values, handles `R.Any`.
fn relax_param_type(t: &Type) -> Type {
    use crate::dialects::relax::types::{any_type, TensorType, UNKNOWN_NDIM};
    if let Some(b) = t.downcast_ref::<crate::dialects::tirx::nodes::BufferTypeNode>() {
        let dims: Vec<Expr> = b
            .shape
            .iter()
            .map(|d| match d.as_int() {
                Some(v) => ir::int_imm(DataType::INT64, v),
                None => d.clone(),
            })
            .collect();
        let ndim = dims.len() as i64;
        return match TensorType::of(Some(dims), b.dtype.dtype) {
            Ok(t) => t.into(),
            Err(_) => TensorType::with_ndim(if ndim >= 0 { ndim } else { UNKNOWN_NDIM }, Some(b.dtype.dtype)).into(),
        };
    }
    match t.as_prim() {
        Some(d) if !d.is_handle() => t.clone(),
        _ => any_type(),
    }
}

fn int_list(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Value> {
    Ok(match seq(v) {
        Some(items) => Value::Array(items.iter().map(|x| py_int(vm, x).map(Value::Int)).collect::<PyResult<Vec<_>>>()?.into()),
        None => Value::Array(vec![Value::Int(py_int(vm, v)?)].into()),
    })
}

/// A call of a callable value (GlobalVar, ExternFunc, closure), typed from the callee.
pub fn call_value(vm: &VirtualMachine, callee: Expr, args: Vec<Expr>, ty_args: Vec<Type>) -> PyResult<Expr> {
    let callee = relax_callee(callee);
    let node = CallNode { ty: Type::missing(), op: callee.clone(), args: args.clone(), attrs: Value::None, ty_args: ty_args.clone(), span: Span::none() };
    let ty = infer_relax_call(&node).map_err(|e| call_error(vm, e))?;
    Ok(Call::make(Some(ty), callee, args, None, ty_args, Span::none()).map_err(|e| call_error(vm, e))?.into())
}

/// `R.call_packed("f", *args, ty_args=...)`: the callee is the `ExternFunc` itself.
pub fn call_packed(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut args = args;
    let ty_args = args.kwargs.swap_remove("ty_args").or_else(|| args.kwargs.swap_remove("sinfo_args"));
    if let Some((k, _)) = args.kwargs.first() {
        return Err(diag(vm, format!("error: R.call_packed() got an unexpected keyword argument '{k}'{}", crate::renames::keyword_hint(k))));
    }
    let mut pos = args.args.into_iter();
    let func = pos.next().ok_or_else(|| diag(vm, "error: R.call_packed expects the function name"))?;
    let callee = extern_func(vm, &func)?;
    let call_args = pos.map(|a| to_expr(vm, &a)).collect::<PyResult<Vec<_>>>()?;
    let ty_args = match ty_args {
        Some(t) if !vm.is_none(&t) => to_types(vm, &t)?,
        _ => vec![],
    };
    Ok(py(vm, call_value(vm, callee, call_args, ty_args)?))
}

/// `R.<name>` in messages, spelled only when one is made.
pub struct ScriptName<'a>(pub &'a str);

impl std::fmt::Display for ScriptName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "R.{}", self.0)
    }
}

/// Handle the operators with their own argument rules (taking `args`); `None` for
/// the others (leaving `args`).
pub fn call_special(vm: &VirtualMachine, fact: &'static OpFact, script: &str, args: &mut Option<native::Args>) -> PyResult<Option<Val>> {
    let what = ScriptName(script);
    let op = fact.name;
    let e: Expr = match script {
        "call_tir" | "dist.call_tir_local_view" => {
            let a = Args::new(vm, &what, "gvar, args, out_ty, tir_vars=None", args)?;
            let mut call_args = vec![global_var(vm, &a.req_val(vm, "gvar")?, &what)?, as_tuple(vm, &a.req_val(vm, "args")?)?];
            if let Some(t) = a.get(vm, "tir_vars") {
                call_args.push(to_shape(vm, &t)?);
            }
            make_call(vm, op, call_args, None, vec![out_type(vm, &a.req_val(vm, "out_ty")?)?])?
        }
        "call_tir_inplace" => {
            let a = Args::new(vm, &what, "gvar, args, inplace_indices, out_ty, tir_vars=None", args)?;
            let mut call_args = vec![global_var(vm, &a.req_val(vm, "gvar")?, &what)?, as_tuple(vm, &a.req_val(vm, "args")?)?];
            if let Some(t) = a.get(vm, "tir_vars") {
                call_args.push(to_shape(vm, &t)?);
            }
            let attrs = make_attrs(fact.call_attrs, vec![("inplace_indices".into(), int_list(vm, &a.req(vm, "inplace_indices")?)?)])
                .map_err(|e| call_error(vm, e))?;
            make_call(vm, op, call_args, Some(attrs), vec![out_type(vm, &a.req_val(vm, "out_ty")?)?])?
        }
        "call_tir_with_grad" => {
            let a = Args::new(vm, &what, "gvar, args, out_ty, te_grad_name, te_grad_kwargs=None, tir_vars=None", args)?;
            let mut call_args = vec![global_var(vm, &a.req_val(vm, "gvar")?, &what)?, as_tuple(vm, &a.req_val(vm, "args")?)?];
            if let Some(t) = a.get(vm, "tir_vars") {
                call_args.push(to_shape(vm, &t)?);
            }
            let kwargs = match a.get(vm, "te_grad_kwargs") {
                Some(k) => crate::vm::convert::py_to_value(vm, &k)?,
                None => Value::Map(std::sync::Arc::from(Vec::new())),
            };
            let attrs = make_attrs(
                fact.call_attrs,
                vec![("te_grad_name".into(), Value::str(&str_arg(vm, &a.req(vm, "te_grad_name")?)?)), ("te_grad_kwargs".into(), kwargs)],
            )
            .map_err(|e| call_error(vm, e))?;
            make_call(vm, op, call_args, Some(attrs), vec![out_type(vm, &a.req_val(vm, "out_ty")?)?])?
        }
        "call_dps_packed" => {
            let a = Args::new(vm, &what, "func, args, out_ty", args)?;
            let call_args = vec![extern_func(vm, &a.req(vm, "func")?)?, as_tuple(vm, &a.req_val(vm, "args")?)?];
            make_call(vm, op, call_args, None, vec![out_type(vm, &a.req_val(vm, "out_ty")?)?])?
        }
        "call_pure_packed" | "call_inplace_packed" => {
            let sig = if script == "call_pure_packed" { "func, *args, ty_args=None, sinfo_args=None" } else { "func, *args, inplace_indices, ty_args=None, sinfo_args=None" };
            let a = Args::new(vm, &what, sig, args)?;
            let mut call_args = vec![extern_func(vm, &a.req(vm, "func")?)?];
            for x in a.star(vm, "args") {
                call_args.push(to_expr(vm, &x)?);
            }
            let ty_args = match a.get(vm, "ty_args").or_else(|| a.get(vm, "sinfo_args")) {
                Some(t) => to_types(vm, &t)?,
                None => vec![],
            };
            let attrs = match a.get(vm, "inplace_indices") {
                Some(i) => Some(make_attrs(fact.call_attrs, vec![("inplace_indices".into(), int_list(vm, &i)?)]).map_err(|e| call_error(vm, e))?),
                None => None,
            };
            make_call(vm, op, call_args, attrs, ty_args)?
        }
        "call_builtin_with_ctx" => {
            let a = Args::new(vm, &what, "func, args, ty_args=None, sinfo_args=None", args)?;
            let call_args = vec![extern_func(vm, &a.req(vm, "func")?)?, as_tuple(vm, &a.req_val(vm, "args")?)?];
            let ty_args = match a.get(vm, "ty_args").or_else(|| a.get(vm, "sinfo_args")) {
                Some(t) => to_types(vm, &t)?,
                None => vec![],
            };
            make_call(vm, op, call_args, None, ty_args)?
        }
        "invoke_closure" | "invoke_pure_closure" => {
            let a = Args::new(vm, &what, "closure, args, ty_args=None, sinfo_args=None", args)?;
            let call_args = vec![to_expr(vm, &a.req(vm, "closure")?)?, as_tuple(vm, &a.req_val(vm, "args")?)?];
            let ty_args = match a.get(vm, "ty_args").or_else(|| a.get(vm, "sinfo_args")) {
                Some(t) => to_types(vm, &t)?,
                None => vec![],
            };
            make_call(vm, op, call_args, None, ty_args)?
        }
        "nn.attention" => {
            let a = Args::new(vm, &what, "query, key, value, bias=None, scale=None, causal_mask=None, window_size=None", args)?;
            let mut call_args = vec![to_expr(vm, &a.req(vm, "query")?)?, to_expr(vm, &a.req(vm, "key")?)?, to_expr(vm, &a.req(vm, "value")?)?];
            let op = match a.get(vm, "bias") {
                Some(b) => {
                    call_args.push(to_expr(vm, &b)?);
                    "relax.nn.attention_bias"
                }
                None => op,
            };
            let mut fields = vec![];
            for k in ["scale", "causal_mask", "window_size"] {
                if let Some(v) = a.get(vm, k) {
                    let v = match k {
                        "scale" => match crate::vm::convert::py_to_value(vm, &v)? {
                            Value::Float(f) => Value::Object(ir::float_imm(DataType::FLOAT32, f).into_object()),
                            other => other,
                        },
                        _ => crate::vm::convert::py_to_value(vm, &v)?,
                    };
                    fields.push((k.to_string(), v));
                }
            }
            let attrs = make_attrs(fact.call_attrs, fields).map_err(|e| call_error(vm, e))?;
            make_call(vm, op, call_args, Some(attrs), vec![])?
        }
        "hint_on_device" => {
            let a = Args::new(vm, &what, "data, dst_vdevice, memory_scope='global'", args)?;
            let dev = a.req(vm, "dst_vdevice")?;
            let items = seq(&dev).ok_or_else(|| diag(vm, "error: R.hint_on_device expects a device, R.device(type, index)"))?;
            let (dt, idx) = (items.first().map(|x| py_int(vm, x)).transpose()?.unwrap_or(1), items.get(1).map(|x| py_int(vm, x)).transpose()?.unwrap_or(0));
            let scope = a.get(vm, "memory_scope").map(|s| str_arg(vm, &s)).transpose()?.unwrap_or_else(|| "global".into());
            let attrs = make_attrs(
                fact.call_attrs,
                vec![("device_type".into(), Value::Int(dt)), ("index".into(), Value::Int(idx)), ("memory_scope".into(), Value::str(&scope))],
            )
            .map_err(|e| call_error(vm, e))?;
            make_call(vm, op, vec![to_expr(vm, &a.req(vm, "data")?)?], Some(attrs), vec![])?
        }
        "to_vdevice" => {
            let a = Args::new(vm, &what, "data, dst_vdevice", args)?;
            let dev = a.req(vm, "dst_vdevice")?;
            let vd = match unwrap_object(&dev) {
                Some(o) => Value::Object(o),
                None => Value::Object(super::types_ns::lookup_vdevice(vm, &str_arg(vm, &dev)?)?.upcast()),
            };
            let attrs = make_attrs(fact.call_attrs, vec![("dst_vdevice".into(), vd)]).map_err(|e| call_error(vm, e))?;
            make_call(vm, op, vec![to_expr(vm, &a.req(vm, "data")?)?], Some(attrs), vec![])?
        }
        "assert_op" => {
            let a = Args::new(vm, &what, "condition, format_args=None, format=''", args)?;
            let mut call_args = vec![to_expr(vm, &a.req(vm, "condition")?)?, format_arg(vm, a.get(vm, "format"))?];
            if let Some(f) = a.get(vm, "format_args") {
                match seq(&f) {
                    Some(items) => {
                        for x in items {
                            call_args.push(to_expr(vm, &x)?);
                        }
                    }
                    None => call_args.push(to_expr(vm, &f)?),
                }
            }
            make_call(vm, op, call_args, None, vec![])?
        }
        "print" => {
            let a = Args::new(vm, &what, "*values, format=''", args)?;
            let mut call_args = vec![format_arg(vm, a.get(vm, "format"))?];
            for x in a.star(vm, "values") {
                call_args.push(to_expr(vm, &x)?);
            }
            make_call(vm, op, call_args, None, vec![])?
        }
        "arange" => {
            let a = Args::new(vm, &what, "start, end=None, step=1, dtype=None", args)?;
            let start = a.req(vm, "start")?;
            let (start, end) = match a.get(vm, "end") {
                Some(e) => (start, e),
                None => (vm.ctx.new_int(0).into(), start),
            };
            let step = a.get(vm, "step").unwrap_or_else(|| vm.ctx.new_int(1).into());
            let call_args = vec![to_expr(vm, &start)?, to_expr(vm, &end)?, to_expr(vm, &step)?];
            // No dtype: int64 when every bound is an integer, else float32 (TVM's `arange`).
            let dtype = match a.get(vm, "dtype") {
                Some(d) => Value::DType(to_dtype(vm, &d)?),
                None if call_args.iter().all(|e| e.dtype().is_integer()) => Value::DType(DataType::INT64),
                None => Value::DType(DataType::FLOAT32),
            };
            let attrs = make_attrs(fact.call_attrs, vec![("dtype".into(), dtype)]).map_err(|e| call_error(vm, e))?;
            make_call(vm, op, call_args, Some(attrs), vec![])?
        }
        _ => return Ok(None),
    };
    Ok(Some(Val::Ir(e.into_object())))
}

fn format_arg(vm: &VirtualMachine, f: Option<PyObjectRef>) -> PyResult<Expr> {
    match f {
        Some(f) => to_expr(vm, &f),
        None => Ok(ir::string_imm("")),
    }
}

/// `R.tuple(*fields)`.
pub fn tuple(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let fields = args.args.iter().map(|x| to_expr(vm, x)).collect::<PyResult<Vec<_>>>()?;
    Ok(py(vm, make_tuple(fields)))
}
