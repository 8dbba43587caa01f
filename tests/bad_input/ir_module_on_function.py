from tvm.script import ir as I
from tvm.script import tirx as T

@I.ir_module
def f(A: T.Buffer((4,), "float32")):
    A[0] = 1.0
