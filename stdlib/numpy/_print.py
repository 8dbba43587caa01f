"""Arrays and scalars as NumPy 2 prints them (`repr`, `str`): its float layout
(unique digits up to the precision, a common width, scientific notation when the
values' range asks for it), line wrapping and summarisation."""
import _tvmscript_numpy as _n

from . import _dtypes as _dt

OPTIONS = {"precision": 8, "threshold": 1000, "edgeitems": 3, "linewidth": 75, "suppress": False}


def set_options(**kwargs):
    for k, v in kwargs.items():
        if v is not None:
            OPTIONS[k] = v


# ---------------------------------------------------------------------------
# Digits


def _digits(x, t, precision, scientific):
    """The unique digits of `x` (at most `precision` after the point), and the exponent."""
    d, e = _n.shortest(x, t)
    if precision is None or precision < 0:
        return d, e
    if scientific:
        if len(d) - 1 > precision:
            d, e = _n.rounded_sig(x, t, precision + 1)
    elif len(d) - 1 - e > precision:
        d, e = _n.rounded_frac(x, t, precision)
    return d, e


def positional(x, t, precision=None, min_digits=0, trim=".", pad_left=0, pad_right=0, sign=False):
    d, e = _digits(x, t, precision, False)
    if min_digits and len(d) - 1 - e < min_digits and d != "0":
        d, e = _n.rounded_frac(x, t, min_digits)
    neg = x < 0 or (x == 0 and str(x).startswith("-"))
    if d == "0":
        ip, fp = "0", ""
    elif e >= 0:
        ip = d[: e + 1].ljust(e + 1, "0")
        fp = d[e + 1:]
    else:
        ip = "0"
        fp = "0" * (-e - 1) + d
    if len(fp) < min_digits:
        fp = fp.ljust(min_digits, "0")
    if trim == "0" and not fp:
        fp = "0"
    s = ip + "." + fp if (fp or trim in ".0k") else ip
    if trim == "-" and not fp:
        s = ip
    s = ("-" if neg else "+" if sign else "") + s
    lead = len(s.split(".")[0])
    s = " " * (pad_left - lead) + s
    if pad_right:
        frac = len(s.split(".")[1]) if "." in s else 0
        s = s + " " * (pad_right - frac)
    return s


def scientific(x, t, precision=None, min_digits=0, trim=".", pad_left=0, exp_digits=-1, sign=False):
    d, e = _digits(x, t, precision, True)
    neg = x < 0 or (x == 0 and str(x).startswith("-"))
    if d == "0":
        e = 0
    if len(d) - 1 < min_digits and d != "0":
        # Dragon4 prints the value's further digits, not zeros, up to min_digits.
        d, e = _n.rounded_sig(x, t, min_digits + 1)
    frac = d[1:].ljust(min_digits, "0")
    mant = d[0] + "." + frac
    if trim == "-" and mant.endswith("."):
        mant = mant[:-1]
    ed = str(abs(e)).rjust(max(exp_digits, 2), "0")
    s = ("-" if neg else "+" if sign else "") + mant + "e" + ("-" if e < 0 else "+") + ed
    lead = len(s.split(".")[0])
    return " " * (pad_left - lead) + s


def scalar_str(x):
    """`str` of a NumPy scalar."""
    t = x._name
    v = x._value()
    if t == "bool":
        return "True" if v else "False"
    if not _dt._is_float(t):
        return str(v)
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    a = abs(v)
    # NumPy prints a scalar positionally below 10**precision (1e16 for float64).
    if a == 0 or 1e-4 <= a < {"float16": 1e3, "float32": 1e6}.get(t, 1e16):
        return positional(v, t, trim="0")
    return scientific(v, t, trim="-")


# ---------------------------------------------------------------------------
# Element formats


class _FloatFormat:
    def __init__(self, vals, t):
        self.t = t
        p = OPTIONS["precision"]
        finite = [v for v in vals if v == v and v not in (float("inf"), float("-inf"))]
        nonzero = [abs(v) for v in finite if v != 0]
        self.exp = False
        if nonzero:
            mx, mn = max(nonzero), min(nonzero)
            cutoff = 10.0 ** min(8, {"float16": 3, "float32": 6}.get(t, 15))
            if mx >= cutoff or (not OPTIONS["suppress"] and (mn < 0.0001 or mx / mn > 1000.0)):
                self.exp = True
        if not finite:
            self.pad_left, self.pad_right, self.precision, self.min_digits, self.exp_size = 0, 0, p, 0, -1
        elif self.exp:
            strs = [scientific(v, t, precision=p) for v in finite]
            mants = [s.split("e")[0] for s in strs]
            exps = [s.split("e")[1] for s in strs]
            self.exp_size = max(len(s) for s in exps) - 1
            self.precision = max(len(m.split(".")[1]) for m in mants)
            self.min_digits = self.precision
            self.pad_left = max(len(m.split(".")[0]) for m in mants)
            self.pad_right = self.exp_size + 2 + self.precision
        else:
            strs = [positional(v, t, precision=p) for v in finite]
            self.pad_left = max(len(s.split(".")[0]) for s in strs)
            self.pad_right = max(len(s.split(".")[1]) for s in strs)
            self.precision, self.min_digits, self.exp_size = p, 0, -1
        if len(finite) != len(vals):
            neginf = any(v == float("-inf") for v in vals)
            offset = self.pad_right + 1
            self.pad_left = max(self.pad_left, 3 - offset, 3 + neginf - offset)

    def __call__(self, v):
        if v != v or v in (float("inf"), float("-inf")):
            r = "nan" if v != v else ("-inf" if v < 0 else "inf")
            return " " * (self.pad_left + self.pad_right + 1 - len(r)) + r
        if self.exp:
            return scientific(v, self.t, precision=self.precision, min_digits=self.min_digits, trim="k", pad_left=self.pad_left, exp_digits=self.exp_size)
        return positional(v, self.t, precision=self.precision, min_digits=self.min_digits, trim=".", pad_left=self.pad_left, pad_right=self.pad_right)


def _format_function(vals, t):
    if t == "bool":
        return lambda v: " True" if v else "False"
    if not _dt._is_float(t):
        width = max((len(str(v)) for v in vals), default=0)
        return lambda v: str(v).rjust(width)
    return _FloatFormat(vals, t)


# ---------------------------------------------------------------------------
# Layout


def _extend_line(s, line, word, width, next_prefix):
    needs_wrap = len(line) + len(word) > width
    if len(line) <= len(next_prefix):
        needs_wrap = False
    if needs_wrap:
        s += line.rstrip() + "\n"
        line = next_prefix
    return s, line + word


def _summary_lanes(a, edge):
    """The lanes shown when summarising (the first and last `edge` along each axis)."""
    shape = a.shape
    if not shape:
        return a._c.lanes()
    parts = []
    for ax, d in enumerate(shape):
        if d > 2 * edge:
            key = [slice(None)] * len(shape)
            key[ax] = slice(None, edge)
            lo = a[tuple(key)]
            key[ax] = slice(-edge, None)
            hi = a[tuple(key)]
            from . import concatenate
            a = concatenate([lo, hi], axis=ax)
    return a._c.lanes()


def _format_array(a, fmt, width, next_prefix, sep, edge, summary):
    lanes = a._c.lanes()
    shape = a.shape
    strides = []
    step = 1
    for d in reversed(shape):
        strides.append(step)
        step *= d
    strides.reverse()

    def rec(off, axis, hanging, curr_width):
        left = len(shape) - axis
        if left == 0:
            return fmt(lanes[off])
        next_hanging = hanging + " "
        next_width = curr_width - 1
        n = shape[axis]
        show_summary = summary and 2 * edge < n
        lead, trail = (edge, edge) if show_summary else (0, n)
        st = strides[axis]
        s = ""
        if left == 1:
            elem_width = curr_width - max(len(sep.rstrip()), 1)
            line = hanging
            for i in range(lead):
                s, line = _extend_line(s, line, rec(off + i * st, axis + 1, next_hanging, next_width), elem_width, hanging)
                line += sep
            if show_summary:
                s, line = _extend_line(s, line, "...", elem_width, hanging)
                line += sep
            for i in range(trail, 1, -1):
                s, line = _extend_line(s, line, rec(off + (n - i) * st, axis + 1, next_hanging, next_width), elem_width, hanging)
                line += sep
            s, line = _extend_line(s, line, rec(off + (n - 1) * st, axis + 1, next_hanging, next_width), elem_width, hanging)
            s += line
        else:
            line_sep = sep.rstrip() + "\n" * (left - 1)
            for i in range(lead):
                s += hanging + rec(off + i * st, axis + 1, next_hanging, next_width) + line_sep
            if show_summary:
                s += hanging + "..." + line_sep
            for i in range(trail, 1, -1):
                s += hanging + rec(off + (n - i) * st, axis + 1, next_hanging, next_width) + line_sep
            s += hanging + rec(off + (n - 1) * st, axis + 1, next_hanging, next_width)
        return "[" + s[len(hanging):] + "]"

    return rec(0, 0, next_prefix, width)


def array2string(a, separator=" ", prefix="", suffix="", linewidth=None, precision=None):
    saved = OPTIONS["precision"]
    if precision is not None:
        OPTIONS["precision"] = precision
    try:
        width = (linewidth or OPTIONS["linewidth"]) - len(suffix)
        if a.size == 0:
            return "[]"
        summary = a.size > OPTIONS["threshold"]
        t = a.dtype.name
        vals = _summary_lanes(a, OPTIONS["edgeitems"]) if summary else a._c.lanes()
        fmt = _format_function(vals, t)
        if not a.shape:
            v = a._c.lanes()[0]
            return ("True" if v else "False") if t == "bool" else fmt(v)
        return _format_array(a, fmt, width, " " + " " * len(prefix), separator, OPTIONS["edgeitems"], summary)
    finally:
        OPTIONS["precision"] = saved


_IMPLIED = ("float64", "int64", "bool")


def array_repr(a):
    prefix = "array("
    if not a.shape:
        body = array2string(a, ", ", prefix, ")")
    else:
        body = array2string(a, ", ", prefix, ")")
    extras = []
    if a.size == 0 and a.shape != (0,) or a.size > OPTIONS["threshold"]:
        extras.append("shape=%s" % (a.shape,))
    if a.dtype.name not in _IMPLIED or a.size == 0:
        extras.append("dtype=%s" % a.dtype.name)
    if not extras:
        return prefix + body + ")"
    arr = prefix + body + ","
    extra = ", ".join(extras) + ")"
    last = len(arr) - (arr.rfind("\n") + 1)
    spacer = " "
    if last + len(extra) + 1 > OPTIONS["linewidth"]:
        spacer = "\n" + " " * len(prefix)
    return arr + spacer + extra


def array_str(a):
    if not a.shape:
        from ._dtypes import scalar
        return str(scalar(a.dtype.name, a._c.lane(0)))
    return array2string(a, " ", "")
