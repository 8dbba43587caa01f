"""Elementwise operators (TVM's topi/math.py and topi/elemwise.h): a compute named
`compute` over axes `i0, i1, ...` tagged `elemwise`."""
from tvm import te, tirx

from . import tag

__all__ = [
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_not", "ceil", "cos",
    "cosh", "exp", "floor", "isfinite", "isinf", "isnan", "log", "log2", "log10", "logical_not",
    "negative", "round", "rsqrt", "sigmoid", "sign", "sin", "sinh", "sqrt", "tan", "tanh",
    "trunc", "erf", "fast_exp", "identity", "cast", "clip",
]


def _elemwise(f, name):
    def op(x):
        return te.compute(x.shape, lambda *i: f(x(*i)), tag=tag.ELEMWISE)
    # emit_te names the PrimFunc after the function: `exp`, not the closure's name.
    op.__name__ = op.__qualname__ = name
    return op


abs = _elemwise(tirx.abs, "abs")  # noqa: A001
acos = _elemwise(tirx.acos, "acos")
acosh = _elemwise(tirx.acosh, "acosh")
asin = _elemwise(tirx.asin, "asin")
asinh = _elemwise(tirx.asinh, "asinh")
atan = _elemwise(tirx.atan, "atan")
atanh = _elemwise(tirx.atanh, "atanh")
def _float_only(f):
    # TVM's rounding intrinsics leave an integer operand as it is.
    return lambda v: f(v) if te.dtype_of(v).startswith(("float", "bfloat")) else v


ceil = _elemwise(_float_only(tirx.ceil), "ceil")
cos = _elemwise(tirx.cos, "cos")
cosh = _elemwise(tirx.cosh, "cosh")
exp = _elemwise(tirx.exp, "exp")
floor = _elemwise(_float_only(tirx.floor), "floor")
def _isinf(v):
    if not te.dtype_of(v).startswith(("float", "bfloat")):
        return tirx.const(False, "bool")
    return tirx.And(tirx.EQ(tirx.abs(v), tirx.infinity(te.dtype_of(v))), tirx.Not(tirx.isnan(v)))


def _isfinite(v):
    if not te.dtype_of(v).startswith(("float", "bfloat")):
        return tirx.const(True, "bool")
    return tirx.And(tirx.Or(tirx.NE(tirx.abs(v), tirx.infinity(te.dtype_of(v))), tirx.isnan(v)), tirx.Not(tirx.isnan(v)))


isfinite = _elemwise(_isfinite, "isfinite")
isinf = _elemwise(_isinf, "isinf")
isnan = _elemwise(tirx.isnan, "isnan")
log = _elemwise(tirx.log, "log")
log2 = _elemwise(tirx.log2, "log2")
log10 = _elemwise(tirx.log10, "log10")
round = _elemwise(_float_only(tirx.nearbyint), "round")  # noqa: A001
rsqrt = _elemwise(tirx.rsqrt, "rsqrt")
sigmoid = _elemwise(tirx.sigmoid, "sigmoid")
sin = _elemwise(tirx.sin, "sin")
sinh = _elemwise(tirx.sinh, "sinh")
sqrt = _elemwise(tirx.sqrt, "sqrt")
tan = _elemwise(tirx.tan, "tan")
tanh = _elemwise(tirx.tanh, "tanh")
trunc = _elemwise(_float_only(tirx.trunc), "trunc")
erf = _elemwise(tirx.erf, "erf")
fast_exp = exp


def identity(x):
    return te.compute(x.shape, lambda *i: x(*i), tag=tag.ELEMWISE)


def negative(x):
    return te.compute(x.shape, lambda *i: -x(*i), tag=tag.ELEMWISE)


def cpp_compute(shape, f, name, tag_, attrs=None):
    """A compute as TVM's C++ topi makes them: axes named `ax0, ax1, ...`."""
    return te.compute(shape, f, name=name, tag=tag_, attrs=attrs, varargs_names=[f"ax{k}" for k in range(len(shape))])


def logical_not(x):
    return cpp_compute(x.shape, lambda *i: tirx.Not(x(*i)), "T_logical_not", tag.ELEMWISE)


def bitwise_not(x):
    return cpp_compute(x.shape, lambda *i: tirx.bitwise_not(x(*i)), "T_bitwise_not", tag.ELEMWISE)


def sign(x):
    def f(v):
        zero = tirx.const(0, x.dtype)
        one = tirx.const(1, x.dtype)
        return tirx.Select(tirx.LT(zero, v), one, tirx.Select(tirx.LT(v, zero), tirx.const(-1, x.dtype), zero))
    return cpp_compute(x.shape, lambda *i: f(x(*i)), "T_sign", tag.ELEMWISE)


def cast(x, dtype, span=None):
    if isinstance(x, te.Tensor):
        return te.compute(x.shape, lambda *i: tirx.cast(x(*i), dtype), tag=tag.ELEMWISE)
    return tirx.cast(x, dtype)


def clip(x, a_min, a_max):
    def f(*i):
        lo = tirx.const(a_min, x.dtype) if isinstance(a_min, (int, float)) else a_min
        hi = tirx.const(a_max, x.dtype) if isinstance(a_max, (int, float)) else a_max
        return tirx.max(tirx.min(x(*i), hi), lo)
    return te.compute(x.shape, f, tag=tag.ELEMWISE)
