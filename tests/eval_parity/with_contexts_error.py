# `with` in an evaluated body: a Python context manager that suppresses an error,
# then a frame handle (entered without the special-method protocol) around a call
# that raises, with a module's function read on the way: the same message and
# traceback both ways.
import math
from tvm.script import ir as I, tirx as T


class Quiet:
    def __enter__(self):
        return 1

    def __exit__(self, kind, value, tb):
        return kind is ZeroDivisionError


def fail(x):
    return x // 0


@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def f(A: T.Buffer((16,), "float32")):
        for i in range(16):
            with Quiet() as q:
                k = 1 // 0
            with T.sblock("b"):
                vi = T.axis.spatial(16, i * q + math.floor(0.5))
                A[vi] = T.float32(fail(1))
