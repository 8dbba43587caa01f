# rms_norm over one axis (float32) and two axes (float16, symbolic batch).
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Rms:
    @R.function
    def main(x: R.Tensor((3, 8), dtype="float32"), wx: R.Tensor((8,), dtype="float32"),
             y: R.Tensor(("b", 2, 4), dtype="float16"), wy: R.Tensor((2, 4), dtype="float16")):
        b = T.int64()
        with R.dataflow():
            p = R.nn.rms_norm(x, wx, axes=[1], epsilon=1e-6)
            q = R.nn.rms_norm(y, wy, axes=[-2, -1])
            R.output(p, q)
        return (p, q)


print(relax.transform.LegalizeOps()(Rms).script())
