from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "float32"), B: T.Buffer((4, 4), "no_such_dtype")):
    A[0] = B[0, 0]
