"""`topi.nn.group_norm` (TVM's C++ topi/nn/group_norm.h): the channel axis split into
`(groups, channels per group)`, the sums of `x` and `x * x` over each group in one
tuple reduction (`<data>_red_temp`), normalised, scaled and shifted per channel, then
reshaped back; float16 computed in float32."""
from tvm import te, tirx

from .. import tag
from ..math import cpp_compute
from ..reduction import _real_axis
from ..transform import reshape


def _tuple_sum():
    return te.comm_reducer(lambda x, y: (x[0] + y[0], x[1] + y[1]),
                           lambda t0, t1: (tirx.const(0, t0), tirx.const(0, t1)), name="tuple_sum")


def group_norm(data, gamma, beta, num_groups, channel_axis, axes, epsilon):
    dtype = data.dtype
    for t in (gamma, beta):
        if t is not None and t.dtype != dtype:
            raise ValueError("group_norm: data, gamma and beta must have the same type")
    if dtype not in ("float32", "float16"):
        raise ValueError("group_norm: only support float32 and float16 for now")
    f16 = dtype == "float16"
    num_groups = int(num_groups)
    ndim = len(data.shape)
    channel_axis = _real_axis(ndim, [int(channel_axis)])[0]
    shape = list(data.shape)
    group_size = tirx.floordiv(shape[channel_axis], num_groups)
    new_shape = []
    for i in range(ndim):
        if i == channel_axis:
            new_shape += [num_groups, group_size]
        else:
            new_shape.append(shape[i])
    x = reshape(data, new_shape)
    if f16:
        x = cpp_compute(x.shape, lambda *i: tirx.Cast("float32", x(*i)), "T_cast", tag.ELEMWISE)
    gamma_r = reshape(gamma, [num_groups, group_size]) if gamma is not None else None
    beta_r = reshape(beta, [num_groups, group_size]) if beta is not None else None

    new_axes = [channel_axis + 1]
    for a in axes:
        a = _real_axis(ndim, [int(a)])[0]
        if a == channel_axis:
            raise ValueError("axes can not contain channel axis")
        new_axes.append(a if a < channel_axis else a + 1)
    new_axes.sort()
    rdim = len(x.shape)
    r_axes = [te.reduce_axis((0, x.shape[i]), name=f"k{i}") for i in new_axes]
    target = [x.shape[i] for i in range(rdim) if i not in new_axes] or [tirx.const(1, "int32")]
    reducer = _tuple_sum()

    def sums(*indices):
        rng, arg, red = [], 0, 0
        for i in range(rdim):
            if i in new_axes:
                rng.append(r_axes[red].var)
                red += 1
            else:
                rng.append(indices[arg])
                arg += 1
        v = x(*rng)
        return reducer((v, v * v), axis=r_axes)

    temp = cpp_compute(target, sums, data.op.name + "_red_temp", tag.COMM_REDUCE)
    temp_x, temp_x2 = temp[0], temp[1]
    from . import _extent_product

    extent = _extent_product(x, new_axes, "float32")

    def norm(*indices):
        kept = [indices[i] for i in range(len(indices)) if i not in new_axes]
        gi = (indices[channel_axis], indices[channel_axis + 1])
        mean = temp_x(*kept) / extent
        var = temp_x2(*kept) / extent - mean * mean
        out = (x(*indices) - mean) * tirx.rsqrt(var + tirx.const(float(epsilon), dtype))
        if f16:
            out = tirx.Cast("float16", out)
        if gamma_r is not None:
            out = out * gamma_r(*gi)
        if beta_r is not None:
            out = out + beta_r(*gi)
        return out

    out = cpp_compute(x.shape, norm, "T_group_norm", tag.INJECTIVE)
    return reshape(out, shape)
