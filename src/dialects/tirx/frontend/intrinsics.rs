//! Intrinsics whose script functions do more than call the operator: TVM's Python
//! wrappers fix the result type (`T.assume` is bool, `T.tvm_stack_make_shape` a
//! pointer to int64), derive it from an argument (`T.tvm_access_ptr` points to the
//! annotated type in the data's scope), or rewrite arguments
//! (`T.type_annotation("float16")` carries its type and no arguments).

use rustpython_vm::builtins::PyStr;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::buffers::as_buffer;
use super::convert::{py, to_expr, Py as _};
use super::ops::{arg, call};
use crate::dialects::tirx::nodes::{buffer_type, TensorMapTypeNode};
use crate::ir::{self, int_imm, DataType, Expr, PointerTypeNode, Span, TensorLoad, TensorLoadNode, Type};
use crate::vm::namespace::NamespaceTable;

fn args_of(vm: &VirtualMachine, args: &[PyObjectRef]) -> PyResult<Vec<Expr>> {
    args.iter().map(|a| arg(vm, a)).collect()
}

fn fixed(t: &mut NamespaceTable, name: &str, op: &'static str, ty: Type) {
    t.func(name, move |vm, a: FuncArgs| Ok(py(vm, call(op, Some(ty.clone()), args_of(vm, &a.args)?).py(vm)?)));
}

/// A call typed as one of its arguments.
fn like_arg(t: &mut NamespaceTable, name: &str, op: &'static str, index: usize) {
    t.func(name, move |vm, a: FuncArgs| {
        let exprs = args_of(vm, &a.args)?;
        let ty = exprs.get(index).map(|e| e.ty()).ok_or_else(|| vm.new_type_error(format!("{name_s} needs more arguments", name_s = op)))?;
        Ok(py(vm, call(op, Some(ty), exprs).py(vm)?))
    });
}

/// `T.type_annotation(dtype)`: a call typed `dtype` without arguments.
pub fn type_annotation(vm: &VirtualMachine, dtype: &PyObjectRef) -> PyResult<Expr> {
    let ty = super::ops::result_type(vm, dtype)?;
    call("tirx.type_annotation", Some(ty), vec![]).py(vm)
}

fn pointer(elem: Type, scope: &str) -> Type {
    Type::pointer(elem, scope)
}

/// The storage scope of a pointer-typed expression (`"global"` otherwise).
fn scope_of(e: &Expr) -> String {
    e.ty().as_object().downcast_ref::<PointerTypeNode>().map_or("global".to_string(), |p| p.storage_scope.clone())
}

/// Add the intrinsics (`T.exp`, `T.call_extern` …) to the `T` namespace.
pub fn register(t: &mut NamespaceTable) {
    let void = Type::prim(DataType::void());
    let i32t = Type::prim(DataType::INT32);
    let u32t = Type::prim(DataType::uint(32));
    let boolt = Type::prim(DataType::bool());
    let handle = pointer(Type::prim(DataType::void()), "global");
    for (name, op) in [
        ("tvm_load_matrix_sync", "tirx.tvm_load_matrix_sync"),
        ("tvm_mma_sync", "tirx.tvm_mma_sync"),
        ("tvm_bmma_sync", "tirx.tvm_bmma_sync"),
        ("tvm_fill_fragment", "tirx.tvm_fill_fragment"),
        ("tvm_store_matrix_sync", "tirx.tvm_store_matrix_sync"),
        ("tvm_thread_allreduce", "tirx.tvm_thread_allreduce"),
        ("tvm_kernel_replace_point", "tirx.tvm_kernel_replace_point"),
        ("tvm_global_barrier_kinit", "tirx.tvm_global_barrier_kinit"),
        ("start_profile_intrinsic", "tirx.start_profile_intrinsic"),
        ("end_profile_intrinsic", "tirx.end_profile_intrinsic"),
        ("tvm_tuple", "tirx.tvm_tuple"),
        ("tvm_throw_last_error", "tirx.tvm_throw_last_error"),
    ] {
        fixed(t, name, op, void.clone());
    }
    for (name, op) in [("assume", "tirx.assume"), ("isnullptr", "tirx.isnullptr"), ("filter", "tirx.filter")] {
        fixed(t, name, op, boolt.clone());
    }
    for (name, op) in [("undef", "tirx.undef"), ("tvm_struct_set", "tirx.tvm_struct_set"), ("dp4a", "tirx.dp4a")] {
        fixed(t, name, op, i32t.clone());
    }
    fixed(t, "tvm_warp_activemask", "tirx.tvm_warp_activemask", u32t.clone());
    fixed(t, "lookup_param", "tirx.lookup_param", handle.clone());
    fixed(t, "tvm_stack_make_shape", "tirx.tvm_stack_make_shape", pointer(Type::prim(DataType::INT64), "global"));
    for (name, op) in [
        ("tvm_warp_shuffle", "tirx.tvm_warp_shuffle"),
        ("tvm_warp_shuffle_up", "tirx.tvm_warp_shuffle_up"),
        ("tvm_warp_shuffle_down", "tirx.tvm_warp_shuffle_down"),
        ("tvm_warp_shuffle_xor", "tirx.tvm_warp_shuffle_xor"),
    ] {
        like_arg(t, name, op, 1);
    }
    like_arg(t, "tvm_thread_invariant", "tirx.tvm_thread_invariant", 0);
    like_arg(t, "selector", "tirx.selector", 0);

    t.func("type_annotation", |vm, a: FuncArgs| {
        let a = super::args::bind(vm, "type_annotation", a, &["dtype"])?;
        Ok(py(vm, type_annotation(vm, &a.req(vm, "dtype")?)?))
    });
    t.func("tvm_access_ptr", |vm, a: FuncArgs| {
        if a.args.len() != 5 {
            return Err(vm.new_type_error("tvm_access_ptr(ptype, data, offset, extent, rw_mask)"));
        }
        let ptype = if a.args[0].downcast_ref::<PyStr>().is_some() || is_type(&a.args[0]) {
            type_annotation(vm, &a.args[0])?
        } else {
            to_expr(vm, &a.args[0])?
        };
        let data = data_arg(vm, &a.args[1])?;
        let ty = pointer(ptype.ty(), &scope_of(&data));
        let mut exprs = vec![ptype, data];
        exprs.extend(args_of(vm, &a.args[2..])?);
        Ok(py(vm, call("tirx.tvm_access_ptr", Some(ty), exprs).py(vm)?))
    });
    t.func("ptr_byte_offset", |vm, a: FuncArgs| {
        if a.args.len() != 3 {
            return Err(vm.new_type_error("ptr_byte_offset(data, byte_offset, dtype)"));
        }
        let data = data_arg(vm, &a.args[0])?;
        let off = to_expr(vm, &a.args[1])?;
        let dtype = if a.args[2].downcast_ref::<PyStr>().is_some() || is_type(&a.args[2]) {
            type_annotation(vm, &a.args[2])?
        } else {
            to_expr(vm, &a.args[2])?
        };
        let ty = pointer(dtype.ty(), &scope_of(&data));
        Ok(py(vm, call("tirx.ptr_byte_offset", Some(ty), vec![data, off, dtype]).py(vm)?))
    });
    t.func("address_of", |vm, a: FuncArgs| {
        let obj = a.args.first().cloned().ok_or_else(|| vm.new_type_error("address_of(obj)"))?;
        Ok(py(vm, address_of(vm, &obj)?))
    });
    t.func("tvm_stack_alloca", |vm, a: FuncArgs| {
        let kind = a.args.first().map(|k| super::convert::py_str(vm, k)).transpose()?.unwrap_or_default();
        let elem = match kind.as_str() {
            "shape" => Type::prim(DataType::INT64),
            "arg_tcode" => Type::prim(DataType::INT32),
            "tensormap" => crate::dialects::tirx::nodes::TensorMapType::new(TensorMapTypeNode { span: Span::none() }).into(),
            _ => Type::prim(DataType::void()),
        };
        Ok(py(vm, call("tirx.tvm_stack_alloca", Some(pointer(elem, "global")), args_of(vm, &a.args)?).py(vm)?))
    });
    t.func("tvm_stack_make_array", |vm, a: FuncArgs| {
        let mut exprs = vec![];
        for (i, x) in a.args.iter().enumerate() {
            if i == 4 && (x.downcast_ref::<PyStr>().is_some() || is_type(x)) {
                let d = super::convert::to_dtype(vm, x)?;
                exprs.push(if d.is_float() { ir::float_imm(d, 0.0) } else { int_imm(d, 0) });
            } else if let Some(b) = as_buffer(x) {
                exprs.push(crate::dialects::tirx::nodes::buffer_data(&b).py(vm)?);
            } else {
                exprs.push(arg(vm, x)?);
            }
        }
        let handle = pointer(Type::prim(DataType::void()), "global");
        Ok(py(vm, call("tirx.tvm_stack_make_array", Some(handle), exprs).py(vm)?))
    });
    t.func("tvm_struct_get", |vm, a: FuncArgs| {
        let a = super::args::bind(vm, "tvm_struct_get", a, &["arr", "index", "field", "dtype"])?;
        let ty = super::ops::result_type(vm, &a.req(vm, "dtype")?)?;
        let exprs = args_of(vm, &[a.req(vm, "arr")?, a.req(vm, "index")?, a.req(vm, "field")?])?;
        Ok(py(vm, call("tirx.tvm_struct_get", Some(ty), exprs).py(vm)?))
    });
    t.func("tvm_storage_sync", |vm, a: FuncArgs| {
        let mut exprs = args_of(vm, &a.args)?;
        if exprs.len() < 2 {
            exprs.push(ir::bool_imm(false));
        }
        if exprs.len() < 3 {
            exprs.push(int_imm(DataType::INT32, -1));
        }
        Ok(py(vm, call("tirx.tvm_storage_sync", Some(Type::prim(DataType::void())), exprs).py(vm)?))
    });
    t.func("infinity", |vm, a: FuncArgs| {
        let d = a.args.first().cloned().ok_or_else(|| vm.new_type_error("infinity(dtype)"))?;
        let t = super::convert::to_dtype(vm, &d)?;
        Ok(py(vm, ir::float_imm(t, f64::INFINITY)))
    });
    t.func("call_ffi_kernel", |vm, a: FuncArgs| {
        let mut launch = vec![];
        let mut ret = Type::prim(DataType::INT32);
        for (k, v) in &a.kwargs {
            match k.as_str() {
                "launch_params" => {
                    launch = super::convert::iterate(vm, v)?.iter().map(|x| super::convert::py_str(vm, x)).collect::<PyResult<_>>()?
                }
                "ret_ty" => ret = super::ops::result_type(vm, v)?,
                other => return Err(vm.new_type_error(format!("call_ffi_kernel() got an unexpected keyword argument '{other}'{}", crate::renames::keyword_hint(other)))),
            }
        }
        let attrs = crate::dialects::tirx::nodes::CallFFIKernelAttr::new(crate::dialects::tirx::nodes::CallFFIKernelAttrNode {
            launch_params: launch,
            span: Span::none(),
        });
        let op = crate::dialects::tirx::ops::op("tirx.call_ffi_kernel").py(vm)?;
        let call = crate::ir::Call::make(Some(ret), op, args_of(vm, &a.args)?, Some(crate::ir::Value::Object(attrs.as_ref_obj())), vec![], Span::none()).py(vm)?;
        Ok(py(vm, call))
    });
    t.func("tensormap_encode_tiled", |vm, a: FuncArgs| {
        let get = |k: &str, d: i64| -> PyResult<i64> {
            match a.kwargs.get(k) {
                Some(v) => super::convert::py_int(vm, v),
                None => Ok(d),
            }
        };
        let dtype = match a.kwargs.get("descriptor_dtype") {
            Some(v) => super::convert::to_dtype(vm, v)?,
            None => return Err(vm.new_type_error("tensormap_encode_tiled needs descriptor_dtype")),
        };
        let rank = get("rank", -1)?;
        if !(1..=5).contains(&rank) || a.args.len() as i64 != 4 * rank + 1 {
            return Err(vm.new_value_error("tensormap_encode_tiled requires rank 1..5 and 4 * rank + 1 operands"));
        }
        let attrs = crate::dialects::tirx::nodes::TensorMapEncodeTiledAttr::new(
            crate::dialects::tirx::nodes::TensorMapEncodeTiledAttrNode {
                descriptor_dtype: dtype,
                rank,
                interleave: get("interleave", 0)?,
                swizzle: get("swizzle", 0)?,
                l2_promotion: get("l2_promotion", 0)?,
                oob_fill: get("oob_fill", 0)?,
                force_cu_dtype: get("force_cu_dtype", -1)?,
                span: Span::none(),
            },
        );
        let op = crate::dialects::tirx::ops::op("tirx.tensormap_encode_tiled").py(vm)?;
        let call = crate::ir::Call::make(
            Some(Type::prim(DataType::INT32)),
            op,
            args_of(vm, &a.args)?,
            Some(crate::ir::Value::Object(attrs.as_ref_obj())),
            vec![],
            Span::none(),
        )
        .py(vm)?;
        Ok(py(vm, call))
    });

    // Calls whose first argument is the result type.
    for (name, op) in [
        ("vectorlow", "tirx.vectorlow"),
        ("vectorhigh", "tirx.vectorhigh"),
        ("vectorcombine", "tirx.vectorcombine"),
        ("get_active_lane_mask", "tirx.get_active_lane_mask"),
        ("masked_load", "tirx.masked_load"),
    ] {
        t.func(name, move |vm, a: FuncArgs| super::ops::dtype_first(vm, op, a));
    }
    let _ = (u32t, i32t);
}

/// The result type TVM's Python wrapper fixes for an operator (`call_intrin("int32", ...)`).
pub fn fixed_result(op: &str) -> Option<Type> {
    let name = op.strip_prefix("tirx.").or_else(|| op.strip_prefix("prim."))?;
    let t = match name {
        "tvm_stack_make_array" | "lookup_param" | "TVMBackendAllocWorkspace" | "anylist_getitem" => {
            return Some(Type::pointer(Type::prim(DataType::void()), "global"));
        }
        "assume" | "filter" | "isnullptr" | "ignore_loop_partition" => DataType::bool(),
        "undef" | "tvm_struct_set" | "dp4a" | "q_multiply_shift" | "q_multiply_shift_per_axis"
        | "TVMBackendFreeWorkspace" | "anylist_resetitem" | "anylist_setitem_call_packed"
        | "anylist_setitem_call_cpacked" | "vscale" => DataType::INT32,
        "tvm_warp_activemask" => DataType::uint(32),
        "start_profile_intrinsic" | "end_profile_intrinsic" | "tvm_tuple" | "tvm_thread_allreduce"
        | "tvm_storage_sync" | "tvm_kernel_replace_point" | "tvm_global_barrier_kinit" | "tvm_throw_last_error"
        | "cooperative_tensor_fill" | "cooperative_tensor_load" | "cooperative_tensor_store"
        | "cooperative_tensor_multiply_accumulate" | "masked_store" | "tvm_load_matrix_sync" | "tvm_mma_sync"
        | "tvm_bmma_sync" | "tvm_fill_fragment" | "tvm_store_matrix_sync" | "thread_return" => DataType::void(),
        _ => return None,
    };
    Some(Type::prim(t))
}

/// Result types of `T.cuda.*` functions (by operator), where TVM fixes them.
pub fn cuda_result(op: &str, args: &[Expr]) -> Option<Type> {
    Some(match op {
        "tirx.cuda.iket_range_start" | "tirx.cuda.iket_sentinel_token" | "tirx.cuda.elect_sync" | "tirx.cuda.cvta_generic_to_shared" | "tirx.cuda.__activemask" => {
            Type::prim(DataType::uint(32))
        }
        "tirx.cuda.make_float2" => Type::prim(DataType::uint(64)),
        "tirx.cuda.mov_sreg" => Type::prim(DataType::INT32),
        "tirx.cuda.__shfl_sync" | "tirx.cuda.__shfl_up_sync" | "tirx.cuda.__shfl_down_sync" | "tirx.cuda.__shfl_xor_sync" => {
            args.get(1)?.ty()
        }
        _ => return None,
    })
}

fn is_type(obj: &PyObjectRef) -> bool {
    obj.downcast_ref::<super::exprs::DtypeCtor>().is_some()
        || crate::vm::object::unwrap_object(obj).is_some_and(|o| o.isinstance(ir::type_info()))
}

/// A data argument: a buffer stands for its data pointer.
fn data_arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(b) = as_buffer(obj) {
        return crate::dialects::tirx::nodes::buffer_data(&b).py(vm);
    }
    to_expr(vm, obj)
}

/// `T.address_of(x)`: a pointer to a buffer element or a scalar variable.
pub fn address_of(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(b) = as_buffer(obj) {
        let bt = buffer_type(&b).expect("buffer");
        let zeros: Vec<Expr> = bt.shape.iter().map(|_| int_imm(DataType::INT32, 0)).collect();
        let ty = pointer(bt.dtype.clone().into(), &bt.storage_scope);
        let load: Expr = TensorLoad::new(TensorLoadNode {
            ty: bt.dtype.clone().into(),
            source: b.clone().into(),
            indices: zeros,
            span: Span::none(),
        })
        .into();
        return call("tirx.address_of", Some(ty), vec![load]).py(vm);
    }
    let e = to_expr(vm, obj)?;
    if let Some(l) = e.downcast_ref::<TensorLoadNode>() {
        let b = l.source.as_var().and_then(buffer_type);
        let ty = match b {
            Some(bt) => pointer(bt.dtype.clone().into(), &bt.storage_scope),
            None => pointer(e.ty(), "global"),
        };
        return call("tirx.address_of", Some(ty), vec![e]).py(vm);
    }
    if let Some(v) = e.as_var() {
        if let Some(p) = v.ty.as_object().downcast_ref::<PointerTypeNode>()
            && p.element_type.as_object().is::<TensorMapTypeNode>()
        {
            return call("tirx.address_of", Some(Type::prim(DataType::uint(64))), vec![e]).py(vm);
        }
        if v.ty.as_prim().is_none() {
            return Err(vm.new_type_error("address_of expects a scalar or TensorMap Var"));
        }
        let ty = pointer(v.ty.clone(), "global");
        return call("tirx.address_of", Some(ty), vec![e]).py(vm);
    }
    Err(vm.new_value_error(format!("Invalid object type: {}", e.type_key())))
}
