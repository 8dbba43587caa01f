from tvm.script import tirx as T

pf = T.prim_func

@pf
def f(A: T.Buffer((4,), "float32")):
    A[0] = 1.0
