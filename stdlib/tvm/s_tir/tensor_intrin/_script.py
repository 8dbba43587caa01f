"""TVMScript sources of intrinsic families, run on first use.

The `tvm` package is frozen into the binary as plain Python, so its modules cannot
hold `@T.prim_func` definitions themselves (those are transpiled). Each family
keeps its TVMScript builders as source text in a `ScriptSource`, which runs it
transpiled (as an imported module would be) the first time one of its names is
read: importing the library costs no parse.
"""

import _tvmscript


class ScriptSource:
    """A TVMScript module source whose names are read as attributes."""

    def __init__(self, name, text):
        self._name = name
        self._text = text
        self._namespace = None

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        if self._namespace is None:
            namespace = {"__name__": self._name}
            _tvmscript.exec_module_source(self._text, f"<{self._name}>", namespace)
            self._namespace = namespace
        try:
            return self._namespace[attr]
        except KeyError:
            raise AttributeError(f"{self._name} has no attribute {attr}") from None
