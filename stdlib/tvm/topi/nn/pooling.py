"""Pooling (TVM's C++ topi/nn/pooling.h): windows over the spatial axes a layout
string names (`H`, `W`, `D`; lower-case split axes are left alone), max or average,
and adaptive pooling whose windows are derived from the output size."""
from tvm import te, tirx

from ..math import cpp_compute
from ..utils import c_div, const_int, simplify

_POOL_TYPES = ("max", "avg")


def _axes(layout, letters):
    """The positions of `letters` in `layout` (upper-case letters are axes, a digit
    run and a lower-case letter a split axis)."""
    pos, k, i = {}, 0, 0
    while i < len(layout):
        ch = layout[i]
        if ch.isdigit():
            i += 1
            continue
        if ch.isupper():
            pos[ch] = k
        elif ch.upper() in letters:
            raise ValueError(f"Invalid layout {layout}: a split {ch.upper()} axis is not allowed")
        k += 1
        i += 1
    missing = [ch for ch in letters if ch not in pos]
    if missing:
        raise ValueError(f"Invalid layout {layout}")
    return [pos[ch] for ch in letters]


def _pad_cpp(x, pad_before, pad_after, pad_value, name):
    """TVM's C++ `topi::pad`: a bound is checked only on the sides padded."""
    n = len(x.shape)
    shape = [simplify(x.shape[i] + pad_before[i] + pad_after[i]) for i in range(n)]

    def f(*i):
        conds, idx = [], []
        for k in range(n):
            before, after = const_int(pad_before[k]), const_int(pad_after[k])
            if before != 0:
                conds.append(i[k] >= pad_before[k])
                idx.append(i[k] - pad_before[k])
            else:
                idx.append(i[k])
            if after != 0:
                conds.append(simplify(i[k] < pad_before[k] + x.shape[k]))
        if conds:
            return tirx.if_then_else(tirx.all(*conds), x(*idx), pad_value)
        return x(*idx)

    return cpp_compute(shape, f, name, "elemwise")


def pool_impl_nd(x, kernel, stride, dilation, padding, pool_type, ceil_mode, axis, count_include_pad):
    k = len(kernel)
    if pool_type not in _POOL_TYPES:
        raise ValueError(f"Unrecognized pool_type: {pool_type}")
    ints = lambda v: [int(e) for e in v]  # noqa: E731
    kernel, stride, dilation, padding = ints(kernel), ints(stride), ints(dilation), ints(padding)
    ndim = len(x.shape)
    pad_head, pad_tail = padding[:k], padding[k:]
    offset = [s - 1 if ceil_mode else 0 for s in stride]
    pad_tail = [t + o for t, o in zip(pad_tail, offset)]
    pad_before, pad_after = [0] * ndim, [0] * ndim
    out_shape = list(x.shape)
    daxis = []
    for i in range(k):
        ii = axis[i]
        daxis.append(te.reduce_axis((0, kernel[i]), name=f"rv{i}"))
        pad_before[ii], pad_after[ii] = pad_head[i], pad_tail[i]
        num = x.shape[ii] - (kernel[i] - 1) * dilation[i] - 1 + pad_head[i] + pad_tail[i]
        raw = simplify(tirx.floordiv(num, stride[i]) + 1)
        if ceil_mode:
            r, d = const_int(raw), const_int(x.shape[ii])
            if r is not None and d is not None:
                raw = r - 1 if (r - 1) * stride[i] >= d + pad_head[i] else r
            else:
                raw = tirx.if_then_else((raw - 1) * stride[i] >= x.shape[ii] + pad_head[i], raw - 1, raw)
        out_shape[ii] = raw
    do_pad = any(pad_head) or any(pad_tail)

    def window(out):
        idx = list(out)
        for i in range(k):
            idx[axis[i]] = out[axis[i]] * stride[i] + daxis[i] * dilation[i]
        return idx

    if pool_type == "max":
        temp = _pad_cpp(x, pad_before, pad_after, tirx.min_value(x.dtype), "pad_temp") if do_pad else x
        return cpp_compute(out_shape, lambda *o: te.max(temp(*window(o)), axis=daxis), "pool_max", "pool_max",
                           {"schedule_rule": "meta_schedule.pool_max"})
    temp = _pad_cpp(x, pad_before, pad_after, tirx.const(0, x.dtype), "pad_temp") if do_pad else x
    pool_sum = cpp_compute(out_shape, lambda *o: te.sum(temp(*window(o)), axis=daxis), "pool_sum", "pool_sum")

    def avg(*o):
        num_el = tirx.const(1, "int32")
        for i in range(k):
            ii = axis[i]
            start = o[ii] * stride[i] - pad_head[i]
            end = start + (kernel[i] - 1) * dilation[i]
            if count_include_pad:
                end = tirx.min(end, x.shape[ii] + pad_tail[i] - 1 - offset[i])
                num_el = num_el * (tirx.truncdiv(end - start, dilation[i]) + 1)
            else:
                jumps = tirx.max(tirx.truncdiv(dilation[i] - 1 - start, dilation[i]), 0)
                end = tirx.min(end, x.shape[ii] - 1)
                num_el = num_el * (tirx.truncdiv(end - (start + dilation[i] * jumps), dilation[i]) + 1)
        if not count_include_pad:
            num_el = tirx.max(num_el, 1)
        return c_div(pool_sum(*o), num_el)

    return cpp_compute(out_shape, avg, "pool_avg", "elemwise", {"schedule_rule": "meta_schedule.pool_avg"})


def _pool(letters):
    def pool(data, kernel, stride, dilation, padding, pool_type, ceil_mode=False, layout=None,
             count_include_pad=True):
        axis = _axes(layout, letters)
        return pool_impl_nd(data, kernel, stride, dilation, padding, pool_type, bool(ceil_mode), axis,
                            bool(count_include_pad))
    return pool


_pool1d, _pool2d, _pool3d = _pool("W"), _pool("HW"), _pool("DHW")


def pool1d(data, kernel, stride, dilation, padding, pool_type, ceil_mode=False, layout="NCW", count_include_pad=True):
    return _pool1d(data, kernel, stride, dilation, padding, pool_type, ceil_mode, layout, count_include_pad)


def pool2d(data, kernel, stride, dilation, padding, pool_type, ceil_mode=False, layout="NCHW", count_include_pad=True):
    return _pool2d(data, kernel, stride, dilation, padding, pool_type, ceil_mode, layout, count_include_pad)


def pool3d(data, kernel, stride, dilation, padding, pool_type, ceil_mode=False, layout="NCDHW",
           count_include_pad=True):
    return _pool3d(data, kernel, stride, dilation, padding, pool_type, ceil_mode, layout, count_include_pad)


def _as_expr(v):
    return tirx.const(v, "int32") if isinstance(v, int) else v


def adaptive_pool_impl(x, output_size, pool_type, axes):
    n = len(output_size)
    out_shape = list(x.shape)
    in_size = [x.shape[a] for a in axes]
    out_size = [_as_expr(o) for o in output_size]
    for a, o in zip(axes, out_size):
        out_shape[a] = o

    def windows(out, reduce_indices):
        idx = list(out)
        raxes = []
        for i in range(n):
            o = out[axes[i]]
            start = tirx.indexdiv(o * in_size[i], out_size[i])
            tmp = tirx.indexdiv((o + 1) * in_size[i], out_size[i])
            end = tirx.Select(tirx.EQ(tirx.indexmod((o + 1) * in_size[i], out_size[i]), tirx.const(0, te.dtype_of(tmp))),
                              tmp, tmp + 1)
            rv = te.reduce_axis((0, end - start), name=f"rv{i}")
            raxes.append(rv)
            if reduce_indices:
                idx[axes[i]] = start + rv
        return idx, raxes

    if pool_type == "max":
        def fmax(*o):
            idx, raxes = windows(o, True)
            return te.max(x(*idx), axis=raxes)
        return cpp_compute(out_shape, fmax, "adaptive_pool_max", "adaptive_pool_max",
                           {"schedule_rule": "meta_schedule.adaptive_pool_max"})
    if pool_type != "avg":
        raise ValueError(f"Unrecognized pool_type: {pool_type}")

    def fsum(*o):
        idx, raxes = windows(o, True)
        return te.sum(x(*idx), axis=raxes)
    pool_sum = cpp_compute(out_shape, fsum, "adaptive_pool_sum", "adaptive_pool_sum")

    def favg(*o):
        _, raxes = windows(o, False)
        factor = tirx.const(1, x.dtype)
        for rv in raxes:
            factor = factor * tirx.Cast("int32", rv.extent)
        return c_div(pool_sum(*o), factor)
    return cpp_compute(out_shape, favg, "adaptive_pool_avg", "elemwise",
                       {"schedule_rule": "meta_schedule.adaptive_pool_avg"})


def adaptive_pool(data, output_size, pool_type, layout="NCHW"):
    return adaptive_pool_impl(data, list(output_size), pool_type, _axes(layout, "HW"))


def adaptive_pool1d(data, output_size, pool_type, layout="NCW"):
    return adaptive_pool_impl(data, list(output_size), pool_type, _axes(layout, "W"))


def adaptive_pool3d(data, output_size, pool_type, layout="NCDHW"):
    return adaptive_pool_impl(data, list(output_size), pool_type, _axes(layout, "DHW"))


def global_pool(data, pool_type, layout="NCHW"):
    return adaptive_pool_impl(data, [1, 1], pool_type, _axes(layout, "HW"))
