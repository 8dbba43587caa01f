"""Helpers topi's operators share (TVM's topi/utils.py and nn/utils.py)."""
from tvm import tirx
from tvm.sym.analyzer import simplify_expr


def simplify(expr):
    """An expression simplified (a Python number stays as it is)."""
    return expr if isinstance(expr, (int, float)) else simplify_expr(expr)


def const_int(e):
    """A Python int for an integer constant, else None."""
    if isinstance(e, bool):
        return int(e)
    if isinstance(e, int):
        return e
    return e.value if isinstance(e, tirx.IntImm) else None


def get_const_tuple(shape):
    """Each dimension as a Python int where it is constant (symbolic ones stay)."""
    out = []
    for s in shape:
        c = const_int(s)
        out.append(c if c is not None else s)
    return tuple(out)


def equal_const_int(e, value):
    c = const_int(e)
    return c is not None and c == value


def get_pad_tuple(padding, kernel):
    """(top, left, bottom, right) of a 2-D padding."""
    if isinstance(padding, (tuple, list)):
        if len(padding) == 2:
            pad_h, pad_w = padding[0] * 2, padding[1] * 2
        elif len(padding) == 4:
            return padding[0], padding[1], padding[2], padding[3]
        else:
            raise ValueError("Size of padding can only be 2 or 4")
    elif isinstance(padding, int):
        pad_h = pad_w = padding * 2
    elif padding == "VALID":
        pad_h = pad_w = 0
    elif padding == "SAME":
        pad_h, pad_w = kernel[0] - 1, kernel[1] - 1
    else:
        raise ValueError(f"Unknown padding option {padding}")
    pad_top = (pad_h + 1) // 2
    pad_left = (pad_w + 1) // 2
    return pad_top, pad_left, pad_h - pad_top, pad_w - pad_left


def get_pad_tuple_generic(padding, kernel):
    """(begins, ends) of an N-D padding: one value per dimension, or begins then ends."""
    if isinstance(padding, (tuple, list)):
        if len(padding) == len(kernel):
            dims = [p * 2 for p in padding]
        elif len(padding) == len(kernel) * 2:
            return [padding[i] for i in range(len(kernel))], [padding[len(kernel) + i] for i in range(len(kernel))]
        else:
            raise ValueError("Size of padding can only be len(kernel) or len(kernel) * 2")
    elif isinstance(padding, int):
        dims = [padding * 2 for _ in kernel]
    elif padding == "VALID":
        dims = [0 for _ in kernel]
    elif padding == "SAME":
        dims = [k - 1 for k in kernel]
    else:
        raise ValueError(f"Unknown padding option {padding}")
    begins = [(d + 1) // 2 for d in dims]
    return begins, [d - b for d, b in zip(dims, begins)]


def _bits(dt):
    import re
    m = re.search(r"(\d+)$", dt)
    return int(m.group(1)) if m else 32


def match_types(a, b):
    """Two operands brought to one type as TVM's C++ operators do: an integer meets a
    float as that float, a narrower integer is widened."""
    from tvm import te
    if isinstance(a, int):
        a = tirx.const(a, te.dtype_of(b))
    if isinstance(b, int):
        b = tirx.const(b, te.dtype_of(a))
    ta, tb = te.dtype_of(a), te.dtype_of(b)
    if ta == tb:
        return a, b
    fa, fb = ta.startswith(("float", "bfloat")), tb.startswith(("float", "bfloat"))
    if fa and not fb:
        return a, tirx.Cast(ta, b)
    if fb and not fa:
        return tirx.Cast(tb, a), b
    if _bits(ta) >= _bits(tb):
        return a, tirx.Cast(ta, b)
    return tirx.Cast(tb, a), b


def c_div(a, b):
    """C's division (TVM's `tvm::div`): a `Div` node, truncating for integers."""
    a, b = match_types(a, b)
    return tirx.Div(a, b)
