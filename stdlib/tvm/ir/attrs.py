"""`DictAttrs`: the attributes of a function or module, read as TVM 0.27's Python
reads them (`keys()`, `in`, `[]`, `get`, `items()`, attribute access)."""


def _text(v):
    # TVM's map printing: strings in double quotes, containers recursively.
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_text(k)}: {_text(x)}" for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_text(x) for x in v) + "]"
    return str(v)


class DictAttrs:
    """Dictionary attributes (`func.attrs`, `mod.attrs`)."""

    __slots__ = ("_d",)

    def __init__(self, d=None):
        self._d = dict(d or {})

    def _dict(self):
        return dict(self._d)

    def keys(self):
        return list(self._d.keys())

    def items(self):
        return list(self._d.items())

    def __getitem__(self, k):
        return self._d[k]

    def get(self, key, default=None):
        return self._d.get(key, default)

    def __contains__(self, k):
        return k in self._d

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __getattr__(self, name):
        try:
            return self._d[name]
        except KeyError:
            raise AttributeError(f"DictAttrs has no attribute {name}") from None

    def __eq__(self, other):
        return isinstance(other, DictAttrs) and self._d == other._d

    def __hash__(self):
        return id(self)

    def __str__(self):
        return _text(self._d)

    __repr__ = __str__


DictAttrs.__module__ = "tvm.ir.attrs"
