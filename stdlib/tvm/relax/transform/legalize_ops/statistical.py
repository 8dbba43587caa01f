"""Rules of the reductions and statistics (sum, prod, max, min, mean, std, variance)."""
from tvm import tirx, topi

from .common import register_legalize


def _axes(call):
    axis = call.attrs.axis
    return None if axis is None else [int(a) for a in axis]


def _normalize_reduction_axes(axis, ndim):
    if axis is None:
        return list(range(ndim))
    return [a + ndim if a < 0 else a for a in axis]


def _has_const_zero_reduction_dim(call):
    shape = call.args[0].ty.shape
    if shape is None or not hasattr(shape, "values"):
        return False
    values = list(shape.values)
    for dim in _normalize_reduction_axes(_axes(call), len(values)):
        v = values[dim]
        if isinstance(v, tirx.IntImm) and v.value == 0:
            return True
    return False


def _statistical(te_func, zero_dim_identity=None):
    def statistical_call_te(bb, call):
        if zero_dim_identity is not None and _has_const_zero_reduction_dim(call):
            dtype = str(call.ty.dtype)
            fill = zero_dim_identity(dtype) if callable(zero_dim_identity) else zero_dim_identity
            return bb.call_te(topi.full, list(call.ty.shape.values), dtype, fill)
        return bb.call_te(te_func, call.args[0], _axes(call), bool(call.attrs.keepdims))

    return statistical_call_te


def _compute_shape_prod(x, axis):
    shape_prod = tirx.const(1, "int32")
    for dim in axis if axis is not None else range(len(x.shape)):
        shape_prod = shape_prod * x.shape[dim]
    return shape_prod


def _te_mean(x, axis, keepdims):
    shape_prod = _compute_shape_prod(x, axis)
    return topi.divide(topi.sum(x, axis, keepdims), shape_prod)


def _te_variance(x, axis, keepdims):
    dev = x - _te_mean(x, axis, True)
    return _te_mean(dev * dev, axis, keepdims)


@register_legalize("relax.mean")
def _mean(bb, call):
    return bb.call_te(_te_mean, call.args[0], _axes(call), bool(call.attrs.keepdims), primfunc_name_hint="mean")


@register_legalize("relax.std")
def _std(bb, call):
    def te_std(x, axis, keepdims):
        return topi.sqrt(_te_variance(x, axis, keepdims))

    return bb.call_te(te_std, call.args[0], _axes(call), bool(call.attrs.keepdims), primfunc_name_hint="std")


@register_legalize("relax.variance")
def _variance(bb, call):
    return bb.call_te(_te_variance, call.args[0], _axes(call), bool(call.attrs.keepdims), primfunc_name_hint="variance")


register_legalize("relax.max", _statistical(topi.max))
register_legalize("relax.min", _statistical(topi.min))
register_legalize("relax.prod", _statistical(topi.prod, zero_dim_identity=lambda dtype: True if dtype == "bool" else 1))
register_legalize("relax.sum", _statistical(topi.sum, zero_dim_identity=0))
