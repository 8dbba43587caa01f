"""Rules of `relax.quantize` and `relax.dequantize`: elementwise computes with the
scale and zero point read per channel along `axis` (or as constants)."""
from tvm import te, tirx

from .common import _try_convert_to_scalar_const, register_legalize


def _clip_cast(val, dtype):
    return tirx.Cast(dtype, tirx.max(tirx.min(val, tirx.max_value(dtype)), tirx.min_value(dtype)))


def _is_scalar(x):
    return isinstance(x, (tirx.IntImm, tirx.FloatImm))


def _singleton(q):
    return isinstance(q, te.Tensor) and all(isinstance(d, tirx.IntImm) and d.value == 1 for d in q.shape)


def _param(q, indices, axis):
    if _is_scalar(q):
        return q
    if _singleton(q):
        return q[(0,) * len(q.shape)]
    return q[indices[axis]]


@register_legalize("relax.quantize")
def _quantize(bb, call):
    axis, out_dtype = int(call.attrs.axis), str(call.attrs.out_dtype)

    def te_quantize(data, scale, zp):
        def f(*i):
            scaled = data[i] / _param(scale, i, axis)
            val = (tirx.round(scaled) if "int" in out_dtype else scaled) + _param(zp, i, axis)
            return _clip_cast(val, out_dtype)
        return te.compute(data.shape, f, name="quantized")

    return bb.call_te(te_quantize, call.args[0], _try_convert_to_scalar_const(call.args[1]),
                      _try_convert_to_scalar_const(call.args[2]), primfunc_name_hint="quantize")


@register_legalize("relax.dequantize")
def _dequantize(bb, call):
    axis, out_dtype = int(call.attrs.axis), str(call.attrs.out_dtype)

    def te_dequantize(data, scale, zp):
        def f(*i):
            dtype = "float32" if str(data.dtype).startswith(("float", "bfloat")) else "int32"
            sub = data[i].astype(dtype) - _param(zp, i, axis)
            out = sub * _param(scale, i, axis).astype("float32")
            return out if out_dtype == "float32" else _clip_cast(out, out_dtype)
        return te.compute(data.shape, f, name="dequantized")

    return bb.call_te(te_dequantize, call.args[0], _try_convert_to_scalar_const(call.args[1]),
                      _try_convert_to_scalar_const(call.args[2]), primfunc_name_hint="dequantize")
