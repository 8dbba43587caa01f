"""The TVMScript namespaces and parsing entry points."""
import sys as _sys

import _tvmscript


def _install_namespaces():
    for name in _tvmscript.namespaces():
        ns = _tvmscript.namespace(name)
        globals()[name] = ns
        # `import tvm.script.tirx as T` finds the namespace object as a module.
        _sys.modules["tvm.script." + name] = ns


_install_namespaces()
