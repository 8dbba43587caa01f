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


class ObjectConvertible:
    """Base of Python classes that stand for an IR object: `asobject()` gives it."""

    def asobject(self):
        raise NotImplementedError()


def convert(value):
    """The FFI form of a Python value: lists and tuples become `Array`, dicts `Map`,
    an `ObjectConvertible` its `asobject()`; objects, numbers, strings and None are
    used as they are."""
    if isinstance(value, (tuple, list)):
        return Array(value)
    if isinstance(value, dict):
        return Map(value)
    if isinstance(value, ObjectConvertible):
        return value.asobject()
    return value


from tvm_ffi.access_path import AccessPath as _AccessPath  # noqa: E402


def get_first_structural_mismatch(lhs, rhs, map_free_vars=False):
    """None when equal; otherwise the access paths (lhs, rhs) of the first mismatch."""
    found = _tvmscript.first_structural_mismatch(lhs, rhs, bool(map_free_vars))
    if found is None:
        return None
    return Array(_AccessPath._from_steps(p) for p in found)


# Structural walks and maps (functors), loaded on first use.
def __getattr__(name):
    if name in ("DefRegionKind", "InplaceMode", "VisitInterrupt", "WalkOrder", "WalkResult",
                "structural_map", "structural_walk", "structural"):
        import importlib

        structural = importlib.import_module("tvm_ffi.structural")
        return structural if name == "structural" else getattr(structural, name)
    raise AttributeError(f"module 'tvm_ffi' has no attribute {name!r}")
