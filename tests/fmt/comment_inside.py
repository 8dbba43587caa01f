from tvm.script import tirx as T


@T.prim_func
def copy(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        # printing keeps no comment
        B[i] = A[i]
