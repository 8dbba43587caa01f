//! Intrinsic calls from scripts: `T.exp(x)`, `T.call_extern("int32", "f", ...)`,
//! `T.tvm_access_ptr(...)`, `T.ptx.ld(...)` …, each building an `ir.Call` of the
//! registered operator with the result type TVM's Python wrapper gives it.

use rustpython_vm::builtins::PyStr;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::convert::{py, to_dtype, to_expr, Py as _};
use crate::dialects::tirx::ops as registry;
use crate::ir::{self, Call, DataType, Expr, Result, Span, Type};

/// A call of the operator `name` (`ty: None` infers the type where a rule exists,
/// else the call is typed `void`, as TVM's intrinsic wrappers type effect calls).
pub fn call(name: &str, ty: Option<Type>, args: Vec<Expr>) -> Result<Expr> {
    let op = registry::op(name)?;
    let call = Call::make(ty, op, args, None, vec![], Span::none())?;
    if call.ty.is_missing() {
        let mut node = (*call).clone();
        node.ty = Type::prim(DataType::void());
        return Ok(Call::new(node).into());
    }
    Ok(call.into())
}

/// A call made by a script, located at the script's call (`call.span`).
fn located(vm: &VirtualMachine, call: Expr) -> PyObjectRef {
    py(vm, crate::vm::location::locate(vm, &call).map_or(call, Expr::from_object_unchecked))
}

/// A script argument of an intrinsic: strings become `StringImm`, the rest expressions.
pub fn arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Ok(ir::string_imm(&s.to_string_lossy()));
    }
    to_expr(vm, obj)
}

fn args_of(vm: &VirtualMachine, args: &[PyObjectRef]) -> PyResult<Vec<Expr>> {
    args.iter().map(|a| arg(vm, a)).collect()
}

/// A math intrinsic typed as its first argument (`T.exp`, `T.sqrt` …).
pub fn math(vm: &VirtualMachine, op: &'static str, args: FuncArgs) -> PyResult {
    if let Some(k) = args.kwargs.keys().find(|k| *k != "span") {
        return Err(unexpected_keyword(vm, op, k));
    }
    let exprs = args_of(vm, &args.args)?;
    let ty = exprs.first().map(|e| e.ty());
    let ty = ty.or_else(|| super::intrinsics::fixed_result(op)).or_else(|| super::intrinsics::cuda_result(op, &exprs));
    Ok(located(vm, call(op, ty, exprs).py(vm)?))
}

/// `T.call_extern(dtype, name, *args)` and the other calls whose first argument
/// is the result type.
pub fn dtype_first(vm: &VirtualMachine, op: &'static str, args: FuncArgs) -> PyResult {
    let mut it = args.args.into_iter();
    let dtype = it.next().ok_or_else(|| vm.new_type_error(format!("{op} expects a dtype argument")))?;
    let ty = result_type(vm, &dtype)?;
    let rest: Vec<PyObjectRef> = it.collect();
    Ok(located(vm, call(op, Some(ty), args_of(vm, &rest)?).py(vm)?))
}

/// A result type argument: a dtype string/constructor, or an IR type.
pub fn result_type(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Type> {
    if let Some(o) = crate::vm::object::unwrap_object(obj)
        && o.isinstance(ir::type_info())
    {
        return Ok(Type(o));
    }
    let d = to_dtype(vm, obj)?;
    // A "handle" result is an untyped pointer in TVM 0.27.
    if d.is_handle() {
        return Ok(Type::pointer(Type::prim(DataType::void()), "global"));
    }
    Ok(Type::prim(d))
}

/// An intrinsic with a fixed result type.
pub fn fixed(vm: &VirtualMachine, op: &'static str, ty: Type, args: FuncArgs) -> PyResult {
    Ok(located(vm, call(op, Some(ty), args_of(vm, &args.args)?).py(vm)?))
}

/// Any registered operator through its script name: arguments converted as
/// expressions, the result type inferred (void when there is no rule).
pub fn generic(vm: &VirtualMachine, op: &'static str, args: FuncArgs) -> PyResult {
    // An operator printed with its result type first (`T.s_tir.cp_async_raw("float32", …)`,
    // `T.cuda.mma_fill("float16", …)`) reads it back from there (TVM's `_dtype_forward`).
    let dtype_first_op = registry::op(op).ok().and_then(|o| o.get_attr(registry::ATTR_DTYPE_PRINT_LOCATION))
        == Some(ir::Value::Int(1));
    if dtype_first_op && !args.kwargs.contains_key("dtype") && args.args.first().is_some_and(|a| a.downcast_ref::<PyStr>().is_some()) {
        return dtype_first(vm, op, args);
    }
    let mut exprs = args_of(vm, &args.args)?;
    let mut ty = None;
    // A keyword fills a parameter of the operator's declared arity; one past it is not
    // a parameter (TVM's Python functions reject it).
    let arity = registry::op(op).ok().and_then(|o| o.get_attr(registry::ATTR_NUM_INPUTS)).and_then(|v| v.as_int());
    for (k, v) in args.kwargs {
        if k == "dtype" || k == "ret_ty" {
            ty = Some(result_type(vm, &v)?);
        } else if k == "span" {
        } else if arity.is_some_and(|n| n >= 0 && exprs.len() as i64 >= n) {
            return Err(unexpected_keyword(vm, op, &k));
        } else {
            exprs.push(arg(vm, &v)?);
        }
    }
    let ty = ty.or_else(|| super::intrinsics::fixed_result(op)).or_else(|| super::intrinsics::cuda_result(op, &exprs));
    Ok(located(vm, call(op, ty, exprs).py(vm)?))
}

/// TVM's TypeError for a keyword that names no parameter of the script function of `op`.
fn unexpected_keyword(vm: &VirtualMachine, op: &str, keyword: &str) -> rustpython_vm::builtins::PyBaseExceptionRef {
    let name = registry::op(op)
        .ok()
        .and_then(|o| o.get_attr(registry::ATTR_SCRIPT_NAME))
        .and_then(|v| v.as_str().map(|s| s.rsplit('.').next().unwrap_or(s).to_string()))
        .unwrap_or_else(|| op.rsplit('.').next().unwrap_or(op).to_string());
    vm.new_type_error(format!("{name}() got an unexpected keyword argument '{keyword}'"))
}

/// `T.call_intrin(dtype, op_name, *args)`: a call of the registered operator named
/// in full (`"tirx.tvm_storage_sync"`), typed `dtype`.
pub fn call_intrin(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut it = args.args.into_iter();
    let (Some(dtype), Some(name)) = (it.next(), it.next()) else {
        return Err(vm.new_type_error("call_intrin() missing required positional arguments: 'dtype' and 'func_name'"));
    };
    for k in args.kwargs.keys() {
        if k != "span" && k != "attrs" {
            return Err(vm.new_type_error(format!("call_intrin() got an unexpected keyword argument '{k}'")));
        }
    }
    let ty = result_type(vm, &dtype)?;
    let name = super::convert::py_str(vm, &name)?;
    let rest: Vec<PyObjectRef> = it.collect();
    Ok(located(vm, call(&name, Some(ty), args_of(vm, &rest)?).py(vm)?))
}

/// `T.ptx_legacy.ldmatrix([dtype,] trans, num, type, local_ptr, local_offset,
/// smem_ptr, smem_offset)`: TVM's legacy wrapper, whose optional first argument
/// (a `dtype=` forwarded) is the call's result type, `int8` without it.
pub fn ptx_legacy_ldmatrix(vm: &VirtualMachine, mut args: FuncArgs) -> PyResult {
    if let Some(d) = args.kwargs.shift_remove("dtype") {
        args.args.insert(0, d);
    }
    let (ty, rest) = match args.args.len() {
        8 => (result_type(vm, &args.args[0])?, &args.args[1..]),
        7 => (Type::prim(DataType::int(8)), &args.args[..]),
        n => {
            return Err(vm.new_value_error(format!(
                "ptx_legacy_ldmatrix expects 7 args (or 8 with dtype= kwarg prepended); got {n}"
            )))
        }
    };
    Ok(located(vm, call("tirx.ptx_legacy.ldmatrix", Some(ty), args_of(vm, rest)?).py(vm)?))
}
