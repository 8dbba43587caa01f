from tvm.script import tirx as T


@T.prim_func
def cond(A: T.Buffer((4, 4), "float32")):
    for i in range(4):
        for i in range(4):
            A[i, 0] = T.Select(i < 2 and i > 0, T.float32(1), T.float32(0))
        A[i, 1] = T.Select(i < 3 and i > 1, T.float32(1), T.float32(0))
