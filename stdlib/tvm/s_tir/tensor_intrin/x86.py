"""x86 intrinsics: 16x4 uint8-by-int8 dot products with AVX-512 VNNI and AVX-512."""

from .._tensor_intrin import register_lazy
from ._script import ScriptSource


_SCRIPT = ScriptSource(__name__ + "._script", '''
from tvm.script import tirx as T


def _desc():
    @T.prim_func(s_tir=True)
    def dot_product_16x4_u8i8i32_desc(
        A: T.Buffer((4,), "uint8", offset_factor=1),
        B: T.Buffer((16, 4), "int8", offset_factor=1),
        C: T.Buffer((16,), "int32", offset_factor=1),
    ):
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            for i, k in T.grid(16, 4):
                with T.sblock("update"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    C[vi] = C[vi] + T.Cast("int32", A[vk]) * T.Cast("int32", B[vi, vk])

    return dot_product_16x4_u8i8i32_desc


def _vnni():
    @T.prim_func(s_tir=True)
    def dot_product_16x4_u8i8i32_vnni(
        A: T.Buffer((4,), "uint8", offset_factor=1),
        B: T.Buffer((16, 4), "int8", offset_factor=1),
        C: T.Buffer((16,), "int32", offset_factor=1),
    ):
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            A_u8x4 = A[T.Ramp(0, 1, 4)]
            A_i32 = T.reinterpret("int32", A_u8x4)
            B_i8x64 = B[0, T.Ramp(0, 1, 64)]
            B_i32x16 = T.reinterpret("int32x16", B_i8x64)
            C_i32x16 = C[T.Ramp(0, 1, 16)]
            C[0:16] = T.call_llvm_pure_intrin("int32x16", "llvm.x86.avx512.vpdpbusd.512", C_i32x16, T.Broadcast(A_i32, 16), B_i32x16)

    return _desc(), dot_product_16x4_u8i8i32_vnni


def _avx512():
    @T.prim_func(s_tir=True)
    def dot_product_16x4_u8i8i32_avx512(
        A: T.Buffer((4,), "uint8", offset_factor=1),
        B: T.Buffer((16, 4), "int8", offset_factor=1),
        C: T.Buffer((16,), "int32", offset_factor=1),
    ):
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            A_u8x4 = A[T.Ramp(0, 1, 4)]
            A_i32 = T.reinterpret("int32", A_u8x4)
            A_brdcst = T.Broadcast(A_i32, 16)
            A_u8x64 = T.reinterpret("uint8x64", A_brdcst)
            B_i8x64 = B[0, T.Ramp(0, 1, 64)]
            Red = T.call_llvm_pure_intrin("int16x32", "llvm.x86.avx512.pmaddubs.w.512", A_u8x64, B_i8x64)
            C[0:16] = C[T.Ramp(0, 1, 16)] + T.call_llvm_pure_intrin("int32x16", "llvm.x86.avx512.pmaddw.d.512", Red, T.Broadcast(T.int16(1), 32))

    return _desc(), dot_product_16x4_u8i8i32_avx512
''')


VNNI_DOT_16x4_INTRIN = "dot_16x4_vnni"
AVX512_DOT_16x4_INTRIN = "dot_16x4_avx512"
register_lazy(VNNI_DOT_16x4_INTRIN, lambda: _SCRIPT._vnni())
register_lazy(AVX512_DOT_16x4_INTRIN, lambda: _SCRIPT._avx512())
