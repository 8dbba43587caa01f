"""Rules of the binary broadcast operators: a 0-d constant operand becomes a TIR
scalar (the right one first)."""
from tvm import topi

from .common import _is_relax_expr, _try_convert_to_scalar_const, register_legalize


def _binary(te_func):
    def binary_call_te(bb, call):
        arg0 = call.args[0]
        arg1 = _try_convert_to_scalar_const(call.args[1])
        if _is_relax_expr(arg1):
            arg0 = _try_convert_to_scalar_const(arg0)
        return bb.call_te(te_func, arg0, arg1)

    return binary_call_te


for _name in [
    "add", "divide", "floor_divide", "log_add_exp", "multiply", "power", "atan2", "subtract",
    "equal", "mod", "floor_mod", "greater", "greater_equal", "less", "less_equal", "not_equal",
    "maximum", "minimum", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
    "right_shift", "logical_and", "logical_or", "logical_xor",
]:
    register_legalize("relax." + _name, _binary(getattr(topi, _name)))
