# A Relax function without a return annotation in a module: its GlobalVar takes the
# function's type, so a caller built after it checks against that type, and the
# module round-trips.
import tvm
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Pair:
    @R.function
    def twice(a: R.Tensor((3, 2), "float32")):
        return R.multiply(a, a)

    @R.function
    def entry(a: R.Tensor((3, 2), "float32")) -> R.Tensor((3, 2), "float32"):
        b = Pair.twice(a)
        return b


print(Pair.get_global_var("twice").ty)
print(Pair.script())
tvm.ir.assert_structural_equal(Pair, tvm.script.from_source(Pair.script()))
print("round trip equal")
