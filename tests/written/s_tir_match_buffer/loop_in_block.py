from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def loop_in_block(A: T.Buffer((8, 32), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("row"):
            vi = T.axis.S(8, i)
            A0 = T.match_buffer(A[vi, 4:20], (16,))
            for k in range(4):
                B[vi] = B[vi] + A0[k * 2]
