from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4, 4, 4), "float32")):
    for i, j, k in T.grid(4, 4):
        A[i, j, k] = 1.0
