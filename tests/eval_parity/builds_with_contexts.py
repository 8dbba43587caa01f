# `with` in an evaluated body around frame handles and a Python context manager
# that suppresses an error, and a module's functions read in a body: the same IR
# both ways.
import math
from tvm.script import ir as I, tirx as T


class Quiet:
    def __enter__(self):
        return 1

    def __exit__(self, kind, value, tb):
        return kind is ZeroDivisionError


@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def f(A: T.Buffer((16,), "float32")):
        for i in range(16):
            with Quiet() as q:
                k = 1 // 0
            with T.sblock("b"):
                vi = T.axis.spatial(16, i * q + math.floor(0.5))
                A[vi] = T.float32(math.sqrt(4.0))
