# A Relax function without `-> R...` gives its GlobalVar the type it is defined
# with, as with the annotation; mismatch paths name the function.
import tvm
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Bare:
    @R.function
    def dbl(v: R.Tensor((6,), "float32")):
        w = R.multiply(v, v)
        return w


@I.ir_module
class Annotated:
    @R.function
    def dbl(v: R.Tensor((6,), "float32")) -> R.Tensor((6,), "float32"):
        w: R.Tensor((6,), "float32") = R.multiply(v, v)
        return w


print(Bare.get_global_vars()[0].ty)
tvm.ir.assert_structural_equal(Bare, Annotated)
print("equal")


@I.ir_module
class Two:
    @T.prim_func
    def p1(x: T.Buffer((3,), "int32")):
        x[1] = 5

    @T.prim_func
    def p2(x: T.Buffer((3,), "int32")):
        x[1] = 5


@I.ir_module
class TwoOther:
    @T.prim_func
    def p1(x: T.Buffer((3,), "int32")):
        x[1] = 5

    @T.prim_func
    def p2(x: T.Buffer((3,), "int32")):
        x[1] = 6


@I.ir_module
class One:
    @T.prim_func
    def p1(x: T.Buffer((3,), "int32")):
        x[1] = 5


for other in (TwoOther, One):
    try:
        tvm.ir.assert_structural_equal(Two, other)
    except ValueError as e:
        print(str(e).splitlines()[0])
        print([l for l in str(e).splitlines() if l.startswith("and rhs at")][0])
