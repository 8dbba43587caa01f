"""`topi.nn`: elementwise activations (TVM's topi/nn/elemwise.py, computes named
`compute` over axes `i0, i1, ...`) and softmax (topi/nn/softmax.py)."""
from tvm import te, tirx

from .. import tag
from ..math import cpp_compute
from ..reduction import _real_axis

__all__ = ["relu", "leaky_relu", "softmax", "log_softmax", "layer_norm"]


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


def _const_value(e):
    if isinstance(e, (int, float)):
        return e
    return e.value if type(e).__name__ in ("IntImm", "FloatImm") else None


def _extent_product(data, axes, dtype):
    """The number of reduced elements as a `dtype` value, folded as TVM folds
    `1.0 * shape[a] * shape[b] ...`."""
    prod = tirx.const(1.0, dtype)
    for a in axes:
        dim = data.shape[a]
        c = _const_value(dim)
        dim = tirx.const(float(c), dtype) if c is not None else tirx.Cast(dtype, dim)
        pc, dc = _const_value(prod), _const_value(dim)
        if pc is not None and dc is not None:
            prod = tirx.const(pc * dc, dtype)
        elif pc == 1.0:
            prod = dim
        else:
            prod = prod * dim
    return prod


def layer_norm(data, gamma, beta, axis, epsilon):
    """TVM's C++ topi layer_norm: two passes (mean, then the sum of squared
    differences), float16 computed in float32."""
    dtype = data.dtype
    if dtype not in ("float32", "float16"):
        raise ValueError("layer_norm: only support float32 and float16 for now")
    f16 = dtype == "float16"
    ndim = len(data.shape)
    real = _real_axis(ndim, [int(a) for a in axis])
    r_axes = [te.reduce_axis((0, data.shape[i]), name=f"k{i}") for i in real]
    target = [data.shape[i] for i in range(ndim) if i not in real]
    acc = "float32" if f16 else dtype

    def full_index(kept):
        it, red = iter(kept), iter(r_axes)
        return [next(red).var if i in real else next(it) for i in range(ndim)]

    def load(idx):
        v = data(*idx)
        return tirx.Cast("float32", v) if f16 else v

    name = data.op.name
    temp_sum = cpp_compute(target, lambda *i: te.sum(load(full_index(i)), axis=r_axes), name + "_sum", tag.COMM_REDUCE)
    extent = _extent_product(data, real, acc)
    temp_mean = cpp_compute(target, lambda *i: temp_sum(*i) / extent, name + "_mean", tag.INJECTIVE)

    def var_sum(*i):
        d = load(full_index(i)) - temp_mean(*i)
        return te.sum(d * d, axis=r_axes)
    temp_var_sum = cpp_compute(target, var_sum, name + "_var_sum", tag.COMM_REDUCE)

    def f(*i):
        red = [i[k] for k in range(ndim) if k in real]
        kept = [i[k] for k in range(ndim) if k not in real]
        var = temp_var_sum(*kept) / extent
        out = (load(i) - temp_mean(*kept)) * tirx.rsqrt(var + tirx.const(epsilon, acc))
        if f16:
            out = tirx.Cast("float16", out)
        out = out * gamma(*red)
        if beta is not None:
            out = out + beta(*red)
        return out
    return cpp_compute(data.shape, f, "T_layer_norm", tag.INJECTIVE)


from .pad import pad, dilate  # noqa: E402,F401
from .conv import (  # noqa: E402,F401
    conv, conv1d, conv1d_ncw, conv1d_nwc, conv2d, conv2d_nchw, conv2d_nhwc, group_conv2d_nchw, conv3d_ncdhw,
    group_conv1d_transpose_ncw, conv1d_transpose_ncw, group_conv2d_transpose_nchw, conv2d_transpose_nchw,
    group_conv3d_transpose_ncdhw, conv3d_transpose_ncdhw,
)
from .pooling import (  # noqa: E402,F401
    pool1d, pool2d, pool3d, adaptive_pool, adaptive_pool1d, adaptive_pool3d, global_pool,
)
from .loss import nll_loss  # noqa: E402,F401
from .rms_norm import rms_norm  # noqa: E402,F401


def prelu(x, slope, axis=1):
    """Leaky ReLU with a slope per channel of `axis` (TVM's topi/nn/elemwise.py)."""
    if len(slope.shape) != 1 or not axis < len(x.shape):
        raise ValueError("prelu: the slope must be 1-D and axis within the input's dimensions")
    if int(slope.shape[0]) == 1:
        n = int(x.shape[axis])
        slope0 = slope
        slope = te.compute((n,), lambda c: slope0[0], name="slope_broadcasted")
    if int(slope.shape[0]) != int(x.shape[axis]):
        raise ValueError("prelu: the slope's length must equal the channel count")

    def f(*indices):
        v = x(*indices)
        return tirx.Select(v > 0, v, v * slope(indices[axis]))
    return te.compute(x.shape, f)
from .dense import matmul, dense  # noqa: E402,F401
from .batch_matmul import batch_matmul  # noqa: E402,F401
from .group_norm import group_norm  # noqa: E402,F401
from .upsampling import upsampling, upsampling3d  # noqa: E402,F401
