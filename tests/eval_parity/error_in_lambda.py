from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    for i in range(4):
        if i > 1 and A[i] > T.int32("x"):
            A[i] = 0
