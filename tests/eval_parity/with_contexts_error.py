# A call that raises inside a frame handle's `with` (entered without the
# special-method protocol), two handles deep, with a module's function read on the
# way: the same message and traceback both ways.
import math
from tvm.script import ir as I, tirx as T


def fail(x):
    return x // 0


@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def g(B: T.Buffer((8, 8), "float32")):
        for i, j in T.grid(8, 8):
            with T.sblock("outer"):
                vi, vj = T.axis.remap("SS", [i, j])
                with T.sblock("inner"):
                    B[vi, vj] = T.float32(fail(math.floor(2.5)))
