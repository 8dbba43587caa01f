"""Convolutions (TVM's topi/nn/conv2d.py `conv`, conv1d.py, and the transposed
convolutions of conv{1,2,3}d_transpose.py): padding, then one reduction."""
import re

from tvm import te

from ..utils import get_const_tuple, get_pad_tuple, get_pad_tuple_generic, simplify
from .pad import dilate, pad


def _argsort(values):
    return sorted(range(len(values)), key=lambda i: values[i])


def _pick(seq, order):
    return [seq[i] for i in order]


def conv(inp, filt, stride, padding, dilation, groups, data_layout, kernel_layout="", out_dtype=None,
         auto_scheduler_rewritten_layout=None, meta_schedule_original_shape=None,
         auto_scheduler_should_rewrite_layout=False):
    """N-D (grouped) convolution in any layout with `N`, `C` and spatial letters."""
    dim = len(inp.shape) - 2
    if out_dtype is None:
        out_dtype = inp.dtype
    strides = [stride] * dim if isinstance(stride, int) else list(stride)
    dilations = [dilation] * dim if isinstance(dilation, int) else list(dilation)
    strides = [int(s) for s in strides]
    dilations = [int(d) for d in dilations]
    data_to = [data_layout.find("N"), data_layout.find("C")] + [m.span()[0] for m in re.finditer("[^NC]", data_layout)]
    data_from = _argsort(data_to)
    red_from = [d - 1 if d > data_from[0] else d for d in data_from[1:]]
    if kernel_layout == "":
        if data_layout.find("C") < re.search("[^NC]", data_layout).span()[0]:
            kernel_to = [0, 1] + list(range(2, dim + 2))
        else:
            kernel_to = [dim + 1, dim] + list(range(dim))
    else:
        kernel_to = [kernel_layout.find("O"), kernel_layout.find("I")] + [
            m.span()[0] for m in re.finditer("[^OI]", kernel_layout)]
    kernel_from = _argsort(kernel_to)
    batch, in_channel, *dimensions = _pick(get_const_tuple(inp.shape), data_to)
    num_filter, _, *kernel_dims = _pick(get_const_tuple(filt.shape), kernel_to)
    if isinstance(in_channel, int) and in_channel % groups != 0:
        raise ValueError("input channels must divide group size")
    if isinstance(num_filter, int) and num_filter % groups != 0:
        raise ValueError("output channels must divide group size")
    dilated = [(k - 1) * d + 1 for k, d in zip(kernel_dims, dilations)]
    pad_begin, pad_end = get_pad_tuple_generic(padding, dilated)
    pad_begin = [int(p) for p in pad_begin]
    pad_end = [int(p) for p in pad_end]
    out_dims = [
        simplify((d - (k - 1) * dl - 1 + pb + pe) // s + 1)
        for d, k, dl, pb, pe, s in zip(dimensions, kernel_dims, dilations, pad_begin, pad_end, strides)
    ]
    for o in out_dims:
        if isinstance(o, int) and o <= 0:
            raise ValueError(f"Invalid conv parameters: lead to negative output shape {out_dims}. ")
    pad_before = _pick([0, 0] + pad_begin, data_from)
    pad_after = _pick([0, 0] + pad_end, data_from)
    temp = pad(inp, pad_before, pad_after, name="pad_temp")
    rc = te.reduce_axis((0, in_channel // groups), name="rc")
    rs = [te.reduce_axis((0, k), name=f"r{n}") for n, k in zip(["y", "x", "z"], kernel_dims)]

    def compute(*args):
        nn, ff, *spatial = _pick(args, data_to)
        if groups == 1:
            channel = rc
        else:
            channel = ff // (num_filter // groups) * (in_channel // groups) + rc
        data_idx = [nn, channel] + [di * s + r * dl for di, s, r, dl in zip(spatial, strides, rs, dilations)]
        kern_idx = [ff, rc] + rs
        return te.sum(
            temp[tuple(_pick(data_idx, data_from))].astype(out_dtype)
            * filt[tuple(_pick(kern_idx, kernel_from))].astype(out_dtype),
            axis=_pick([rc, *rs], red_from),
        )

    name = f"{'group_' if groups > 1 else ''}conv{dim}d_{data_layout.lower()}"
    return te.compute(
        _pick([batch, num_filter] + out_dims, data_from), compute, tag=name, name=name,
        attrs={"layout_free_placeholders": [filt]} if auto_scheduler_should_rewrite_layout else {},
        varargs_names=_pick(["nn", "ff", "yy", "xx", "zz"], data_from),
    )


def conv1d(data, kernel, strides=1, padding="VALID", dilation=1, groups=1, data_layout="NCW",
           kernel_layout="", out_dtype=None):
    return conv(data, kernel, strides, padding, dilation, groups, data_layout, kernel_layout, out_dtype)


def conv1d_ncw(data, kernel, strides=1, padding="VALID", dilation=1, out_dtype=None):
    return conv(data, kernel, strides, padding, dilation, 1, "NCW", "", out_dtype)


def conv1d_nwc(data, kernel, strides=1, padding="VALID", dilation=1, out_dtype=None):
    return conv(data, kernel, strides, padding, dilation, 1, "NWC", "", out_dtype)


def conv2d(input, filter, strides, padding, dilation, data_layout="NCHW", kernel_layout="", out_dtype=None):  # noqa: A002
    return conv(input, filter, strides, padding, dilation, 1, data_layout, kernel_layout, out_dtype)


def conv2d_nchw(Input, Filter, stride, padding, dilation, out_dtype=None):  # noqa: N803
    return conv(Input, Filter, stride, padding, dilation, 1, "NCHW", "", out_dtype=out_dtype)


def conv2d_nhwc(Input, Filter, stride, padding, dilation, out_dtype="float32", *args, **kwargs):  # noqa: N803
    return conv(Input, Filter, stride, padding, dilation, 1, "NHWC", "", out_dtype=out_dtype)


def group_conv2d_nchw(Input, Filter, stride, padding, dilation, groups, out_dtype=None):  # noqa: N803
    return conv(Input, Filter, stride, padding, dilation, groups, "NCHW", "", out_dtype=out_dtype)


def conv3d_ncdhw(Input, Filter, stride, padding, dilation, groups=1, out_dtype=None):  # noqa: N803
    return conv(Input, Filter, stride, padding, dilation, groups, "NCDHW", "", out_dtype=out_dtype)


# ---- transposed convolutions: dilate the data by the stride, pad it by
# `kernel - 1 - padding`, and convolve with the kernel flipped (IO swapped).

def _transpose_prepare(data, kernel, strides, pads_begin, pads_end, output_padding, kernel_name, first="o"):
    """The dilated and padded data and the flipped kernel, for `n` spatial dimensions."""
    n = len(strides)
    ksize = list(kernel.shape[2:])
    for o, s in zip(output_padding, strides):
        if not o < s:
            raise ValueError(f"[{output_padding}] output padding must be smaller than the stride")
    data_dilate = dilate(data, [1, 1] + list(strides), name="data_dilate")
    before = [k - 1 - p for k, p in zip(ksize, pads_begin)]
    after = [k - 1 - p + o for k, p, o in zip(ksize, pads_end, output_padding)]
    data_pad = pad(data_dilate, [0, 0] + before, [0, 0] + after, name="data_pad")
    in_c, out_c = data.shape[1], kernel.shape[1]

    def flip(o, i, *sp):
        return kernel[(i, o) + tuple(k - 1 - s for k, s in zip(ksize, sp))]

    # TVM's grouped 2-D version names the kernel's axes (i, o, ...), the others (o, i, ...).
    names = [first, "i" if first == "o" else "o"] + ["d", "h", "w"][3 - n:]
    transformed = te.compute((out_c, in_c) + tuple(ksize), flip, name=kernel_name, varargs_names=names)
    return data_pad, transformed


def _transpose_conv(data_pad, kernel_t, groups, out_dtype, tag):
    n = len(data_pad.shape) - 2
    batch, in_c = data_pad.shape[0], data_pad.shape[1]
    out_c, ksize = kernel_t.shape[0], list(kernel_t.shape[2:])
    out_c = simplify(out_c * groups) if groups > 1 else simplify(out_c)
    out_sp = [simplify(i - k + 1) for i, k in zip(data_pad.shape[2:], ksize)]
    dc = te.reduce_axis((0, in_c // groups if groups > 1 else in_c), name="dc")
    spatial_names = ["dd", "dh", "dw"][3 - n:] if n > 1 else ["dw"]
    ds = [te.reduce_axis((0, k), name=nm) for k, nm in zip(ksize, spatial_names)]
    axis_names = ["b", "c"] + (["d", "h", "w"][3 - n:] if n > 1 else ["w"])

    def f(b, c, *sp):
        if groups == 1:
            ch, kc = dc, c
        else:
            ch = c // (out_c // groups) * (in_c // groups) + dc
            kc = c % (out_c // groups)
        return te.sum(
            data_pad[(b, ch) + tuple(s + d for s, d in zip(sp, ds))].astype(out_dtype)
            * kernel_t[(kc, ch) + tuple(ds)].astype(out_dtype),
            axis=[dc] + ds,
        )

    return te.compute((batch, out_c) + tuple(out_sp), f, tag=tag, varargs_names=axis_names)


def _as_list(v, n):
    return list(v) if isinstance(v, (list, tuple)) else [v] * n


def group_conv1d_transpose_ncw(data, kernel, stride, padding, out_dtype, output_padding, groups):
    if out_dtype is None:
        out_dtype = data.dtype
    stride = _as_list(stride, 1)[:1]
    output_padding = _as_list(output_padding, 1)[:1]
    k = get_const_tuple(kernel.shape)[2]
    begin, end = get_pad_tuple_generic(padding, [k]) if not isinstance(padding, (list, tuple)) or len(padding) != 2 \
        else ([padding[0]], [padding[1]])
    name = "kernel"
    data_pad, kt = _transpose_prepare(data, kernel, stride, begin, end, output_padding, name)
    tag = "group_conv1d_transpose_ncw" if groups > 1 else "conv1d_transpose_ncw"
    return _transpose_conv(data_pad, kt, groups, out_dtype, tag)


def conv1d_transpose_ncw(data, kernel, stride, padding, out_dtype, output_padding):
    return group_conv1d_transpose_ncw(data, kernel, stride, padding, out_dtype, output_padding, 1)


def group_conv2d_transpose_nchw(data, kernel, stride, padding, out_dtype, output_padding, groups):
    if out_dtype is None:
        out_dtype = data.dtype
    strides = _as_list(stride, 2)
    ksize = get_const_tuple(kernel.shape)[2:]
    top, left, bottom, right = get_pad_tuple(padding, ksize)
    data_pad, kt = _transpose_prepare(data, kernel, strides, [top, left], [bottom, right],
                                      list(output_padding), "kernel_transform",
                                      "i" if groups > 1 else "o")
    tag = "group_conv2d_transpose_nchw" if groups > 1 else "conv2d_transpose_nchw"
    return _transpose_conv(data_pad, kt, groups, out_dtype, tag)


def conv2d_transpose_nchw(Input, Filter, strides, padding, out_dtype, output_padding):  # noqa: N803
    return group_conv2d_transpose_nchw(Input, Filter, strides, padding, out_dtype, output_padding, 1)


def group_conv3d_transpose_ncdhw(data, kernel, strides, padding, out_dtype, output_padding, groups):
    if out_dtype is None:
        out_dtype = data.dtype
    strides = _as_list(strides, 3)
    ksize = get_const_tuple(kernel.shape)[2:]
    if isinstance(padding, (list, tuple)) and len(padding) == 6:
        begin, end = list(padding[:3]), list(padding[3:])
    else:
        begin, end = get_pad_tuple_generic(padding, ksize)
    data_pad, kt = _transpose_prepare(data, kernel, strides, begin, end, list(output_padding), "kernel_transform")
    tag = "group_conv3d_transpose_ncdhw" if groups > 1 else "conv3d_transpose_ncdhw"
    return _transpose_conv(data_pad, kt, groups, out_dtype, tag)


def conv3d_transpose_ncdhw(Input, Filter, strides, padding, out_dtype, output_padding):  # noqa: N803
    return group_conv3d_transpose_ncdhw(Input, Filter, strides, padding, out_dtype, output_padding, 1)
