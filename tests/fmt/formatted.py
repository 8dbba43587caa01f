from tvm.script import tirx as T


@T.prim_func
def neg(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = 0 - A[i]
