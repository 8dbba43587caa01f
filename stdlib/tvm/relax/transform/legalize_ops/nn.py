"""Rules of the `relax.nn` activations and softmax."""
from tvm import te, tirx, topi

from .common import _call_topi_without_attr, register_legalize

register_legalize("relax.nn.relu", _call_topi_without_attr(topi.nn.relu))


@register_legalize("relax.nn.leakyrelu")
def _leakyrelu(bb, call):
    return bb.call_te(topi.nn.leaky_relu, call.args[0], call.attrs.alpha)


@register_legalize("relax.nn.gelu")
def _gelu(bb, call):
    def te_gelu(x):
        dtype = x.dtype
        erf_in = x * tirx.const(0.5**0.5, dtype)
        if dtype == "float16":
            erf = topi.cast(topi.erf(topi.cast(erf_in, "float32")), "float16")
        else:
            erf = topi.erf(erf_in)
        return x * (tirx.const(0.5, dtype) + erf * tirx.const(0.5, dtype))

    return bb.call_te(te_gelu, call.args[0], primfunc_name_hint="gelu")


@register_legalize("relax.nn.silu")
def _silu(bb, call):
    return bb.call_te(lambda x: topi.multiply(x, topi.sigmoid(x)), call.args[0], primfunc_name_hint="silu")


@register_legalize("relax.nn.softmax")
def _softmax(bb, call):
    return bb.call_te(topi.nn.softmax, call.args[0], call.attrs.axis)


@register_legalize("relax.nn.log_softmax")
def _log_softmax(bb, call):
    return bb.call_te(topi.nn.log_softmax, call.args[0], call.attrs.axis)


@register_legalize("relax.nn.layer_norm")
def _layer_norm(bb, call):
    return bb.call_te(topi.nn.layer_norm, call.args[0], call.args[1], call.args[2],
                      axis=call.attrs.axes, epsilon=call.attrs.epsilon)


@register_legalize("relax.nn.dropout")
def _dropout(bb, call):
    # Dropout is a no-op at inference: the input itself and a mask of ones.
    return bb.call_te(lambda x: [topi.identity(x), topi.full_like(x, 1.0)], call.args[0],
                      primfunc_name_hint="dropout")


def _ints(values):
    return [int(v) for v in values]


def _out_dtype(call):
    dt = str(call.attrs.out_dtype) if call.attrs.out_dtype is not None else ""
    return dt if dt not in ("", "void") else None


def _conv_rule(ndim, func, name):
    """Convolutions TOPI computes in their layouts: same input and output layout, no
    channel chunks (else the call stays, as TVM leaves it)."""
    def rule(bb, call):
        a = call.attrs
        if a.out_layout != a.data_layout or len(a.data_layout) != ndim or len(a.kernel_layout) != ndim:
            return call
        kw = dict(strides=_ints(a.strides), padding=_ints(a.padding), dilation=_ints(a.dilation),
                  groups=int(a.groups), data_layout=str(a.data_layout), kernel_layout=str(a.kernel_layout),
                  out_dtype=_out_dtype(call))
        if func is topi.nn.conv:
            kw["stride"] = kw.pop("strides")
            return bb.call_te(func, inp=call.args[0], filt=call.args[1], primfunc_name_hint=name, **kw)
        return bb.call_te(func, data=call.args[0], kernel=call.args[1], primfunc_name_hint=name, **kw)

    return rule


register_legalize("relax.nn.conv1d", _conv_rule(3, topi.nn.conv1d, "conv1d"))
register_legalize("relax.nn.conv2d", _conv_rule(4, topi.nn.conv, "conv2d"))
register_legalize("relax.nn.conv3d", _conv_rule(5, topi.nn.conv, "conv3d"))


def _conv_transpose_rule(data_layout, kernel_layout, func, name):
    """Transposed convolutions in NC<spatial> / IO<spatial> only; a dilation is
    applied to the kernel (zeros between its taps)."""
    def rule(bb, call):
        a = call.attrs
        if a.out_layout != a.data_layout or a.data_layout != data_layout or a.kernel_layout != kernel_layout:
            return call
        strides, padding = _ints(a.strides), _ints(a.padding)
        output_padding, groups, dilation = _ints(a.output_padding), int(a.groups), _ints(a.dilation)
        out_dtype = str(call.ty.dtype)

        def te_conv_transpose(data, kernel):
            if any(d != 1 for d in dilation):
                kernel = topi.nn.dilate(kernel, [1, 1] + dilation, name="kernel_dilate")
            return func(data, kernel, strides, padding, out_dtype, output_padding, groups)

        return bb.call_te(te_conv_transpose, call.args[0], call.args[1], primfunc_name_hint=name)

    return rule


register_legalize("relax.nn.conv1d_transpose",
                  _conv_transpose_rule("NCW", "IOW", topi.nn.group_conv1d_transpose_ncw, "conv1d_transpose"))
register_legalize("relax.nn.conv2d_transpose",
                  _conv_transpose_rule("NCHW", "IOHW", topi.nn.group_conv2d_transpose_nchw, "conv2d_transpose"))
register_legalize("relax.nn.conv3d_transpose",
                  _conv_transpose_rule("NCDHW", "IODHW", topi.nn.group_conv3d_transpose_ncdhw, "conv3d_transpose"))


def _pool_rule(func, pool_type, name):
    def rule(bb, call):
        a = call.attrs
        if a.out_layout != a.layout:
            return call
        kw = dict(kernel=_ints(a.pool_size), stride=_ints(a.strides), dilation=_ints(a.dilation),
                  padding=_ints(a.padding), pool_type=pool_type, ceil_mode=bool(a.ceil_mode), layout=str(a.layout))
        if pool_type == "avg":
            kw["count_include_pad"] = bool(a.count_include_pad)
        return bb.call_te(func, call.args[0], primfunc_name_hint=name, **kw)

    return rule


for _d in (1, 2, 3):
    for _t in ("max", "avg"):
        register_legalize(f"relax.nn.{_t}_pool{_d}d",
                          _pool_rule(getattr(topi.nn, f"pool{_d}d"), _t, f"{_t}_pool{_d}d"))


def _adaptive_rule(func, letters, name):
    def rule(bb, call):
        a = call.attrs
        if a.out_layout != a.layout:
            return call

        def te_adaptive_pool(data, output_size, layout_str):
            if output_size is None:
                from tvm.topi.nn.pooling import _axes
                output_size = [data.shape[i] for i in _axes(layout_str, letters)]
            return func(data, output_size, "avg", layout_str)

        size = None if a.output_size is None else list(a.output_size)
        return bb.call_te(te_adaptive_pool, call.args[0], size, str(a.layout), primfunc_name_hint=name)

    return rule


register_legalize("relax.nn.adaptive_avg_pool1d", _adaptive_rule(topi.nn.adaptive_pool1d, "W", "adaptive_avg_pool1d"))
register_legalize("relax.nn.adaptive_avg_pool2d", _adaptive_rule(topi.nn.adaptive_pool, "HW", "adaptive_avg_pool2d"))
register_legalize("relax.nn.adaptive_avg_pool3d", _adaptive_rule(topi.nn.adaptive_pool3d, "DHW", "adaptive_avg_pool3d"))


@register_legalize("relax.nn.nll_loss")
def _nll_loss(bb, call):
    reduction, ignore_index = str(call.attrs.reduction), int(call.attrs.ignore_index)

    def nll_loss_without_weight(predictions, targets, reduction, ignore_index):
        n = predictions.shape[1] if len(predictions.shape) > 1 else predictions.shape[0]
        weight = topi.full((n,), predictions.dtype, 1.0)
        return topi.nn.nll_loss(predictions, targets, weight, reduction, ignore_index)

    if len(call.args) == 2:
        return bb.call_te(nll_loss_without_weight, call.args[0], call.args[1], reduction=reduction,
                          ignore_index=ignore_index)
    return bb.call_te(topi.nn.nll_loss, call.args[0], call.args[1], call.args[2], reduction=reduction,
                      ignore_index=ignore_index)


@register_legalize("relax.nn.cross_entropy_with_logits")
def _cross_entropy_with_logits(bb, call):
    def te_cross_entropy_with_logits(x, y):
        if len(x.shape) > 1:
            return -topi.sum(x * y) / x.shape[0]
        return -topi.sum(x * y)

    return bb.call_te(te_cross_entropy_with_logits, call.args[0], call.args[1],
                      primfunc_name_hint="cross_entropy_with_logits")


@register_legalize("relax.nn.rms_norm")
def _rms_norm(bb, call):
    return bb.call_te(topi.nn.rms_norm, call.args[0], call.args[1], axis=[int(a) for a in call.attrs.axes],
                      epsilon=float(call.attrs.epsilon))


@register_legalize("relax.nn.prelu")
def _prelu(bb, call):
    return bb.call_te(topi.nn.prelu, call.args[0], call.args[1], int(call.attrs.axis))


def _te_attention(q, k, v, bias, scale, causal_mask):
    """Attention over `[batch, seq, head, dim]` tensors as TVM 0.27's rule builds it:
    heads folded into the batch, `softmax(q k^T * scale (+ bias)) v`, a causal mask
    as a lower triangle."""
    from tvm import te

    batch, seq, heads, dim = q.shape
    _, seq_kv, _, dim_v = v.shape
    q, k, v = (topi.transpose(t, [0, 2, 1, 3]) for t in (q, k, v))
    bs = batch * heads
    q = topi.reshape(q, [bs, seq, dim])
    k = topi.reshape(k, [bs, seq_kv, dim])
    v = topi.reshape(v, [bs, seq_kv, dim_v])
    p = topi.nn.batch_matmul(q, k, oshape=[bs, seq, seq_kv])
    if scale is not None:
        p = topi.multiply(p, scale)
    else:
        p = topi.divide(p, tirx.sqrt(tirx.Cast(p.dtype, dim)))
    if bias is not None:
        p = topi.reshape(p, [batch, heads, seq, seq_kv])
        p = topi.add(p, bias)
        p = topi.reshape(p, [bs, seq, seq_kv])
    if causal_mask is None:
        s = topi.nn.softmax(p)
    else:
        if causal_mask == "TopLeft":
            offset = tirx.IntImm("int32", 0)
        elif causal_mask == "BottomRight":
            offset = tirx.Cast("int32", tirx.abs(seq - seq_kv))
        else:
            raise NotImplementedError()
        masked = topi.trilu(p, k=offset, upper=False)
        masked_exp = topi.trilu(topi.exp(masked - topi.max(masked, axis=-1, keepdims=True)), k=offset, upper=False)
        s = topi.divide(masked_exp, topi.sum(masked_exp, axis=-1, keepdims=True))
    o = topi.nn.batch_matmul(s, v, transpose_b=False, oshape=[bs, seq, dim_v])
    o = topi.reshape(o, [batch, heads, seq, dim_v])
    return topi.transpose(o, [0, 2, 1, 3])


def _attention(with_bias):
    def rule(bb, call):
        if getattr(call.attrs, "window_size", None) is not None:
            raise AssertionError("Legalization for sliding-window attention is not supported yet.")
        bias = call.args[3] if with_bias else None
        mask = call.attrs.causal_mask
        return bb.call_te(_te_attention, call.args[0], call.args[1], call.args[2], bias, call.attrs.scale,
                          None if mask is None else str(mask),
                          primfunc_name_hint="attention_bias" if with_bias else "attention")
    return rule


register_legalize("relax.nn.attention", _attention(False))
register_legalize("relax.nn.attention_bias", _attention(True))


@register_legalize("relax.nn.group_norm")
def _group_norm(bb, call):
    return bb.call_te(topi.nn.group_norm, call.args[0], call.args[1], call.args[2], int(call.attrs.num_groups),
                      int(call.attrs.channel_axis), [int(a) for a in call.attrs.axes], float(call.attrs.epsilon))
