"""Tile primitives: `T.tile.copy(dst, src)`, `T.cta.gemm(...)`, `T.wg.fill(...)` ...
Each call emits a `tirx.TilePrimitiveCall` at the namespace's cooperation scope
(`tile`/`thread` 6, `warp` 5, `wg`/`warpgroup` 4, `cta` 3, `cluster` 2)."""
import _tvmscript

_impl = _tvmscript.namespace("tirx._impl")

# Parameters of each primitive, as TVM's builder declares them: `name` is required,
# `name=` has the default that follows; `*` marks region parameters (buffers become
# full regions), `~` expression parameters (Python numbers become constants),
# `!` operator parameters (names become operators), `#` axes (an int becomes a tuple).
_UNARY = ("*dst", "*src=dst", "~*bias=None", "~scale=None")
_BINARY = ("*dst", "~*src1", "~*src2")
_REDUCE = ("*dst", "*src=dst", "#axes=-1", "accum=False")
_SIGS = {
    "add": _BINARY,
    "sub": _BINARY,
    "mul": _BINARY,
    "fdiv": _BINARY,
    "maximum": _BINARY,
    "minimum": _BINARY,
    "binary_chain": ("*output", "*data", "~*operand0", "~*operand1", "!op0", "!op1", "reverse1=False"),
    "binary_reduce": ("*binary_output", "*reduce_output", "~*binary_input1", "~*binary_input2", "!binary_op", "!reduce_op", "#reduce_axes=-1"),
    "cast": ("*dst", "*src"),
    "copy": ("*dst", "*src"),
    "copy_async": ("*dst", "*src"),
    "exp": _UNARY,
    "exp2": _UNARY,
    "log2": _UNARY,
    "sqrt": _UNARY,
    "fill": ("*dst", "~value"),
    "memset": ("*dst", "~value"),
    "fma": ("*dst", "*src", "~*scale", "~*bias"),
    "gemm": ("*D", "*A", "*B", "*C", "transpose_A=False", "transpose_B=False", "~alpha=1.0", "~beta=0.0"),
    "gemm_async": ("*C", "*A", "*B", "*SFA=None", "*SFB=None", "transA=False", "transB=False", "accum=False"),
    "max": _REDUCE,
    "min": _REDUCE,
    "sum": ("*dst", "*src", "#axes=-1", "accum=False"),
    "permute_layout": ("*dst", "*src"),
    "reciprocal": ("*dst", "*src=dst"),
    "reduce_negate": ("*output", "*input", "!reduce_op", "#reduce_axes=-1", "accum=False"),
    "select": ("*dst", "~*true_value", "~*false_value", "pred"),
    "silu": ("*dst", "*src"),
    "unary_reduce": ("*unary_output", "*reduce_output", "*unary_input", "!unary_op", "!reduce_op", "~*bias=None", "~scale=None", "#reduce_axes=-1"),
    "zero": ("*dst", "*src=dst"),
}

_MISSING = object()


def _parse(spec):
    flags = set()
    while spec[0] in "*~!#":
        flags.add(spec[0])
        spec = spec[1:]
    if "=" in spec:
        name, default = spec.split("=", 1)
        return name, flags, default
    return spec, flags, _MISSING


def _default(text, bound):
    if text in bound:
        return bound[text]
    if text == "None":
        return None
    if text in ("True", "False"):
        return text == "True"
    if "." in text:
        return float(text)
    return int(text)


def _call(name, scope, args, kwargs):
    params = [_parse(s) for s in _SIGS[name]]
    if len(args) > len(params):
        raise TypeError(f"{name}() takes {len(params)} positional arguments but {len(args)} were given")
    workspace = kwargs.pop("workspace", None) or {}
    dispatch = kwargs.pop("dispatch", None)
    bound = {}
    for (pname, flags, default), value in zip(params, args):
        bound[pname] = value
    for pname, flags, default in params:
        if pname in bound:
            continue
        if pname in kwargs:
            bound[pname] = kwargs.pop(pname)
        elif default is not _MISSING:
            bound[pname] = _default(default, bound)
        else:
            raise TypeError(f"{name}() missing required argument: '{pname}'")
    values = []
    for pname, flags, _ in params:
        v = bound[pname]
        if "*" in flags and v is not None:
            v = _impl.to_region(v)
        if "~" in flags and isinstance(v, (int, float)) and not isinstance(v, bool):
            v = _impl.const(v)
        if "!" in flags and isinstance(v, str):
            v = _impl.tile_op_ref(v)
        if "#" in flags and isinstance(v, int):
            v = (v,)
        values.append(v)
    return _impl.tile_call(name, values, workspace, kwargs, dispatch, scope)


class ScopeNamespace:
    """`T.cta` / `T.wg` / `T.warp` ...: tile primitives at one cooperation scope."""

    def __init__(self, scope, label):
        self._scope = scope
        self._label = label

    def __repr__(self):
        return f"<T.{self._label}: tile primitives>"

    def __getattr__(self, name):
        if name.startswith("_") or name not in _SIGS:
            raise AttributeError(
                f"'T.{self._label}.{name}' is not a tile primitive; the "
                f"'T.{self._label}.' scope prefix applies only to tile primitives"
            )
        scope = self._scope

        def primitive(*args, **kwargs):
            return _call(name, scope, args, dict(kwargs))

        primitive.__name__ = name
        return primitive


tile = ScopeNamespace(6, "tile")
thread = ScopeNamespace(6, "thread")
warp = ScopeNamespace(5, "warp")
wg = ScopeNamespace(4, "wg")
warpgroup = ScopeNamespace(4, "warpgroup")
cta = ScopeNamespace(3, "cta")
cluster = ScopeNamespace(2, "cluster")
