import tvm
from tvm.script import tirx as T
from tvm.s_tir.schedule.testing import assert_structural_equal_ignore_global_symbol

@T.prim_func
def a(A: T.Buffer((4,), "float32")):
    T.func_attr({"global_symbol": "a"})
    A[0] = T.float32(1)

@T.prim_func
def b(A: T.Buffer((4,), "float32")):
    T.func_attr({"global_symbol": "b"})
    A[0] = T.float32(1)

assert_structural_equal_ignore_global_symbol(a, b)
print("equal")
try:
    tvm.ir.assert_structural_equal(a, b)
except ValueError:
    print("differ with symbols")
