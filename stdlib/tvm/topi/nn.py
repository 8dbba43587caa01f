"""`topi.nn`: elementwise activations (TVM's topi/nn/elemwise.py, computes named
`compute` over axes `i0, i1, ...`) and softmax (topi/nn/softmax.py)."""
from tvm import te, tirx

from . import tag

__all__ = ["relu", "leaky_relu", "softmax", "log_softmax"]


def relu(x):
    # TVM's relu carries no tag.
    return te.compute(x.shape, lambda *i: tirx.max(x(*i), tirx.const(0, x.dtype)))


def leaky_relu(x, alpha):
    def f(*i):
        v = x(*i)
        return tirx.Select(tirx.LT(tirx.const(0, x.dtype), v), v, v * tirx.const(alpha, x.dtype))
    return te.compute(x.shape, f, tag=tag.ELEMWISE)


def _softmax_parts(x, axis):
    """Shared pieces of softmax and log_softmax: the axis, the reduction axes, and
    index helpers that insert or drop the softmax axis."""
    shape = x.shape
    axis = axis + len(shape) if axis < 0 else axis
    k1 = te.reduce_axis((0, shape[axis]), name="k")
    k2 = te.reduce_axis((0, shape[axis]), name="k")
    insert = lambda idx, r: tuple(idx[:axis]) + (r,) + tuple(idx[axis:])  # noqa: E731
    drop = lambda idx: tuple(v for k, v in enumerate(idx) if k != axis)  # noqa: E731
    reduced = tuple(d for k, d in enumerate(shape) if k != axis)
    return axis, k1, k2, insert, drop, reduced


def softmax(x, axis=-1):
    tg = "softmax_output"
    axis, k1, k2, insert, drop, reduced = _softmax_parts(x, axis)
    max_elem = te.compute(reduced, lambda *i: te.max(x[insert(i, k1)], axis=k1), name="T_softmax_maxelem", tag=tg)
    exp = te.compute(x.shape, lambda *i: tirx.exp(x[i] - max_elem[drop(i)]), name="T_softmax_exp", tag=tg)
    expsum = te.compute(reduced, lambda *i: te.sum(exp[insert(i, k2)], axis=k2), name="T_softmax_expsum", tag=tg)
    return te.compute(x.shape, lambda *i: exp[i] / expsum[drop(i)], name="T_softmax_norm", tag=tg, attrs={"axis": axis})


def log_softmax(x, axis=-1):
    tg = "log_softmax_output"
    axis, k1, k2, insert, drop, reduced = _softmax_parts(x, axis)
    max_elem = te.compute(reduced, lambda *i: te.max(x[insert(i, k1)], axis=k1), name="T_softmax_maxelem", tag=tg)
    expsum = te.compute(reduced, lambda *i: te.sum(tirx.exp(x[insert(i, k2)] - max_elem[i]), axis=k2), tag=tg)
    return te.compute(
        x.shape, lambda *i: x[i] - max_elem[drop(i)] - tirx.log(expsum[drop(i)]), tag=tg, attrs={"axis": axis})
