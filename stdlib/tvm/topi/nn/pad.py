"""`topi.nn.pad` and `topi.nn.dilate` (TVM's topi/nn/pad.py, dilate.py)."""
from tvm import te, tirx

from ..utils import equal_const_int, simplify


def pad(data, pad_before, pad_after=None, pad_value=0.0, name="PadInput", attrs=None):
    """`data` padded with `pad_value` before and after each dimension."""
    n = len(data.shape)
    pad_after = pad_after if pad_after else pad_before
    if len(pad_before) != n:
        raise ValueError(f"Input dimension and pad_before dismatch : {n} vs {len(pad_before)}")
    if len(pad_after) != n:
        raise ValueError(f"Input dimension and pad_after dismatch : {n} vs {len(pad_after)}")
    out_shape = tuple(simplify(data.shape[i] + pad_before[i] + pad_after[i]) for i in range(n))
    if not isinstance(pad_value, tirx.Expr):
        pad_value = tirx.const(pad_value, data.dtype)

    def _pad(*indices):
        conds, index = [], []
        for i in range(n):
            if equal_const_int(pad_before[i], 0) and equal_const_int(pad_after[i], 0):
                index.append(indices[i])
            else:
                index.append(indices[i] - pad_before[i])
                conds.append(indices[i] >= pad_before[i])
                conds.append(indices[i] < data.shape[i] + pad_before[i])
        if conds:
            return tirx.if_then_else(tirx.all(*conds), data(*index), pad_value)
        return data(*index)

    return te.compute(out_shape, _pad, name=name, attrs=attrs)


def dilate(data, strides, dilation_value=0.0, name="DilatedInput"):
    """`data` with `strides[i] - 1` values of `dilation_value` between elements."""
    n = len(data.shape)
    if len(strides) != n:
        raise ValueError(f"data dimension and strides size dismatch : {n} vs {len(strides)}")
    out_shape = tuple(simplify((data.shape[i] - 1) * strides[i] + 1) for i in range(n))

    def _dilate(*indices):
        conds, index = [], []
        for i in range(n):
            if not equal_const_int(strides[i], 1):
                index.append(tirx.indexdiv(indices[i], strides[i]))
                m = tirx.indexmod(indices[i], strides[i])
                conds.append(tirx.EQ(m, tirx.const(0, te.dtype_of(m))))
            else:
                index.append(indices[i])
        if conds:
            return tirx.if_then_else(tirx.all(*conds), data(*index), tirx.const(dilation_value, data.dtype))
        return data(*index)

    return te.compute(out_shape, _dilate, name=name)
