# Reductions and statistics, with keepdims, negative axes and a symbolic dimension.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Stats:
    @R.function
    def main(a: R.Tensor((3, 4, 5), dtype="float32"), b: R.Tensor(("k", 6), dtype="float32"), c: R.Tensor((2, 2), dtype="bool")):
        k = T.int64()
        s = R.sum(a, axis=[0, 2], keepdims=True)
        m = R.max(a, axis=[-1])
        n = R.min(b)
        p = R.prod(c, axis=[1])
        mu = R.mean(a, axis=[1])
        v = R.variance(b, axis=[0], keepdims=False)
        sd = R.std(a)
        return (s, m, n, p, mu, v, sd)


print(relax.transform.LegalizeOps()(Stats).script())
