# nll_loss with each reduction, without weights, without a batch; its gradient and
# cross entropy with logits.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Losses:
    @R.function
    def main(p: R.Tensor((3, 5, 2), dtype="float32"), t: R.Tensor((3, 2), dtype="int64"), w: R.Tensor((5,), dtype="float32"),
             p1: R.Tensor((4,), dtype="float32"), t1: R.Tensor((), dtype="int64"), g: R.Tensor((), dtype="float32"),
             l: R.Tensor((2, 6), dtype="float32"), m: R.Tensor((2, 6), dtype="float32")):
        with R.dataflow():
            a = R.nn.nll_loss(p, t, w, reduction="sum", ignore_index=2)
            b = R.nn.nll_loss(p, t, reduction="none")
            c = R.nn.nll_loss(p1, t1, reduction="mean")
            d: R.Tensor((3, 5, 2), dtype="float32") = R.grad.nll_loss_backward(g, p, t, w, reduction="mean", ignore_index=1)
            e = R.nn.cross_entropy_with_logits(l, m)
            R.output(a, b, c, d, e)
        return (a, b, c, d, e)


print(relax.transform.LegalizeOps()(Losses).script())
