"""AMDGPU intrinsics: `sdot4` and the MFMA matrix-core family."""

from .._tensor_intrin import register_lazy
from ._script import ScriptSource
from .dot_product_common import get_dp4a_intrin
from ._unavailable import register_unavailable

WARP_SIZE = 64
M_DIM = 16
N_DIM = 16


_SCRIPT = ScriptSource(__name__ + "._script", '''
from tvm.script import tirx as T


def _sdot4():
    @T.prim_func(s_tir=True)
    def sdot4(
        A: T.Buffer((4,), "int8", offset_factor=1, align=4, scope="shared"),
        B: T.Buffer((4,), "int8", offset_factor=1, align=4, scope="shared"),
        C: T.Buffer((1,), "int32", offset_factor=1, align=4, scope="local"),
    ):
        with T.sblock("root"):
            T.reads(C[0], A[0:4], B[0:4])
            T.writes(C[0])
            C[0] = C[0] + T.call_llvm_pure_intrin(
                "int32",
                "llvm.amdgcn.sdot4",
                T.reinterpret("int32", A[T.Ramp(0, 1, 4)]),
                T.reinterpret("int32", B[T.Ramp(0, 1, 4)]),
                0,
                T.bool(True),
            )

    return sdot4
''')


AMDGPU_SDOT4_INTRIN = "sdot4"
register_lazy(AMDGPU_SDOT4_INTRIN, lambda: (get_dp4a_intrin("int8", "int8", "int32")[0], _SCRIPT._sdot4()))

ROCM_MFMA_fill_16x16_f32_INTRIN = "ROCM_mfma_fill_16x16_f32"
ROCM_MFMA_fill_16x16_i32_INTRIN = "ROCM_mfma_fill_16x16_i32"
ROCM_MFMA_LOAD_16x16_A_SHARED_s8_INTRIN = "rocm_mfma_load_16x16_a_shared_s8"
ROCM_MFMA_LOAD_16x16_B_SHARED_s8_INTRIN = "rocm_mfma_load_b_16x16_shared_s8"
ROCM_MFMA_LOAD_16x16_A_SHARED_f16_INTRIN = "rocm_mfma_load_16x16_a_shared_f16"
ROCM_MFMA_LOAD_16x16_B_SHARED_f16_INTRIN = "rocm_mfma_load_b_16x16_shared_f16"
ROCM_MFMA_LOAD_16x4_A_SHARED_f32_INTRIN = "rocm_mfma_load_16x4_a_shared_f32"
ROCM_MFMA_LOAD_16x4_B_SHARED_f32_INTRIN = "rocm_mfma_load_b_16x4_shared_f32"
ROCM_MFMA_f32f32f32_INTRIN = "rocm_mfma_f32f32f32"
ROCM_MFMA_f16f16f32_INTRIN = "rocm_mfma_f16f16f32"
ROCM_MFMA_s8s8s32_INTRIN = "rocm_mfma_s8s8s32"
ROCM_MFMA_STORE_16x16_s32_INTRIN = "rocm_mfma_store_16x16_s32"
ROCM_MFMA_STORE_16x16_f32_INTRIN = "rocm_mfma_store_16x16_f32"

for _name in [
    ROCM_MFMA_fill_16x16_f32_INTRIN, ROCM_MFMA_fill_16x16_i32_INTRIN,
    ROCM_MFMA_LOAD_16x16_A_SHARED_s8_INTRIN, ROCM_MFMA_LOAD_16x16_B_SHARED_s8_INTRIN,
    ROCM_MFMA_LOAD_16x16_A_SHARED_f16_INTRIN, ROCM_MFMA_LOAD_16x16_B_SHARED_f16_INTRIN,
    ROCM_MFMA_LOAD_16x4_A_SHARED_f32_INTRIN, ROCM_MFMA_LOAD_16x4_B_SHARED_f32_INTRIN,
    ROCM_MFMA_f32f32f32_INTRIN, ROCM_MFMA_f16f16f32_INTRIN, ROCM_MFMA_s8s8s32_INTRIN,
    ROCM_MFMA_STORE_16x16_s32_INTRIN, ROCM_MFMA_STORE_16x16_f32_INTRIN,
]:
    register_unavailable(_name)
