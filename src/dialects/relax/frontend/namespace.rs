//! The `R` namespace: definition decorators, frame constructs (`R.dataflow`,
//! `R.output`, `R.func_attr`, `R.match_cast`), leaf values (`R.const`, `R.shape`,
//! `R.prim_value`, `R.str`, `R.dtype`, `R.tuple`), packed calls, the type
//! constructors and one function per operator of the table (`R.nn.softmax` in the
//! `relax.nn` sub-namespace).

use std::collections::BTreeMap;

use rustpython_vm::builtins::{PyFloat, PyInt};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::convert::{to_dtype, to_shape};
use super::hooks::{self, DataflowCtx};
use super::types_ns::{TypeCtor, TypeKind};
use super::{constructors, docs, func, ops, special};
use crate::dialects::relax::nodes::{ExternFunc, GenericConst, TensorValue};
use crate::dialects::relax::ops::script_op_table;
use crate::vm::convert::{diag, py, py_int, py_str, seq};
use crate::ir::{self, DataType, Span};
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};
use crate::vm::object::unwrap_object;

/// Register the `R` namespace's members.
pub fn register() {
    // Operators by sub-namespace: "" for `R.add`, "nn" for `R.nn.softmax`.
    let mut groups: BTreeMap<String, Vec<(String, &'static str)>> = BTreeMap::new();
    for (script, op) in script_op_table() {
        let (ns, name) = match script.rsplit_once('.') {
            Some((ns, n)) => (ns.to_string(), n.to_string()),
            None => (String::new(), script.to_string()),
        };
        groups.entry(ns).or_default().push((name, op));
    }
    for (ns, members) in groups.clone() {
        if ns.is_empty() {
            continue;
        }
        let sub = ns.clone();
        register_namespace_initializer(&format!("relax.{ns}"), move |t| {
            for (name, op) in &members {
                t.native(name, ops::op_function(op));
            }
            docs::document_ops(t, &members);
            composites(t, &sub);
        });
    }
    let top = groups.remove("").unwrap_or_default();
    let subs: Vec<String> = groups.keys().filter(|k| !k.contains('.')).cloned().collect();
    register_op_package(&top, &groups);
    // Members of other namespaces that exist for Relax: `I.vdevice`, `I.StringType`,
    // `T.index_map` (the index map of `R.layout_transform`).
    register_namespace_initializer("ir", |t| {
        t.func("vdevice", vdevice);
        t.func("StringType", |vm, _| Ok(py(vm, ir::Type::string().into_object())));
    });
    register_namespace_initializer("tirx", |t| {
        t.func("index_map", index_map);
    });
    // Helpers the frozen `tvm.relax` package calls.
    register_namespace_initializer("relax._impl", |t| {
        super::analysis_api::register(t);
        super::called_ops::register(t);
        super::functor::register(t);
        t.value("BlockBuilderCore", |_| {
            use rustpython_vm::class::StaticType;
            Ok(super::block_builder::BlockBuilderCore::static_type().to_owned().into())
        });
        t.func("check_well_formed", |vm, args| {
            let obj = args.args.first().and_then(|a| unwrap_object(a)).ok_or_else(|| diag(vm, "check_well_formed expects an IRModule or a function"))?;
            Ok(vm.ctx.new_bool(super::wellformed::check_object(&obj)).into())
        });
    });
    register_namespace_initializer("relax", move |t| {
        for (name, op) in &top {
            t.native(name, ops::op_function(op));
        }
        for ns in &subs {
            t.namespace(ns, &format!("relax.{ns}"));
        }
        composites(t, "");
        members(t);
        docs::document(t, &top);
    });
}

/// Operator functions TVM writes in Python over other operators, as (sub-namespace,
/// name): members of `R` and `tvm.relax.op` alike, defined in the frozen
/// `tvm.relax.op._composite`.
const COMPOSITES: &[(&str, &str)] = &[("", "linear"), ("nn", "relu6")];

fn composites(t: &mut NamespaceTable, ns: &str) {
    for &(_, name) in COMPOSITES.iter().filter(|(n, _)| *n == ns) {
        t.python(name, "tvm.relax.op._composite");
    }
}

/// `tvm.relax.op` (the frozen package reads this namespace): the same operator
/// functions as `R`, as TVM's `R.add` is `tvm.relax.op.add`. Its sub-namespaces are
/// `R`'s (`tvm.relax.op.nn` is `R.nn`), but for the distributed operators: `R.dist`
/// also holds the distributed types, `tvm.relax.op.distributed` only the operators.
/// TVM also re-exports the `vision` operators at the top (`relax.op.roi_align`).
fn register_op_package(top: &[(String, &'static str)], groups: &BTreeMap<String, Vec<(String, &'static str)>>) {
    let top = top.to_vec();
    let vision = groups.get("vision").cloned().unwrap_or_default();
    let subs: Vec<String> = groups.keys().filter(|k| !k.contains('.')).cloned().collect();
    let dist = groups.get("dist").cloned().unwrap_or_default();
    register_namespace_initializer("relax.op.distributed", move |t| {
        for (name, op) in &dist {
            t.native(name, ops::op_function(op));
        }
        docs::document_ops(t, &dist);
    });
    register_namespace_initializer("relax.op", move |t| {
        for (name, op) in top.iter().chain(&vision) {
            t.native(name, ops::op_function(op));
        }
        docs::document_ops(t, &top);
        docs::document_ops(t, &vision);
        for ns in &subs {
            match ns.as_str() {
                "dist" => t.namespace("distributed", "relax.op.distributed"),
                _ => t.namespace(ns, &format!("relax.{ns}")),
            }
        }
        composites(t, "");
    });
}

fn type_ctor(t: &mut NamespaceTable, name: &str, kind: TypeKind) {
    t.value(name, move |vm| Ok(TypeCtor { kind }.into_ref(&vm.ctx).into()));
}

fn members(t: &mut NamespaceTable) {
    t.func("function", func::decorator);
    // `tvm.script.parser.relax.entry` (TVM's module of type proxies), a frozen module.
    t.value("entry", |vm| {
        const ENTRY: &str = "tvm.relax.script.parser.entry";
        vm.import(ENTRY, 0)?;
        vm.sys_module.get_attr("modules", vm)?.get_item(ENTRY, vm)
    });
    t.func("macro", func::macro_decorator);
    t.func("dataflow", |vm, _| Ok(DataflowCtx.into_ref(&vm.ctx).into()));
    t.func("output", hooks::output);
    t.func("func_attr", hooks::func_attr);
    t.func("match_cast", hooks::match_cast);
    t.func("const", constant);
    t.func("shape", |vm, args| {
        let v = args.args.first().ok_or_else(|| diag(vm, "error: R.shape expects a list of dimensions"))?;
        Ok(py(vm, to_shape(vm, v)?.into_object()))
    });
    t.func("prim_value", hooks::prim_value);
    t.func("str", |vm, args| {
        let v = args.args.first().ok_or_else(|| diag(vm, "error: R.str expects a string"))?;
        Ok(py(vm, ir::string_imm(&py_str(vm, v)?).into_object()))
    });
    t.func("dtype", |vm, args| {
        let v = args.args.first().ok_or_else(|| diag(vm, "error: R.dtype expects a data type"))?;
        Ok(py(vm, GenericConst::dtype(to_dtype(vm, v)?, Span::none()).upcast()))
    });
    t.func("tuple", special::tuple);
    t.func("TupleGetItem", constructors::tuple_get_item);
    t.func("emit_with_type", constructors::emit_with_type);
    t.func("emit_with_ty", constructors::emit_with_type);
    t.func("call_packed", special::call_packed);
    // `R.ExternFunc(global_symbol, ty=None)`: TVM's class, with the function type it is given.
    t.func("ExternFunc", |vm, args| {
        let v = args.args.first().or_else(|| args.kwargs.get("global_symbol")).ok_or_else(|| diag(vm, "error: R.ExternFunc expects a name"))?;
        let f = ExternFunc::make(&py_str(vm, v)?, Span::none());
        match args.args.get(1).or_else(|| args.kwargs.get("ty")).filter(|t| !vm.is_none(t)) {
            Some(t) => {
                let ty = super::convert::to_type(vm, t)?;
                Ok(py(vm, crate::vm::error::IntoPyResult::py(super::emit::with_type(f.into(), ty), vm)?.into_object()))
            }
            None => Ok(py(vm, f.upcast())),
        }
    });
    t.func("device", |vm, args| {
        let get = |i: usize, k: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(k).cloned());
        let dt = match get(0, "device_type") {
            Some(d) => py_int(vm, &d)?,
            None => 1,
        };
        let idx = match get(1, "index") {
            Some(d) => py_int(vm, &d)?,
            None => 0,
        };
        Ok(vm.ctx.new_tuple(vec![vm.ctx.new_int(dt).into(), vm.ctx.new_int(idx).into()]).into())
    });
    type_ctor(t, "Tensor", TypeKind::Tensor);
    type_ctor(t, "Shape", TypeKind::Shape);
    type_ctor(t, "Tuple", TypeKind::Tuple);
    type_ctor(t, "Prim", TypeKind::Prim);
    type_ctor(t, "Object", TypeKind::Any);
    type_ctor(t, "Any", TypeKind::Any);
    type_ctor(t, "Callable", TypeKind::Callable);
}

/// Flatten a nested list of numbers; the shape and the leaves.
fn flatten(vm: &VirtualMachine, v: &PyObjectRef, shape: &mut Vec<i64>, depth: usize, out: &mut Vec<PyObjectRef>) -> PyResult<()> {
    match seq(v) {
        Some(items) => {
            if shape.len() == depth {
                shape.push(items.len() as i64);
            } else if shape[depth] != items.len() as i64 {
                return Err(diag(vm, "error: R.const: ragged nested lists"));
            }
            for x in &items {
                flatten(vm, x, shape, depth + 1, out)?;
            }
            Ok(())
        }
        None => {
            out.push(v.clone());
            Ok(())
        }
    }
}

/// `R.const(value, dtype=None)`: Python ints default to int32, floats to float32
/// (TVM narrows NumPy's 64-bit defaults), bools to bool.
fn constant(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let get = |i: usize, k: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(k).cloned());
    let value = get(0, "value").ok_or_else(|| diag(vm, "error: R.const expects a value"))?;
    if let Some(o) = unwrap_object(&value) {
        // A tensor (`tvm.runtime.tensor(...)`) becomes a constant as it is.
        if let Some(t) = o.try_downcast::<crate::dialects::relax::nodes::TensorValueNode>() {
            return Ok(py(vm, GenericConst::from_tensor(t, Span::none()).upcast()));
        }
        return Ok(py(vm, o));
    }
    if let Some(tensor) = array_tensor(vm, &value, get(1, "dtype").filter(|d| !vm.is_none(d)))? {
        return Ok(py(vm, GenericConst::from_tensor(tensor, Span::none()).upcast()));
    }
    let (mut shape, mut leaves) = (vec![], vec![]);
    flatten(vm, &value, &mut shape, 0, &mut leaves)?;
    let is_bool = |x: &PyObjectRef| x.class().is(vm.ctx.types.bool_type);
    let dtype = match get(1, "dtype").filter(|d| !vm.is_none(d)) {
        Some(d) => to_dtype(vm, &d)?,
        None if leaves.iter().any(|x| x.downcast_ref::<PyFloat>().is_some()) => DataType::FLOAT32,
        None if !leaves.is_empty() && leaves.iter().all(is_bool) => DataType::bool(),
        None => DataType::INT32,
    };
    let mut data = vec![];
    for x in &leaves {
        let t = if let Some(f) = x.downcast_ref::<PyFloat>() {
            TensorValue::scalar_float(f.to_f64(), dtype)
        } else if let Some(i) = x.downcast_ref::<PyInt>() {
            TensorValue::scalar_int(i.try_to_primitive::<i64>(vm)?, dtype)
        } else {
            return Err(diag(vm, format!("error: R.const: cannot make a tensor of {}", x.class().name())));
        }
        .map_err(|e| diag(vm, format!("error: {}", e.message)))?;
        data.extend_from_slice(&t.data.0);
    }
    let tensor = TensorValue::make(shape, dtype, data).map_err(|e| diag(vm, format!("error: {}", e.message)))?;
    Ok(py(vm, GenericConst::from_tensor(tensor, Span::none()).upcast()))
}

/// The tensor of a NumPy array or scalar (an object with `__tvmscript_tensor__`,
/// giving its dtype, shape and little-endian bytes), cast as TVM's `relax.const`
/// casts it: to `dtype` when given, else int64 to int32 and float64 to float32.
/// `None` for any other value.
pub fn array_tensor(vm: &VirtualMachine, value: &PyObjectRef, dtype: Option<PyObjectRef>) -> PyResult<Option<TensorValue>> {
    let is_py = value.downcast_ref::<PyInt>().is_some() || value.downcast_ref::<PyFloat>().is_some() || seq(value).is_some();
    if is_py || vm.get_attribute_opt(value.clone(), "__tvmscript_tensor__")?.is_none() {
        return Ok(None);
    }
    let current = value.get_attr("dtype", vm)?.str(vm)?.to_string();
    let target = match dtype {
        Some(d) => Some(to_dtype(vm, &d)?.to_string()),
        None => match current.as_str() {
            "int64" => Some("int32".to_string()),
            "float64" => Some("float32".to_string()),
            _ => None,
        },
    };
    let value = match target {
        Some(t) if t != current => vm.call_method(value, "astype", (vm.ctx.new_str(t),))?,
        _ => value.clone(),
    };
    let parts = vm.call_method(&value, "__tvmscript_tensor__", ())?;
    let parts = seq(&parts).filter(|p| p.len() == 3).ok_or_else(|| vm.new_type_error("__tvmscript_tensor__ must give (dtype, shape, bytes)"))?;
    let dt = py_str(vm, &parts[0])?;
    let shape = seq(&parts[1]).unwrap_or_default().iter().map(|d| py_int(vm, d)).collect::<PyResult<Vec<i64>>>()?;
    let data = parts[2].downcast_ref::<rustpython_vm::builtins::PyBytes>().ok_or_else(|| vm.new_type_error("__tvmscript_tensor__ must give bytes"))?;
    let dt: DataType = dt.parse().map_err(|_| diag(vm, format!("error: R.const: unsupported dtype {dt}")))?;
    TensorValue::make(shape, dt, data.as_bytes().to_vec()).map(Some).map_err(|e| diag(vm, format!("error: {}", e.message)))
}

/// `I.vdevice(target, vdevice_id=0, memory_scope="global")`; the target (a config
/// dict, a string or a target) is built by the core's target registry, as TVM's
/// `VDevice` builds a `Target` of it; no target is `None`.
fn vdevice(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let get = |i: usize, k: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(k).cloned());
    let target = match get(0, "target") {
        Some(t) if !vm.is_none(&t) => {
            let v = crate::vm::convert::py_to_value(vm, &t)?;
            let t = crate::ir::target::from_value(&v).map_err(|m| vm.new_value_error(m))?;
            ir::Value::Object(t.into())
        }
        _ => ir::Value::None,
    };
    let id = match get(1, "vdevice_id") {
        Some(v) => py_int(vm, &v)?,
        None => 0,
    };
    let scope = match get(2, "memory_scope") {
        Some(v) => py_str(vm, &v)?,
        None => "global".into(),
    };
    Ok(py(vm, crate::dialects::relax::types::VDevice::make(target, id, &scope).upcast()))
}

/// `T.index_map(lambda i, j: (...), index_dtype="int64")`.
fn index_map(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let f = args.args.first().cloned().or_else(|| args.kwargs.get("mapping").cloned()).ok_or_else(|| diag(vm, "error: T.index_map expects a function"))?;
    let dtype = match args.kwargs.get("index_dtype") {
        Some(d) => to_dtype(vm, d)?,
        None => DataType::INT64,
    };
    let code = f.get_attr("__code__", vm)?;
    let argc = py_int(vm, &code.get_attr("co_argcount", vm)?)? as usize;
    let names = crate::vm::convert::iterate(vm, &code.get_attr("co_varnames", vm)?)?;
    let vars: Vec<ir::Var> = names.iter().take(argc).map(|n| Ok(ir::Var::scalar(&py_str(vm, n)?, dtype))).collect::<PyResult<_>>()?;
    let r = f.call(vars.iter().map(|v| py(vm, v.clone())).collect::<Vec<_>>(), vm)?;
    let items = seq(&r).unwrap_or_else(|| vec![r.clone()]);
    let finals = items
        .iter()
        .map(|x| {
            let e = crate::dialects::tirx::frontend::convert::to_expr(vm, x)?;
            Ok(match e.as_int() {
                Some(v) if e.dtype().is_integer() && e.dtype() != dtype => ir::int_imm(dtype, v),
                _ => e,
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let m = crate::dialects::tirx::nodes::IndexMap::new(crate::dialects::tirx::nodes::IndexMapNode {
        initial_indices: vars,
        final_indices: finals,
        inverse_index_map: ir::Value::None,
        span: Span::none(),
    });
    Ok(py(vm, m.upcast()))
}
