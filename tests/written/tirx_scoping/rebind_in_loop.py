from tvm.script import tirx as T


@T.prim_func
def rebind(B: T.Buffer((16,), "int32")):
    x = 1
    for j in range(3):
        x = B[j] + x
        B[j] = x
    B[0] = x
