# Structural equality and hashing of parsed Relax functions, assert_structural_equal
# messages, get_first_structural_mismatch paths, JSON of types and strings, bad JSON.
import json
import tvm
import tvm_ffi
from tvm import ir, tirx, relax
from tvm.script import tirx as T, relax as R, ir as I

@T.prim_func
def f(A: T.Buffer((8,), "float32"), n: T.int32):
    for i in range(n):
        A[i] = A[i] * T.float32(2)

x = tirx.Var("x", "int64")
print(tvm.ir.load_json(tvm.ir.save_json(ir.StringImm("s"))))

@R.function
def rf(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
    y = R.multiply(x, x)
    return y

@R.function
def rf2(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
    z = R.multiply(x, x)
    return z

print(tvm_ffi.structural_equal(rf, rf2), tvm_ffi.structural_hash(rf) == tvm_ffi.structural_hash(rf2))
print(tvm_ffi.structural_equal(rf.body, rf2.body), tvm_ffi.structural_equal(rf.body, rf2.body, map_free_vars=True))
try:
    tvm.ir.assert_structural_equal(rf.params[0], rf2.params[0])
except ValueError as err:
    print("ValueError", str(err).splitlines()[0])
print(tvm_ffi.structural_equal(tirx.const(1, "int32"), tirx.const(1, "int64")))
print(tvm_ffi.structural_hash(ir.PrimType("int32")) == tvm_ffi.structural_hash(ir.PrimType("int32")))
try:
    tvm.ir.assert_structural_equal(tirx.const(1, "int32"), tirx.const(2, "int32"))
except ValueError as err:
    print("ValueError", str(err).splitlines()[0])
m = tvm_ffi.get_first_structural_mismatch(x + 1, x + 2)
print(type(m).__name__, m)
print(tvm_ffi.get_first_structural_mismatch(x + 1, x + 1))
try:
    tvm.ir.load_json("not json")
except Exception as err:
    print(type(err).__name__)
