# softmax over a middle axis and log_softmax over the last axis of a symbolic tensor.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Probs:
    @R.function
    def main(z: R.Tensor((3, 8, 5), dtype="float32"), y: R.Tensor(("b", 10), dtype="float16")):
        b = T.int64()
        with R.dataflow():
            p = R.nn.softmax(z, axis=1)
            q = R.nn.log_softmax(y)
            R.output(p, q)
        return (p, q)


print(relax.transform.LegalizeOps()(Probs).script())
