# matmul: vector by matrix, broadcast batch axes, a symbolic batch and an output dtype.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Products:
    @R.function
    def main(v: R.Tensor((6,), dtype="float32"), m: R.Tensor((6, 3), dtype="float32"),
             x: R.Tensor((2, 1, 4, 6), dtype="float16"), y: R.Tensor((5, 6, 7), dtype="float16"),
             s: R.Tensor(("n", 4, 6), dtype="int8"), t: R.Tensor((6, 2), dtype="int8")):
        n = T.int64()
        with R.dataflow():
            a = R.matmul(v, m)
            b = R.matmul(x, y)
            c = R.matmul(s, t, out_dtype="int32")
            d = R.matmul(m, R.ones((3,), "float32"))
            R.output(a, b, c, d)
        return (a, b, c, d)


print(relax.transform.LegalizeOps()(Products).script())
