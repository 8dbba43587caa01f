# Binary operators with broadcasting, comparisons and a symbolic dimension.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Bcast:
    @R.function
    def main(p: R.Tensor((5, 1, 3), dtype="float32"), q: R.Tensor((2, 3), dtype="float32"), r: R.Tensor(("n", 3), dtype="float32")):
        n = T.int64()
        a = R.subtract(p, q)
        b = R.greater_equal(q, p)
        c = R.maximum(r, q[0:1] if False else r)
        d = R.floor_divide(p, q)
        e = R.less(r, r)
        f = R.power(q, q)
        return (a, b, c, d, e, f)


print(relax.transform.LegalizeOps()(Bcast).script())
