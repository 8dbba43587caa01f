from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("b"):
            vi = T.axis.spatial(4, i, "extra")
            A[vi] = 1.0
