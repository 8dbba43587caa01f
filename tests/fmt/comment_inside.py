from tvm.script import tirx as T


@T.prim_func
def copy(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        # fmt keeps this comment before the statement it preceded
        B[i] = A[i]  # and this one at the end of its line
