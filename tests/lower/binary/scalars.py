# A 0-d constant operand becomes a TIR scalar; a scalar Relax argument a scalar
# parameter; integer division and modulo.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Scalars:
    @R.function
    def main(u: R.Tensor((4, 6), dtype="float32"), s: R.Prim("float32"), z: R.Tensor((4, 6), dtype="int32")):
        a = R.multiply(u, R.const(0.5, "float32"))
        b = R.divide(R.const(2.0, "float32"), u)
        c = R.add(u, s)
        d = R.floor_mod(z, z)
        e = R.divide(z, z)
        f = R.bitwise_xor(z, z)
        return (a, b, c, d, e, f)


print(relax.transform.LegalizeOps()(Scalars).script())
