from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def symbolic_cover_extent(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    for i, j in T.grid(8, 8):
        with T.sblock("t"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + A[vj, vi]
