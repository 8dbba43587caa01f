"""Metal intrinsics: `simdgroup` matrix fills, loads, stores and multiply-accumulates.

The names are registered; the PrimFuncs of these families are not built yet
(`TensorIntrin.get` raises NotImplementedError for them)."""

from ._unavailable import register_unavailable

_NAMES = {
    "SIMDGROUP_MAKE_FILLED_8x8x8_f16_INTRIN": "simdgroup_make_filled_8x8x8_f16",
    "SIMDGROUP_FILLED_8x8x8_f32_INTRIN": "simdgroup_fill_8x8x8_f32",
    "SIMDGROUP_FILLED_8x8x8_bf16_INTRIN": "simdgroup_fill_8x8x8_bf16",
    "SIMDGROUP_LOAD_8x8x8_f16_SHARED_INTRIN": "simdgroup_load_8x8x8_f16_shared",
    "SIMDGROUP_LOAD_8x8x8_f16_SHARED_TRANS_INTRIN": "simdgroup_load_8x8x8_f16_shared_trans",
    "SIMDGROUP_STORE_8x8x8_f16_GLOBAL_INTRIN": "simdgroup_store_8x8x8_f16_global",
    "SIMDGROUP_STORE_8x8x8_f16_SHARED_INTRIN": "simdgroup_store_8x8x8_f16_shared",
    "SIMDGROUP_MULTI_ACC_8x8x8_f16_INTRIN": "simdgroup_multiply_accumulate_8x8x8_f16",
}

_OTHER_NAMES = [
]

globals().update(_NAMES)
for _name in list(_NAMES.values()) + _OTHER_NAMES:
    register_unavailable(_name)
