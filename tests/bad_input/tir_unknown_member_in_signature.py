from tvm.script import tirx as T

@T.prim_func
def f(A: T.Bufer((4,), "float32")):
    A[0] = 1.0
