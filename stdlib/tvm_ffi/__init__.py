"""TVM FFI's Python names that scripts import for IR (`tvm_ffi.structural_equal` ...),
as tvmscript provides them."""
import _tvmscript

Object = _tvmscript.Object


def structural_equal(lhs, rhs, map_free_vars=False):
    """Whether two values are structurally equal (free variables match only
    themselves unless map_free_vars)."""
    return _tvmscript.structural_equal(lhs, rhs, bool(map_free_vars))


def structural_hash(obj, map_free_vars=False):
    """The structural hash of a value, consistent with structural_equal."""
    return _tvmscript.structural_hash(obj, bool(map_free_vars))


class Shape(tuple):
    """A shape: a tuple of ints (`tvm_ffi.Shape((2, 3))`)."""

    def __new__(cls, content=()):
        return super().__new__(cls, [int(x) for x in content])

    def __repr__(self):
        return "(" + ", ".join(str(x) for x in self) + ("," if len(self) == 1 else "") + ")"


from _tvm_ffi_container import Array, Map  # noqa: E402

List = Array
Dict = Map


def convert(value):
    """The IR form of a Python value (lists, dicts and IR objects are used as they are)."""
    return value


def get_first_structural_mismatch(lhs, rhs, map_free_vars=False):
    """None when equal; otherwise a pair naming the first mismatch."""
    if structural_equal(lhs, rhs, map_free_vars):
        return None
    return (lhs, rhs)

# Structural walks and maps (functors).
from .structural import (  # noqa: E402,F401
    DefRegionKind,
    InplaceMode,
    VisitInterrupt,
    WalkOrder,
    WalkResult,
    structural_map,
    structural_walk,
)
