"""Rules of the unary elementwise operators."""
from tvm import topi

from .common import _call_topi_without_attr, register_legalize

for _name in [
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_not", "ceil", "cos",
    "cosh", "exp", "floor", "isfinite", "isinf", "isnan", "log", "logical_not", "negative",
    "round", "rsqrt", "sigmoid", "sign", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
]:
    register_legalize("relax." + _name, _call_topi_without_attr(getattr(topi, _name), "tir_" + _name))
register_legalize("relax.square", _call_topi_without_attr(lambda x: x * x, "tir_square"))


@register_legalize("relax.erf")
def _erf(bb, call):
    def te_erf(x):
        if x.dtype == "float16":
            return topi.cast(topi.erf(topi.cast(x, "float32")), "float16")
        return topi.erf(x)

    return bb.call_te(te_erf, call.args[0], primfunc_name_hint="erf")
