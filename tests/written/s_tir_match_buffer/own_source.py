from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def own_source(A: T.Buffer((16, 8), "float32")):
    for i in range(16):
        with T.sblock():
            vi = T.axis.S(16, i)
            C = T.sblock_alloc_buffer((16, 8))
            C0 = T.match_buffer(C[vi, 0:8], (8,))
            A0 = T.match_buffer(A[vi, 0:8], (8,))
            for j in range(8):
                with T.sblock():
                    vj = T.axis.S(8, j)
                    C0[vj] = A0[vj]
