"""TIRx: tensor programs (the `T` script namespace lives in `tvm.script.tirx`).

The node classes are the IR's own (`tvm.tirx.Add` is the class of `x + y`, and
constructs it); the functions beside them come from the native table `tirx.nodes`
and the `T` namespace."""
import enum as _enum

import _tvmscript

from . import layout  # noqa: F401
from .index_map import IndexMap  # noqa: F401
from tvm.ir import Var, Range, StringImm  # noqa: F401
from tvm.ir.prim import *  # noqa: F401,F403
from tvm.ir.prim import IntImm, FloatImm, Expr  # noqa: F401

_nodes = _tvmscript.namespace("tirx.nodes")
globals().update({_n: getattr(_nodes, _n) for _n in dir(_nodes) if not _n.startswith("_")})

Buffer = Var
BufferType = _tvmscript.ir_class("tirx.BufferType")
Stmt = _tvmscript.ir_class("tirx.Stmt")
PrimFunc = _tvmscript.ir_class("tirx.PrimFunc")
for _name in [
    "BufferStore", "Bind", "SeqStmt", "For", "While", "IfThenElse", "Evaluate", "AttrStmt", "AssertStmt",
    "AllocBuffer", "DeclBuffer", "Break", "Continue", "Return", "IterVar",
]:
    globals()[_name] = _tvmscript.ir_class("tirx." + _name)
LetStmt = Bind
# The iteration kinds, as TVM's `IterVar` class names them.
for _value, _name in enumerate(
    ["DataPar", "ThreadIndex", "CommReduce", "Ordered", "Opaque", "Unrolled", "Vectorized", "Parallelized", "Tensorized"]
):
    setattr(IterVar, _name, _value)  # noqa: F821
SeqStmt.__getitem__ = lambda self, i: self.seq[i]  # noqa: F821
SeqStmt.__len__ = lambda self: len(self.seq)  # noqa: F821


def stmt_seq(*args):
    """One statement of several (expressions become `Evaluate`); a single one as itself."""
    ret = [v if isinstance(v, Stmt) else Evaluate(v) for v in args]  # noqa: F821
    return ret[0] if len(ret) == 1 else SeqStmt(ret)  # noqa: F821


def stmt_list(stmt):
    """The statements of a statement, nested sequences flattened."""
    if isinstance(stmt, SeqStmt):  # noqa: F821
        return [s for x in stmt.seq for s in stmt_list(x)]
    return [stmt]


class ForKind(_enum.IntEnum):
    """The kind of a `For` loop."""

    SERIAL = 0
    PARALLEL = 1
    VECTORIZED = 2
    UNROLLED = 3
    THREAD_BINDING = 4


# The arithmetic helpers, as the `T` namespace builds them (folding where TVM folds).
_T = _tvmscript.namespace("tirx")
for _name in [
    "floordiv", "floormod", "truncdiv", "truncmod", "indexdiv", "indexmod", "ceildiv", "div", "max", "min",
    "if_then_else", "all", "any", "abs", "exp", "exp2", "exp10", "log", "log2", "log10", "log1p", "sqrt",
    "rsqrt", "sigmoid", "tanh", "sin", "cos", "tan", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh",
    "atanh", "atan2", "erf", "floor", "ceil", "round", "trunc", "nearbyint", "pow", "power", "fmod", "hypot",
    "copysign", "nextafter", "ldexp", "popcount", "clz", "isnan", "isinf", "isfinite", "likely", "cast",
    "reinterpret", "max_value", "min_value", "infinity", "bitwise_and", "bitwise_or", "bitwise_xor",
    "bitwise_not", "shift_left", "shift_right", "call_extern", "call_intrin", "call_packed",
    "call_pure_extern", "ret", "sum", "q_multiply_shift", "address_of", "lookup_param", "undef", "vscale",
    "isnullptr", "logaddexp", "assume", "comm_reducer", "call_llvm_intrin", "call_llvm_pure_intrin",
]:
    if hasattr(_T, _name):
        globals()[_name] = getattr(_T, _name)
del _name
power = pow  # noqa: F821
_const = const  # noqa: F821


def const(value, dtype=None, span=None):
    """A constant; a NumPy scalar gives its value and, by default, its dtype."""
    # NumPy scalars (np.float64 is a float too) carry their dtype.
    if not isinstance(value, Expr) and hasattr(value, "dtype") and hasattr(value, "item"):
        if dtype is None:
            dtype = str(value.dtype)
        value = value.item()
    return _const(value, dtype, span)


def _reducer(name, combine):
    # TVM's `comm_reducer` API: over an axis (`max(expr, axis)`) it is a reduction,
    # otherwise it combines all its arguments (`max(a, b, c, ...)`).
    def reducer(expr, axis, where=None, init=None, *args):
        if isinstance(axis, (IterVar, list, tuple)):  # noqa: F821
            import tvm.te

            return getattr(tvm.te, name)(expr, axis, where, init)
        operands = [expr, axis, where, init, *args]
        count = 2 if where is None else 3 if init is None and not args else len(operands)
        result = operands[0]
        for x in operands[1:count]:
            result = combine(result, x)
        return result

    reducer.__name__ = name
    return reducer


max = _reducer("max", max)  # noqa: A001,F821
min = _reducer("min", min)  # noqa: A001,F821


def _is_buffer(x):
    return isinstance(x, Var) and type(getattr(x, "ty", None)).__name__ == "BufferType"


def _pack_buffer(buf):
    """A buffer as the DLTensor a packed function receives (`tvm_stack_make_array`)."""
    t = buf.ty
    shape = call_intrin("handle", "tirx.tvm_stack_make_shape", *t.shape)  # noqa: F821
    strides = call_intrin("handle", "tirx.tvm_stack_make_shape", *t.strides) if len(t.strides) else 0  # noqa: F821
    return call_intrin(  # noqa: F821
        "handle", "tirx.tvm_stack_make_array", buf.data, shape, strides, len(t.shape), const(0, str(t.dtype)),  # noqa: F821
        t.elem_offset)


_call_packed = call_packed  # noqa: F821


def call_packed(*args, span=None):
    """A packed function call; buffer arguments are passed as DLTensors."""
    return _call_packed(*[_pack_buffer(a) if _is_buffer(a) else a for a in args])


def _fold(op, name, args):
    if not args:
        raise ValueError(f"{name} must take at least 1 argument")
    val = args[0]
    for arg in args[1:]:
        val = op(val, arg)
    return val


def all(*args, span=None):  # noqa: A001
    """The conjunction of its arguments (`a and b and ...`)."""
    return _fold(_nodes._op_and, "Any", args)


def any(*args, span=None):  # noqa: A001
    """The disjunction of its arguments (`a or b or ...`)."""
    return _fold(_nodes._op_or, "Any", args)

# Analyses and passes (tvm.tirx.analysis, tvm.tirx.transform).
from tvm._lazy import lazy_names as _lazy_names  # noqa: E402

__getattr__ = _lazy_names(__name__, {"analysis": (".analysis", None), "transform": (".transform", None), "buffer": (".buffer", None), "stmt": (".stmt", None), "expr": (".expr", None), "function": (".function", None), "BufferAccessKind": (".buffer", "BufferAccessKind"), "is_buffer_var": (".buffer", "is_buffer_var")})
