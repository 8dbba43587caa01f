//! TVM's two wrappers around the `tirx.op` functions its `T` namespace re-exports,
//! applied to our members of the same names, so a script passes them what TVM's
//! accept: most drop a `dtype=` keyword (`T.if_then_else(c, a, b, dtype="int32")`,
//! TVM's `_op_wrapper`), and the calls whose result type comes first take it as a
//! keyword too (`T.call_extern("f", x, dtype="int32")`, TVM's `_dtype_forward`).
//!
//! Inside a function in the native spelling (`@T.function`) a dtype the operands
//! decide is not an extra keyword: `T.exp(x, dtype="float16")` is a TypeError there,
//! while the members whose own signature has a `dtype` parameter (`T.max_value`,
//! `T.infinity` …) take it as that parameter.

use std::sync::Arc;

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

use crate::vm::namespace::{Member, NamespaceTable};

/// Members TVM wraps with `_op_wrapper`: a `dtype=` keyword is ignored.
const DROPS_DTYPE: &[&str] = &[
    "abs", "acos", "acosh", "address_of", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and", "bitwise_not",
    "bitwise_or", "bitwise_xor", "ceil", "clz", "copysign", "cos", "cosh", "erf", "exp", "exp2", "exp10", "filter",
    "selector", "floor", "ceildiv", "floordiv", "floormod", "fmod", "fma", "hypot", "if_then_else", "infinity",
    "isfinite", "isinf", "isnan", "isnullptr", "ldexp", "likely", "log", "log1p", "log2", "log10", "lookup_param",
    "max_value", "min_value", "nearbyint", "nextafter", "popcount", "pow", "q_multiply_shift",
    "q_multiply_shift_per_axis", "continue_loop", "break_loop", "round", "rsqrt", "shift_left", "shift_right",
    "sigmoid", "sin", "sinh", "sqrt", "tan", "tanh", "thread_return", "trunc", "truncdiv", "truncmod",
    "tvm_access_ptr", "ptr_byte_offset", "tvm_throw_last_error", "print_buffer", "tvm_stack_alloca",
    "tvm_stack_make_shape", "tvm_stack_make_array", "call_packed", "call_ffi_kernel", "tensormap_encode_tiled",
    "call_cpacked", "call_packed_lowered", "call_cpacked_lowered", "tvm_tuple", "handle_add_byte_offset",
    "tvm_struct_set", "tvm_thread_invariant", "tvm_thread_allreduce", "tvm_load_matrix_sync", "tvm_mma_sync",
    "tvm_bmma_sync", "tvm_fill_fragment", "tvm_store_matrix_sync", "tvm_kernel_replace_point",
    "cooperative_tensor_fill", "cooperative_tensor_load", "cooperative_tensor_store",
    "cooperative_tensor_multiply_accumulate", "assume", "undef", "TVMBackendAllocWorkspace",
    "TVMBackendFreeWorkspace", "start_profile_intrinsic", "end_profile_intrinsic", "anylist_getitem",
    "anylist_resetitem", "anylist_setitem_call_packed", "anylist_setitem_call_cpacked", "vscale",
    "ignore_loop_partition", "masked_store", "fabs", "tvm_call_packed", "tvm_call_cpacked",
    "tvm_call_packed_lowered", "tvm_call_cpacked_lowered",
];

/// Members of [`DROPS_DTYPE`] whose own signature has a `dtype` parameter.
const HAS_DTYPE_PARAMETER: &[&str] = &["infinity", "max_value", "min_value", "ptr_byte_offset", "print_buffer"];

/// Members TVM wraps with `_dtype_forward`: a `dtype=` keyword becomes the first argument.
const FORWARDS_DTYPE: &[&str] = &[
    "reinterpret", "call_extern", "call_intrin", "call_llvm_intrin", "call_llvm_pure_intrin", "call_pure_extern",
    "vectorlow", "vectorhigh", "vectorcombine", "get_active_lane_mask", "masked_load", "dp4a",
];

/// Wrap the members of `t` that TVM wraps (run after all of them are registered).
pub fn apply(t: &mut NamespaceTable) {
    for name in DROPS_DTYPE {
        let keeps = HAS_DTYPE_PARAMETER.contains(name);
        wrap(t, name, move |vm, mut args: FuncArgs| {
            if args.kwargs.contains_key("dtype") && in_native_function() {
                if keeps {
                    return Ok(args);
                }
                return Err(vm.new_type_error(format!("{name}() got an unexpected keyword argument 'dtype'")));
            }
            args.kwargs.shift_remove("dtype");
            Ok(args)
        });
    }
    for name in FORWARDS_DTYPE {
        wrap(t, name, |_, mut args: FuncArgs| {
            if let Some(d) = args.kwargs.shift_remove("dtype") {
                args.args.insert(0, d);
            }
            Ok(args)
        });
    }
}

/// Whether the innermost function being built is in the native spelling.
fn in_native_function() -> bool {
    super::context::with_func(|f| !f.tvm_spelling).unwrap_or(false)
}

fn wrap(
    t: &mut NamespaceTable,
    name: &str,
    adjust: impl Fn(&VirtualMachine, FuncArgs) -> PyResult<FuncArgs> + Send + Sync + 'static,
) {
    if let Some(Member::Func(f)) = t.members.get(name).cloned() {
        t.members.insert(name.to_string(), Member::Func(Arc::new(move |vm, args| f(vm, adjust(vm, args)?))));
    }
}
