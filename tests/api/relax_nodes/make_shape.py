from tvm import tirx
from tvm.relax.expr import make_shape
from tvm.ir.base import assert_structural_equal
from tvm.tirx import BufferAccessKind
import tvm.contrib

n = tirx.Var("n", "int64")
print(make_shape([n, 3]), make_shape((2,)))
try:
    make_shape(4)
except TypeError as e:
    print("TypeError:", e)
assert_structural_equal(make_shape([n]), make_shape([n]))
print(int(BufferAccessKind.READ | BufferAccessKind.WRITE), BufferAccessKind.WRITE.name)
