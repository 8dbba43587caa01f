//! Native side of the tile primitives (`tvm.tirx.tile`): building the
//! `tirx.TilePrimitiveCall` statement once the Python side has bound arguments.

use rustpython_vm::builtins::PyDict;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::buffers::{as_buffer, region_of};
use super::context::emit;
use super::convert::{iterate, py, py_int, py_str, to_value, Py as _};
use crate::dialects::tirx::nodes::*;
use crate::ir::{int_imm, DataType, Range, Span, Value};

/// A buffer as its full region; regions and other values unchanged.
pub fn to_region(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let v = args.args.first().cloned().ok_or_else(|| vm.new_type_error("to_region(value)"))?;
    if let Some(b) = as_buffer(&v) {
        let bt = buffer_type(&b).expect("buffer");
        let ranges = bt
            .shape
            .iter()
            .map(|s| Range::from_min_extent(int_imm(s.dtype(), 0), s.clone(), Span::none()))
            .collect();
        return Ok(py(vm, buffer_region(&b, ranges, Span::none()).py(vm)?));
    }
    if crate::vm::object::unwrap_object(&v).is_some_and(|o| o.is::<crate::ir::TensorLoadNode>()) {
        if let Some(r) = region_of(vm, &v)? {
            return Ok(py(vm, r));
        }
    }
    Ok(v)
}

/// A Python number as a constant (int32 or float32).
pub fn constant(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let v = args.args.first().cloned().ok_or_else(|| vm.new_type_error("const(value)"))?;
    Ok(py(vm, super::convert::to_expr(vm, &v)?))
}

/// An operator named in a tile primitive argument (`"add"`, `"max"` …).
pub fn op_ref(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let name = py_str(vm, args.args.first().ok_or_else(|| vm.new_type_error("op name"))?)?;
    let full = crate::dialects::tirx::ops::tile_op(&name).map(str::to_string).unwrap_or(format!("tirx.{name}"));
    Ok(py(vm, crate::dialects::tirx::ops::op(&full).py(vm)?))
}

fn arg_value(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Value> {
    if vm.is_none(v) {
        return Ok(Value::None);
    }
    if let Some(items) = super::convert::seq(v) {
        return Ok(Value::Array(items.iter().map(|x| arg_value(vm, x)).collect::<PyResult<Vec<_>>>()?.into()));
    }
    if let Some(b) = as_buffer(v) {
        return Ok(Value::Object(b.as_ref_obj()));
    }
    if let Some(l) = lambda_expr(vm, v)? {
        return Ok(Value::Object(l.as_ref_obj()));
    }
    to_value(vm, v)
}

/// A Python function argument (`lambda i, j: i < j`) reified as TVM's `LambdaExpr`:
/// one `int32` variable per parameter, named after it, and the body over them.
fn lambda_expr(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Option<LambdaExpr>> {
    if crate::vm::object::unwrap_object(v).is_some() || !v.is_callable() {
        return Ok(None);
    }
    let Ok(code) = v.get_attr("__code__", vm) else { return Ok(None) };
    let argc = py_int(vm, &code.get_attr("co_argcount", vm)?)?;
    let names = iterate(vm, &code.get_attr("co_varnames", vm)?)?;
    let vars: Vec<crate::ir::Var> = names
        .iter()
        .take(argc.max(0) as usize)
        .map(|n| Ok(crate::ir::new_var(&py_str(vm, n)?, crate::ir::Type::prim(DataType::INT32), Span::none())))
        .collect::<PyResult<_>>()?;
    let args: Vec<PyObjectRef> = vars.iter().map(|x| py(vm, x.clone())).collect();
    let body = v.call(args, vm)?;
    let pred = super::convert::to_expr(vm, &body)?;
    Ok(Some(LambdaExpr::new(LambdaExprNode { vars, pred, span: Span::none() })))
}

/// `tile_call(name, args, workspace, config, dispatch, scope)`: emit the statement.
pub fn tile_call(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = &args.args;
    if a.len() != 6 {
        return Err(vm.new_type_error("tile_call(name, args, workspace, config, dispatch, scope)"));
    }
    let name = py_str(vm, &a[0])?;
    let op_name = crate::dialects::tirx::ops::tile_op(&name).ok_or_else(|| vm.new_attribute_error(format!("unknown tile primitive {name}")))?;
    let op = crate::dialects::tirx::ops::op(op_name).py(vm)?;
    let values = iterate(vm, &a[1])?.iter().map(|x| arg_value(vm, x)).collect::<PyResult<Vec<_>>>()?;
    let map = |d: &PyObjectRef| -> PyResult<Vec<(Value, Value)>> {
        let mut out = vec![];
        if let Some(dict) = d.downcast_ref::<PyDict>() {
            for (k, v) in dict {
                out.push((Value::str(&py_str(vm, &k)?), arg_value(vm, &v)?));
            }
        }
        Ok(out)
    };
    let workspace = map(&a[2])?;
    let config = map(&a[3])?;
    let dispatch = if vm.is_none(&a[4]) { None } else { Some(py_str(vm, &a[4])?) };
    let kind = ExecScopeKind::from_i64(py_int(vm, &a[5])?).unwrap_or(ExecScopeKind::Thread);
    emit(
        vm,
        TilePrimitiveCall::new(TilePrimitiveCallNode {
            op,
            args: values,
            workspace: workspace.into(),
            config: config.into(),
            dispatch,
            scope: ExecScope::of(kind),
            span: Span::none(),
        }),
    )?;
    let _ = DataType::INT32;
    Ok(vm.ctx.none())
}
