from tvm.script import tirx as T

def f(A: T.Buffer((4,), "float32")):
    A[0] = 1.0

g = T.prim_func(f)
