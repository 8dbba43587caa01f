from tvm.script import ir_module
from tvm.script import tirx as T


@ir_module
class First:
    @T.prim_func
    def f(A: T.Buffer((4,), "int32")) -> None:
        A[0] = 1
