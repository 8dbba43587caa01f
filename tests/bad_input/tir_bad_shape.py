from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer("four", "float32")):
    A[0] = 1.0
