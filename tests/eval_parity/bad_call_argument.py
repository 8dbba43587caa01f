from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    with T.sblock("root"):
        T.reads()
        A[0] = T.float32("not a number")
