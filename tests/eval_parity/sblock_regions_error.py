# A region argument that is not a buffer region, in a native `T.reads` call whose
# other argument is a subscript: the same message and traceback both ways.
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def f(A: T.Buffer((16,), "float32")):
        for i in range(16):
            with T.sblock("b"):
                vi = T.axis.spatial(16, i)
                T.reads(A[vi], vi + 1)
                A[vi] = T.float32(0)
