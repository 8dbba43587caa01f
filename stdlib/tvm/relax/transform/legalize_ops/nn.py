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
