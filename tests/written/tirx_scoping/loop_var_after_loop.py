from tvm.script import tirx as T


@T.prim_func
def after(B: T.Buffer((16,), "int32")):
    for i in range(4):
        B[i] = 1
    B[0] = i
