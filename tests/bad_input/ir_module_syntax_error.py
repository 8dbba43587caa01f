from tvm.script import ir as I
from tvm.script import tirx as T

@I.ir_module
class Mod:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32")):
        A[0] = 1.0 +* 2.0
