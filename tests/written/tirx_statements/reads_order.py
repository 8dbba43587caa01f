from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def take(A: T.Buffer((16, 8), "float32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4, 8), "float32")):
    for i, j in T.grid(4, 8):
        with T.sblock("take"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[B[vi], vj]
