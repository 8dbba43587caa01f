"""The rule registry (`register_legalize`, TVM's `FLegalize` attribute) and the helpers
rules share."""
from tvm import tirx

# Operator name -> rule. Filled once, when the rule modules are imported.
_RULES = {}


def register_legalize(op_name, legal_func=None):
    """Register `legal_func(bb, call) -> Expr` as the rule of `op_name`; a decorator
    when `legal_func` is not given."""
    def register(f):
        _RULES[op_name] = f
        return f

    if legal_func is None:
        return register
    return register(legal_func)


def get_legalize(op_name):
    """The rule registered for `op_name`, or None."""
    return _RULES.get(op_name)


def _is_relax_expr(expr):
    return not isinstance(expr, (int, float, bool)) and not type(expr).__name__ in ("IntImm", "FloatImm")


def _try_convert_to_scalar_const(expr, python_native=False):
    """A 0-d Relax constant as a TIR scalar constant (else `expr` itself)."""
    if type(expr).__name__ not in ("Constant", "GenericConst") or getattr(expr.ty, "ndim", -1) != 0:
        return expr
    tensor = expr.value
    dtype = str(expr.ty.dtype)
    fmt = _STRUCT.get(dtype)
    if fmt is None or not isinstance(getattr(tensor, "data", None), str):
        return expr
    import struct

    value = struct.unpack("<" + fmt, bytes.fromhex(tensor.data))[0]
    if python_native:
        return value
    if dtype.startswith(("float", "bfloat")):
        return tirx.FloatImm(dtype, value)
    return tirx.IntImm(dtype, value)


_STRUCT = {
    "float16": "e", "float32": "f", "float64": "d", "int8": "b", "int16": "h", "int32": "i",
    "int64": "q", "uint8": "B", "uint16": "H", "uint32": "I", "uint64": "Q", "bool": "?",
}


def _call_topi_without_attr(te_func, primfunc_name=None):
    """The rule of an operator without attributes: `te_func(*call.args)`."""
    if primfunc_name is None:
        primfunc_name = te_func.__name__
    return lambda bb, call: bb.call_te(te_func, *call.args, primfunc_name_hint=primfunc_name)
