# Filled tensors and data type casts.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Fill:
    @R.function
    def main(a: R.Tensor((3, "w"), dtype="float16"), f: R.Tensor((), dtype="int32")):
        w = T.int64()
        z = R.zeros(R.shape([2, 5]), dtype="int8")
        o = R.ones_like(a)
        g = R.full(R.shape([4]), f, dtype="float32")
        h = R.full_like(a, R.const(7, "int32"))
        c = R.astype(a, "float32")
        return (z, o, g, h, c)


print(relax.transform.LegalizeOps()(Fill).script())
