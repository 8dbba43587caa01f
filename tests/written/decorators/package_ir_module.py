from tvm import script
from tvm.script import tirx as T


@script.ir_module
class Second:
    @T.prim_func
    def g(A: T.Buffer((4,), "int32")):
        A[1] = 2
