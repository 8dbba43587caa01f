"""Rules of the creation and data type operators (full/ones/zeros and their `_like`
forms, astype)."""
from tvm import tirx, topi

from .common import _try_convert_to_scalar_const, register_legalize


def _full(is_like, fill_value, primfunc_name):
    def full_call_te(bb, call):
        value = _try_convert_to_scalar_const(call.args[1], python_native=True) if fill_value is None else fill_value
        shape = call.args[0].ty.shape if is_like else call.args[0]
        if hasattr(shape, "values") and shape.values is not None:
            output_shape = list(shape.values)
        else:
            from ...type import ShapeType

            shape = bb.emit(shape)
            output_shape = [tirx.Var(f"s{i}", "int64") for i in range(shape.ty.ndim)]
            bb.match_cast(shape, ShapeType(output_shape))
        return bb.call_te(topi.full, output_shape, str(call.ty.dtype), value, primfunc_name_hint=primfunc_name)

    return full_call_te


register_legalize("relax.full", _full(False, None, "full"))
register_legalize("relax.full_like", _full(True, None, "full"))
register_legalize("relax.ones", _full(False, 1.0, "ones"))
register_legalize("relax.ones_like", _full(True, 1.0, "ones"))
register_legalize("relax.zeros", _full(False, 0.0, "zeros"))
register_legalize("relax.zeros_like", _full(True, 0.0, "zeros"))


@register_legalize("relax.astype")
def _astype(bb, call):
    return bb.call_te(topi.cast, call.args[0], str(call.attrs.dtype))


def _tril_triu(upper, name):
    def rule(bb, call):
        data, k = call.args
        return bb.call_te(topi.trilu, data, k, upper=upper, primfunc_name_hint=name)
    return rule


register_legalize("relax.tril", _tril_triu(False, "tril"))
register_legalize("relax.triu", _tril_triu(True, "triu"))


@register_legalize("relax.shape_to_tensor")
def _shape_to_tensor(bb, call):
    from tvm import te

    shape = call.args[0]
    values = getattr(shape, "values", None)
    if values is None:
        values = getattr(shape.ty, "values", None)
    if values is None:
        return call
    values = list(values)
    n = len(values)
    symbolic = [v for v in values if not isinstance(v, tirx.IntImm)]

    def te_shape_to_tensor(*sym):
        sym = list(sym)
        resolved = [v if isinstance(v, tirx.IntImm) else sym.pop(0) for v in values]

        def fcompute(i):
            result = tirx.const(0, "int64")
            for idx in range(n - 1, -1, -1):
                result = tirx.if_then_else(i == idx,
                                           tirx.Cast("int64", resolved[idx]), result)
            return result

        return te.compute((n,), fcompute, name="shape_to_tensor")

    return bb.call_te(te_shape_to_tensor, *symbolic, primfunc_name_hint="shape_to_tensor")


def _prim(x):
    """A scalar argument of a call as the TIR expression it holds."""
    return getattr(x, "value", x) if type(x).__name__ == "PrimValue" else x


@register_legalize("relax.arange")
def _arange(bb, call):
    start, end, step = (_prim(a) for a in call.args)
    dtype = str(call.attrs.dtype)
    consts = (tirx.IntImm, tirx.FloatImm)
    if all(isinstance(x, consts) for x in (start, end, step)):
        from tvm import relax

        import math

        # numpy's arange: ceil((stop - start) / step) values, each start + i * step.
        count = max(0, math.ceil((end.value - start.value) / step.value))
        values = [start.value + i * step.value for i in range(count)]
        if dtype.startswith(("int", "uint")):
            values = [int(x) for x in values]
        return relax.const(values, dtype)
    return bb.call_te(topi.arange, start, end, step, dtype, primfunc_name_hint="arange")
