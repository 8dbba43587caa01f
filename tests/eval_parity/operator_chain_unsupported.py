# A chain meets an operand no IR operator takes: Python's own TypeError, located at
# the operator, both ways.
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((4,), "float32")):
        for i in range(4):
            A[i] = A[i] * 2.0 + [i] - 1
