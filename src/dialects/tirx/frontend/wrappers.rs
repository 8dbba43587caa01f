//! TVM's two wrappers around the `tirx.op` functions its `T` namespace re-exports,
//! applied to our members of the same names, so a script passes them what TVM's
//! accept: most drop a `dtype=` keyword (`T.if_then_else(c, a, b, dtype="int32")`,
//! TVM's `_op_wrapper`), and the calls whose result type comes first take it as a
//! keyword too (`T.call_extern("f", x, dtype="int32")`, TVM's `_dtype_forward`).

use std::sync::Arc;

use rustpython_vm::function::FuncArgs;

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

/// Members TVM wraps with `_dtype_forward`: a `dtype=` keyword becomes the first argument.
const FORWARDS_DTYPE: &[&str] = &[
    "reinterpret", "call_extern", "call_intrin", "call_llvm_intrin", "call_llvm_pure_intrin", "call_pure_extern",
    "vectorlow", "vectorhigh", "vectorcombine", "get_active_lane_mask", "masked_load", "dp4a",
];

/// Wrap the members of `t` that TVM wraps (run after all of them are registered).
pub fn apply(t: &mut NamespaceTable) {
    for name in DROPS_DTYPE {
        wrap(t, name, |mut args: FuncArgs| {
            args.kwargs.shift_remove("dtype");
            args
        });
    }
    for name in FORWARDS_DTYPE {
        wrap(t, name, |mut args: FuncArgs| {
            if let Some(d) = args.kwargs.shift_remove("dtype") {
                args.args.insert(0, d);
            }
            args
        });
    }
}

fn wrap(t: &mut NamespaceTable, name: &str, adjust: fn(FuncArgs) -> FuncArgs) {
    if let Some(Member::Func(f)) = t.members.get(name).cloned() {
        t.members.insert(name.to_string(), Member::Func(Arc::new(move |vm, args| f(vm, adjust(args)))));
    }
}
