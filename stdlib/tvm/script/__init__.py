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


# Extension from Python. A dialect package (`register_dialect`) or a namespace object
# (`register_namespace`, or made on first use by `register_namespace_initializer`) is
# named `tvm.script.<name>` and `tvm.script.parser.<name>`.
_DIALECT_REGISTRY = {}
_NAMESPACE_INITIALIZERS = {}


def _bind_namespace(name, ns):
    globals()[name] = ns
    _sys.modules["tvm.script." + name] = ns
    parser = _sys.modules.get("tvm.script.parser")
    if parser is not None:
        setattr(parser, name, ns)
    _sys.modules["tvm.script.parser." + name] = ns
    return ns


def register_dialect(name, module_path):
    """Register a dialect's script package: ``tvm.script.<name>`` imports
    ``module_path`` on first use. Registering the same name again replaces it."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"a dialect name is an identifier, got {name!r}")
    _DIALECT_REGISTRY[name] = module_path


def register_namespace(name, namespace):
    """Name a script namespace object ``tvm.script.<name>`` (and under
    ``tvm.script.parser``); ``from tvm.script import <name> as X`` then gives it."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"a namespace name is an identifier, got {name!r}")
    _NAMESPACE_INITIALIZERS.pop(name, None)
    return _bind_namespace(name, namespace)


def register_namespace_initializer(name, initializer):
    """Register ``initializer()``, called once on first use of ``tvm.script.<name>``,
    whose result becomes that namespace."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"a namespace name is an identifier, got {name!r}")
    if not callable(initializer):
        raise TypeError("register_namespace_initializer expects a callable")
    _NAMESPACE_INITIALIZERS[name] = initializer


def __getattr__(name):
    init = _NAMESPACE_INITIALIZERS.pop(name, None)
    if init is not None:
        return _bind_namespace(name, init())
    path = _DIALECT_REGISTRY.get(name)
    if path is not None:
        import importlib

        return _bind_namespace(name, importlib.import_module(path))
    raise AttributeError(f"module 'tvm.script' has no attribute '{name}'")
