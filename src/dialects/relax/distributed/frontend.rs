//! The distributed members of the `R` namespace (TVM's `tvm.script.parser.relax.dist`):
//! `R.device_mesh(shape, device_ids)` (ids a list or an `I.Range`), `R.DTensor(shape,
//! dtype, device_mesh, placement, ndim=)` and, under `R.dist`, the same two plus
//! `annotate_sharding`, `redistribute` (a mesh named `"mesh[0]"` is the module's
//! `global_infos["mesh"][0]`, a placement a text like `"S[0], R"`), `call_tir` (a
//! `call_tir` with distributed outputs), `const` (a constant of a distributed type),
//! `redistribute_replica_to_shard` and `call_tir_local_view` (ordinary operators).
//!
//! TVM's `from tvm.script import relax as R` lacks `R.device_mesh`/`R.DTensor` (only
//! `tvm.script.parser.relax` has them) although its printer writes them; both spellings
//! have them here, so printed scripts parse back.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

use super::infer::distribution_attrs;
use super::types::{as_dtensor, DTensorType, DeviceMesh, DeviceMeshNode, Placement, PlacementNode};
use crate::dialects::relax::frontend::convert::{to_expr_v, to_type_v};
use crate::dialects::relax::frontend::ops::{bind, call_op, make_call, signature, Arg, Default};
use crate::dialects::relax::frontend::special::ScriptName;
use crate::dialects::relax::frontend::types_ns::{TypeCtor, TypeKind};
use crate::dialects::relax::nodes::GenericConstNode;
use crate::dialects::relax::ops::op_fact;
use crate::dialects::relax::types::TensorTypeNode;
use crate::vm::convert::{diag, py, py_int, py_str, seq};
use crate::ir::{Range, Span};
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};
use crate::vm::native::{self, Val};
use crate::vm::object::unwrap_object;

/// Register the `R.dist` members.
pub fn register() {
    // `I.Range(begin, end)`, the devices of a mesh (TVM's `tvm.ir.Range`, as `T.Range`).
    register_namespace_initializer("ir", |t| t.func("Range", crate::dialects::tirx::frontend::exprs::range));
    register_namespace_initializer("relax", |t| common(t));
    register_namespace_initializer("relax.dist", |t| {
        common(t);
        t.native("annotate_sharding", |vm, a| sharding_call(vm, "dist.annotate_sharding", a));
        t.native("redistribute", |vm, a| sharding_call(vm, "dist.redistribute", a));
        t.native("call_tir", |vm, a| {
            let fact = op_fact("relax.call_tir").ok_or_else(|| diag(vm, "error: relax.call_tir is not registered"))?;
            call_op(vm, fact, a)
        });
        t.func("const", constant);
    });
}

fn common(t: &mut NamespaceTable) {
    t.func("device_mesh", device_mesh);
    t.native("DTensor", dtensor);
}

/// Bound arguments of a distributed form.
fn bound(vm: &VirtualMachine, what: &str, sig: &'static str, args: native::Args) -> PyResult<Vec<Option<Val>>> {
    let items = bind(vm, &ScriptName(what), signature(sig), args)?;
    Ok(items
        .into_iter()
        .map(|(_, a)| match a {
            Arg::Val(v) if !v.is_none(vm) => Some(v),
            Arg::Default(Default::Value(v)) => Some(Val::Py(crate::vm::convert::value_to_py(vm, &v))),
            _ => None,
        })
        .collect())
}

/// `R.device_mesh(shape, device_ids)`.
fn device_mesh(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let get = |i: usize, k: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(k).cloned());
    let shape = get(0, "shape").ok_or_else(|| diag(vm, "error: R.device_mesh expects a shape"))?;
    let ids = get(1, "device_ids").ok_or_else(|| diag(vm, "error: R.device_mesh expects device ids (a list or an I.Range)"))?;
    let shape_items = seq(&shape).ok_or_else(|| diag(vm, "error: R.device_mesh: the shape must be a tuple or list of ints"))?;
    let shape = shape_items.iter().map(|x| py_int(vm, x)).collect::<PyResult<Vec<_>>>()?;
    let mesh = if let Some(r) = unwrap_object(&ids).and_then(|o| o.try_downcast::<crate::ir::RangeNode>()) {
        DeviceMesh::of_range(shape, r)
    } else {
        let items = seq(&ids).ok_or_else(|| diag(vm, "error: R.device_mesh: the device ids must be a list of ints or an I.Range"))?;
        DeviceMesh::of_ids(shape, items.iter().map(|x| py_int(vm, x)).collect::<PyResult<Vec<_>>>()?)
    }
    .map_err(|e| diag(vm, format!("error: {}", e.message)))?;
    Ok(py(vm, mesh.upcast()))
}

/// A device mesh argument: a mesh, or `"name[i]"` naming one of the enclosing module's
/// global infos.
fn mesh_arg(vm: &VirtualMachine, v: &Val) -> PyResult<DeviceMesh> {
    if let Some(m) = ir_object(v).and_then(|o| o.try_downcast::<DeviceMeshNode>()) {
        return Ok(m);
    }
    let text = py_str(vm, &v.to_py(vm))?;
    let parsed = text.strip_suffix(']').and_then(|s| s.split_once('[')).and_then(|(n, i)| Some((n, i.trim().parse::<usize>().ok()?)));
    let Some((name, index)) = parsed else {
        return Err(diag(vm, format!("error: a device mesh is named like \"mesh[0]\" (a module global info and its index), got {text:?}")));
    };
    let infos = crate::builder::find_frame::<crate::dialects::ir::module_frame::IRModuleFrame, _>(|m| m.global_infos.clone())
        .ok_or_else(|| diag(vm, format!("error: the device mesh {text:?} is named outside an I.ir_module: it is looked up in the module's global infos")))?;
    let list = infos.iter().find(|(k, _)| k.as_str() == Some(name)).and_then(|(_, v)| v.as_array().map(|a| a.to_vec()));
    let Some(list) = list else {
        return Err(diag(vm, format!("error: the module has no global info {name:?} (device mesh {text:?})")));
    };
    if index >= list.len() {
        return Err(diag(vm, format!("error: Index out of range. size: {}, got index {index} (device mesh {text:?})", list.len())));
    }
    match list[index].as_object().and_then(|o| o.clone().try_downcast::<DeviceMeshNode>()) {
        Some(m) => Ok(m),
        None => Err(diag(vm, format!("error: global_infos[{name:?}][{index}] is not a device mesh (device mesh {text:?})"))),
    }
}

/// The IR object an argument is, if any.
fn ir_object(v: &Val) -> Option<crate::ir::ObjectRef> {
    match v {
        Val::Ir(o) => Some(o.clone()),
        Val::Py(p) => unwrap_object(p),
        Val::Tuple(_) => None,
    }
}

/// A placement argument: a placement, or its text.
fn placement_arg(vm: &VirtualMachine, v: &Val) -> PyResult<Placement> {
    if let Some(p) = ir_object(v).and_then(|o| o.try_downcast::<PlacementNode>()) {
        return Ok(p);
    }
    Placement::from_text(&py_str(vm, &v.to_py(vm))?).map_err(|e| diag(vm, format!("error: {}", e.message)))
}

/// `R.DTensor(shape=None, dtype=None, device_mesh=..., placement="", *, ndim=-1)`.
fn dtensor(vm: &VirtualMachine, args: native::Args) -> PyResult<Val> {
    let b = bound(vm, "DTensor", "shape=None, dtype=None, device_mesh=None, placement='', ndim=-1", args)?;
    let mut tensor_args = native::Args::default();
    // A string first argument is the dtype, as in `R.Tensor`.
    if let Some(s) = &b[0] {
        tensor_args.kwargs.push(("shape", s.clone()));
    }
    if let Some(d) = &b[1] {
        tensor_args.kwargs.push(("dtype", d.clone()));
    }
    if let Some(n) = &b[4] {
        tensor_args.kwargs.push(("ndim", n.clone()));
    }
    let ty = TypeCtor { kind: TypeKind::Tensor }.build(vm, tensor_args)?;
    let tensor = ty.try_downcast::<TensorTypeNode>().ok_or_else(|| diag(vm, "error: R.DTensor: expected a tensor type"))?;
    // TVM's default: an empty mesh of one device.
    let mesh = match &b[2] {
        Some(m) => mesh_arg(vm, m)?,
        None => {
            let range = Range::from_min_extent(crate::ir::int_imm(crate::ir::DataType::INT32, 0), crate::ir::int_imm(crate::ir::DataType::INT32, 1), Span::none());
            DeviceMesh::of_range(vec![], range).map_err(|e| diag(vm, e.message))?
        }
    };
    let placement = match &b[3] {
        Some(p) => placement_arg(vm, p)?,
        None => Placement::make(vec![]),
    };
    let t = DTensorType::make(tensor, mesh, placement).map_err(|e| diag(vm, format!("error: {}", e.message)))?;
    Ok(Val::Ir(t.upcast()))
}

/// `R.dist.annotate_sharding(value, device_mesh, placement)` / `R.dist.redistribute(...)`.
fn sharding_call(vm: &VirtualMachine, script: &'static str, args: native::Args) -> PyResult<Val> {
    let b = bound(vm, script, "value, device_mesh, placement", args)?;
    let missing = |what: &str| diag(vm, format!("error: R.{script}() missing required argument: '{what}'"));
    let value = to_expr_v(vm, b[0].as_ref().ok_or_else(|| missing("value"))?)?;
    let mesh = mesh_arg(vm, b[1].as_ref().ok_or_else(|| missing("device_mesh"))?)?;
    let placement = placement_arg(vm, b[2].as_ref().ok_or_else(|| missing("placement"))?)?;
    let op = format!("relax.{script}");
    let call = make_call(vm, &op, vec![value], Some(distribution_attrs(mesh, placement)), vec![])?;
    Ok(Val::Ir(call.into_object()))
}

/// `R.dist.const(value, ty)`: `R.const` of the type's dtype, typed with the
/// distributed type.
fn constant(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let get = |i: usize, k: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(k).cloned());
    let value = get(0, "value").ok_or_else(|| diag(vm, "error: R.dist.const expects a value"))?;
    let ty = get(1, "ty").or_else(|| get(1, "struct_info")).ok_or_else(|| diag(vm, "error: R.dist.const expects a type (R.DTensor)"))?;
    let ty = to_type_v(vm, &Val::Py(ty))?;
    let Some(d) = as_dtensor(&ty) else {
        return Err(diag(vm, "error: R.dist.const: ty needs to be an instance of DTensorType"));
    };
    let dtype = super::types::elem_dtype(d);
    let r = crate::vm::namespace::namespace_object(vm, "relax");
    let made = r.get_attr("const", vm)?.call((value, vm.ctx.new_str(dtype.to_string())), vm)?;
    let c = unwrap_object(&made)
        .and_then(|o| o.try_downcast::<GenericConstNode>())
        .ok_or_else(|| diag(vm, "error: R.dist.const: the value must be a number, a list of numbers or a tensor"))?;
    let mut node = (*c).clone();
    node.ty = ty;
    Ok(py(vm, crate::dialects::relax::nodes::GenericConst::new(node).upcast()))
}
