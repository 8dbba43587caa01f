"""Access paths (TVM FFI's `tvm_ffi.access_path`): how to reach a nested attribute or
item from a root object, step by step. Structural equality reports its first mismatch
as a pair of paths; the printer underlines and annotates the text printed from them."""
from enum import IntEnum

from _tvm_ffi_container import Array as _Array


class AccessKind(IntEnum):
    """Kinds of access steps in an access path."""

    ATTR = 0
    ARRAY_ITEM = 1
    MAP_ITEM = 2
    ATTR_MISSING = 3
    ARRAY_ITEM_MISSING = 4
    MAP_ITEM_MISSING = 5


def _key_text(key):
    if isinstance(key, str):
        return '"' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(key)


class AccessStep:
    """One step of an access path: its `kind` (an AccessKind number) and `key`."""

    __slots__ = ("kind", "key")

    def __init__(self, kind, key):
        self.kind = int(kind)
        self.key = key

    def __repr__(self):
        kind = self.kind
        if kind == AccessKind.ATTR:
            return "." + self.key
        if kind == AccessKind.ARRAY_ITEM:
            return f"[{self.key}]"
        if kind == AccessKind.MAP_ITEM:
            return f"[{_key_text(self.key)}]"
        if kind == AccessKind.ARRAY_ITEM_MISSING:
            return f"[<missing:{self.key}>]"
        return f"[<missing:{_key_text(self.key)}>]"

    __str__ = __repr__

    def _same(self, other):
        if self.kind != other.kind:
            return False
        a, b = self.key, other.key
        if type(a) in (str, int, float, bool) or a is None:
            return type(a) is type(b) and a == b
        return a is b or (hasattr(a, "same_as") and a.same_as(b))


def _check(value, expected, method):
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        names = {str: "str", int: "int"}
        got = "ffi.SmallStr" if isinstance(value, str) else type(value).__name__
        raise TypeError(
            f"Mismatched type on argument #1 when calling: `ffi.reflection.AccessPath.{method}"
            f"(0: ffi.reflection.AccessPath, 1: {names[expected]}) -> ffi.reflection.AccessPath`. "
            f"Expected `{names[expected]}` but got `{got}`"
        )


class AccessPath:
    """Access path container: the steps (attribute, array index or map key) that reach a
    nested value from a root, e.g. `AccessPath.root().attr("body").array_item(2)`."""

    __slots__ = ("parent", "step", "depth")

    def __init__(self):
        raise ValueError(
            "AccessPath can't be initialized directly. "
            "Use AccessPath.root() to create a path to the root object"
        )

    @staticmethod
    def _make(parent, step):
        path = object.__new__(AccessPath)
        path.parent = parent
        path.step = step
        path.depth = 0 if parent is None else parent.depth + 1
        return path

    @staticmethod
    def root():
        """A path to the root object itself."""
        return AccessPath._make(None, None)

    @staticmethod
    def _from_steps(steps):
        path = AccessPath.root()
        for kind, key in steps:
            path = AccessPath._make(path, AccessStep(kind, key))
        return path

    def _extend(self, step):
        return AccessPath._make(self, step)

    def attr(self, attr_key):
        """This path then the attribute `attr_key`."""
        _check(attr_key, str, "_attr")
        return self._extend(AccessStep(AccessKind.ATTR, attr_key))

    def attr_missing(self, attr_key):
        """This path then an attribute `attr_key` that is missing."""
        _check(attr_key, str, "_attr_missing")
        return self._extend(AccessStep(AccessKind.ATTR_MISSING, attr_key))

    def array_item(self, index):
        """This path then the array item `index`."""
        _check(index, int, "_array_item")
        return self._extend(AccessStep(AccessKind.ARRAY_ITEM, index))

    def array_item_missing(self, index):
        """This path then an array item `index` that is missing."""
        _check(index, int, "_array_item_missing")
        return self._extend(AccessStep(AccessKind.ARRAY_ITEM_MISSING, index))

    def map_item(self, key):
        """This path then the map item of `key`."""
        return self._extend(AccessStep(AccessKind.MAP_ITEM, key))

    def map_item_missing(self, key):
        """This path then a map item of `key` that is missing."""
        return self._extend(AccessStep(AccessKind.MAP_ITEM_MISSING, key))

    def _step_list(self):
        out = []
        path = self
        while path.step is not None:
            out.append(path.step)
            path = path.parent
        out.reverse()
        return out

    def to_steps(self):
        """The steps from the root, in order."""
        return _Array(self._step_list())

    @property
    def _steps(self):
        # The form the native printer and structural equality read.
        return tuple((s.kind, s.key) for s in self._step_list())

    def _path_equal(self, other):
        a, b = self, other
        if a.depth != b.depth:
            return False
        while a.step is not None:
            if a is b:
                return True
            if not a.step._same(b.step):
                return False
            a, b = a.parent, b.parent
        return True

    def is_prefix_of(self, other):
        """Whether `other` is this path or lies below it."""
        if self.depth > other.depth:
            return False
        while other.depth > self.depth:
            other = other.parent
        return self._path_equal(other)

    def __eq__(self, other):
        if not isinstance(other, AccessPath):
            return False
        return self._path_equal(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self.depth, repr(self)))

    def __repr__(self):
        return "<root>" + "".join(repr(s) for s in self._step_list())

    __str__ = __repr__


AccessKind.__module__ = AccessStep.__module__ = AccessPath.__module__ = "tvm_ffi.access_path"
