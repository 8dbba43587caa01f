# Unary elementwise operators on float tensors, one with a symbolic shape.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Floats:
    @R.function
    def main(v: R.Tensor((3, 5), dtype="float32"), w: R.Tensor(("h", 7), dtype="float16")):
        h = T.int64()
        with R.dataflow():
            a = R.exp(v)
            b = R.sqrt(a)
            c = R.round(b)
            d = R.sigmoid(w)
            e = R.negative(w)
            f = R.isfinite(v)
            g = R.abs(w)
            k = R.floor(v)
            l = R.tanh(v)
            R.output(c, d, e, f, g, k, l)
        return (c, d, e, f, g, k, l)


print(relax.transform.LegalizeOps()(Floats).script())
