from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def tile_offset(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
    for ti, tj, i, j in T.grid(4, 4, 16, 16):
        with T.sblock("tile"):
            vti, vtj, vi, vj = T.axis.remap("SSSS", [ti, tj, i, j])
            A1 = T.match_buffer(A[vti * 16 : vti * 16 + 16, vtj * 16 : vtj * 16 + 16], (16, 16))
            B1 = T.match_buffer(B[vti * 16 + 1 : vti * 16 + 9, vtj * 16 : vtj * 16 + 16], (8, 16))
            B1[vi // 2, vj] = A1[vi, vj] + A1[vi, vj] * 2.0
