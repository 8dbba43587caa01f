# Unary operators on integers: rounding is the identity, bitwise and logical not.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Ints:
    @R.function
    def main(v: R.Tensor((4, 2), dtype="int32"), m: R.Tensor((4,), dtype="bool")):
        a = R.ceil(v)
        b = R.bitwise_not(v)
        c = R.logical_not(m)
        d = R.square(v)
        return (a, b, c, d)


print(relax.transform.LegalizeOps()(Ints).script())
