# Elementwise activations of R.nn, with static and symbolic shapes and float16.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Acts:
    @R.function
    def main(p: R.Tensor((4, 6), dtype="float32"), q: R.Tensor(("n", 3), dtype="float16")):
        n = T.int64()
        with R.dataflow():
            a = R.nn.relu(p)
            b = R.nn.gelu(q)
            c = R.nn.silu(p)
            d = R.nn.leakyrelu(q, alpha=0.1)
            e = R.nn.relu(q)
            R.output(a, b, c, d, e)
        return (a, b, c, d, e)


print(relax.transform.LegalizeOps()(Acts).script())
