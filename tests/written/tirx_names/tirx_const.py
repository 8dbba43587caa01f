import tvm
from tvm.script import tirx as T


@T.prim_func
def consts(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float16"), C: T.Buffer((4,), "bool")):
    A[0] = tvm.tirx.const(1, "int32") + tvm.tirx.const(7)
    B[0] = tvm.tirx.const(1.5, "float16")
    C[0] = tvm.tirx.const(True, "bool")
