# get_valid_counts: with and without a class index, several batches.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Counts:
    @R.function
    def main(boxes: R.Tensor((3, 4, 5), dtype="float32")):
        with R.dataflow():
            a = R.vision.get_valid_counts(boxes, score_threshold=0.25, id_index=2, score_index=0)
            b = R.vision.get_valid_counts(boxes, score_threshold=0.0, id_index=-1, score_index=4)
            R.output(a, b)
        return (a, b)


print(relax.transform.LegalizeOps()(Counts).script())
