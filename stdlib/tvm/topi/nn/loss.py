"""`topi.nn.nll_loss` (TVM's C++ topi/nn.h): the negative log likelihood of the
target classes, weighted, with `mean` (weighted), `sum` or `none` reduction."""
from tvm import tirx

from .. import broadcast
from .. import reduction as _reduction
from ..math import cpp_compute


def nll_loss(predictions, targets, weights, reduction="mean", ignore_index=-100):
    dtype = predictions.dtype
    zero = tirx.const(0, dtype)
    reduction = str(reduction)

    def keep(c):
        return tirx.NE(c, tirx.const(int(ignore_index), te_dtype(c)))

    if len(predictions.shape) == 1:
        def loss0():
            c = targets()
            return tirx.Select(keep(c), (zero - predictions(c)) * weights(c), zero)
        t = cpp_compute([], loss0, "nll_loss", "broadcast")
        if reduction == "mean":
            def w0():
                c = targets()
                return tirx.Select(keep(c), weights(c), zero)
            return broadcast.divide(t, cpp_compute([], w0, "nll_loss", "broadcast"))
        return t

    def loss(*i):
        c = targets(*i)
        pred = [i[0], c] + list(i[1:])
        return tirx.Select(keep(c), (zero - predictions(*pred)) * weights(c), zero)
    t = cpp_compute(targets.shape, loss, "nll_loss", "broadcast")
    if reduction == "mean":
        def w(*i):
            c = targets(*i)
            return tirx.Select(keep(c), weights(c), zero)
        wt = cpp_compute(targets.shape, w, "nll_loss", "broadcast")
        return broadcast.divide(reduction_sum(t), reduction_sum(wt))
    if reduction == "sum":
        return reduction_sum(t)
    return t


def te_dtype(e):
    from tvm import te
    return te.dtype_of(e)


def reduction_sum(t):
    return _reduction.sum(t, None)
