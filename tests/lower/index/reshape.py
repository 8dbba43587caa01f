# reshape and flatten: static, with an extent-1 axis, and symbolic.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Reshapes:
    @R.function
    def main(x: R.Tensor((2, 3, 4), dtype="float32"), y: R.Tensor(("p", "q", 2), dtype="float16")):
        p = T.int64()
        q = T.int64()
        with R.dataflow():
            a = R.reshape(x, R.shape([6, 4]))
            b = R.reshape(x, R.shape([4, 1, 3, 2]))
            c = R.reshape(y, R.shape([p * q, 2]))
            d = R.flatten(y)
            e = R.reshape(x, R.shape([24]))
            R.output(a, b, c, d, e)
        return (a, b, c, d, e)


print(relax.transform.LegalizeOps()(Reshapes).script())
