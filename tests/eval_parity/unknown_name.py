from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = A[i] + undefined_thing
