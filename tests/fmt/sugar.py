from tvm.script import tirx as T


@T.prim_func
def fill(A: T.Buffer((4,), "int32")):
    for i in T.serial(4):
        A[i] = T.ceildiv(i, 2)
