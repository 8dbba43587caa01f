"""Four-lane dot products accumulated into one scalar (CUDA's `__dp4a`)."""

from .._tensor_intrin import register_lazy
from ._script import ScriptSource

_SCRIPT = ScriptSource(__name__ + "._script", '''
from tvm.script import tirx as T


def get_dp4a_intrin(dtype_a, dtype_b, dtype_c):
    """`(desc, impl)` of `C[0] += sum_i A[i] * B[i]` over four lanes, the operands in
    shared memory and the accumulator local."""
    if dtype_c == "uint32":
        assert dtype_a == dtype_b == "uint8"
    lanes_a = dtype_a + "x4"
    lanes_b = dtype_b + "x4"
    zero = T.uint32(0) if dtype_c == "uint32" else T.int32(0)

    @T.prim_func(s_tir=True)
    def dp4a_desc(
        A: T.Buffer((4,), dtype_a, offset_factor=1, align=4, scope="shared"),
        B: T.Buffer((4,), dtype_b, offset_factor=1, align=4, scope="shared"),
        C: T.Buffer((1,), dtype_c, offset_factor=1, align=4, scope="local"),
    ):
        with T.sblock("root"):
            T.reads(C[0], A[0:4], B[0:4])
            T.writes(C[0])
            for i in range(4):
                with T.sblock("update"):
                    vi = T.axis.reduce(4, i)
                    C[0] = C[0] + T.Cast(dtype_c, A[vi]) * T.Cast(dtype_c, B[vi])

    @T.prim_func(s_tir=True)
    def dp4a_impl(
        A: T.Buffer((4,), dtype_a, offset_factor=1, align=4, scope="shared"),
        B: T.Buffer((4,), dtype_b, offset_factor=1, align=4, scope="shared"),
        C: T.Buffer((1,), dtype_c, offset_factor=1, align=4, scope="local"),
    ):
        with T.sblock("root"):
            T.reads(C[0], A[0:4], B[0:4])
            T.writes(C[0])
            C[0] = C[0] + T.call_pure_extern(dtype_c, "__dp4a", A[T.Ramp(0, 1, 4)], B[T.Ramp(0, 1, 4)], zero)

    return dp4a_desc, dp4a_impl
''')


def get_dp4a_intrin(dtype_a, dtype_b, dtype_c):
    """`(desc, impl)` of `C[0] += sum_i A[i] * B[i]` over four lanes, the operands in
    shared memory and the accumulator local."""
    return _SCRIPT.get_dp4a_intrin(dtype_a, dtype_b, dtype_c)


_DP4A = {
    "DP4A_S8S8S32_INTRIN": ("dp4a_s8s8s32", "int8", "int8", "int32"),
    "DP4A_U8S8S32_INTRIN": ("dp4a_u8s8s32", "uint8", "int8", "int32"),
    "DP4A_S8U8S32_INTRIN": ("dp4a_s8u8s32", "int8", "uint8", "int32"),
    "DP4A_U8U8U32_INTRIN": ("dp4a_u8u8u32", "uint8", "uint8", "uint32"),
}
for _const, (_name, *_dtypes) in _DP4A.items():
    globals()[_const] = _name
    register_lazy(_name, lambda d=tuple(_dtypes): get_dp4a_intrin(*d))
