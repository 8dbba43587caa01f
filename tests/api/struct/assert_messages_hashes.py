# Structural equality messages and hashes of TIRx expressions and PrimFuncs; params,
# attrs and Relax types read as TVM's containers.
import tvm
import tvm_ffi
from tvm import ir, tirx, relax
from tvm.script import tirx as T, relax as R, ir as I

x = tirx.Var("x", "int32")
y = tirx.Var("y", "int32")
for a, b in [(x + 1, x + 2), (x + 1, y + 1), (x * 2, x + 2), (tirx.const(1, "int32"), tirx.const(1, "int64"))]:
    try:
        tvm.ir.assert_structural_equal(a, b)
    except ValueError as e:
        print(str(e))
@T.prim_func(private=True)
def f1(A: T.Buffer((4,), "int32")):
    A[0] = 1
@T.prim_func(private=True)
def f2(A: T.Buffer((4,), "int32")):
    A[0] = 2
try:
    tvm.ir.assert_structural_equal(f1, f2)
except ValueError as e:
    print(str(e))
print(tvm_ffi.get_first_structural_mismatch(f1, f2))
print(tvm_ffi.structural_hash(f1) == tvm_ffi.structural_hash(f2), tvm_ffi.structural_hash(x) == tvm_ffi.structural_hash(y), tvm_ffi.structural_hash(x, map_free_vars=True) == tvm_ffi.structural_hash(y, map_free_vars=True))
print(repr(f1.body), str(f1.params[0]))
print(f1.params, f1.attrs)
print(f1.script(show_meta=False) == str(f1))
print(relax.TensorType([2, 3], "float32"), relax.TensorType([2, tirx.Var("n", "int64")], "float16").shape)
print(relax.FuncType([relax.TensorType(ndim=1, dtype="float32")], relax.TensorType(ndim=1, dtype="float32")))
print(relax.TupleType([relax.ShapeType([1]), relax.ObjectType()]).fields)
