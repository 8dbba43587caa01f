"""Rules of the `relax.grad` operators (gradients that training graphs use)."""
from tvm import te, tirx, topi

from .common import register_legalize


@register_legalize("relax.grad.nll_loss_backward")
def _nll_loss_backward(bb, call):
    def sum_extend(x):
        # topi.sum of a 0-d tensor is the tensor itself here.
        return x if len(x.shape) == 0 else topi.sum(x)

    def te_nll_loss_backward(output_grad, predictions, targets, weights, reduction, ignore_index):
        if ignore_index >= 0:
            weights = te.compute(
                weights.shape,
                lambda i: tirx.Select(tirx.EQ(i, tirx.const(ignore_index, te.dtype_of(i))),
                                      tirx.const(0, weights.dtype), weights(i)),
                "weights_new")
        all_weights = te.compute(targets.shape, lambda *i: weights(targets(*i)), "all_weights")
        if reduction == "sum":
            output_grad = topi.broadcast_to(output_grad, targets.shape)
        elif reduction == "mean":
            output_grad = topi.divide(topi.broadcast_to(output_grad, targets.shape), sum_extend(all_weights))
        zero = tirx.const(0, predictions.dtype)
        if len(predictions.shape) == 1:
            return te.compute(
                predictions.shape,
                lambda i: tirx.Select(tirx.EQ(i, targets()), -all_weights() * output_grad(), zero), "pred_grad")
        return te.compute(
            predictions.shape,
            lambda *i: tirx.Select(tirx.EQ(i[1], targets(*i[:1], *i[2:])),
                                   -all_weights(*i[:1], *i[2:]) * output_grad(*i[:1], *i[2:]), zero),
            "pred_grad")

    def te_nll_loss_backward_no_weight(output_grad, predictions, targets, reduction, ignore_index):
        n = predictions.shape[1] if len(predictions.shape) > 1 else predictions.shape[0]
        weight = topi.full((n,), predictions.dtype, 1.0)
        return te_nll_loss_backward(output_grad, predictions, targets, weight, reduction, ignore_index)

    reduction, ignore_index = str(call.attrs.reduction), int(call.attrs.ignore_index)
    if len(call.args) == 3:
        return bb.call_te(te_nll_loss_backward_no_weight, *call.args, reduction=reduction, ignore_index=ignore_index)
    return bb.call_te(te_nll_loss_backward, *call.args, reduction=reduction, ignore_index=ignore_index,
                      primfunc_name_hint="nll_loss_backward")
