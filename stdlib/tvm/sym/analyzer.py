"""`Analyzer.simplify`: the rewrites of TVM's arithmetic simplifier that the results
of tensor expressions depend on, applied bottom-up until nothing changes.

Covered (integers; constants fold through the IR's own constructors):
- comparisons: `a >= b` is `b <= a`, `a > b` is `b < a` (TVM's canonical direction);
  `x + c1 < c2` is `x < c2 - c1` (and `<=`, `==` alike);
- sums: `x - x` is 0, `(x + y) - x` is `y`, `(x + y) - y` is `x`, `(x + c1) + c2` and
  `(x - c1) + c2` fold their constants, `x * c + x` and `x + x * c` are `x * (c + 1)`;
- division by a positive constant: `(x * c) // c` is `x`, `(x * c) % c` is 0,
  `(x * (c * k)) // c` is `x * k`, `(x // c1) // c2` is `x // (c1 * c2)`,
  `(x // c1) % c2` is `x % (c1 * c2) // c1` (the split form TVM prints),
  `(x * c1 + y) // c1`... only where `y` is a constant multiple of `c1`;
  `((x + c1 - 1) // c1)` with `x = n * c1` is `n` (`ceildiv` of an exact multiple);
- `Select`/`if_then_else` with a constant condition, and `max`/`min` of equal operands.
Not covered: facts from variable ranges (bounds), canonical reordering of sums and
products, and the rest of TVM's rule tables; expressions outside these rules stay
as written."""
from tvm import ir, tirx
from tvm_ffi import structural_equal, structural_map

_P = tirx


def _const(e):
    """The value of an integer constant, else None."""
    if isinstance(e, tirx.IntImm):
        return e.value
    return None


def _int(e):
    dt = str(e.ty.dtype) if hasattr(e, "ty") and hasattr(e.ty, "dtype") else ""
    return dt.startswith(("int", "uint")) and "x" not in dt


def _same(a, b):
    return a.same_as(b) or structural_equal(a, b)


def _c(value, like):
    return tirx.IntImm(str(like.ty.dtype), value)


def _split_mul(e):
    """`(x, c)` when `e` is `x * c` with a constant `c`."""
    if isinstance(e, tirx.Mul):
        c = _const(e.b)
        if c is not None:
            return e.a, c
        c = _const(e.a)
        if c is not None:
            return e.b, c
    return None


def _div_exact(e, c):
    """`e // c` when `e` is a known multiple of the constant `c` (else None)."""
    k = _const(e)
    if k is not None:
        return _c(k // c, e) if k % c == 0 else None
    m = _split_mul(e)
    if m is not None:
        x, k = m
        if k % c == 0:
            return x if k == c else x * _c(k // c, e)
        inner = _div_exact(x, c // _gcd(k, c)) if c % _gcd(k, c) == 0 and _gcd(k, c) > 1 else None
        if inner is not None:
            return inner * _c(k // _gcd(k, c), e)
        return None
    if isinstance(e, tirx.Add):
        a, b = _div_exact(e.a, c), _div_exact(e.b, c)
        if a is not None and b is not None:
            return _rewrite(a + b)
    return None


def _sum_terms(e):
    """The terms of a left-nested sum."""
    if isinstance(e, tirx.Add):
        return _sum_terms(e.a) + [e.b]
    return [e]


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)


def _rewrite(e):
    """One node's rewrite (its operands already simplified)."""
    if isinstance(e, tirx.GE) and _int(e.a):
        return _le(e.b, e.a)
    if isinstance(e, tirx.GT) and _int(e.a):
        return _lt(e.b, e.a)
    if isinstance(e, tirx.GE):
        return tirx.LE(e.b, e.a) if not _foldable(e) else e.b <= e.a
    if isinstance(e, tirx.GT):
        return tirx.LT(e.b, e.a) if not _foldable(e) else e.b < e.a
    if isinstance(e, tirx.LT) and _int(e.a):
        return _lt(e.a, e.b)
    if isinstance(e, tirx.LE) and _int(e.a):
        return _le(e.a, e.b)
    if isinstance(e, tirx.EQ) and _int(e.a):
        a, b = e.a, e.b
        c2 = _const(b)
        if c2 is not None and isinstance(a, (tirx.Add, tirx.Sub)) and _const(a.b) is not None:
            c1 = _const(a.b) if isinstance(a, tirx.Add) else -_const(a.b)
            return _rewrite(tirx.EQ(a.a, _c(c2 - c1, b)))
        return e
    if isinstance(e, tirx.Sub) and _int(e):
        a, b = e.a, e.b
        cb = _const(b)
        if cb is not None and cb < 0 and _const(a) is None:
            return _rewrite(a + _c(-cb, e))
        if _same(a, b):
            return _c(0, e)
        if isinstance(a, tirx.Add):
            if _same(a.a, b):
                return a.b
            if _same(a.b, b):
                return a.a
        m = _split_mul(a)
        if m is not None and _same(m[0], b):
            return _rewrite(b * _c(m[1] - 1, e))
        # (x + c) - y is (x - y) + c; x - (y + c) is (x - y) - c (constants outermost)
        if cb is None and isinstance(a, (tirx.Add, tirx.Sub)) and _const(a.b) is not None and _const(a.a) is None:
            return _rewrite(type(a)(_rewrite(a.a - b), a.b))
        if isinstance(b, (tirx.Add, tirx.Sub)) and _const(b.b) is not None and _const(b.a) is None:
            inner = _rewrite(a - b.a)
            return _rewrite(inner - b.b if isinstance(b, tirx.Add) else inner + b.b)
        # min(x + c, y) - x is min(c, y - x); max alike
        if isinstance(a, (tirx.Min, tirx.Max)):
            for first, other, swap in ((a.a, a.b, False), (a.b, a.a, True)):
                if _same(first, b):
                    c = 0
                elif isinstance(first, tirx.Add) and _const(first.b) is not None and _same(first.a, b):
                    c = _const(first.b)
                else:
                    continue
                rest = _rewrite(other - b)
                pair = (rest, _c(c, e)) if swap else (_c(c, e), rest)
                return type(a)(*pair)
        mb = _split_mul(b)
        if m is not None and mb is not None and _same(m[0], mb[0]):
            k = m[1] - mb[1]
            return _c(0, e) if k == 0 else _rewrite(m[0] * _c(k, e))
        return e
    if isinstance(e, tirx.Add) and _int(e):
        a, b = e.a, e.b
        c2 = _const(b)
        if c2 is not None and isinstance(a, (tirx.Add, tirx.Sub)):
            c1 = _const(a.b)
            if c1 is not None:
                total = c1 + c2 if isinstance(a, tirx.Add) else c2 - c1
                return _rewrite(a.a + _c(total, e)) if total != 0 else a.a
        for x, y in ((a, b), (b, a)):
            m = _split_mul(x)
            if m is not None and _same(m[0], y):
                return _rewrite(y * _c(m[1] + 1, e))
        return e
    if isinstance(e, tirx.FloorDiv) and _int(e):
        c = _const(e.b)
        if c is None or c <= 0:
            return e
        exact = _div_exact(e.a, c)
        if exact is not None:
            return exact
        lo, hi = _bounds(e.a)
        if 0 <= lo and hi < c:
            return _c(0, e)
        if isinstance(e.a, tirx.FloorDiv):
            c1 = _const(e.a.b)
            if c1 is not None and c1 > 0:
                return _rewrite(tirx.floordiv(e.a.a, _c(c1 * c, e)))
        # (x * c + y) // c is y // c + x: the multiples of c leave the division.
        terms = _sum_terms(e.a)
        if len(terms) > 1:
            exact = [_div_exact(t, c) for t in terms]
            kept = [t for t, q in zip(terms, exact) if q is None]
            if kept and len(kept) < len(terms):
                rest = kept[0]
                for t in kept[1:]:
                    rest = rest + t
                out = _rewrite(tirx.floordiv(rest, e.b))
                for q in exact:
                    if q is not None:
                        out = out + q
                return _rewrite(out)
        # (x * c + k) // c with 0 <= k < c is x; (x * c + (c - 1)) // c of ceildiv.
        if isinstance(e.a, tirx.Add):
            k = _const(e.a.b)
            if k is not None and 0 <= k < c:
                base = _div_exact(e.a.a, c)
                if base is not None:
                    return base
            if isinstance(e.a.a, tirx.Add):
                # ((n * c + k1) - k2) // c, as the builder leaves `n*c + c - 1`.
                pass
        if isinstance(e.a, tirx.Sub):
            k = _const(e.a.b)
            inner = e.a.a
            if k is not None and isinstance(inner, tirx.Add):
                k1 = _const(inner.b)
                if k1 is not None and 0 <= k1 - k < c:
                    base = _div_exact(inner.a, c)
                    if base is not None:
                        return base
        return e
    if isinstance(e, tirx.FloorMod) and _int(e):
        c = _const(e.b)
        if c is None or c <= 0:
            return e
        if c == 1 or _div_exact(e.a, c) is not None:
            return _c(0, e)
        lo, hi = _bounds(e.a)
        if 0 <= lo and hi < c:
            return e.a
        if isinstance(e.a, tirx.Add):
            # (x + c1) % c with c1 outside [0, c): c1 % c; (x * k*c + y) % c: y % c.
            c1 = _const(e.a.b)
            if c1 is not None and not 0 <= c1 < c:
                rest = c1 % c
                return _rewrite(tirx.floormod(e.a.a + _c(rest, e) if rest else e.a.a, e.b))
            terms = _sum_terms(e.a)
            kept = [t for t in terms if _div_exact(t, c) is None]
            if len(kept) < len(terms):
                rest = kept[0] if kept else _c(0, e)
                for t in kept[1:]:
                    rest = rest + t
                return _rewrite(tirx.floormod(rest, e.b))
        if isinstance(e.a, tirx.FloorDiv):
            c1 = _const(e.a.b)
            if c1 is not None and c1 > 0:
                return tirx.floordiv(tirx.floormod(e.a.a, _c(c1 * c, e)), e.a.b)
        return e
    if isinstance(e, tirx.Mul) and _int(e):
        # x * (y * c) is x * y * c: constants last
        if isinstance(e.b, tirx.Mul) and _const(e.b.b) is not None and _const(e.a) is None:
            return _rewrite(_rewrite(e.a * e.b.a) * e.b.b)
        # (x + c1) * c2 is x * c2 + c1 * c2
        c2 = _const(e.b)
        if c2 is not None and isinstance(e.a, tirx.Add) and _const(e.a.b) is not None:
            return _rewrite(_rewrite(e.a.a * e.b) + _c(_const(e.a.b) * c2, e))
        return e
    if isinstance(e, (tirx.Mul, tirx.Div)) and not _int(e):
        one = isinstance(e.b, tirx.FloatImm) and e.b.value == 1.0
        if one:
            return e.a
        if isinstance(e, tirx.Mul) and isinstance(e.a, tirx.FloatImm) and e.a.value == 1.0:
            return e.b
        return e
    if isinstance(e, tirx.Select):
        c = _const(e.condition)
        if c is not None:
            return e.true_value if c else e.false_value
        return e
    if isinstance(e, (tirx.Max, tirx.Min)) and _same(e.a, e.b):
        return e.a
    return e


def _offset(e):
    """TVM's ExtractConstantOffset: `(x, c)` for `x + c`, `x - c` (`-c`), `c - x`."""
    if isinstance(e, tirx.Add) and _const(e.b) is not None:
        return e.a, _const(e.b)
    if isinstance(e, tirx.Sub) and _const(e.b) is not None:
        return e.a, -_const(e.b)
    if isinstance(e, tirx.Sub) and _const(e.a) is not None:
        return e.b, _const(e.a)
    return e, 0


def _bounds(e):
    """Constant lower and upper bounds of an integer expression (infinite when unknown):
    constants, min/max, sums, products by constants, modulus by a constant."""
    c = _const(e)
    if c is not None:
        return c, c
    if isinstance(e, (tirx.Min, tirx.Max)):
        (al, ah), (bl, bh) = _bounds(e.a), _bounds(e.b)
        return (min(al, bl), min(ah, bh)) if isinstance(e, tirx.Min) else (max(al, bl), max(ah, bh))
    if isinstance(e, tirx.Add):
        (al, ah), (bl, bh) = _bounds(e.a), _bounds(e.b)
        return al + bl, ah + bh
    if isinstance(e, tirx.Sub):
        (al, ah), (bl, bh) = _bounds(e.a), _bounds(e.b)
        return al - bh, ah - bl
    if isinstance(e, tirx.Mul) and _const(e.b) is not None:
        lo, hi = _bounds(e.a)
        k = _const(e.b)
        if k >= 0:
            return (lo * k if lo != -_INF else -_INF if k else 0), (hi * k if hi != _INF else _INF if k else 0)
        return (hi * k if hi != _INF else -_INF), (lo * k if lo != -_INF else _INF)
    if isinstance(e, tirx.FloorMod) and (_const(e.b) or 0) > 0:
        return 0, _const(e.b) - 1
    return -_INF, _INF


def _bool(v):
    return tirx.IntImm("bool", 1 if v else 0)


def _lt(a, b):
    """`a < b` for integers, as TVM's rewrite rules leave it: constants moved to the
    side where they are positive, or dropped."""
    a, b = _canonical_node(a), _canonical_node(b)
    ca, cb = _const(a), _const(b)
    if ca is not None and cb is not None:
        return _bool(ca < cb)
    if ca is not None and isinstance(b, (tirx.Add, tirx.Sub)) and _const(b.b) is not None:
        c2 = _const(b.b) if isinstance(b, tirx.Add) else -_const(b.b)
        return _lt(_c(ca - c2, a), b.a)  # c1 < x + c2: c1 - c2 < x
    if ca is not None and isinstance(b, tirx.Sub) and _const(b.a) is not None:
        return _lt(b.b, _c(_const(b.a) - ca, a))  # c1 < c2 - x: x < c2 - c1
    if cb is not None and isinstance(a, (tirx.Add, tirx.Sub)) and _const(a.b) is not None:
        c1 = _const(a.b) if isinstance(a, tirx.Add) else -_const(a.b)
        return _lt(a.a, _c(cb - c1, b))  # x + c1 < c2: x < c2 - c1
    if cb is not None and isinstance(a, tirx.Sub) and _const(a.a) is not None:
        return _lt(_c(_const(a.a) - cb, b), a.b)  # c1 - y < c2: c1 - c2 < y
    if ca is None and cb is None:
        lhs, lo = _offset(a)
        rhs, ro = _offset(b)
        if lo != 0 or ro != 0:
            diff = ro - lo
            if diff == 0:
                return _lt(lhs, rhs)
            if diff == 1:
                return tirx.LE(lhs, rhs)
            if diff < 0 and ro != 0:
                return tirx.LT(_canonical_sum(lhs + _c(-diff, lhs)), rhs)
            if diff > 0 and lo != 0:
                return tirx.LT(lhs, _canonical_sum(rhs + _c(diff, rhs)))
    return tirx.LT(a, b)


def _not(e):
    if isinstance(e, tirx.LT):
        return tirx.LE(e.b, e.a)
    if isinstance(e, tirx.LE):
        return tirx.LT(e.b, e.a)
    c = _const(e)
    if c is not None:
        return _bool(not c)
    return tirx.Not(e)


def _le(a, b):
    """`a <= b` for integers: TVM rewrites it as `not (b < a)`."""
    return _not(_lt(b, a))


def _foldable(e):
    return _const(e.a) is not None and _const(e.b) is not None


_CMP = {"LT": lambda a, b: a < b, "LE": lambda a, b: a <= b, "EQ": lambda a, b: a == b,
        "NE": lambda a, b: a != b, "GT": lambda a, b: a > b, "GE": lambda a, b: a >= b}


def _refold(e):
    """A node rebuilt with new operands is rebuilt as the constructors fold it."""
    name = type(e).__name__
    if name in _CMP and _foldable(e):
        return tirx.IntImm("bool", 1 if _CMP[name](e.a.value, e.b.value) else 0)
    if name in ("And", "Or"):
        a, b = _const(e.a), _const(e.b)
        for c, other in ((a, e.b), (b, e.a)):
            if c is not None:
                if name == "And":
                    return other if c else tirx.IntImm("bool", 0)
                return tirx.IntImm("bool", 1) if c else other
        return e
    if name == "Add":
        return e.a + e.b
    if name == "Sub":
        return e.a - e.b
    if name == "Mul":
        return e.a * e.b
    if name == "Div":
        if isinstance(e.a, tirx.IntImm) and isinstance(e.b, tirx.IntImm) and e.b.value != 0:
            q = abs(e.a.value) // abs(e.b.value)
            return _c(q if (e.a.value >= 0) == (e.b.value > 0) else -q, e)
        if isinstance(e.a, tirx.FloatImm) and isinstance(e.b, tirx.FloatImm) and e.b.value != 0:
            return tirx.FloatImm(str(e.ty.dtype), e.a.value / e.b.value)
        return e
    if name == "Cast":
        v = e.value
        dt = str(e.ty.dtype)
        if isinstance(v, (tirx.IntImm, tirx.FloatImm)) and "x" not in dt:
            if dt.startswith(("float", "bfloat")):
                return tirx.FloatImm(dt, float(v.value))
            if dt.startswith(("int", "uint")) and isinstance(v, tirx.IntImm):
                return tirx.IntImm(dt, int(v.value))
        if str(v.ty.dtype) == dt:
            return v
    if name == "FloorDiv":
        return tirx.floordiv(e.a, e.b)
    if name == "FloorMod":
        return tirx.floormod(e.a, e.b)
    return e


def _known_lower_bound(e):
    """A lower bound of an integer expression known from its type alone (a cast
    boolean is 0 or 1, an unsigned integer is not negative), else None."""
    if isinstance(e, tirx.Cast) and str(e.value.ty.dtype) == "bool":
        return 0
    if str(e.ty.dtype).startswith("uint") or str(e.ty.dtype) == "bool":
        return 0
    return None


def _simplify_node(e):
    e = _refold(e)
    if isinstance(e, tirx.NE) and _int(e.a):
        # `x != c` where `x >= c` is known: `c < x` (TVM's rewrite of a comparison
        # with its bound).
        c = _const(e.b)
        lower = _known_lower_bound(e.a)
        if c is not None and lower is not None and lower >= c:
            return tirx.LT(e.b, e.a)
    if not isinstance(e, _NODE_TYPES):
        return e
    return _rewrite(e)


_NODE_TYPES = (
    tirx.GE, tirx.GT, tirx.LT, tirx.LE, tirx.EQ, tirx.Sub, tirx.Add, tirx.FloorDiv, tirx.FloorMod,
    tirx.Select, tirx.Max, tirx.Min,
)
_NODE_TYPES = _NODE_TYPES + (tirx.Mul, tirx.Div)
_MAPPED = _NODE_TYPES + (tirx.NE, tirx.And, tirx.Or, tirx.Cast)


# ---- canonical sums (TVM's canonical simplifier's normal form of linear sums)
#
# A sum is a constant `base` plus terms `scale * (index % upper // lower)`; equal
# terms merge; it is written with the positive terms first (by descending scale,
# then descending lower and upper factor, otherwise in order of appearance), then a
# positive base, then the negative terms subtracted, then a negative base.

_INF = float("inf")


class _Term:
    __slots__ = ("index", "lower", "upper", "scale")

    def __init__(self, index, lower, upper, scale):
        self.index, self.lower, self.upper, self.scale = index, lower, upper, scale

    def same(self, other):
        return self.lower == other.lower and self.upper == other.upper and _same(self.index, other.index)

    def expr(self, sign, like):
        res = self.index
        if self.upper != _INF:
            res = tirx.floormod(res, _c(self.upper, like))
        if self.lower != 1:
            res = tirx.floordiv(res, _c(self.lower, like))
        k = self.scale * sign
        return res if k == 1 else res * _c(k, like)


def _term_of(e):
    """An atom as a term: `x % u // l`, `x // l`, `x % u` keep their factors."""
    if isinstance(e, tirx.FloorDiv) and (_const(e.b) or 0) > 0:
        lower = _const(e.b)
        x = e.a
        if isinstance(x, tirx.FloorMod) and (_const(x.b) or 0) > 0 and _const(x.b) % lower == 0:
            return _Term(x.a, lower, _const(x.b), 1)
        return _Term(x, lower, _INF, 1)
    if isinstance(e, tirx.FloorMod) and (_const(e.b) or 0) > 0:
        return _Term(e.a, 1, _const(e.b), 1)
    return _Term(e, 1, _INF, 1)


def _linear(e, scale, terms, base):
    """Adds `scale * e` into `terms` (a list) and returns the new base."""
    c = _const(e)
    if c is not None:
        return base + scale * c
    if isinstance(e, tirx.Add):
        return _linear(e.b, scale, terms, _linear(e.a, scale, terms, base))
    if isinstance(e, tirx.Sub):
        return _linear(e.b, -scale, terms, _linear(e.a, scale, terms, base))
    if isinstance(e, tirx.Mul):
        m = _split_mul(e)
        if m is not None:
            return _linear(m[0], scale * m[1], terms, base)
    if isinstance(e, tirx.Cast) and _int(e) and _int(e.value):
        # A widening cast of a sum is the sum of the casts.
        v, dt = e.value, str(e.ty.dtype)
        if _bits_of(dt) >= _bits_of(str(v.ty.dtype)):
            if isinstance(v, (tirx.Add, tirx.Sub)):
                return _linear(type(v)(tirx.Cast(dt, v.a), tirx.Cast(dt, v.b)), scale, terms, base)
            m = _split_mul(v)
            if m is not None:
                return _linear(tirx.Cast(dt, m[0]), scale * m[1], terms, base)
            if _const(v) is not None:
                return base + scale * _const(v)
    if isinstance(e, (tirx.FloorDiv, tirx.FloorMod)) and (_const(e.b) or 0) > 0:
        # `(c * X + b) // c` is `X + b // c` and `(c * X + b) % c` is `b % c`, for
        # floor division, whatever the signs (TVM's divisible-part separation).
        c = _const(e.b)
        inner = []
        b0 = _linear(e.a, 1, inner, 0)
        inner = [t for t in inner if t.scale != 0]
        if inner and all(t.scale % c == 0 for t in inner):
            if isinstance(e, tirx.FloorMod):
                return base + scale * (b0 % c)
            for t in inner:
                t.scale = t.scale // c * scale
                _add_term(terms, t)
            return base + scale * (b0 // c)
    t = _term_of(e)
    t.scale = scale
    _add_term(terms, t)
    return base


def _add_term(terms, t):
    for u in terms:
        if u.same(t):
            u.scale += t.scale
            return
    terms.append(t)


def _canonical_sum(e):
    if not _int(e) or "x" in str(e.ty.dtype):
        return e
    terms = []
    base = _linear(e, 1, terms, 0)
    terms = [t for t in terms if t.scale != 0]

    order = sorted(range(len(terms)), key=lambda i: (-terms[i].scale, -terms[i].lower, -terms[i].upper, i))
    terms = [terms[i] for i in order]
    res = None
    for t in terms:
        if t.scale > 0:
            x = t.expr(1, e)
            res = x if res is None else res + x
    if base > 0:
        res = _c(base, e) if res is None else res + _c(base, e)
    for t in terms:
        if t.scale < 0:
            x = t.expr(-1, e)
            res = (_c(0, e) if res is None else res) - x
    if base < 0:
        res = _c(base, e) if res is None else res - _c(-base, e)
    if res is None:
        res = _c(0, e)
    return res


def _bits_of(dt):
    digits = "".join(ch for ch in dt if ch.isdigit())
    return int(digits) if digits else 32


def _canonical_node(e):
    if isinstance(e, (tirx.Add, tirx.Sub, tirx.Mul)):
        return _canonical_sum(e)
    return e


def simplify_expr(expr):
    """`expr` rewritten bottom-up by the rules above, its integer sums then written
    in canonical order."""
    if isinstance(expr, (int, float, bool)) or expr is None:
        return expr
    if not isinstance(expr, ir.PrimExpr if hasattr(ir, "PrimExpr") else tirx.Expr):
        return expr
    # As TVM's Analyzer.simplify: canonical form, rewrite rules, canonical form.
    out = _canonical(expr)
    out = structural_map(out, [(t, _simplify_node) for t in _MAPPED])
    return _canonical(out)


def _canonical(expr):
    return structural_map(expr, [(t, _canonical_node) for t in (tirx.Add, tirx.Sub, tirx.Mul)])


class Analyzer:
    """TVM's `arith.Analyzer`, for simplification only (no bound facts are kept)."""

    def __init__(self):
        self._bound = {}

    def bind(self, var, expr, allow_override=False):
        self._bound[var] = expr

    def simplify(self, expr, steps=2):
        return simplify_expr(expr)

    def rewrite_simplify(self, expr):
        return simplify_expr(expr)

    def canonical_simplify(self, expr):
        return simplify_expr(expr)

    def can_prove_equal(self, lhs, rhs):
        return _same(simplify_expr(lhs - rhs), _c(0, lhs)) if _int(lhs) else False
