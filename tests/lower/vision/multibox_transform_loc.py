# multibox_transform_loc: clipped boxes, no softmax, background class zeroed.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Decode:
    @R.function
    def main(logits: R.Tensor((2, 4, 3), dtype="float32"), enc: R.Tensor((2, 12), dtype="float32"), priors: R.Tensor((1, 3, 4), dtype="float32")):
        with R.dataflow():
            a = R.vision.multibox_transform_loc(logits, enc, priors, clip=True, threshold=0.3, variances=[0.5, 0.5, 0.25, 0.25], keep_background=False, apply_softmax=False)
            R.output(a)
        return a


print(relax.transform.LegalizeOps()(Decode).script())
