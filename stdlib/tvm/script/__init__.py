"""The TVMScript namespaces and parsing entry points."""
import sys as _sys

import _tvmscript


def _install_namespaces():
    for name in _tvmscript.namespaces():
        if name.startswith("_"):  # the builder modules' natives (tvm.script.ir_builder)
            continue
        ns = _tvmscript.namespace(name)
        globals()[name] = ns
        # `import tvm.script.tirx as T` finds the namespace object as a module.
        _sys.modules["tvm.script." + name] = ns


_install_namespaces()

from . import _exports  # noqa: E402

_exports.bind(__name__, globals())

from_source = _tvmscript.from_source


def parse(program, extra_vars=None, check_well_formed=True):
    """Parse TVMScript source text (``tvm.script.parse``)."""
    return from_source(program, extra_vars=extra_vars, check_well_formed=check_well_formed)
