"""`topi.nn.rms_norm` (TVM's C++ topi/nn/rms_norm.h): computed in float32, the mean
of squares over `axis`, then `x * rsqrt(mean + epsilon) * weight`, cast back."""
from tvm import tirx

from .. import broadcast
from ..math import cpp_compute
from ..reduction import _comm_reduce, _real_axis


def _cast(x, dtype):
    # C++ topi's cast: a `T_cast` compute even when the type is unchanged.
    return cpp_compute(x.shape, lambda *i: tirx.cast(x(*i), dtype), "T_cast", "elemwise")


def rms_norm(data, weight, axis, epsilon):
    from tvm import te

    dtype = str(data.dtype)
    if str(weight.dtype) != dtype:
        raise ValueError("rms_norm: data and weight must have the same type")
    data32 = _cast(data, "float32")
    weight32 = _cast(weight, "float32")
    square = broadcast.multiply(data32, data32)
    axis = [int(a) for a in axis]
    square_sum = _comm_reduce(square, axis, te.sum, False, atleast1d=True)
    ndim = len(data32.shape)
    real = _real_axis(ndim, axis)
    extent = tirx.const(1.0, "float32")
    for i in real:
        d = data32.shape[i]
        extent = extent * (tirx.const(float(d.value), "float32") if isinstance(d, tirx.IntImm) else tirx.Cast("float32", d))
    keep = [i for i in range(ndim) if i not in real]

    def f_rsqrt(*i):
        return tirx.rsqrt(square_sum(*i) / extent + tirx.const(float(epsilon), "float32"))
    rsqrt = cpp_compute([data32.shape[i] for i in keep], f_rsqrt, "rsqrt", "injective")

    def f(*i):
        return rsqrt(*[i[k] for k in keep]) * data32(*i) * weight32(*[i[k] for k in real])
    out = cpp_compute(data32.shape, f, "T_rms_norm", "injective")
    return _cast(out, dtype)
