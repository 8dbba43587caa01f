"""NumPy, as far as IR work uses it: n-dimensional arrays of bools, integers and
floats (the storage and kernels are native, `_tvmscript_numpy`), NumPy 2's type
promotion, indexing, broadcasting arithmetic, reductions, printing, `np.testing`
and the legacy random generator (`np.random.seed`) drawing NumPy's numbers."""
import builtins as _b
import math as _math

import _tvmscript_numpy as _n

from ._dtypes import (  # noqa: F401
    dtype, promote_types, result_type, finfo, iinfo, generic, number, integer, signedinteger,
    unsignedinteger, inexact, floating, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
    float16, float32, float64, bool_, True_, False_,
)
from . import _dtypes as _dt

__version__ = "2.4.6"

bool = bool_  # noqa: A001 (NumPy 2's name)
int_ = intp = long = longlong = int64
uint = uintp = ulong = ulonglong = uint64
intc = int32
uintc = uint32
short = int16
ushort = uint16
byte = int8
ubyte = uint8
half = float16
single = float32
double = float64
newaxis = None
nan = float("nan")
inf = float("inf")
pi = _math.pi
e = _math.e
euler_gamma = 0.5772156649015329

_Core = _n._Core


def _wrap(core):
    a = object.__new__(ndarray)
    a._c = core
    return a


def _leaf_kind(x):
    if isinstance(x, generic):
        return x._name
    return None


def _discover(obj, shape, depth, leaves, kinds):
    """Walk nested sequences: their shape, and their leaves in row-major order."""
    if isinstance(obj, ndarray):
        s = obj.shape
        _set_dims(shape, depth, s)
        leaves.extend(obj._c.lanes())
        kinds.add(obj.dtype.name)
        return
    if isinstance(obj, (list, tuple)):
        n = len(obj)
        _set_dims(shape, depth, (n,))
        for x in obj:
            _discover(x, shape, depth + 1, leaves, kinds)
        if n == 0 and len(shape) == depth + 1:
            pass
        return
    if len(shape) > depth and shape[depth] is not None:
        raise ValueError(
            "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions." % depth
        )
    if len(shape) == depth:
        shape.append(None)
    if isinstance(obj, generic):
        kinds.add(obj._name)
        leaves.append(obj._value())
        return
    if isinstance(obj, _b.bool):
        kinds.add("pybool")
    elif isinstance(obj, int):
        kinds.add("pyint")
        if not -(1 << 63) <= obj < (1 << 63):
            kinds.add("pybigint")
    elif isinstance(obj, float):
        kinds.add("pyfloat")
    elif hasattr(obj, "__tvmscript_tensor__"):
        arr = asarray(obj)
        _set_dims(shape, depth, arr.shape)
        leaves.extend(arr._c.lanes())
        kinds.add(arr.dtype.name)
        return
    else:
        raise TypeError("cannot make a NumPy array of %s" % type(obj).__name__)
    leaves.append(obj)


def _set_dims(shape, depth, dims):
    for i, d in enumerate(dims):
        k = depth + i
        if len(shape) == k:
            shape.append(d)
        elif shape[k] != d:
            raise ValueError(
                "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions. The detected shape was %s + inhomogeneous part."
                % (k, tuple(shape[:k]))
            )
    if len(shape) > depth + len(dims) and shape[depth + len(dims)] is not None and not dims:
        raise ValueError("setting an array element with a sequence.")


def _default_type(kinds):
    names = [k for k in kinds if not k.startswith("py")]
    out = None
    for n in names:
        out = n if out is None else _dt._promote(out, n)
    py = "float64" if "pyfloat" in kinds else ("uint64" if "pybigint" in kinds else "int64") if "pyint" in kinds else "bool" if "pybool" in kinds else None
    if py is not None:
        out = py if out is None else _dt._promote(out, py)
    return out or "float64"


def array(obj, dtype=None, copy=True, order=None, subok=False, ndmin=0, like=None):
    """An array of `obj` (nested sequences, numbers, arrays), of `dtype` or of the
    type NumPy infers."""
    if isinstance(obj, ndarray):
        out = obj.astype(dtype) if dtype is not None else obj.copy() if copy else obj
    elif isinstance(obj, (range,)):
        out = arange(obj.start, obj.stop, obj.step, dtype=dtype)
    elif not isinstance(obj, (list, tuple, int, float, generic)) and hasattr(obj, "__tvmscript_tensor__"):
        dt, shape, data = obj.__tvmscript_tensor__()
        out = _wrap(_n.from_bytes(data, list(shape), dt))
        if dtype is not None:
            out = out.astype(dtype)
    elif not isinstance(obj, (list, tuple, int, float, generic)) and hasattr(obj, "numpy") and callable(obj.numpy):
        out = array(obj.numpy(), dtype=dtype)
    else:
        shape, leaves, kinds = [], [], set()
        _discover(obj, shape, 0, leaves, kinds)
        shape = [0 if d is None and not leaves else d for d in shape]
        while shape and shape[-1] is None:
            shape.pop()
        name = _dt._dtype_name(dtype) if dtype is not None else _default_type(kinds)
        if dtype is not None and _dt._INFO[name][0] in "iu":
            for v in leaves:
                if isinstance(v, int) and not isinstance(v, _b.bool):
                    _dt._check_int_range(v, name)
        out = _wrap(_n.from_lanes(leaves, shape, name))
    if ndmin and out.ndim < ndmin:
        out = out.reshape((1,) * (ndmin - out.ndim) + out.shape)
    return out


def asarray(a, dtype=None, order=None, copy=None, like=None):
    """`a` as an array (itself when it already is one of `dtype`)."""
    if isinstance(a, ndarray) and (dtype is None or _dt._dtype_name(dtype) == a.dtype.name):
        return a
    return array(a, dtype=dtype)


asanyarray = asarray
ascontiguousarray = asarray


def _shape_arg(shape):
    if isinstance(shape, (int, integer)):
        return (int(shape),)
    return tuple(int(d) for d in shape)


def full(shape, fill_value, dtype=None, order="C"):
    shape = _shape_arg(shape)
    v = asarray(fill_value)
    name = _dt._dtype_name(dtype) if dtype is not None else v.dtype.name
    return _wrap(v.astype(name)._c.broadcast_to(list(shape)))


def zeros(shape, dtype=float, order="C"):
    return full(shape, 0, dtype)


def ones(shape, dtype=float, order="C"):
    return full(shape, 1, dtype)


def empty(shape, dtype=float, order="C"):
    return full(shape, 0, dtype)


def _like(a, dtype, shape):
    a = asarray(a)
    return (a.dtype if dtype is None else dtype), (a.shape if shape is None else shape)


def zeros_like(a, dtype=None, order="K", subok=True, shape=None):
    d, s = _like(a, dtype, shape)
    return full(s, 0, d)


def ones_like(a, dtype=None, order="K", subok=True, shape=None):
    d, s = _like(a, dtype, shape)
    return full(s, 1, d)


def empty_like(a, dtype=None, order="K", subok=True, shape=None):
    d, s = _like(a, dtype, shape)
    return full(s, 0, d)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    d, s = _like(a, dtype, shape)
    return full(s, fill_value, d)


def arange(start, stop=None, step=None, dtype=None, like=None):
    """Evenly spaced values in [start, stop)."""
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if step == 0:
        raise ZeroDivisionError("division by zero")
    vals = [start, stop, step]
    kinds = {_dt._py_kind(v) or "x" for v in vals}
    if dtype is None:
        strong = [v for v in vals if isinstance(v, generic)]
        if strong:
            name = result_type(*vals).name
        else:
            name = "float64" if "f" in kinds else "int64"
    else:
        name = _dt._dtype_name(dtype)
    fstart, fstop, fstep = float(start), float(stop), float(step)
    n = _b.max(0, int(_math.ceil((fstop - fstart) / fstep)))
    if _dt._is_float(name) or "f" in kinds:
        # NumPy fills from the first two values: start + i * (second - first).
        delta = (fstart + fstep) - fstart
        lanes = [fstart + i * delta for i in range(n)]
    else:
        lanes = list(range(int(start), int(stop), int(step)))
    return _wrap(_n.from_lanes(lanes, [len(lanes)], name))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """`num` evenly spaced values from `start` to `stop`."""
    num = int(num)
    if num < 0:
        raise ValueError("Number of samples, %d, must be non-negative." % num)
    div = (num - 1) if endpoint else num
    start_a, stop_a = asarray(start) * 1.0, asarray(stop) * 1.0
    delta = stop_a - start_a
    y = arange(0, num, dtype=float64).reshape((-1,) + (1,) * delta.ndim)
    if div > 0:
        step = delta / div
        if _b.any(float(s) == 0 for s in step.flatten()._c.lanes()) if step.ndim else float(step) == 0:
            y = y / div * delta
        else:
            y = y * step
    else:
        step = nan
        y = y * delta
    y = y + start_a
    if endpoint and num > 1:
        y[-1, ...] = stop_a
    if dtype is not None:
        y = y.astype(dtype)
    return (y, step) if retstep else y


def eye(N, M=None, k=0, dtype=float, order="C"):
    M = N if M is None else M
    out = zeros((N, M), dtype)
    for i in range(N):
        if 0 <= i + k < M:
            out[i, i + k] = 1
    return out


def identity(n, dtype=None):
    return eye(n, dtype=float if dtype is None else dtype)


def frombuffer(buffer, dtype=float, count=-1, offset=0):
    name = _dt._dtype_name(dtype)
    data = bytes(buffer)[offset:]
    size = _dt._INFO[name][1]
    n = len(data) // size if count < 0 else count
    return _wrap(_n.from_bytes(data[: n * size], [n], name))


# ---------------------------------------------------------------------------
# Elementwise functions


def _operand(x):
    """`(core, type name, weak kind, Python value)` of an operand."""
    if isinstance(x, ndarray):
        return x._c, x.dtype.name, None, None
    k = _dt._py_kind(x)
    if k is not None:
        return None, None, k, x
    a = asarray(x)
    return a._c, a.dtype.name, None, None


def _binary_types(ta, ka, va, tb, kb, vb):
    if ta is not None and tb is not None:
        return _dt._promote(ta, tb)
    if ta is not None:
        return _dt._weak(ta, kb, vb if kb == "i" else None)
    if tb is not None:
        return _dt._weak(tb, ka, va if ka == "i" else None)
    return result_type(va, vb).name


def _core_of(core, kind, value, t):
    if core is not None:
        return core
    return _n.from_lanes([value], [], t)


def _result(core, scalar_out):
    a = _wrap(core)
    if scalar_out and a.ndim == 0:
        return a[()]
    return a


_CMP = {"equal": "eq", "not_equal": "ne", "less": "lt", "less_equal": "le", "greater": "gt", "greater_equal": "ge"}
_TO_FLOAT = {"true_divide", "arctan2", "hypot", "copysign"}
_INT_ONLY = {"bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"}
_SYMBOL = {
    "add": "+", "subtract": "-", "multiply": "*", "true_divide": "/", "floor_divide": "//", "remainder": "%",
    "power": "**", "bitwise_and": "&", "bitwise_or": "|", "bitwise_xor": "^", "left_shift": "<<",
    "right_shift": ">>", "less": "<", "less_equal": "<=", "greater": ">", "greater_equal": ">=",
}


def _float_of(t):
    return t if _dt._is_float(t) else _dt._int_float(t) if t != "bool" else "float16"


def _binary(op, a, b, dtype=None):
    ca, ta, ka, va = _operand(a)
    cb, tb, kb, vb = _operand(b)
    scalar_out = not (isinstance(a, ndarray) and a.ndim > 0) and not (isinstance(b, ndarray) and b.ndim > 0)
    if (ta is None and ka is None) or (tb is None and kb is None):
        return NotImplemented
    ct = _binary_types(ta, ka, va, tb, kb, vb)
    if dtype is not None:
        ct = _dt._dtype_name(dtype)
    x, y = _core_of(ca, ka, va, ct), _core_of(cb, kb, vb, ct)
    if op in _CMP:
        return _result(_n.binary(_CMP[op], x, y, ct, "bool"), scalar_out)
    if op in _TO_FLOAT:
        ct = "float64" if ct == "bool" or not _dt._is_float(ct) else ct
        if op != "true_divide":
            ct = _float_of(ct)
    if op in _INT_ONLY and _dt._is_float(ct):
        raise TypeError(
            "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
            % op
        )
    if op == "subtract" and ct == "bool":
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
    if op in ("floor_divide", "remainder", "power") and ct == "bool":
        ct = "int8"
    if op == "add" and ct == "bool":
        return _result(_n.binary("logical_or", x, y, "bool", "bool"), scalar_out)
    if op == "multiply" and ct == "bool":
        return _result(_n.binary("logical_and", x, y, "bool", "bool"), scalar_out)
    return _result(_n.binary(op, x, y, ct, ct), scalar_out)


def _make_binary(op):
    def f(x1, x2, out=None, dtype=None, **kwargs):
        r = _binary(op, x1, x2, dtype)
        if r is NotImplemented:
            raise TypeError("unsupported operand type(s) for %s: '%s' and '%s'" % (_SYMBOL.get(op, op), type(x1).__name__, type(x2).__name__))
        if out is not None:
            out[...] = r
            return out
        return r
    f.__name__ = op
    return f


_BINARY_FUNCS = {}
for _op in [
    "add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "maximum", "minimum",
    "fmax", "fmin", "fmod", "arctan2", "hypot", "copysign", "bitwise_and", "bitwise_or", "bitwise_xor",
    "left_shift", "right_shift", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
]:
    _BINARY_FUNCS[_op] = globals()[_op] = _make_binary(_op)
divide = true_divide
mod = remainder
bitwise_left_shift = left_shift
bitwise_right_shift = right_shift
pow = power  # noqa: A001


def matmul(a, b, out=None):
    a, b = asarray(a), asarray(b)
    ct = _dt._promote(a.dtype.name, b.dtype.name)
    return _result(_n.matmul(a._c, b._c, ct), True)


_BINARY_FUNCS["matmul"] = matmul


def dot(a, b, out=None):
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    return matmul(a, b)


def _logical(op):
    def f(x1, x2, out=None, **kwargs):
        a, b = asarray(x1), asarray(x2)
        ct = _dt._promote(a.dtype.name, b.dtype.name)
        return _result(_n.binary(op, a.astype(ct)._c, b.astype(ct)._c, ct, "bool").astype("bool"), _scalarish(x1, x2))
    f.__name__ = op
    return f


def _scalarish(*xs):
    return not _b.any(isinstance(x, ndarray) and x.ndim > 0 or isinstance(x, (list, tuple)) for x in xs)


logical_and = _logical("logical_and")
logical_or = _logical("logical_or")
logical_xor = _logical("logical_xor")


def _unary(op, to_float=False, keep_int=True):
    def f(x, out=None, **kwargs):
        a = asarray(x)
        t = a.dtype.name
        if to_float or (not keep_int and not _dt._is_float(t)):
            t = _float_of(t)
        r = _result(a._c.unary(op, t), not (isinstance(x, ndarray) and x.ndim > 0) and not isinstance(x, (list, tuple)))
        if out is not None:
            out[...] = r
            return out
        return r
    f.__name__ = op
    return f


negative = _unary("negative")
positive = _unary("positive")
absolute = abs = _unary("absolute")  # noqa: A001
fabs = _unary("absolute", to_float=True)
sign = _unary("sign")
square = _unary("square")
invert = bitwise_not = bitwise_invert = _unary("invert")
floor = _unary("floor", keep_int=True)
ceil = _unary("ceil", keep_int=True)
trunc = _unary("trunc", keep_int=True)
rint = _unary("rint", keep_int=True)
reciprocal = _unary("reciprocal")
for _op in ["sqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin",
            "arccos", "arctan", "sinh", "cosh", "tanh"]:
    globals()[_op] = _unary(_op, to_float=True)


def logical_not(x, out=None):
    a = asarray(x)
    return _result(a._c.astype("bool").unary("logical_not", "bool"), _scalarish(x))


def _predicate(op):
    def f(x, out=None):
        return _result(asarray(x)._c.unary(op, "bool"), _scalarish(x))
    f.__name__ = op
    return f


isnan = _predicate("isnan")
isinf = _predicate("isinf")
isfinite = _predicate("isfinite")
signbit = _predicate("signbit")


def around(a, decimals=0, out=None):
    x = asarray(a)
    return _result(x._c.round(int(decimals)), _scalarish(a))


round = round_ = around  # noqa: A001


def clip(a, a_min=None, a_max=None, out=None, **kwargs):
    x = asarray(a)
    if a_min is not None:
        x = maximum(x, a_min)
    if a_max is not None:
        x = minimum(x, a_max)
    return x


def where(condition, x=None, y=None):
    """Elements of `x` where `condition` holds, else of `y`; `nonzero` with one argument."""
    if x is None and y is None:
        return nonzero(condition)
    c = asarray(condition)
    _, tx, kx, vx = _operand(x)
    _, ty, ky, vy = _operand(y)
    t = _binary_types(tx, kx, vx, ty, ky, vy)
    xa, ya = asarray(x, dtype=t), asarray(y, dtype=t)
    return _wrap(_n.select(c._c, xa._c, ya._c, t))


def nonzero(a):
    a = asarray(a)
    flat = a._c.lanes()
    shape = a.shape
    idx = [[] for _ in shape]
    for i, v in enumerate(flat):
        if v:
            r = i
            for d in range(len(shape) - 1, -1, -1):
                idx[d].append(r % shape[d])
                r //= shape[d]
    for lst in idx:
        lst.reverse() if False else None
    return tuple(array(lst, dtype="int64") for lst in idx)


def count_nonzero(a, axis=None):
    a = asarray(a)
    if axis is None:
        return _b.sum(1 for v in a._c.lanes() if v)
    return (a != 0).sum(axis=axis)


def argwhere(a):
    nz = nonzero(a)
    return stack(nz, axis=1) if nz else zeros((0, 0), int64)


# ---------------------------------------------------------------------------
# Shapes and joins


def _norm_axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise AxisError("axis %d is out of bounds for array of dimension %d" % (axis, ndim))
    return axis + ndim if axis < 0 else axis


class AxisError(ValueError, IndexError):
    pass


def reshape(a, shape, order="C", **kwargs):
    return asarray(a).reshape(shape)


def ravel(a, order="C"):
    return asarray(a).reshape(-1)


def transpose(a, axes=None):
    return asarray(a).transpose(axes)


def squeeze(a, axis=None):
    return asarray(a).squeeze(axis)


def expand_dims(a, axis):
    a = asarray(a)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    nd = a.ndim + len(axes)
    axes = [_norm_axis(x, nd) for x in axes]
    shape = list(a.shape)
    for x in sorted(axes):
        shape.insert(x, 1)
    return a.reshape(shape)


def broadcast_to(array, shape):
    return _wrap(asarray(array)._c.broadcast_to(list(_shape_arg(shape))))


def broadcast_shapes(*shapes):
    out = ()
    for s in shapes:
        r = _n.broadcast_shapes(list(out), list(_shape_arg(s)))
        if r is None:
            raise ValueError("shape mismatch: objects cannot be broadcast to a single shape.")
        out = r
    return out


def broadcast_arrays(*args):
    shape = broadcast_shapes(*[asarray(a).shape for a in args])
    return [broadcast_to(a, shape) for a in args]


def concatenate(arrays, axis=0, out=None, dtype=None):
    arrs = [asarray(a) for a in arrays]
    if not arrs:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        arrs = [a.reshape(-1) for a in arrs]
        axis = 0
    for a in arrs:
        if a.ndim == 0:
            raise ValueError("zero-dimensional arrays cannot be concatenated")
    t = arrs[0].dtype.name
    for a in arrs[1:]:
        t = _dt._promote(t, a.dtype.name)
    if dtype is not None:
        t = _dt._dtype_name(dtype)
    axis = _norm_axis(axis, arrs[0].ndim)
    return _wrap(_n.concatenate([a._c for a in arrs], axis, t))


concat = concatenate


def stack(arrays, axis=0, out=None, dtype=None):
    arrs = [asarray(a) for a in arrays]
    if not arrs:
        raise ValueError("need at least one array to stack")
    shape = arrs[0].shape
    for a in arrs:
        if a.shape != shape:
            raise ValueError("all input arrays must have the same shape")
    axis = _norm_axis(axis, len(shape) + 1)
    return concatenate([expand_dims(a, axis) for a in arrs], axis=axis, dtype=dtype)


def vstack(tup, dtype=None):
    arrs = [atleast_2d(a) for a in tup]
    return concatenate(arrs, axis=0, dtype=dtype)


def hstack(tup, dtype=None):
    arrs = [atleast_1d(a) for a in tup]
    return concatenate(arrs, axis=0 if arrs[0].ndim == 1 else 1, dtype=dtype)


def atleast_1d(a):
    a = asarray(a)
    return a.reshape(1) if a.ndim == 0 else a


def atleast_2d(a):
    a = asarray(a)
    return a.reshape((1,) * (2 - a.ndim) + a.shape) if a.ndim < 2 else a


def split(ary, indices_or_sections, axis=0):
    a = asarray(ary)
    n = a.shape[axis]
    if isinstance(indices_or_sections, int):
        if n % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
        step = n // indices_or_sections
        bounds = list(range(0, n + 1, step))
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    out = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        key = [slice(None)] * a.ndim
        key[axis] = slice(lo, hi)
        out.append(a[tuple(key)])
    return out


def tile(A, reps):
    a = asarray(A)
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    nd = _b.max(a.ndim, len(reps))
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    reps = (1,) * (nd - len(reps)) + reps
    for ax, r in enumerate(reps):
        if r != 1:
            a = concatenate([a] * r, axis=ax)
    return a


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    idx = []
    for i in range(a.shape[axis]):
        idx.extend([i] * repeats)
    return take(a, idx, axis=axis)


def take(a, indices, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    ind = asarray(indices)
    r = _wrap(a._c.take(_norm_axis(axis, a.ndim), [int(i) for i in ind.reshape(-1)._c.lanes()]))
    if ind.ndim != 1:
        shape = a.shape[:axis] + ind.shape + a.shape[axis + 1:]
        r = r.reshape(shape)
    return r


def flip(m, axis=None):
    a = asarray(m)
    axes = range(a.ndim) if axis is None else [axis] if isinstance(axis, int) else axis
    key = [slice(None)] * a.ndim
    for ax in axes:
        key[ax] = slice(None, None, -1)
    return a[tuple(key)]


def pad(array, pad_width, mode="constant", constant_values=0):
    a = asarray(array)
    pw = pad_width
    if isinstance(pw, int):
        pw = [(pw, pw)] * a.ndim
    elif len(pw) and isinstance(pw[0], int):
        pw = [tuple(pw)] * a.ndim
    shape = tuple(s + lo + hi for s, (lo, hi) in zip(a.shape, pw))
    out = full(shape, constant_values, a.dtype)
    out[tuple(slice(lo, lo + s) for s, (lo, _) in zip(a.shape, pw))] = a
    return out


def sort(a, axis=-1, kind=None, order=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    return _wrap(a._c.sort(_norm_axis(axis, a.ndim), False))


def argsort(a, axis=-1, kind=None, order=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    return _wrap(a._c.sort(_norm_axis(axis, a.ndim), True))


def unique(ar, return_counts=False):
    a = asarray(ar).reshape(-1)
    vals = sorted(set(a.tolist()))
    u = array(vals, dtype=a.dtype)
    if return_counts:
        lst = a.tolist()
        return u, array([lst.count(v) for v in vals], dtype=int64)
    return u


def cumsum(a, axis=None, dtype=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    t = _sum_type(a.dtype.name) if dtype is None else _dt._dtype_name(dtype)
    out = a.astype(t)
    n = a.shape[axis]
    for i in range(1, n):
        cur = [slice(None)] * a.ndim
        prev = [slice(None)] * a.ndim
        cur[axis], prev[axis] = i, i - 1
        out[tuple(cur)] = out[tuple(cur)] + out[tuple(prev)]
    return out


def diff(a, n=1, axis=-1):
    a = asarray(a)
    for _ in range(n):
        hi = [slice(None)] * a.ndim
        lo = [slice(None)] * a.ndim
        hi[axis], lo[axis] = slice(1, None), slice(None, -1)
        a = a[tuple(hi)] - a[tuple(lo)]
    return a


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    a = asarray(a)
    return a.size if axis is None else a.shape[axis]


def copy(a, order="K"):
    return array(a, copy=True)


# ---------------------------------------------------------------------------
# Reductions


def _sum_type(t):
    k = _dt._INFO[t][0]
    if k == "b" or k == "i":
        return "int64"
    if k == "u":
        return "uint64"
    return t


def _axes(axis, ndim):
    if axis is None:
        return None
    if isinstance(axis, (tuple, list)):
        return sorted(_norm_axis(int(x), ndim) for x in axis)
    return [_norm_axis(int(axis), ndim)]


def _reduce(op, a, axis, keepdims, t, scalar_ok=True):
    a = asarray(a)
    r = _wrap(a._c.reduce(op, _axes(axis, a.ndim), _b.bool(keepdims), t))
    return r[()] if r.ndim == 0 else r


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=0, where=True):  # noqa: A001
    a = asarray(a)
    t = _sum_type(a.dtype.name) if dtype is None else _dt._dtype_name(dtype)
    if t == "float16" and dtype is None:
        r = _reduce("sum", a.astype("float32"), axis, keepdims, "float32")
        r = asarray(r).astype("float16")
        r = r[()] if r.ndim == 0 else r
    else:
        r = _reduce("sum", a, axis, keepdims, t)
    if initial:
        r = r + initial
    return r


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=1, where=True):
    a = asarray(a)
    t = _sum_type(a.dtype.name) if dtype is None else _dt._dtype_name(dtype)
    r = _reduce("prod", a, axis, keepdims, t)
    if initial != 1:
        r = r * initial
    return r


def max(a, axis=None, out=None, keepdims=False, initial=None, where=True):  # noqa: A001
    a = asarray(a)
    r = _reduce("max", a, axis, keepdims, a.dtype.name)
    return r if initial is None else maximum(r, initial)


def min(a, axis=None, out=None, keepdims=False, initial=None, where=True):  # noqa: A001
    a = asarray(a)
    r = _reduce("min", a, axis, keepdims, a.dtype.name)
    return r if initial is None else minimum(r, initial)


amax = max
amin = min


def all(a, axis=None, out=None, keepdims=False, where=True):  # noqa: A001
    return _reduce("all", asarray(a).astype("bool"), axis, keepdims, "bool")


def any(a, axis=None, out=None, keepdims=False, where=True):  # noqa: A001
    return _reduce("any", asarray(a).astype("bool"), axis, keepdims, "bool")


def _count(a, axis):
    if axis is None:
        return a.size
    n = 1
    for x in _axes(axis, a.ndim):
        n *= a.shape[x]
    return n


def mean(a, axis=None, dtype=None, out=None, keepdims=False, where=True):
    a = asarray(a)
    t = a.dtype.name
    n = _count(a, axis)
    if dtype is not None:
        s = sum(a, axis=axis, dtype=dtype, keepdims=keepdims)
        return _finish_mean(s, n, _dt._dtype_name(dtype))
    if t == "float16":
        s = sum(a.astype("float32"), axis=axis, keepdims=keepdims)
        return _finish_mean(s, n, "float16")
    if not _dt._is_float(t):
        s = sum(a.astype("float64"), axis=axis, keepdims=keepdims)
        return _finish_mean(s, n, "float64")
    return _finish_mean(sum(a, axis=axis, keepdims=keepdims), n, t)


def _finish_mean(s, n, t):
    r = true_divide(s, n)
    if isinstance(r, ndarray):
        return r.astype(t)
    return _dt._SCALARS[t](r)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=True, mean=None, correction=None):
    a = asarray(a)
    if correction is not None:
        ddof = correction
    t = a.dtype.name
    ft = t if _dt._is_float(t) else "float64"
    n = _count(a, axis)
    m = sum(a.astype(ft if ft != "float16" else "float32"), axis=axis, keepdims=True)
    m = true_divide(m, n)
    x = a - m.astype(ft)
    x = multiply(x, x)
    s = sum(x, axis=axis, keepdims=keepdims)
    return _finish_mean(s, _b.max(n - ddof, 0), ft)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=True, mean=None, correction=None):
    return sqrt(var(a, axis=axis, ddof=ddof, keepdims=keepdims, correction=correction))


def argmax(a, axis=None, out=None, keepdims=False):
    a = asarray(a)
    r = _wrap(a._c.arg("argmax", None if axis is None else _norm_axis(axis, a.ndim)))
    return r[()] if r.ndim == 0 else r


def argmin(a, axis=None, out=None, keepdims=False):
    a = asarray(a)
    r = _wrap(a._c.arg("argmin", None if axis is None else _norm_axis(axis, a.ndim)))
    return r[()] if r.ndim == 0 else r


# ---------------------------------------------------------------------------
# Comparisons of whole arrays


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = asarray(a), asarray(b)
    t = _dt._promote(a.dtype.name, b.dtype.name)
    if not _dt._is_float(t):
        t = "float64"
    x, y = a.astype(t), b.astype(t)
    r = less_equal(absolute(x - y), atol + rtol * absolute(y))
    r = logical_and(r, isfinite(y)) | (x == y)
    if equal_nan:
        r = r | (isnan(x) & isnan(y))
    return r


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _b.bool(all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    try:
        a, b = asarray(a1), asarray(a2)
    except Exception:
        return False
    if a.shape != b.shape:
        return False
    if equal_nan:
        return _b.bool(all((a == b) | (isnan(a) & isnan(b))))
    return _b.bool(all(a == b))


def array_equiv(a1, a2):
    a, b = asarray(a1), asarray(a2)
    try:
        broadcast_shapes(a.shape, b.shape)
    except ValueError:
        return False
    return _b.bool(all(a == b))


def can_cast(from_, to, casting="safe"):
    f, t = _dt._type_of(from_), _dt._dtype_name(to)
    return _dt._promote(f, t) == t


def issubdtype(arg1, arg2):
    if isinstance(arg2, type) and issubclass(arg2, generic) and arg2._name is None:
        return issubclass(dtype(arg1).type, arg2)
    return dtype(arg1) == dtype(arg2)


# ---------------------------------------------------------------------------
# The array


def _index(a, key):
    """Split `key` into the basic index (a list for the core) and at most one
    advanced index: `(basic, kind, value, axis)`."""
    if not isinstance(key, tuple):
        key = (key,)
    nd = a.ndim
    n_real = _b.sum(1 for k in key if k is not None and k is not Ellipsis)
    basic = []
    adv = None
    axis = 0
    for k in key:
        if k is Ellipsis:
            for _ in range(nd - n_real):
                basic.append((1, None, None, None))
                axis += 1
        elif k is None:
            basic.append((2,))
        elif isinstance(k, slice):
            basic.append((1, _idx_int(k.start), _idx_int(k.stop), _idx_int(k.step)))
            axis += 1
        elif isinstance(k, (_b.bool, bool_)):
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices")
        elif isinstance(k, (int, integer)):
            basic.append((0, int(k)))
            axis += 1
        else:
            arr = asarray(k)
            if adv is not None:
                raise IndexError("tvmscript's numpy supports one array index per subscript")
            if arr.dtype.name == "bool":
                adv = ("mask", arr, len(basic))
            else:
                if _dt._is_float(arr.dtype.name):
                    raise IndexError("arrays used as indices must be of integer (or boolean) type")
                adv = ("take", arr, len(basic))
            basic.append((1, None, None, None))
            axis += 1
    return basic, adv


def _idx_int(v):
    if v is None:
        return None
    if isinstance(v, (int, integer)):
        return int(v)
    raise TypeError("slice indices must be integers or None or have an __index__ method")


class ndarray:
    """An n-dimensional array of one element type."""

    __slots__ = ("_c", "__weakref__")
    __module__ = "numpy"
    __array_priority__ = 0.0

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None):
        if buffer is not None:
            name = _dt._dtype_name(dtype)
            shape = _shape_arg(shape)
            n = 1
            for d in shape:
                n *= d
            size = _dt._INFO[name][1]
            return _wrap(_n.from_bytes(bytes(buffer)[offset:offset + n * size], list(shape), name))
        return zeros(shape, dtype)

    # -- attributes
    @property
    def shape(self):
        return self._c.shape

    @shape.setter
    def shape(self, value):
        self._c = self.reshape(value)._c

    @property
    def dtype(self):
        return dtype(self._c.dtype)

    @property
    def ndim(self):
        return len(self._c.shape)

    @property
    def size(self):
        n = 1
        for d in self._c.shape:
            n *= d
        return n

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def strides(self):
        out, step = [], self.itemsize
        for d in reversed(self.shape):
            out.append(step)
            step *= d
        return tuple(reversed(out))

    @property
    def T(self):
        return self.transpose()

    @property
    def mT(self):
        return self.swapaxes(-1, -2)

    @property
    def flat(self):
        return iter(self.reshape(-1))

    @property
    def real(self):
        return self

    @property
    def base(self):
        return None

    @property
    def data(self):
        return memoryview(self.tobytes())

    def __tvmscript_tensor__(self):
        """`(dtype, shape, little-endian bytes)`: how TVM tensors and constants read an array."""
        return self._c.dtype, self._c.shape, self._c.tobytes()

    def __len__(self):
        s = self._c.shape
        if not s:
            raise TypeError("len() of unsized object")
        return s[0]

    def __iter__(self):
        if not self._c.shape:
            raise TypeError("iteration over a 0-d array")
        for i in range(self._c.shape[0]):
            yield self[i]

    def __contains__(self, x):
        return _b.bool(any(self == x))

    # -- conversions
    def tolist(self):
        lanes = self._c.lanes()
        shape = self._c.shape
        if not shape:
            return lanes[0]

        def build(off, dim):
            n = shape[dim]
            if dim == len(shape) - 1:
                return lanes[off:off + n]
            step = 1
            for d in shape[dim + 1:]:
                step *= d
            return [build(off + i * step, dim + 1) for i in range(n)]

        return build(0, 0)

    def item(self, *args):
        if not args:
            if self.size != 1:
                raise ValueError("can only convert an array of size 1 to a Python scalar")
            return self._c.lane(0)
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        if len(args) == 1:
            i = int(args[0])
            n = self.size
            if i < -n or i >= n:
                raise IndexError("index %d is out of bounds for size %d" % (i, n))
            return self._c.lane(i % n)
        return self[tuple(args)].item()

    def tobytes(self, order="C"):
        return self._c.tobytes()

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        return _wrap(self._c.astype(_dt._dtype_name(dtype)))

    def view(self, dtype=None):
        if dtype is None or _dt._dtype_name(dtype) == self.dtype.name:
            return self
        name = _dt._dtype_name(dtype)
        data = self.tobytes()
        size = _dt._INFO[name][1]
        shape = self.shape[:-1] + (self.shape[-1] * self.itemsize // size,) if self.ndim else (len(data) // size,)
        return _wrap(_n.from_bytes(data, list(shape), name))

    def copy(self, order="C"):
        return _wrap(self._c.copy())

    def fill(self, value):
        self[...] = value

    def __bool__(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
        return _b.bool(self._c.lane(0))

    def __float__(self):
        if self.size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        return float(self._c.lane(0))

    def __int__(self):
        if self.size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        return int(self._c.lane(0))

    def __index__(self):
        if self.ndim != 0 or self.dtype.kind not in "iu":
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return self._c.lane(0)

    def __complex__(self):
        return complex(float(self))

    def __hash__(self):
        raise TypeError("unhashable type: 'numpy.ndarray'")

    def __reduce__(self):
        return (frombuffer, (self.tobytes(), self.dtype.name))

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    # -- shape
    def reshape(self, *shape, order="C"):
        if len(shape) == 1:
            shape = shape[0]
        shape = list(_shape_arg(shape))
        if shape.count(-1) > 1:
            raise ValueError("can only specify one unknown dimension")
        if -1 in shape:
            known = 1
            for d in shape:
                if d != -1:
                    known *= d
            if known == 0 or self.size % known:
                raise ValueError("cannot reshape array of size %d into shape %s" % (self.size, _shape_text(shape)))
            shape[shape.index(-1)] = self.size // known
        return _wrap(self._c.reshape(shape))

    def resize(self, *shape):
        self._c = self.reshape(*shape)._c

    def flatten(self, order="C"):
        return _wrap(self._c.reshape([self.size]))

    def ravel(self, order="C"):
        return self.flatten()

    def transpose(self, *axes):
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        nd = self.ndim
        if not axes:
            axes = list(range(nd))[::-1]
        axes = [_norm_axis(int(x), nd) for x in axes]
        if sorted(axes) != list(range(nd)):
            raise ValueError("axes don't match array")
        return _wrap(self._c.transpose(axes))

    def swapaxes(self, axis1, axis2):
        axes = list(range(self.ndim))
        a, b = _norm_axis(axis1, self.ndim), _norm_axis(axis2, self.ndim)
        axes[a], axes[b] = axes[b], axes[a]
        return self.transpose(axes)

    def squeeze(self, axis=None):
        if axis is None:
            return self.reshape([d for d in self.shape if d != 1])
        axes = _axes(axis, self.ndim)
        for x in axes:
            if self.shape[x] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        return self.reshape([d for i, d in enumerate(self.shape) if i not in axes])

    # -- indexing
    def __getitem__(self, key):
        if isinstance(key, ndarray) and key.dtype.name == "bool" and key.shape == self.shape:
            return _wrap(self._c.masked(key._c))
        basic, adv = _index(self, key)
        core = self._c.get(basic)
        if adv is not None:
            kind, arr, pos = adv
            ax = _b.sum(1 for it in basic[:pos] if it[0] != 0)
            if kind == "mask":
                if arr.ndim == 1 and core.shape:
                    idx = [i for i, v in enumerate(arr._c.lanes()) if v]
                    if arr.shape[0] != core.shape[ax]:
                        raise IndexError(
                            "boolean index did not match indexed array along axis %d; size of axis is %d but size of corresponding boolean axis is %d"
                            % (ax, core.shape[ax], arr.shape[0])
                        )
                    return _wrap(core.take(ax, idx))
                return _wrap(core.masked(arr._c))
            flat = [int(i) for i in arr.reshape(-1)._c.lanes()]
            r = _wrap(core.take(ax, flat))
            if arr.ndim != 1:
                s = r.shape
                r = r.reshape(s[:ax] + arr.shape + s[ax + 1:])
            return r
        if not core.shape and not _b.any(it[0] == 2 for it in basic) and not (key == () or key is Ellipsis):
            return _dt.scalar(core.dtype, core.lane(0))
        if key == () and not core.shape:
            return _dt.scalar(core.dtype, core.lane(0))
        return _wrap(core)

    def __setitem__(self, key, value):
        t = self.dtype.name
        if isinstance(key, ndarray) and key.dtype.name == "bool" and key.shape == self.shape:
            v = asarray(value, dtype=t)
            if v.size == 1 or v.shape == self.shape:
                self._c = _n.select(key._c, v._c, self._c, t)
                return
            idx = [i for i, m in enumerate(key._c.lanes()) if m]
            flat = self.reshape(-1)
            vals = v.reshape(-1)
            for j, i in enumerate(idx):
                flat._c.set([(0, i)], vals._c.get([(0, j)]))
            self._c = flat._c.reshape(list(self.shape))
            return
        basic, adv = _index(self, key)
        if adv is not None:
            kind, arr, pos = adv
            if kind == "mask":
                arr = nonzero(arr)[0]
            v = asarray(value, dtype=t)
            lanes = [int(i) for i in arr.reshape(-1)._c.lanes()]
            vb = broadcast_to(v, (len(lanes),) + self[tuple(it_key(b) for b in basic[:pos])].shape[1:]) if v.ndim else None
            for j, i in enumerate(lanes):
                sub = list(basic)
                sub[pos] = (0, i)
                self._c.set(sub, (v if vb is None else vb[j])._c)
            return
        if isinstance(value, ndarray):
            v = value
        elif _dt._py_kind(value) is not None:
            if _dt._INFO[t][0] in "iu" and isinstance(value, int) and not isinstance(value, _b.bool):
                _dt._check_int_range(value, t)
            v = _wrap(_n.from_lanes([value], [], t))
        else:
            v = asarray(value)
        self._c.set(basic, v._c)

    # -- reductions and friends
    def sum(self, axis=None, dtype=None, out=None, keepdims=False, initial=0, where=True):
        return sum(self, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False, initial=1, where=True):
        return prod(self, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial)

    def max(self, axis=None, out=None, keepdims=False, initial=None, where=True):
        return max(self, axis=axis, keepdims=keepdims, initial=initial)

    def min(self, axis=None, out=None, keepdims=False, initial=None, where=True):
        return min(self, axis=axis, keepdims=keepdims, initial=initial)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False, where=True):
        return mean(self, axis=axis, dtype=dtype, keepdims=keepdims)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return std(self, axis=axis, ddof=ddof, keepdims=keepdims)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return var(self, axis=axis, ddof=ddof, keepdims=keepdims)

    def all(self, axis=None, out=None, keepdims=False, where=True):
        return all(self, axis=axis, keepdims=keepdims)

    def any(self, axis=None, out=None, keepdims=False, where=True):
        return any(self, axis=axis, keepdims=keepdims)

    def argmax(self, axis=None, out=None, keepdims=False):
        return argmax(self, axis=axis)

    def argmin(self, axis=None, out=None, keepdims=False):
        return argmin(self, axis=axis)

    def cumsum(self, axis=None, dtype=None, out=None):
        return cumsum(self, axis=axis, dtype=dtype)

    def clip(self, min=None, max=None, out=None, **kwargs):
        return clip(self, min, max)

    def round(self, decimals=0, out=None):
        return around(self, decimals)

    def sort(self, axis=-1, kind=None, order=None):
        self._c = sort(self, axis)._c

    def argsort(self, axis=-1, kind=None, order=None):
        return argsort(self, axis)

    def nonzero(self):
        return nonzero(self)

    def dot(self, b, out=None):
        return dot(self, b)

    def take(self, indices, axis=None):
        return take(self, indices, axis)

    def repeat(self, repeats, axis=None):
        return repeat(self, repeats, axis)

    def conj(self):
        return self

    conjugate = conj

    # -- printing
    def __repr__(self):
        from . import _print
        return _print.array_repr(self)

    def __str__(self):
        from . import _print
        return _print.array_str(self)

    def __format__(self, spec):
        if self.ndim == 0:
            return format(self.item(), spec)
        return format(str(self), spec)


def _shape_text(shape):
    """A shape as NumPy's messages write it: `(3,2)`, `(4,)`."""
    shape = tuple(shape)
    return "(%s)" % ",".join(str(d) for d in shape) if len(shape) != 1 else "(%d,)" % shape[0]


def it_key(b):
    if b[0] == 0:
        return b[1]
    if b[0] == 1:
        return slice(b[1], b[2], b[3])
    return None


_dt._install_ops(ndarray)
ndarray.__hash__ = None


def _iop(op):
    def f(self, other):
        r = _binary(op, self, other)
        if r is NotImplemented:
            return r
        self._c = asarray(r).astype(self.dtype)._c
        return self
    return f


for _dunder, _op in _dt._OPS:
    if _op != "matmul":
        setattr(ndarray, "__i" + _dunder[2:], _iop(_op))


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, **kwargs):
    from . import _print
    _print.set_options(precision=precision, threshold=threshold, edgeitems=edgeitems, linewidth=linewidth, suppress=suppress)


def get_printoptions():
    from . import _print
    return dict(_print.OPTIONS)


def array2string(a, max_line_width=None, precision=None, separator=" ", prefix="", **kwargs):
    from . import _print
    return _print.array2string(asarray(a), separator=separator, prefix=prefix, linewidth=max_line_width, precision=precision)


def array_repr(a):
    return repr(asarray(a))


def array_str(a):
    return str(asarray(a))


from . import random, testing  # noqa: E402,F401
from ._dtypes import dtype as _dtype_cls  # noqa: E402,F401

# `np.float32 == "float32"` is False in NumPy; `np.dtype(np.float32) == "float32"` is True.
ScalarType = tuple(_dt._SCALARS.values())
