from tvm.script import tirx as T


@T.prim_func
def externs(A: T.Buffer((16,), "float32")):
    x = T.call_extern("extern_func", dtype="int32")
    T.evaluate(T.call_extern("consume", A.data, x, dtype=""))
    T.evaluate(T.call_pure_extern("pure_fn", A.data, dtype="float32"))
