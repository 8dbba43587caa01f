# TVM's spelling keeps TVM's wrapper: a dtype keyword of a named operation is dropped.
from tvm.script import tirx as T


@T.prim_func
def soften(Y: T.Buffer((6,), "float32")):
    Y[3] = T.exp(Y[2], dtype="float16")


print(soften.script())
