"""Tile layouts: `T.TileLayout(T.S[(4, 8):(8, 1)] + T.R[...] + offset)`, named axes
(`Axis.laneid`, printed scripts import them as `from tvm.tirx.layout import Axis`),
`value @ Axis.X` strides and offsets, and `T.ComposeLayout` swizzles. The spec
objects are Python; the layouts themselves are native IR."""
import _tvmscript

_impl = _tvmscript.namespace("tirx._impl")


class _AxisRef:
    """`Axis.<name>`: a named axis usable as `value @ Axis.<name>`."""

    __slots__ = ("native",)

    def __init__(self, native):
        self.native = native

    def __rmatmul__(self, value):
        return _OnAxis(value, self)

    @property
    def name(self):
        return self.native.name

    def __eq__(self, other):
        return isinstance(other, _AxisRef) and self.native.same_as(other.native)

    def __hash__(self):
        return hash(self.native.name)

    def __repr__(self):
        return "Axis." + self.native.name


def _axis(x):
    if isinstance(x, _AxisRef):
        return x.native
    if isinstance(x, str):
        return _impl.axis(x)
    return x


class _AxisMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _AxisRef(_impl.axis(name))


class Axis(metaclass=_AxisMeta):
    """Named layout axes: `Axis.laneid`, `Axis.warpid`, `Axis.m`; `Axis.get("name")`."""

    def __new__(cls, name):
        return _AxisRef(_impl.axis(name))

    @staticmethod
    def get(name):
        return _AxisRef(_impl.axis(name))


class _OnAxis:
    """`value @ Axis.X`: a stride or offset term on an axis."""

    __slots__ = ("value", "axis")

    def __init__(self, value, axis):
        self.value = value
        self.axis = axis

    def __add__(self, other):
        return _OffsetExpr({self.axis: self.value}) + other

    def __radd__(self, other):
        return self.__add__(other)


class _OffsetExpr:
    """A sum of axis terms; plain values are on the memory axis `m`."""

    def __init__(self, terms=None):
        self.terms = dict(terms or {})

    def _add_term(self, axis, value):
        if axis in self.terms:
            self.terms[axis] = self.terms[axis] + value
        else:
            self.terms[axis] = value

    def __add__(self, other):
        res = _OffsetExpr(self.terms)
        if isinstance(other, _OffsetExpr):
            for ax, v in other.terms.items():
                res._add_term(ax, v)
        elif isinstance(other, _OnAxis):
            res._add_term(other.axis, other.value)
        else:
            res._add_term(Axis.get("m"), other)
        return res

    def __radd__(self, other):
        return self.__add__(other)


def _to_offset_expr(x):
    if isinstance(x, _OffsetExpr):
        return x
    if isinstance(x, _OnAxis):
        return _OffsetExpr({x.axis: x.value})
    return _OffsetExpr({Axis.get("m"): x})


def _merge_offset(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return _to_offset_expr(a) + _to_offset_expr(b)


def _is_offset_like(x):
    return isinstance(x, (_OnAxis, _OffsetExpr, int)) or isinstance(x, _tvmscript.Object)


class _LayoutSpec:
    """`S[shape:stride] + R[shape:stride] + offset`."""

    __slots__ = ("shard", "replica", "offset")

    def __init__(self, shard=None, replica=None, offset=None):
        self.shard = shard
        self.replica = replica
        self.offset = offset

    def __add__(self, other):
        if isinstance(other, _LayoutSpec):
            return _LayoutSpec(
                shard=self.shard or other.shard,
                replica=other.replica if other.replica else self.replica,
                offset=_merge_offset(self.offset, other.offset),
            )
        if _is_offset_like(other):
            return _LayoutSpec(self.shard, self.replica, _merge_offset(self.offset, other))
        return NotImplemented

    def __radd__(self, other):
        if _is_offset_like(other):
            return _LayoutSpec(self.shard, self.replica, _merge_offset(other, self.offset))
        return NotImplemented


def _to_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


class _SpecBuilder:
    """`S[8 : 4 @ Axis.laneid]`, `S[(8, 4):(4, 1)]`, `S[8, 4]` (extents only)."""

    __slots__ = ("_kind",)

    def __init__(self, kind):
        self._kind = kind

    def __getitem__(self, key):
        if isinstance(key, slice):
            pair = (_to_tuple(key.start), _to_tuple(key.stop))
        elif isinstance(key, (tuple, list)):
            pair = (tuple(key), None)
        else:
            pair = ((key,), None)
        if self._kind == "shard":
            return _LayoutSpec(shard=pair)
        return _LayoutSpec(replica=pair)


S = _SpecBuilder("shard")
R = _SpecBuilder("replica")


def Iter(extent, stride, axis):  # noqa: N802 (TVM's constructor name)
    return _impl.iter(extent, stride, _axis(axis))


def _spec_to_iters(pair):
    if pair is None:
        return []
    shape, strides = pair
    if strides is None:
        strides = _impl.default_strides(list(shape))
    result = []
    for e, s in zip(shape, strides):
        if isinstance(s, _OnAxis):
            result.append(Iter(e, s.value, s.axis))
        elif isinstance(s, str):
            result.append(Iter(e, 1, s))
        elif isinstance(s, tuple):
            result.append(Iter(e, s[0], s[1]))
        else:
            result.append(Iter(e, s, "m"))
    return result


class _TileLayoutCtor:
    """`T.TileLayout(spec)` and `T.TileLayout.from_iters(shard, replica, offset)`."""

    def __call__(self, spec):
        shard = _spec_to_iters(spec.shard)
        replica = _spec_to_iters(spec.replica)
        offset = {}
        if spec.offset is not None:
            offset = {_axis(k): v for k, v in _to_offset_expr(spec.offset).terms.items()}
        return _impl.tile_layout(shard, replica, offset)

    @staticmethod
    def from_iters(shard=(), replica=(), offset=None):
        offset = {_axis(k): v for k, v in (offset or {}).items()}
        return _impl.tile_layout(list(shard), list(replica), offset)


TileLayout = _TileLayoutCtor()


def ComposeLayout(per_element, swizzle_len, atom_len, tile_layout, swizzle_inner=True):  # noqa: N802
    return _impl.compose_layout(per_element, swizzle_len, atom_len, tile_layout, swizzle_inner)
