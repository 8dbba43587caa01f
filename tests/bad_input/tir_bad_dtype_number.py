from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "int7x")):
    A[0] = 1
