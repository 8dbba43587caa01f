"""Arm intrinsics: 4x4 int8 dot products (NEON multiply-add, `sdot`/`udot`) and
the SME family."""

from .._tensor_intrin import register_lazy
from ._script import ScriptSource
from ._unavailable import register_unavailable
from .dot_product_common import (  # noqa: F401
    DP4A_S8S8S32_INTRIN,
    DP4A_S8U8S32_INTRIN,
    DP4A_U8S8S32_INTRIN,
    DP4A_U8U8U32_INTRIN,
)


_SCRIPT = ScriptSource(__name__ + "._script", '''
from tvm.script import tirx as T


def _dot_4x4_desc(in_dtype, out_dtype, handles):
    """`C[i] += sum_k A[k] * B[i, k]` over a 4x4 tile; parameters as buffers, or as
    handles matched to buffers (`handles`)."""
    if handles:

        @T.prim_func(s_tir=True)
        def dot_prod_desc(a: T.handle, b: T.handle, c: T.handle):
            A = T.match_buffer(a, (4,), in_dtype, offset_factor=1)
            B = T.match_buffer(b, (4, 4), in_dtype, offset_factor=1)
            C = T.match_buffer(c, (4,), out_dtype, offset_factor=1)
            with T.sblock("root"):
                T.reads(C[0:4], A[0:4], B[0:4, 0:4])
                T.writes(C[0:4])
                for i, k in T.grid(4, 4):
                    with T.sblock("update"):
                        vi, vk = T.axis.remap("SR", [i, k])
                        C[vi] = C[vi] + T.Cast(out_dtype, A[vk]) * T.Cast(out_dtype, B[vi, vk])

        return dot_prod_desc

    @T.prim_func(s_tir=True)
    def neon_4x4_i8i8i32_desc(
        A: T.Buffer((4,), in_dtype, offset_factor=1),
        B: T.Buffer((4, 4), in_dtype, offset_factor=1),
        C: T.Buffer((4,), out_dtype, offset_factor=1),
    ):
        with T.sblock("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
            for i, k in T.grid(4, 4):
                with T.sblock("update"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    C[vi] = C[vi] + T.Cast(out_dtype, A[vk]) * T.Cast(out_dtype, B[vi, vk])

    return neon_4x4_i8i8i32_desc


def _neon_4x4():
    """Widening multiplies of the broadcast row with each half of B, pairwise sums."""

    @T.prim_func(s_tir=True)
    def neon_4x4_i8i8i32_impl(
        A: T.Buffer((4,), "int8", offset_factor=1),
        B: T.Buffer((4, 4), "int8", offset_factor=1),
        C: T.Buffer((4,), "int32", offset_factor=1),
    ):
        with T.sblock("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
            A_int8: T.int8x4 = A[T.Ramp(0, 1, 4)]
            re_int32: T.int32 = T.reinterpret("int32", A_int8)
            vec_ai32: T.int32x2 = T.Broadcast(re_int32, 2)
            vec_a: T.int8x8 = T.reinterpret("int8x8", vec_ai32)
            vec_b: T.int8x16 = B[0, T.Ramp(0, 1, 16)]
            vec_b_low: T.int8x8 = T.vectorlow("int8x8", vec_b)
            multiply_low: T.int16x8 = T.call_llvm_pure_intrin("int16x8", "llvm.aarch64.neon.smull", vec_a, vec_b_low)
            pairwise_reduction_low: T.int32x4 = T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.saddlp", multiply_low)
            vec_b_high: T.int8x8 = T.vectorhigh("int8x8", vec_b)
            multiply_high: T.int16x8 = T.call_llvm_pure_intrin("int16x8", "llvm.aarch64.neon.smull", vec_a, vec_b_high)
            pairwise_reduction_high: T.int32x4 = T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.saddlp", multiply_high)
            C[0:4] = C[T.Ramp(0, 1, 4)] + T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.addp", pairwise_reduction_low, pairwise_reduction_high)

    return _dot_4x4_desc("int8", "int32", False), neon_4x4_i8i8i32_impl


def get_dotprod_intrin(in_dtype, out_dtype):
    """`(desc, impl)` of the 4x4 dot product with Arm's `sdot` (int8) or `udot`
    (uint8) instruction."""
    instr = "llvm.aarch64.neon.udot" if in_dtype == "uint8" else "llvm.aarch64.neon.sdot"
    in_x16, out_x4 = in_dtype + "x16", out_dtype + "x4"

    @T.prim_func(s_tir=True)
    def dot_prod_impl(a: T.handle, b: T.handle, c: T.handle):
        A = T.match_buffer(a, (4,), in_dtype, offset_factor=1)
        B = T.match_buffer(b, (4, 4), in_dtype, offset_factor=1)
        C = T.match_buffer(c, (4,), out_dtype, offset_factor=1)
        with T.sblock("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
            A_i8x4 = A[T.Ramp(0, 1, 4)]
            A_i32 = T.reinterpret(out_dtype, A_i8x4)
            vec_ai32 = T.Broadcast(A_i32, 4)
            vec_a = T.reinterpret(in_x16, vec_ai32)
            vec_b = B[0, T.Ramp(0, 1, 16)]
            vec_c = C[T.Ramp(0, 1, 4)]
            C[0:4] = T.call_llvm_pure_intrin(out_x4, instr, vec_c, vec_a, vec_b)

    return _dot_4x4_desc(in_dtype, out_dtype, True), dot_prod_impl
''')


def get_dotprod_intrin(in_dtype, out_dtype):
    """`(desc, impl)` of the 4x4 dot product with Arm's `sdot` (int8) or `udot`
    (uint8) instruction."""
    return _SCRIPT.get_dotprod_intrin(in_dtype, out_dtype)


ARM_DOT_4x4_i8_NEON_INTRIN = "dot_4x4_i8i8s32_neon"
ARM_DOT_4x4_i8_SDOT_INTRIN = "dot_4x4_i8i8s32_sdot"
ARM_DOT_4x4_u8_UDOT_INTRIN = "dot_4x4_u8u8u32_udot"
ARM_DOT_4x4_u8_HDOT_INTRIN = "dot_4x4_u8u8i32_hdot"

register_lazy(ARM_DOT_4x4_i8_NEON_INTRIN, lambda: _SCRIPT._neon_4x4())
register_lazy(ARM_DOT_4x4_i8_SDOT_INTRIN, lambda: get_dotprod_intrin("int8", "int32"))
register_lazy(ARM_DOT_4x4_u8_UDOT_INTRIN, lambda: get_dotprod_intrin("uint8", "uint32"))
register_lazy(ARM_DOT_4x4_u8_HDOT_INTRIN, lambda: get_dotprod_intrin("uint8", "int32"))

ARM_SME_INIT = "sme_init"
ARM_SME_2SVLx2SVL_FP32_TRANSPOSE_INTERLEAVE = "sme_2svlx2svl_fp32_transpose_interleave"
ARM_SME_BLOCK2_2SVLx1SVL_FP16_TRANSPOSE_INTERLEAVE = "sme_block2_2svlx1svl_fp16_transpose_interleave"
ARM_SME_2SVLx2SVL_GEMM_INTERLEAVED_MOPA = "sme_2svlx2svl_gemm_interleaved_mopa"

for _name in [ARM_SME_BLOCK2_2SVLx1SVL_FP16_TRANSPOSE_INTERLEAVE, ARM_SME_INIT]:
    register_unavailable(_name)
