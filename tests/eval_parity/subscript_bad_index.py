# A buffer subscript whose index is a string: the item hook's
# error through the native subscript, located at the subscript, both ways.
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
        for i in range(16):
            B[i] = A["x"] + T.float32(1)
