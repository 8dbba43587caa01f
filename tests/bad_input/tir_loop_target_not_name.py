from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    for A[0] in range(4):
        pass
