"""Iterator (quasi-)affine maps (TVM 0.27's `tvm.sym.iter_affine_map`): detecting
index expressions as sums of splits of iterators. The detection is native
(`sym._iter_map`); these classes hold its results."""
from enum import IntEnum

import _tvmscript

_impl = _tvmscript.namespace("sym._iter_map")


def _dtype(e):
    try:
        return str(e.ty.dtype)
    except AttributeError:
        return "int32"


class IterMapExpr:
    """Base class of the iterator forms."""

    span = None


class IterMark:
    """An iterator over `[0, extent)` whose value is `source`."""

    def __init__(self, source, extent):
        self.source = source
        self.extent = extent

    def _tuple(self):
        src = self.source._tuple() if isinstance(self.source, IterSumExpr) else self.source
        return ("mark", 0, src, self.extent)

    def __repr__(self):
        return f"sym.IterMark(source={_show(self.source)}, extent={self.extent})"

    __str__ = __repr__

    def same_as(self, other):
        return self is other


class IterSplitExpr(IterMapExpr):
    """`floormod(floordiv(source, lower_factor), extent) * scale` of a mark."""

    def __init__(self, source, lower_factor, extent, scale):
        self.source = source
        self.lower_factor = lower_factor
        self.extent = extent
        self.scale = scale

    @property
    def ty(self):
        return self.scale.ty

    def _tuple(self):
        return ("split", self.source._tuple(), self.lower_factor, self.extent, self.scale)

    def __repr__(self):
        return (
            f"sym.IterSplitExpr(span=None, ty=T.{_dtype(self.scale)}, source={self.source!r}, "
            f"lower_factor={self.lower_factor}, extent={self.extent}, scale={self.scale})"
        )

    __str__ = __repr__


class IterSumExpr(IterMapExpr):
    """`sum(args) + base`."""

    def __init__(self, args, base):
        self.args = tuple(args)
        self.base = base

    @property
    def ty(self):
        return self.base.ty

    def _tuple(self):
        return ("sum", [a._tuple() for a in self.args], self.base)

    def __repr__(self):
        args = ", ".join(repr(a) for a in self.args)
        if len(self.args) == 1:
            args += ","
        return f"sym.IterSumExpr(span=None, ty=T.{_dtype(self.base)}, args=({args}), base={self.base})"

    __str__ = __repr__


def _show(x):
    return repr(x) if isinstance(x, (IterMapExpr, IterMark)) else str(x)


class IterMapResult:
    """What detection found: `indices` (empty when it failed), `errors`, and
    `padding_predicate`."""

    def __init__(self, indices, errors, padding_predicate):
        self.indices = indices
        self.errors = errors
        self.padding_predicate = padding_predicate


class IterMapLevel(IntEnum):
    """Possible kinds of iter mapping check level."""

    Bijective = 0
    Surjective = 1
    NoCheck = 3

    @staticmethod
    def from_str(name: str):
        """Helper to create level enum from string"""
        if name is None:
            return IterMapLevel.NoCheck
        name = name.lower()
        if name == "bijective":
            check_level = IterMapLevel.Bijective
        elif name == "surjective":
            check_level = IterMapLevel.Surjective
        elif name == "nocheck":
            check_level = IterMapLevel.NoCheck
        else:
            raise ValueError(f"Unknown check level {name}")
        return check_level


def _from_tuple(t, marks):
    kind = t[0]
    if kind == "sum":
        return IterSumExpr([_from_tuple(a, marks) for a in t[1]], t[2])
    if kind == "split":
        return IterSplitExpr(_from_tuple(t[1], marks), t[2], t[3], t[4])
    mark = marks.get(t[1])
    if mark is None:
        src = t[2]
        if isinstance(src, tuple):
            src = _from_tuple(src, marks)
        mark = marks[t[1]] = IterMark(src, t[3])
    return mark


def _level(check_level):
    if isinstance(check_level, str):
        return IterMapLevel.from_str(check_level)
    if check_level is None:
        return IterMapLevel.NoCheck
    return check_level


def _iters(input_iters):
    return [(v, r.min, r.extent) for v, r in input_iters.items()]


def _pred(predicate):
    from tvm import tirx

    if isinstance(predicate, bool):
        return tirx.const(predicate, "bool")
    return predicate


def detect_iter_map(
    indices,
    input_iters,
    predicate=True,
    check_level=IterMapLevel.Surjective,
    simplify_trivial_iterators=True,
    analyzer=None,
):
    """Detect if indices can be written as mapped iters from input iters.
    Returns an `IterMapResult`; its `indices` are empty when no match is found."""
    level = int(_level(check_level))
    found, errors, padding = _impl.detect(
        list(indices), _iters(input_iters), _pred(predicate), level, bool(simplify_trivial_iterators)
    )
    marks = {}
    return IterMapResult([_from_tuple(t, marks) for t in found], errors, padding)


def iter_map_simplify(
    indices,
    input_iters,
    predicate=True,
    check_level=IterMapLevel.Surjective,
    simplify_trivial_iterators=True,
    analyzer=None,
):
    """Simplify the indices using iter map detection (unchanged when none is found)."""
    level = int(_level(check_level))
    return tuple(
        _impl.simplify(list(indices), _iters(input_iters), _pred(predicate), level, bool(simplify_trivial_iterators))
    )


def normalize_iter_map_to_expr(expr):
    """The ordinary expression an `IterSumExpr` or `IterSplitExpr` stands for."""
    if isinstance(expr, (IterSumExpr, IterSplitExpr)):
        return _impl.normalize(expr._tuple())
    return _impl.normalize(expr)
