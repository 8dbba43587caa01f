from tvm.script import tirx as T


@T.prim_func
def casts(A: T.Buffer((8,), "float16"), B: T.Buffer((8,), "float32"), C: T.Buffer((), "float32"), D: T.Buffer((8,), "int8")):
    A[0] = T.float32(1)
    B[0:4] = T.Broadcast(1, 4)
    C[()] = 1
    for i in range(8):
        D[i] = T.float32(2) < B[i]
        B[i] = T.if_then_else(i < 4, i, 0)
