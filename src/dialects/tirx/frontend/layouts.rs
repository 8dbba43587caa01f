//! Native constructors behind `tvm.tirx.layout` (`T.TileLayout`, `T.Iter`,
//! `T.ComposeLayout`): the Python side parses the `T.S[...] + T.R[...]` spec syntax.

use rustpython_vm::builtins::PyDict;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::args::bind;
use super::convert::{iterate, py, py_int, to_expr, Py as _};
use crate::dialects::tirx::nodes::*;
use crate::ir::{Span, Value};
use crate::vm::object::unwrap_object;

fn iter_of(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Iter> {
    unwrap_object(obj)
        .and_then(|o| o.try_downcast::<IterNode>())
        .ok_or_else(|| vm.new_type_error("expected a tirx.Iter"))
}

/// `Iter(extent, stride, axis)`.
pub fn iter(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Iter", args, &["extent", "stride", "axis"])?;
    let extent = to_expr(vm, &a.req(vm, "extent")?)?;
    let stride = to_expr(vm, &a.req(vm, "stride")?)?;
    let axis = a.req(vm, "axis")?;
    let axis = match unwrap_object(&axis).and_then(|o| o.try_downcast::<AxisNode>()) {
        Some(ax) => ax,
        None => Axis::get(&super::convert::py_str(vm, &axis)?),
    };
    Ok(py(vm, Iter::new(IterNode { extent, stride, axis, span: Span::none() })))
}

/// `TileLayout(shard, replica, offset)` from iterators and an `{Axis: value}` map.
pub fn tile_layout(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "TileLayout", args, &["shard", "replica", "offset"])?;
    let shard = iterate(vm, &a.req(vm, "shard")?)?.iter().map(|x| iter_of(vm, x)).collect::<PyResult<Vec<_>>>()?;
    let replica = match a.get(vm, "replica") {
        Some(r) => iterate(vm, &r)?.iter().map(|x| iter_of(vm, x)).collect::<PyResult<Vec<_>>>()?,
        None => vec![],
    };
    let mut offset = vec![];
    if let Some(d) = a.get(vm, "offset") {
        let dict = d.downcast_ref::<PyDict>().ok_or_else(|| vm.new_type_error("offset must be a dict"))?;
        for (k, v) in dict {
            let key = unwrap_object(&k).ok_or_else(|| vm.new_type_error("offset keys must be axes"))?;
            offset.push((Value::Object(key), Value::Object(to_expr(vm, &v)?.into_object())));
        }
    }
    Ok(py(vm, TileLayout::from_iters(shard, replica, offset.into())))
}

/// `ComposeLayout(per_element, swizzle_len, atom_len, tile_layout, swizzle_inner=True)`.
pub fn compose_layout(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "ComposeLayout", args, &["per_element", "swizzle_len", "atom_len", "tile_layout", "swizzle_inner"])?;
    let tile_obj = a.req(vm, "tile_layout")?;
    let tile = unwrap_object(&tile_obj)
        .and_then(|o| o.try_downcast::<TileLayoutNode>())
        .ok_or_else(|| vm.new_type_error("ComposeLayout expects a TileLayout"))?;
    let c = ComposeLayout::make(
        py_int(vm, &a.req(vm, "per_element")?)?,
        py_int(vm, &a.req(vm, "swizzle_len")?)?,
        py_int(vm, &a.req(vm, "atom_len")?)?,
        tile,
        a.bool_or(vm, "swizzle_inner", true)?,
    )
    .py(vm)?;
    Ok(py(vm, c))
}

/// Row-major strides of a shape (`Layout._get_default_strides`).
pub fn default_strides(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let shape = args.args.first().cloned().ok_or_else(|| vm.new_type_error("default_strides(shape)"))?;
    let shape = iterate(vm, &shape)?.iter().map(|x| to_expr(vm, x)).collect::<PyResult<Vec<_>>>()?;
    let strides = crate::dialects::tirx::nodes::default_strides(&shape).py(vm)?;
    Ok(vm.ctx.new_list(strides.into_iter().map(|e| py(vm, e)).collect()).into())
}
