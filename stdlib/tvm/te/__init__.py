"""`tvm.te`: tensor expressions (TVM 0.27's): placeholders, compute definitions over
index variables, reductions, and `create_prim_func`, which turns them into an S-TIR
PrimFunc block for block and name for name as TVM's does.

Tensors and operations are Python objects here; their bodies are TIR expressions
(loads of each tensor's buffer), and `create_prim_func` builds the function through
the TIR IR builder, which gives its blocks the script parser's normal form.
"""
import tvm
from tvm import tirx
from tvm_ffi import structural_map, structural_walk

from .tag import TagScope, tag_scope  # noqa: F401

_Load = tvm.ir.TensorLoad
_Var = tirx.Var

# Tensors indexed while a compute body is being built (innermost compute last).
_reading = []


def dtype_of(expr):
    """The data type of a TIR expression, as a string."""
    return str(expr.ty.dtype)


def _as_expr(value, dtype=None):
    if isinstance(value, IterVar):
        return value.var
    if isinstance(value, bool):
        return tirx.const(value, "bool")
    if isinstance(value, int):
        return tirx.const(value, dtype or "int32")
    if isinstance(value, float):
        return tirx.const(value, dtype or "float32")
    return value


def _shape_of(shape):
    if not isinstance(shape, (list, tuple)) and not hasattr(shape, "__len__"):
        shape = (shape,)
    return [_as_expr(s) for s in shape]


class IterVar:
    """An iteration axis of a compute: a variable, its domain and its kind
    (0 data parallel, 2 reduction)."""

    def __init__(self, dom_min, extent, var, iter_type):
        self.dom_min = dom_min
        self.extent = extent
        self.var = var
        self.iter_type = iter_type

    @property
    def dom(self):
        return tirx.Range(self.dom_min, self.dom_min + self.extent) if not _is_zero(self.dom_min) else tirx.Range(self.dom_min, self.extent)

    def __repr__(self):
        return f"T.iter_var({self.var}, ...)"

    @property
    def __tvm_prim_expr__(self):
        # Where an expression is expected, an axis is its variable.
        return self.var

    def _bin(name):
        def method(self, other):
            return getattr(self.var, name)(_as_expr(other))
        return method

    __add__ = _bin("__add__")
    __radd__ = _bin("__radd__")
    __sub__ = _bin("__sub__")
    __rsub__ = _bin("__rsub__")
    __mul__ = _bin("__mul__")
    __rmul__ = _bin("__rmul__")
    __floordiv__ = _bin("__floordiv__")
    __mod__ = _bin("__mod__")
    __lt__ = _bin("__lt__")
    __le__ = _bin("__le__")
    __gt__ = _bin("__gt__")
    __ge__ = _bin("__ge__")


def _is_zero(e):
    return isinstance(e, int) and e == 0 or (hasattr(e, "value") and not isinstance(e, _Var) and e.value == 0)


class Operation:
    """An operation producing tensors (TVM's `te.Operation`)."""

    num_outputs = 1

    def output(self, index):
        return self._outputs[index]

    @property
    def input_tensors(self):
        return list(self._inputs)


class PlaceholderOp(Operation):
    def __init__(self, name, shape, dtype):
        self.name = name
        self.tag = ""
        self.attrs = {}
        self.shape = shape
        self.dtype = dtype
        self._inputs = []
        self._outputs = [Tensor(self, 0, shape, dtype)]


class ComputeOp(Operation):
    def __init__(self, name, tag, attrs, axis, body, reduce_axis, inputs):
        self.name = name
        self.tag = tag
        self.attrs = attrs or {}
        self.axis = axis
        self.body = body
        self.reduce_axis = reduce_axis
        self._inputs = inputs
        self.num_outputs = len(body)
        shape = [iv.extent for iv in axis]
        self._outputs = [Tensor(self, i, shape, _dtype_of(b)) for i, b in enumerate(body)]


class ExternOp(Operation):
    """An operation whose body is a TIR statement over buffers (`te.extern`)."""

    def __init__(self, name, tag, attrs, inputs, input_placeholders, output_placeholders, body):
        self.name = name
        self.tag = tag
        self.attrs = attrs or {}
        self.inputs = list(inputs)
        self._inputs = list(inputs)
        self.input_placeholders = list(input_placeholders)
        self.output_placeholders = list(output_placeholders)
        self.body = body
        self.num_outputs = len(output_placeholders)
        self._outputs = []
        for i, b in enumerate(output_placeholders):
            t = Tensor(self, i, list(b.ty.shape), str(b.ty.dtype))
            t._buffer = b
            self._outputs.append(t)


def extern(shape, inputs, fcompute, name="extern", dtype=None, in_buffers=None, out_buffers=None, tag="",
           attrs=None):
    """Tensors computed by a TIR statement `fcompute(input_buffers, output_buffers)`
    (an opaque call, usually); each buffer has its own element offset."""
    if TagScope.current is not None:
        if tag != "":
            raise ValueError("Tag scope and tag argument cannot both be set")
        tag = TagScope.current.tag
    if not shape or not isinstance(shape[0], (list, tuple)) and not hasattr(shape[0], "__len__"):
        shape = [shape]
    shape = [list(s) for s in shape]
    if in_buffers is not None:
        in_buffers = in_buffers if isinstance(in_buffers, list) else [in_buffers]
        if len(inputs) != len(in_buffers):
            raise RuntimeError(f"Number of inputs and in_buffers mismatch: {len(inputs)} vs {len(in_buffers)}.")
    if out_buffers is not None:
        out_buffers = out_buffers if isinstance(out_buffers, list) else [out_buffers]
        if len(shape) != len(out_buffers):
            raise RuntimeError(f"Number of outputs and out_buffers mismatch: {len(shape)} vs {len(out_buffers)}.")
    ins = in_buffers or []
    outs = out_buffers or []
    types = []
    for t in inputs:
        if not isinstance(t, Tensor):
            raise ValueError("expect inputs to be tensor")
        if in_buffers is None:
            ins.append(tirx.decl_buffer(t.shape, t.dtype, t.op.name, elem_offset=_Var("elem_offset", "int32"),
                                        offset_factor=1, layout=None))
        if t.dtype not in types:
            types.append(t.dtype)
    if out_buffers is None:
        if dtype is None:
            if len(types) != 1:
                raise ValueError("Cannot infer output type, please provide dtype argument")
            dtype = [types[0] for _ in shape]
        if isinstance(dtype, str):
            dtype = [dtype]
        for shp, dt in zip(shape, dtype):
            outs.append(tirx.decl_buffer([_as_expr(s) for s in shp], dt, name,
                                         elem_offset=_Var("elem_offset", "int32"), offset_factor=1, layout=None))
    body = fcompute(ins, outs)
    if not isinstance(body, tirx.Stmt):
        if isinstance(body, tirx.Expr):
            body = tirx.Evaluate(body)
        else:
            raise ValueError(
                f"Function '{fcompute.__name__}' should return Expr or Stmt, but it returned '{type(body)}'")
    op = ExternOp(name, tag, attrs, inputs, ins, outs, body)
    res = [op.output(i) for i in range(op.num_outputs)]
    return res[0] if len(res) == 1 else res


def _dtype_of(body):
    if isinstance(body, Reduce):
        return body.dtype
    return dtype_of(body)


class Tensor:
    """A tensor: an output of an operation (TVM's `te.Tensor`)."""

    def __init__(self, op, value_index, shape, dtype):
        self.op = op
        self.value_index = value_index
        self.shape = list(shape)
        self.dtype = dtype
        self._buffer = None

    @property
    def name(self):
        if self.op.num_outputs == 1:
            return self.op.name
        return f"{self.op.name}.v{self.value_index}"

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def buffer(self):
        if self._buffer is None:
            name = self.op.name if self.op.num_outputs == 1 else f"{self.op.name}_v{self.value_index}"
            self._buffer = tirx.decl_buffer(self.shape, self.dtype, name=name, layout=None)
        return self._buffer

    def __call__(self, *indices):
        if len(indices) == 1 and isinstance(indices[0], (list, tuple)):
            indices = indices[0]
        return self[tuple(indices)]

    def __getitem__(self, indices):
        if not isinstance(indices, tuple):
            indices = tuple(indices) if isinstance(indices, list) else (indices,)
        if len(indices) != len(self.shape):
            raise ValueError(f"Need to provide {len(self.shape)} index in tensor but {len(indices)} was provided")
        if _reading:
            _reading[-1].append(self)
        idx = [_as_expr(i) for i in indices]
        if not idx:
            return tirx.BufferLoad(self.buffer, [])
        return self.buffer[tuple(idx)]

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        return self is other

    def __repr__(self):
        return f"Tensor(shape={list(self.shape)}, op.name={self.op.name})"

    def _topi(name, swap=False):
        def method(self, other):
            from tvm import topi
            f = getattr(topi, name)
            return f(other, self) if swap else f(self, other)
        return method

    __add__ = _topi("add")
    __radd__ = _topi("add", True)
    __sub__ = _topi("subtract")
    __rsub__ = _topi("subtract", True)
    __mul__ = _topi("multiply")
    __rmul__ = _topi("multiply", True)
    __truediv__ = _topi("divide")
    __rtruediv__ = _topi("divide", True)

    def __neg__(self):
        # TVM's Tensor negation is a multiplication by -1 (`T_multiply`).
        from tvm import topi
        return topi.multiply(self, tirx.const(-1, self.dtype))


class Reduce:
    """A reduction (`te.sum(...)`): a combiner applied over reduction axes. A tuple
    reduction (a reducer given a tuple) is one `Reduce` per element sharing the
    tuple combiner; `value_index` says which element it is."""

    def __init__(self, combiner, identity, source, axis, where, init, value_index=0, group=None):
        self.combiner = combiner
        self.identity = identity
        self.source = source
        self.axis = axis
        self.where = where
        self.init = init
        self.value_index = value_index
        # All elements of a tuple reduction (None for a single one).
        self.group = group
        self.dtype = dtype_of(source)


def placeholder(shape, dtype=None, name="placeholder"):
    """A tensor given as a function argument."""
    return PlaceholderOp(name, _shape_of(shape), dtype or "float32").output(0)


def _arg_names(fcompute, ndim, varargs_names):
    # A callable object (a tensor) is read through its `__call__`, `self` included,
    # as Python's `inspect.getfullargspec` reports it.
    code = getattr(fcompute, "__code__", None) or type(fcompute).__call__.__code__
    argcount = code.co_argcount
    names = list(code.co_varnames[:argcount])
    if code.co_flags & 0x04:
        # The variable arguments take the dimensions after the named ones.
        if varargs_names is not None:
            varargs_names = list(varargs_names)
            # Our topi passes every axis's name; TVM's callers pass the rest only.
            return varargs_names if len(varargs_names) == ndim and argcount else names + varargs_names
        return names + [f"i{i}" for i in range(ndim - argcount)]
    if argcount == 0:
        return [f"i{i}" for i in range(ndim)]
    if argcount != ndim:
        raise ValueError("fcompute do not match dimension, ndim=%d" % ndim)
    return names


def compute(shape, fcompute, name="compute", tag="", attrs=None, varargs_names=None):
    """A tensor whose element at each index is `fcompute(*index)`."""
    if TagScope.current is not None:
        if tag != "":
            raise ValueError("Tag scope and tag argument cannot both be set")
        tag = TagScope.current.tag
    shape = _shape_of(shape)
    names = _arg_names(fcompute, len(shape), varargs_names)
    axis = [IterVar(0, s, _Var(n, dtype_of(s)), 0) for n, s in zip(names, shape)]
    _reading.append([])
    try:
        body = fcompute(*[iv.var for iv in axis])
    finally:
        read = _reading.pop()
    if _reading:
        _reading[-1].extend(read)
    inputs = []
    for t in read:
        if all(t is not u for u in inputs):
            inputs.append(t)
    bodies = list(body) if isinstance(body, (list, tuple)) else [body]
    bodies = [_as_expr(b) for b in bodies]
    reduce_axis = []
    for b in bodies:
        if isinstance(b, Reduce):
            reduce_axis = list(b.axis)
    op = ComputeOp(name, tag, attrs, axis, bodies, reduce_axis, inputs)
    if op.num_outputs == 1:
        return op.output(0)
    return [op.output(i) for i in range(op.num_outputs)]


def reduce_axis(dom, name="rv", thread_tag="", span=None):
    """A reduction axis over `dom`, `(min, max)` or a Range."""
    if isinstance(dom, (list, tuple)):
        lo, hi = _as_expr(dom[0]), _as_expr(dom[1])
        extent = hi if _is_zero(lo) else hi - lo
    else:
        lo, extent = dom.min, dom.extent
    return IterVar(lo, extent, _Var(name, dtype_of(extent)), 2)


def var(name="tindex", dtype="int32", span=None):
    return _Var(name, dtype)


def size_var(name="size", dtype="int32", span=None):
    return tirx.SizeVar(name, dtype) if hasattr(tirx, "SizeVar") else _Var(name, dtype)


const = tirx.const
if_then_else = tirx.if_then_else
exp = tirx.exp
log = tirx.log
sqrt = tirx.sqrt
floor = tirx.floor
ceil = tirx.ceil


def _on_exprs(f):
    """A TIR function that also takes iteration axes (their variables)."""
    def g(*args, **kwargs):
        return f(*[_as_expr(a) if isinstance(a, IterVar) else a for a in args], **kwargs)
    g.__name__ = getattr(f, "__name__", "f")
    return g


floordiv = _on_exprs(tirx.floordiv)
floormod = _on_exprs(tirx.floormod)
truncdiv = _on_exprs(tirx.truncdiv)
truncmod = _on_exprs(tirx.truncmod)
indexdiv = _on_exprs(tirx.indexdiv)
indexmod = _on_exprs(tirx.indexmod)
max_value = tirx.max_value
min_value = tirx.min_value
# The TIR math and logic functions `tvm.te` re-exports.
from tvm.tirx import (  # noqa: E402,F401
    any, all, erf, tanh, sigmoid, tan, cos, sin, rsqrt, floor, ceil, sinh, cosh, log2, log10,
    asin, asinh, acos, acosh, atan, atanh, trunc, abs, round, nearbyint, power, popcount, fmod,
    isnan, div,
)


def comm_reducer(fcombine, fidentity, name="reduce"):
    """A commutative reducer: `reducer(expr, axis, where=None, init=None)`."""

    def reducer(expr, axis, where=None, init=None):
        if not isinstance(axis, (IterVar, list, tuple)):
            # Not over axes: the combination of the operands (`te.max(a, b)`).
            result = fcombine(_as_expr(expr), _as_expr(axis))
            return result if where is None else fcombine(result, _as_expr(where))
        axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
        if isinstance(expr, (list, tuple)):
            exprs = [_as_expr(e) for e in expr]
            identities = fidentity(*[dtype_of(e) for e in exprs])
            inits = list(init) if init is not None else [None] * len(exprs)
            group = []
            for k, e in enumerate(exprs):
                group.append(Reduce(fcombine, identities[k], e, axes, where, inits[k], k, group))
            return tuple(group)
        dtype = dtype_of(expr)
        return Reduce(fcombine, fidentity(dtype), expr, axes, where, init)

    reducer.__name__ = name
    return reducer


sum = comm_reducer(lambda x, y: x + y, lambda t: tirx.const(0, t), name="sum")
min = comm_reducer(lambda x, y: tirx.min(x, y), max_value, name="min")  # noqa: A001
max = comm_reducer(lambda x, y: tirx.max(x, y), min_value, name="max")  # noqa: A001

from .create_prim_func import create_prim_func  # noqa: E402,F401
