from tvm.script import tirx as T


@T.prim_func
def grid(B: T.Buffer((4, 4), "int32")):
    for i, j in T.grid(4, 4):
        for j in T.serial(2):
            B[i, j] = 1
        B[i, j] = 2
    for k in T.vectorized(4):
        while k < 2:
            k = k + 1
            B[k, 0] = k
        B[k, 1] = k
