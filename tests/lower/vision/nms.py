# non_max_suppression: hard NMS with indices (class-aware, forced, top_k), soft NMS,
# and the data itself moved to the top.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Boxes:
    @R.function
    def main(boxes: R.Tensor((2, 3, 7), dtype="float32"), counts: R.Tensor((2,), dtype="int32"), order: R.Tensor((2, 3), dtype="int32")):
        with R.dataflow():
            a = R.vision.non_max_suppression(boxes, counts, order, max_output_size=2, iou_threshold=0.25, force_suppress=False, top_k=3, coord_start=3, score_index=2, id_index=1, return_indices=True)
            b = R.vision.non_max_suppression(boxes, counts, order, iou_threshold=0.7, force_suppress=True, top_k=-1, coord_start=1, score_index=0, id_index=-1, return_indices=True)
            R.output(a, b)
        return (a, b)


@I.ir_module
class Soft:
    @R.function
    def main(boxes: R.Tensor((1, 4, 5), dtype="float32"), counts: R.Tensor((1,), dtype="int32"), order: R.Tensor((1, 4), dtype="int32")):
        with R.dataflow():
            a = R.vision.non_max_suppression(boxes, counts, order, max_output_size=3, iou_threshold=0.4, coord_start=1, score_index=0, id_index=-1, return_indices=True, soft_nms_sigma=0.5, score_threshold=0.05)
            R.output(a)
        return a


@I.ir_module
class Data:
    @R.function
    def main(boxes: R.Tensor((1, 3, 6), dtype="float32"), counts: R.Tensor((1,), dtype="int32"), order: R.Tensor((1, 3), dtype="int32")):
        with R.dataflow():
            a = R.vision.non_max_suppression(boxes, counts, order, iou_threshold=0.5, return_indices=False, invalid_to_bottom=True)
            b = R.vision.non_max_suppression(boxes, counts, order, iou_threshold=0.5, return_indices=False, invalid_to_bottom=False)
            R.output(a, b)
        return (a, b)


for mod in (Boxes, Soft, Data):
    print(relax.transform.LegalizeOps()(mod).script())
