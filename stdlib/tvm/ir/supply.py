"""`tvm.ir.supply`: unique names."""


class UniqueNameSupply:
    """Hands out names not handed out before, from a prefix (`prefix_name`) and a
    counter per name (`x`, `x_1`, `x_2` ...)."""

    def __init__(self, prefix=""):
        self.prefix = prefix
        self._counts = {}

    def _prefixed(self, name):
        return f"{self.prefix}_{name}" if self.prefix else name

    def fresh_name(self, name, add_prefix=True, add_underscore=True):
        """A name derived from `name` that this supply has not given out (dots become
        underscores; an empty name is `v`)."""
        name = name or "v"
        if add_prefix:
            name = self._prefixed(name)
        name = name.replace(".", "_")
        if name not in self._counts:
            self._counts[name] = 0
            return name
        suffix = self._counts[name]
        candidate = name
        while candidate in self._counts:
            suffix += 1
            candidate = f"{name}{'_' if add_underscore else ''}{suffix}"
        self._counts[name] = suffix
        self._counts[candidate] = 0
        return candidate

    def reserve_name(self, name, add_prefix=True):
        """Mark `name` (prefixed) as given out; returns it."""
        if add_prefix:
            name = self._prefixed(name)
        self._counts[name] = 0
        return name

    def contains_name(self, name, add_prefix=True):
        """Whether this supply has given out (or reserved) `name`."""
        return (self._prefixed(name) if add_prefix else name) in self._counts
