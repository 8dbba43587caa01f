from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def region_dtype_without_shape(A: T.Buffer((32, 32), "int32")):
    for ti, i in T.grid(4, 8):
        with T.sblock("tile"):
            vti, vi = T.axis.remap("SS", [ti, i])
            B = T.match_buffer(A[vti * 8 : vti * 8 + 8, 0:32], dtype="float16")
            B[vi, 0] = 1
