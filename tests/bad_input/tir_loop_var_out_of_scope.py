from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = 1.0
    A[i] = 2.0
