from tvm.script import tirx as T


@T.prim_func
def nested(B: T.Buffer((16,), "int32")):
    for i in range(4):
        for i in range(4):
            B[i] = 1
        B[i] = 2
