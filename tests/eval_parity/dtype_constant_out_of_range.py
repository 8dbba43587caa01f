# A data-type constructor's constant out of its type's range, inside an operator
# chain (the evaluated body makes `T.int8(…)` natively): the same error both ways.
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((4,), "int8")):
        for i in range(4):
            A[i] = A[i] + T.int8(1) * T.int8(300)
