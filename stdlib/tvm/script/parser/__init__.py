"""``tvm.script.parser``: the construction protocol's public records.

``protocol_registry`` maps each canonical namespace path (``tirx``, ``relax``, ``ir``,
``s_tir`` and extensions) to its definition decorators' syntax policies;
``GeneratedBuilder`` is the record a transpiled definition hands its decorator;
``DefinitionKind`` is what a definition decorator's ``DEFINITION_KIND`` says it defines.
"""
import sys as _sys

import _tvmscript

protocol_registry = _tvmscript.protocol_registry()
from ._definition_kind import DefinitionKind  # noqa: E402
GeneratedBuilder = _tvmscript.generated_builder_class()

# `from tvm.script.parser import tirx as T` names the same namespace objects as
# `tvm.script.tirx` (so `T.function is tvm.script.tirx.function`).
import tvm.script as _script  # noqa: E402

for _name in _tvmscript.namespaces():
    _ns = getattr(_script, _name, None)
    if _ns is None:
        _ns = _tvmscript.namespace(_name)
    globals()[_name] = _ns
    _sys.modules[__name__ + "." + _name] = _ns

from tvm.script import _exports  # noqa: E402

_exports.bind(__name__, globals())
