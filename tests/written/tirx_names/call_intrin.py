from tvm.script import tirx as T


@T.prim_func
def intrin(A: T.Buffer((16,), "float32")):
    A[0] = T.call_intrin("float32", "tirx.exp", A[1])
    A[2] = T.sqrt(A[3]) + T.call_intrin("float32", "tirx.sqrt", A[4])
