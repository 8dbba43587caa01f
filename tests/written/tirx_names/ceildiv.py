from tvm.script import tirx as T


@T.prim_func
def tiles(A: T.Buffer((64,), "int32"), n: T.int32):
    for i in range(16):
        A[i] = T.ceildiv(i, 4) + T.ceildiv(10, 4) + T.ceildiv(n, T.int32(8))
