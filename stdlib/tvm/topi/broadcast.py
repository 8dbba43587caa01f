"""Broadcast operators (TVM's topi/broadcast.h): a compute named `T_<op>` over axes
`ax0, ax1, ...` tagged `broadcast`; an operand of extent 1 where the output's is not
is read at index 0."""
from tvm import te, tirx

from . import tag
from .math import cpp_compute

__all__ = [
    "add", "subtract", "multiply", "divide", "floor_divide", "mod", "floor_mod", "power",
    "maximum", "minimum", "equal", "not_equal", "less", "less_equal", "greater",
    "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
    "bitwise_xor", "left_shift", "right_shift", "atan2", "log_add_exp", "broadcast_shape",
]


def _is_const(e, value):
    v = getattr(e, "value", None)
    return v is not None and not isinstance(e, tirx.Var) and v == value


def _same(a, b):
    from tvm_ffi import structural_equal
    if isinstance(a, int) or isinstance(b, int):
        return getattr(a, "value", a) == getattr(b, "value", b)
    return structural_equal(a, b)


def broadcast_shape(a, b):
    """The shape two shapes broadcast to (aligned from the last dimension)."""
    a, b = list(a), list(b)
    out = []
    for k in range(1, max(len(a), len(b)) + 1):
        da = a[-k] if k <= len(a) else None
        db = b[-k] if k <= len(b) else None
        if da is None:
            out.append(db)
        elif db is None:
            out.append(da)
        elif _same(da, db):
            out.append(da)
        elif _is_const(da, 1):
            out.append(db)
        elif _is_const(db, 1):
            out.append(da)
        else:
            out.append(tirx.max(da, db))
    return out[::-1]


def _index(t, out_shape, ovars):
    idx = []
    offset = len(out_shape) - len(t.shape)
    for k, dim in enumerate(t.shape):
        ov = ovars[offset + k]
        if _is_const(dim, 1) and not _is_const(out_shape[offset + k], 1):
            idx.append(tirx.const(0, te.dtype_of(ov)))
        else:
            idx.append(ov)
    return t(*idx)


def _scalar(v, dtype):
    if isinstance(v, (int, float, bool)):
        return tirx.const(v, dtype)
    return v


def _broadcast(name, f):
    def op(lhs, rhs):
        l_t, r_t = isinstance(lhs, te.Tensor), isinstance(rhs, te.Tensor)
        if l_t and r_t:
            shape = broadcast_shape(lhs.shape, rhs.shape)
            return cpp_compute(shape, lambda *i: f(_index(lhs, shape, i), _index(rhs, shape, i)), "T_" + name, tag.BROADCAST)
        if l_t:
            return cpp_compute(lhs.shape, lambda *i: f(lhs(*i), _scalar(rhs, lhs.dtype)), "T_" + name, tag.ELEMWISE)
        if r_t:
            return cpp_compute(rhs.shape, lambda *i: f(_scalar(lhs, rhs.dtype), rhs(*i)), "T_" + name, tag.ELEMWISE)
        return f(lhs, rhs)
    op.__name__ = name
    return op


def _is_float(e):
    return te.dtype_of(e).startswith(("float", "bfloat"))


def _div(a, b):
    return a / b if _is_float(a) else tirx.truncdiv(a, b)


def _floordiv(a, b):
    return tirx.floor(a / b) if _is_float(a) else tirx.floordiv(a, b)


def _floormod(a, b):
    return a - tirx.floor(a / b) * b if _is_float(a) else tirx.floormod(a, b)


def _mod(a, b):
    return tirx.truncmod(a, b)


add = _broadcast("add", lambda a, b: a + b)
subtract = _broadcast("subtract", lambda a, b: a - b)
multiply = _broadcast("multiply", lambda a, b: a * b)
divide = _broadcast("divide", _div)
floor_divide = _broadcast("floor_divide", _floordiv)
mod = _broadcast("mod", _mod)
floor_mod = _broadcast("floor_mod", _floormod)
power = _broadcast("power", tirx.power)
maximum = _broadcast("maximum", tirx.max)
minimum = _broadcast("minimum", tirx.min)
equal = _broadcast("equal", tirx.EQ)
not_equal = _broadcast("not_equal", tirx.NE)
less = _broadcast("less", tirx.LT)
less_equal = _broadcast("less_equal", tirx.LE)
greater = _broadcast("greater", lambda a, b: tirx.LT(b, a))
greater_equal = _broadcast("greater_equal", lambda a, b: tirx.LE(b, a))
logical_and = _broadcast("logical_and", tirx.And)
logical_or = _broadcast("logical_or", tirx.Or)
logical_xor = _broadcast("logical_xor", lambda a, b: tirx.And(tirx.Or(a, b), tirx.Not(tirx.And(a, b))))
bitwise_and = _broadcast("bitwise_and", tirx.bitwise_and)
bitwise_or = _broadcast("bitwise_or", tirx.bitwise_or)
bitwise_xor = _broadcast("bitwise_xor", tirx.bitwise_xor)
left_shift = _broadcast("left_shift", tirx.shift_left)
right_shift = _broadcast("right_shift", tirx.shift_right)
atan2 = _broadcast("atan2", tirx.atan2)
log_add_exp = _broadcast(
    "log_add_exp",
    lambda a, b: tirx.max(a, b) + tirx.log(tirx.exp(a - tirx.max(a, b)) + tirx.exp(b - tirx.max(a, b))),
)
