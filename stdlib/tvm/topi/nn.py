"""`topi.nn` elementwise activations (TVM's topi/nn/elemwise.py): computes named
`compute` over axes `i0, i1, ...`."""
from tvm import te, tirx

from . import tag

__all__ = ["relu", "leaky_relu"]


def relu(x):
    # TVM's relu carries no tag.
    return te.compute(x.shape, lambda *i: tirx.max(x(*i), tirx.const(0, x.dtype)))


def leaky_relu(x, alpha):
    def f(*i):
        v = x(*i)
        return tirx.Select(tirx.LT(tirx.const(0, x.dtype), v), v, v * tirx.const(alpha, x.dtype))
    return te.compute(x.shape, f, tag=tag.ELEMWISE)
