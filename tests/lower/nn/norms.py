# layer_norm over one and two trailing axes (float32, float16, symbolic) and dropout.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Norms:
    @R.function
    def main(h: R.Tensor((4, 6, 8), dtype="float32"), g: R.Tensor((8,), dtype="float32"), b: R.Tensor((8,), dtype="float32"),
             w: R.Tensor(("t", 3, 5), dtype="float16"), g2: R.Tensor((3, 5), dtype="float16"), b2: R.Tensor((3, 5), dtype="float16")):
        t = T.int64()
        with R.dataflow():
            y = R.nn.layer_norm(h, g, b, axes=[-1], epsilon=1e-6)
            z = R.nn.layer_norm(w, g2, b2, axes=[1, 2])
            d = R.nn.dropout(h, rate=0.3)
            R.output(y, z, d)
        return (y, z, d)


print(relax.transform.LegalizeOps()(Norms).script())
