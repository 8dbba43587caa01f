"""The containers IR fields are read as (TVM's `tvm_ffi.container.Array` and `Map`):
a tuple and a dict that print as TVM's do, `(n, 4)` and `{"a": 1}`. Kept free of
imports: every field read of an array makes one."""


def _text(v):
    # TVM prints a string element quoted in double quotes, anything else by its repr.
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return repr(v)


class Array(tuple):
    """An immutable IR array."""

    __slots__ = ()

    def __repr__(self):
        return "(" + ", ".join(_text(x) for x in self) + ("," if len(self) == 1 else "") + ")"

    __str__ = __repr__

    def __getitem__(self, i):
        # TVM's slice of an array is a list.
        if isinstance(i, slice):
            return list(tuple.__getitem__(self, i))
        return tuple.__getitem__(self, i)


class Map(dict):
    """An IR map."""

    __slots__ = ()

    def __repr__(self):
        return "{" + ", ".join(f"{_text(k)}: {_text(v)}" for k, v in self.items()) + "}"

    __str__ = __repr__


Array.__module__ = "tvm_ffi.container"
Map.__module__ = "tvm_ffi.container"
