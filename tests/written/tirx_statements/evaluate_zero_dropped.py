from tvm.script import tirx as T


@T.prim_func
def noops(A: T.Buffer((4,), "int32")):
    x = T.call_extern("extern_func", dtype="int32")
    A[0] = x
    T.evaluate(0)
    for i in range(4):
        T.evaluate(T.int64(0))
    for i in range(4):
        A[i] = 1
        T.evaluate(False)
    T.evaluate(1)
    T.evaluate(0)
