"""CUDA intrinsics: tensor-core `ldmatrix`/`mma` and `wmma` loads, fills, stores and
multiply-accumulates.

The names are registered; the PrimFuncs of these families are not built yet
(`TensorIntrin.get` raises NotImplementedError for them)."""

from ._unavailable import register_unavailable

_NAMES = {
    "LDMATRIX_f16_A_INTRIN": "mma_ldmatrix_f16_a",
    "LDMATRIX_f16_B_INTRIN": "mma_ldmatrix_f16_b",
    "LDMATRIX_f16_A_TRANS_INTRIN": "mma_ldmatrix_f16_a_trans",
    "LDMATRIX_f16_B_TRANS_INTRIN": "mma_ldmatrix_f16_b_trans",
    "LDMATRIX_f16_A_DYN_INTRIN": "mma_ldmatrix_f16_a_dyn",
    "LDMATRIX_f16_B_DYN_INTRIN": "mma_ldmatrix_f16_b_dyn",
    "LDMATRIX_f16_A_TRANS_DYN_INTRIN": "mma_ldmatrix_f16_a_trans_dyn",
    "LDMATRIX_f16_B_TRANS_DYN_INTRIN": "mma_ldmatrix_f16_b_trans_dyn",
    "LDMATRIX_i8_A_INTRIN": "mma_ldmatrix_i8_a",
    "LDMATRIX_i8_B_INTRIN": "mma_ldmatrix_i8_b",
    "LDMATRIX_i8_B_TRANS_INTRIN": "mma_ldmatrix_i8_b_trans",
    "LDMATRIX_e4m3_A_INTRIN": "mma_ldmatrix_e4m3_a",
    "LDMATRIX_e4m3_B_INTRIN": "mma_ldmatrix_e4m3_b",
    "LDMATRIX_e4m3_B_TRANS_INTRIN": "mma_ldmatrix_e4m3_b_trans",
    "LDMATRIX_e5m2_A_INTRIN": "mma_ldmatrix_e5m2_a",
    "LDMATRIX_e5m2_B_INTRIN": "mma_ldmatrix_e5m2_b",
    "LDMATRIX_e5m2_B_TRANS_INTRIN": "mma_ldmatrix_e5m2_b_trans",
    "MMA_f16f16f32_INTRIN": "mma_f16f16f32",
    "MMA_f16f16f32_TRANS_B_INTRIN": "mma_f16f16f32_trans_b",
    "MMA_f16f16f32_TRANS_A_INTRIN": "mma_f16f16f32_trans_a",
    "MMA_f16f16f32_TRANS_A_TRANS_B_INTRIN": "mma_f16f16f32_trans_a_trans_b",
    "MMA_f16f16f16_INTRIN": "mma_f16f16f16",
    "MMA_f16f16f16_TRANS_B_INTRIN": "mma_f16f16f16_trans_b",
    "MMA_f16f16f16_TRANS_A_INTRIN": "mma_f16f16f16_trans_a",
    "MMA_f16f16f16_TRANS_A_TRANS_B_INTRIN": "mma_f16f16f16_trans_a_trans_b",
    "MMA_i8i8i32_INTRIN": "mma_i8i8i32",
    "MMA_i8i8i32_TRANS_B_INTRIN": "mma_i8i8i32_trans_b",
    "MMA_e5m2e5m2f32_INTRIN": "mma_e5m2e5m2f32",
    "MMA_e5m2e5m2f32_TRANS_B_INTRIN": "mma_e5m2e5m2f32_trans_b",
    "MMA_e4m3e4m3f32_INTRIN": "mma_e4m3e4m3f32",
    "MMA_e4m3e4m3f32_TRANS_B_INTRIN": "mma_e4m3e4m3f32_trans_b",
    "MMA_fill_16x16_f32_INTRIN": "mma_fill_16x16_f32",
    "MMA_fill_16x16_f16_INTRIN": "mma_fill_16x16_f16",
    "MMA_fill_16x16_i32_INTRIN": "mma_fill_16x16_i32",
    "MMA_store_16x16_f32_global_INTRIN": "mma_store_16x16_f32_global_",
    "MMA_store_16x16_f32_shared_dyn_INTRIN": "mma_store_16x16_f32_shared_dyn_",
    "MMA_store_16x16_f32_shared_dyn_INTRIN_SIMPLE": "mma_store_16x16_f32_shared_dyn_simple_",
    "MMA_store_16x16_f16_shared_dyn_INTRIN_SIMPLE": "mma_store_16x16_f16_shared_dyn_simple_",
    "MMA_store_16x16_f16_global_INTRIN": "mma_store_16x16_f16_global_",
    "MMA_store_16x16_i32_global_INTRIN": "mma_store_16x16_i32_global_",
    "WMMA_SYNC_16x16x16_f16f16f32_INTRIN": "wmma_sync_16x16x16_f16f16f32",
    "WMMA_SYNC_16x16x16_f16f16f32_TRANS_INTRIN": "wmma_sync_16x16x16_f16f16f32_trans",
    "WMMA_SYNC_16x16x16_f16f16f16_INTRIN": "wmma_sync_16x16x16_f16f16f16",
    "WMMA_SYNC_16x16x16_f16f16f16_TRANS_INTRIN": "wmma_sync_16x16x16_f16f16f16_trans",
    "WMMA_SYNC_16x16x16_s8s8s32_INTRIN": "wmma_sync_16x16x16_s8s8s32",
    "WMMA_SYNC_16x16x16_s8s8s32_TRANS_INTRIN": "wmma_sync_16x16x16_s8s8s32_trans",
    "WMMA_SYNC_8x8x32_s4s4s32_TRANS_INTRIN": "wmma_sync_8x8x32_s4s4s32_trans",
    "WMMA_LOAD_16x16x16_F16_A_INTRIN": "wmma_load_16x16x16_f16_a_shared",
    "WMMA_LOAD_16x16x16_F16_A_DYN_INTRIN": "wmma_load_16x16x16_f16_a_shared_dyn",
    "WMMA_LOAD_16x16x16_F16_B_INTRIN": "wmma_load_16x16x16_f16_b_shared",
    "WMMA_LOAD_16x16x16_F16_B_DYN_INTRIN": "wmma_load_16x16x16_f16_b_shared_dyn",
    "WMMA_LOAD_16x16x16_F16_A_TRANS_INTRIN": "wmma_load_16x16x16_f16_a_trans_shared",
    "WMMA_LOAD_16x16x16_F16_A_TRANS_DYN_INTRIN": "wmma_load_16x16x16_f16_a_trans_shared_dyn",
    "WMMA_LOAD_16x16x16_F16_B_TRANS_INTRIN": "wmma_load_16x16x16_f16_b_trans_shared",
    "WMMA_LOAD_16x16x16_F16_B_TRANS_DYN_INTRIN": "wmma_load_16x16x16_f16_b_trans_shared_dyn",
    "WMMA_LOAD_16x16x16_S8_A_INTRIN": "wmma_load_16x16x16_s8_a_shared",
    "WMMA_LOAD_16x16x16_S8_A_DYN_INTRIN": "wmma_load_16x16x16_s8_a_shared_dyn",
    "WMMA_LOAD_16x16x16_S8_B_INTRIN": "wmma_load_16x16x16_s8_b_shared",
    "WMMA_LOAD_16x16x16_S8_B_DYN_INTRIN": "wmma_load_16x16x16_s8_b_shared_dyn",
    "WMMA_LOAD_16x16x16_S8_A_TRANS_INTRIN": "wmma_load_16x16x16_s8_a_trans_shared",
    "WMMA_LOAD_16x16x16_S8_A_TRANS_DYN_INTRIN": "wmma_load_16x16x16_s8_a_trans_shared_dyn",
    "WMMA_LOAD_16x16x16_S8_B_TRANS_INTRIN": "wmma_load_16x16x16_s8_b_trans_shared",
    "WMMA_LOAD_16x16x16_S8_B_TRANS_DYN_INTRIN": "wmma_load_16x16x16_s8_b_trans_shared_dyn",
    "WMMA_LOAD_8x8x32_S4_A_INTRIN": "wmma_load_8x8x32_s4_a_shared",
    "WMMA_LOAD_8x8x32_S4_A_DYN_INTRIN": "wmma_load_8x8x32_s4_a_shared_dyn",
    "WMMA_LOAD_8x8x32_S4_B_TRANS_INTRIN": "wmma_load_8x8x32_s4_b_trans_shared",
    "WMMA_LOAD_8x8x32_S4_B_TRANS_DYN_INTRIN": "wmma_load_8x8x32_s4_b_trans_shared_dyn",
    "WMMA_FILL_16x16x16_F32_INTRIN": "wmma_fill_16x16x16_f32",
    "WMMA_FILL_16x16x16_F16_INTRIN": "wmma_fill_16x16x16_f16",
    "WMMA_FILL_16x16x16_S32_INTRIN": "wmma_fill_16x16x16_s32",
    "WMMA_FILL_8x8x32_S32_INTRIN": "wmma_fill_8x8x32_s32",
    "WMMA_STORE_16x16x16_F32_SHARED_INTRIN": "wmma_store_16x16x16_f32_shared",
    "WMMA_STORE_16x16x16_F32_SHARED_DYN_INTRIN": "wmma_store_16x16x16_f32_shared_dyn",
    "WMMA_STORE_16x16x16_F16_SHARED_INTRIN": "wmma_store_16x16x16_f16_shared",
    "WMMA_STORE_16x16x16_F16_SHARED_DYN_INTRIN": "wmma_store_16x16x16_f16_shared_dyn",
    "WMMA_STORE_16x16x16_S32_SHARED_INTRIN": "wmma_store_16x16x16_s32_shared",
    "WMMA_STORE_16x16x16_S32_SHARED_DYN_INTRIN": "wmma_store_16x16x16_s32_shared_dyn",
    "WMMA_STORE_8x8x32_S32_SHARED_INTRIN": "wmma_store_8x8x32_s32_shared",
    "WMMA_STORE_8x8x32_S32_SHARED_DYN_INTRIN": "wmma_store_8x8x32_s32_shared_dyn",
    "WMMA_STORE_16x16x16_F32_GLOBAL_INTRIN": "wmma_store_16x16x16_f32_global",
    "WMMA_STORE_16x16x16_F16_GLOBAL_INTRIN": "wmma_store_16x16x16_f16_global",
    "WMMA_STORE_16x16x16_S32_GLOBAL_INTRIN": "wmma_store_16x16x16_s32_global",
    "WMMA_STORE_8x8x32_S32_GLOBAL_INTRIN": "wmma_store_8x8x32_s32_global",
}

_OTHER_NAMES = [
    "mma_init_m16n8k8_f16",
    "mma_init_m16n8k8_f32",
    "mma_load_m16n8k8_f16_A_shared_dyn",
    "mma_load_m16n8k8_f16_B_shared_dyn",
    "mma_sync_m16n8k8_f16f16f16",
    "mma_sync_m16n8k8_f16f16f32",
    "mma_store_m16n8k8_f16_global",
    "mma_store_m16n8k8_f32_global",
]

globals().update(_NAMES)
for _name in list(_NAMES.values()) + _OTHER_NAMES:
    register_unavailable(_name)

M_DIM = 16
N_DIM = 16
WARP_SIZE = 32
HALF_WARP = WARP_SIZE // 2

_SHORT = {"float16": "f16", "float32": "f32", "int8": "i8", "int32": "i32", "float8_e4m3fn": "e4m3", "float8_e5m2": "e5m2"}


def get_mma_intrin_group(load_scope, store_scope, in_dtype, out_dtype, trans_a, trans_b,
                         not_use_mma_store_intrinic=True, store_to_smem_dtype=None):
    """The names of the `mma` intrinsics (init, load_a, load_b, compute, store) for
    one configuration of scopes, dtypes and transposes."""
    assert load_scope in ["shared", "shared.dyn"]
    assert store_scope in ["global", "shared", "shared.dyn"]
    assert in_dtype in ["float16", "int8", "float8_e4m3fn", "float8_e5m2"]
    assert out_dtype in ["float16", "float32", "int32"]
    a = b = _SHORT[in_dtype]
    out = _SHORT[out_dtype]
    dyn = "_dyn" if load_scope == "shared.dyn" else ""
    ta = "_trans" if trans_a else ""
    tb = "_trans" if trans_b else ""
    compute = f"mma_{a}{b}{out}" + ("_trans_a" if trans_a else "") + ("_trans_b" if trans_b else "")
    stored = _SHORT[store_to_smem_dtype] if store_to_smem_dtype else out
    simple = "simple_" if not_use_mma_store_intrinic else ""
    return {
        "init": f"mma_fill_16x16_{out}",
        "load_a": f"mma_ldmatrix_{a}_a{ta}{dyn}",
        "load_b": f"mma_ldmatrix_{b}_b{tb}{dyn}",
        "compute": compute,
        "store": f"mma_store_16x16_{stored}_{store_scope.replace('.', '_')}_{simple}",
    }


def get_wmma_intrin_group(load_scope, store_scope, in_dtype, out_dtype, trans_b):
    """The names of the `wmma` intrinsics (init, load_a, load_b, compute, store) for
    one configuration of scopes, dtypes and B's transpose."""
    assert load_scope in ["shared", "shared.dyn"]
    assert store_scope in ["global", "shared", "shared.dyn"]
    assert in_dtype in ["float16", "int8"]
    assert out_dtype in ["float16", "float32", "int32"]
    shape = "16x16x16"
    src = "f16" if in_dtype == "float16" else "s8"
    out = {"float16": "f16", "float32": "f32"}.get(out_dtype, "s32")
    load = load_scope.replace(".", "_")
    tb = "_trans" if trans_b else ""
    return {
        "init": f"wmma_fill_{shape}_{out}",
        "load_a": f"wmma_load_{shape}_{src}_a_{load}",
        "load_b": f"wmma_load_{shape}_{src}_b{tb}_{load}",
        "compute": f"wmma_sync_{shape}_{src}{src}{out}{tb}",
        "store": f"wmma_store_{shape}_{out}_{store_scope.replace('.', '_')}",
    }
