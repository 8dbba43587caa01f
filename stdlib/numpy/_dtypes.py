"""NumPy's element types: `dtype`, the scalar types (`np.float32(1.5)`) and the
promotion rules of NumPy 2 (NEP 50: Python numbers are weak)."""
import _tvmscript_numpy as _n

_INFO = {
    # name: (kind, itemsize, char, str)
    "bool": ("b", 1, "?", "|b1"),
    "int8": ("i", 1, "b", "|i1"),
    "int16": ("i", 2, "h", "<i2"),
    "int32": ("i", 4, "i", "<i4"),
    "int64": ("i", 8, "l", "<i8"),
    "uint8": ("u", 1, "B", "|u1"),
    "uint16": ("u", 2, "H", "<u2"),
    "uint32": ("u", 4, "I", "<u4"),
    "uint64": ("u", 8, "L", "<u8"),
    "float16": ("f", 2, "e", "<f2"),
    "float32": ("f", 4, "f", "<f4"),
    "float64": ("f", 8, "d", "<f8"),
}

_ALIASES = {
    "float": "float64", "double": "float64", "single": "float32", "half": "float16",
    "int": "int64", "long": "int64", "intp": "int64", "int_": "int64", "uint": "uint64", "uintp": "uint64",
    "bool_": "bool", "b1": "bool", "?": "bool", "byte": "int8", "ubyte": "uint8", "short": "int16",
    "ushort": "uint16", "intc": "int32", "uintc": "uint32", "longlong": "int64", "ulonglong": "uint64",
}
for _name, (_k, _size, _ch, _s) in _INFO.items():
    _ALIASES[_ch] = _name
    _ALIASES[_s] = _name
    _ALIASES[_s[1:]] = _name
    if _s[0] == "<":
        _ALIASES["=" + _s[1:]] = _name

_cache = {}


class dtype:
    """An element type (`np.dtype("float32")`)."""

    __slots__ = ("name", "kind", "itemsize", "char", "str")
    __module__ = "numpy"

    def __new__(cls, spec, align=False, copy=False):
        name = _dtype_name(spec)
        d = _cache.get(name)
        if d is None:
            d = object.__new__(cls)
            d.name = name
            d.kind, d.itemsize, d.char, d.str = _INFO[name]
            _cache[name] = d
        return d

    @property
    def type(self):
        return _SCALARS[self.name]

    @property
    def alignment(self):
        return self.itemsize

    @property
    def byteorder(self):
        return "|" if self.itemsize == 1 else "="

    @property
    def num(self):
        return list(_INFO).index(self.name)

    @property
    def descr(self):
        return [("", self.str)]

    @property
    def base(self):
        return self

    @property
    def shape(self):
        return ()

    @property
    def names(self):
        return None

    @property
    def fields(self):
        return None

    def __repr__(self):
        return "dtype(%r)" % self.name

    def __str__(self):
        return self.name

    def __eq__(self, other):
        if isinstance(other, dtype):
            return self is other
        try:
            return self.name == _dtype_name(other)
        except TypeError:
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return (dtype, (self.name,))


def _dtype_name(spec):
    if isinstance(spec, dtype):
        return spec.name
    if spec is None:
        return "float64"
    if isinstance(spec, type):
        if issubclass(spec, generic) and getattr(spec, "_name", None):
            return spec._name
        if spec is bool:
            return "bool"
        if spec is int:
            return "int64"
        if spec is float:
            return "float64"
        raise TypeError("Cannot interpret '%r' as a data type" % (spec,))
    if isinstance(spec, str):
        if spec in _INFO:
            return spec
        if spec in _ALIASES:
            return _ALIASES[spec]
        raise TypeError("data type %r not understood" % spec)
    d = getattr(spec, "dtype", None)
    if isinstance(d, dtype):
        return d.name
    raise TypeError("Cannot interpret '%r' as a data type" % (spec,))


def _is_float(name):
    return _INFO[name][0] == "f"


def _bits(name):
    return _INFO[name][1] * 8


_SIGNED = ["int8", "int16", "int32", "int64"]
_UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
_FLOATS = ["float16", "float32", "float64"]


def promote_types(a, b):
    """The smallest type both types cast to safely (NumPy's promotion table)."""
    a, b = _dtype_name(a), _dtype_name(b)
    return dtype(_promote(a, b))


def _promote(a, b):
    if a == b:
        return a
    if a == "bool":
        return b
    if b == "bool":
        return a
    ka, kb = _INFO[a][0], _INFO[b][0]
    if ka == "f" or kb == "f":
        fa = a if ka == "f" else _int_float(a)
        fb = b if kb == "f" else _int_float(b)
        return fa if _bits(fa) >= _bits(fb) else fb
    if ka == kb:
        return a if _bits(a) >= _bits(b) else b
    s, u = (a, b) if ka == "i" else (b, a)
    if _bits(s) > _bits(u):
        return s
    if _bits(u) == 64:
        return "float64"
    return "int%d" % (_bits(u) * 2)


def _int_float(name):
    # The float an integer type promotes to against a smaller float.
    return {1: "float16", 2: "float32"}.get(_INFO[name][1], "float64")


def _py_kind(x):
    """The kind of a Python number (weak in promotion), or None."""
    if isinstance(x, generic):
        return None
    if isinstance(x, bool):
        return "b"
    if isinstance(x, int):
        return "i"
    if isinstance(x, float):
        return "f"
    return None


def _weak(name, kind, value=None):
    """The type of an operation between an array of `name` and a Python number of `kind`."""
    k = _INFO[name][0]
    if kind == "b":
        return name
    if kind == "i":
        if k == "b":
            return "int64"
        if k in "iu" and value is not None:
            _check_int_range(value, name)
        return name
    # float
    return name if k == "f" else "float64"


_LIMITS = {}
for _name in _SIGNED:
    _b = _bits(_name)
    _LIMITS[_name] = (-(1 << (_b - 1)), (1 << (_b - 1)) - 1)
for _name in _UNSIGNED:
    _LIMITS[_name] = (0, (1 << _bits(_name)) - 1)


def _check_int_range(value, name):
    lo, hi = _LIMITS[name]
    if not lo <= value <= hi:
        raise OverflowError("Python integer %d out of bounds for %s" % (value, name))


def result_type(*args):
    """The type of an operation on `args` (arrays, types, Python numbers)."""
    strong = []
    weak = []
    for a in args:
        k = _py_kind(a)
        if k is not None:
            weak.append((k, a))
            continue
        strong.append(_type_of(a))
    if not strong:
        kinds = [k for k, _ in weak]
        return dtype("float64" if "f" in kinds else "int64" if "i" in kinds else "bool")
    out = strong[0]
    for s in strong[1:]:
        out = _promote(out, s)
    for k, v in weak:
        out = _weak(out, k)
    return dtype(out)


def _type_of(a):
    d = getattr(a, "dtype", None)
    if isinstance(d, dtype):
        return d.name
    return _dtype_name(a)


# ---------------------------------------------------------------------------
# Scalar types


class generic:
    """A NumPy scalar: a value of one element type (`np.float32(1.5)`)."""

    __module__ = "numpy"
    __slots__ = ()
    _name = None

    @property
    def dtype(self):
        return dtype(self._name)

    @property
    def shape(self):
        return ()

    @property
    def ndim(self):
        return 0

    @property
    def size(self):
        return 1

    @property
    def itemsize(self):
        return _INFO[self._name][1]

    @property
    def nbytes(self):
        return _INFO[self._name][1]

    @property
    def T(self):
        return self

    @property
    def real(self):
        return self

    def item(self, *args):
        return self._value()

    def tolist(self):
        return self._value()

    def astype(self, t, copy=True):
        return _mod().asarray(self).astype(t)[()]

    def reshape(self, *shape):
        return _mod().asarray(self).reshape(*shape)

    def flatten(self):
        return _mod().asarray(self).reshape(1)

    def _arr(self):
        return _mod().asarray(self)

    def __tvmscript_tensor__(self):
        return self._arr().__tvmscript_tensor__()

    def __repr__(self):
        return "np.%s(%s)" % (type(self).__name__, _scalar_str(self))

    def __str__(self):
        return _scalar_str(self)

    def __format__(self, spec):
        return format(self._value(), spec)

    def __hash__(self):
        return hash(self._value())

    def __bool__(self):
        return bool(self._value())

    def __float__(self):
        return float(self._value())

    def __int__(self):
        return int(self._value())

    def __round__(self, ndigits=None):
        v = self._value()
        if ndigits is None:
            return round(v)
        return type(self)(round(v, ndigits))

    def __array_priority__(self):
        return -1

    def __getattr__(self, name):
        # The array methods a scalar shares (`x.sum()`, `x.max()` …).
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._arr(), name)

    def __getitem__(self, key):
        return self._arr()[key]

    def __reduce__(self):
        return (type(self), (self._value(),))


def _mod():
    import numpy
    return numpy


def _scalar_str(x):
    from . import _print
    return _print.scalar_str(x)


def _binop(name, reflected=False):
    def op(self, other):
        np = _mod()
        fn = np._BINARY_FUNCS[name]
        r = fn(other, self) if reflected else fn(self, other)
        return r
    op.__name__ = name
    return op


def _unop(name):
    def op(self):
        return getattr(_mod(), name)(self)
    op.__name__ = name
    return op


_OPS = [
    ("__add__", "add"), ("__sub__", "subtract"), ("__mul__", "multiply"), ("__truediv__", "true_divide"),
    ("__floordiv__", "floor_divide"), ("__mod__", "remainder"), ("__pow__", "power"),
    ("__and__", "bitwise_and"), ("__or__", "bitwise_or"), ("__xor__", "bitwise_xor"),
    ("__lshift__", "left_shift"), ("__rshift__", "right_shift"), ("__matmul__", "matmul"),
]
_CMPS = [("__eq__", "equal"), ("__ne__", "not_equal"), ("__lt__", "less"), ("__le__", "less_equal"),
         ("__gt__", "greater"), ("__ge__", "greater_equal")]


def _install_ops(cls):
    for dunder, fn in _OPS:
        setattr(cls, dunder, _binop(fn))
        setattr(cls, "__r" + dunder[2:], _binop(fn, reflected=True))
    for dunder, fn in _CMPS:
        setattr(cls, dunder, _binop(fn))
    cls.__neg__ = _unop("negative")
    cls.__pos__ = _unop("positive")
    cls.__abs__ = _unop("absolute")
    cls.__invert__ = _unop("invert")


_install_ops(generic)
generic.__hash__ = lambda self: hash(self._value())


class number(generic):
    __slots__ = ()


class integer(number):
    __slots__ = ()

    def __index__(self):
        return self._v

    def _value(self):
        return self._v

    def is_integer(self):
        return True


class signedinteger(integer):
    __slots__ = ()


class unsignedinteger(integer):
    __slots__ = ()


class inexact(number):
    __slots__ = ()


class floating(inexact):
    __slots__ = ()

    def is_integer(self):
        return float(self).is_integer()


def _int_new(cls, value=0):
    if isinstance(value, (list, tuple)) or hasattr(value, "_c"):
        return _mod().asarray(value, dtype=cls._name)
    if isinstance(value, str):
        value = int(value)
    if isinstance(value, generic):
        value = value._value()
    if isinstance(value, float):
        value = _n.wrap_to(value, cls._name)
    elif isinstance(value, int) and not isinstance(value, bool):
        _check_int_range(value, cls._name)
    self = object.__new__(cls)
    self._v = int(value)
    return self


def _make_int(name, base):
    cls = type(name, (base,), {"__slots__": ("_v",), "_name": name, "__module__": "numpy", "__new__": _int_new})
    return cls


int8 = _make_int("int8", signedinteger)
int16 = _make_int("int16", signedinteger)
int32 = _make_int("int32", signedinteger)
int64 = _make_int("int64", signedinteger)
uint8 = _make_int("uint8", unsignedinteger)
uint16 = _make_int("uint16", unsignedinteger)
uint32 = _make_int("uint32", unsignedinteger)
uint64 = _make_int("uint64", unsignedinteger)


def _float_new(cls, value=0.0):
    if isinstance(value, (list, tuple)) or hasattr(value, "_c"):
        return _mod().asarray(value, dtype=cls._name)
    if isinstance(value, generic):
        value = value._value()
    return cls._make(_n.round_to(float(value), cls._name))


class float16(floating):
    __slots__ = ("_v",)
    _name = "float16"
    __new__ = _float_new

    @classmethod
    def _make(cls, v):
        self = object.__new__(cls)
        self._v = v
        return self

    def _value(self):
        return self._v


class float32(floating):
    __slots__ = ("_v",)
    _name = "float32"
    __new__ = _float_new
    _make = float16.__dict__["_make"]

    def _value(self):
        return self._v


class float64(floating, float):
    """NumPy's double: a Python float too, as in NumPy."""

    __slots__ = ()
    _name = "float64"

    def __new__(cls, value=0.0):
        if isinstance(value, (list, tuple)) or hasattr(value, "_c"):
            return _mod().asarray(value, dtype="float64")
        if isinstance(value, generic):
            value = value._value()
        return float.__new__(cls, value)

    @classmethod
    def _make(cls, v):
        return float.__new__(cls, v)

    __float__ = float.__float__
    __int__ = float.__int__
    __bool__ = float.__bool__
    __hash__ = float.__hash__

    def _value(self):
        return float.__float__(self)


class bool_(generic):
    __slots__ = ("_v",)
    _name = "bool"

    def __new__(cls, value=False):
        if isinstance(value, (list, tuple)) or hasattr(value, "_c"):
            return _mod().asarray(value, dtype="bool")
        v = bool(value)
        return True_ if v else False_

    def _value(self):
        return self._v

    def __index__(self):
        return int(self._v)

    def __repr__(self):
        return "np.True_" if self._v else "np.False_"


bool_.__name__ = "bool"
bool_.__qualname__ = "bool"
True_ = object.__new__(bool_)
True_._v = True
False_ = object.__new__(bool_)
False_._v = False

_SCALARS = {
    "bool": bool_, "int8": int8, "int16": int16, "int32": int32, "int64": int64,
    "uint8": uint8, "uint16": uint16, "uint32": uint32, "uint64": uint64,
    "float16": float16, "float32": float32, "float64": float64,
}


def scalar(name, value):
    """The NumPy scalar of type `name` holding a Python number already of that type."""
    cls = _SCALARS[name]
    if name == "bool":
        return True_ if value else False_
    if _INFO[name][0] == "f":
        return cls._make(value)
    self = object.__new__(cls)
    self._v = value
    return self


class finfo:
    """Machine limits of a float type."""

    _TABLE = {
        "float16": (10, 5, 3, 6.1035e-05, 65504.0, 0.000977),
        "float32": (23, 8, 6, 1.1754944e-38, 3.4028235e38, 1.1920929e-07),
        "float64": (52, 11, 15, 2.2250738585072014e-308, 1.7976931348623157e308, 2.220446049250313e-16),
    }

    def __init__(self, t):
        name = _type_of(t) if not isinstance(t, (str, type, dtype)) else _dtype_name(t)
        if not _is_float(name):
            raise ValueError("data type %r not inexact" % name)
        self.dtype = dtype(name)
        self.nmant, nexp, self.precision, tiny, mx, eps = self._TABLE[name]
        self.bits = _bits(name)
        self.tiny = self.smallest_normal = scalar(name, _n.round_to(tiny, name))
        self.max = scalar(name, _n.round_to(mx, name))
        self.min = scalar(name, -_n.round_to(mx, name))
        self.eps = scalar(name, _n.round_to(eps, name))
        self.resolution = scalar(name, _n.round_to(10.0 ** -self.precision, name))


class iinfo:
    """Machine limits of an integer type."""

    def __init__(self, t):
        name = _type_of(t) if not isinstance(t, (str, type, dtype)) else _dtype_name(t)
        if _INFO[name][0] not in "iu":
            raise ValueError("Invalid integer data type %r." % _INFO[name][0])
        self.dtype = dtype(name)
        self.bits = _bits(name)
        self.min, self.max = _LIMITS[name]
        self.kind = _INFO[name][0]

    def __repr__(self):
        return "iinfo(min=%d, max=%d, dtype=%s)" % (self.min, self.max, self.dtype.name)
