# An operator in the middle of a chain fails: the same message and traceback both
# ways (the evaluated chain computes the first operators natively).
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((4,), "float32")):
        for i in range(4):
            A[i] = A[i] * 2.0 + (T.float32(1) << i) - 1
