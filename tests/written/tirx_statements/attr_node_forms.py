# `T.attr({...})` has the plain integer 0 as its node; an IntImm node prints as itself
# (`T.attr(T.int32(0), k, v)` prints as `T.attr(0, k, v)`, which TVM reads back as the first form).
from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    with T.attr(0, "pragma_a", 16):
        A[0] = 1
    with T.attr(T.int64(0), "pragma_c", 16):
        A[2] = 1
    with T.attr({"pragma_d": 16}):
        A[3] = 1
