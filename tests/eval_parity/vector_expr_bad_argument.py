# A native `T.Broadcast` given a value it cannot take: the same error both ways.
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((64,), "float16")):
        for i in range(16):
            A[T.Ramp(i * 4, 1, 4)] = T.Broadcast("x" * 2, 4) + A[T.Ramp(i * 4, 1, 4)]
