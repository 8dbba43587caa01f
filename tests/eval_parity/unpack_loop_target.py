from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4, 4), "float32")):
    for i, j in T.grid(4, 4, 2):
        A[i, j] = 0.0
