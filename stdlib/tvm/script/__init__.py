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
_EAGER_SUBPACKAGES = ("parser", "ir_builder")
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
    if name in _EAGER_SUBPACKAGES:
        # `import tvm` loads these in TVM, so they are attributes without an import.
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'tvm.script' has no attribute '{name}'")


# Modules under a namespace (`import tvm.script.parser.relax.entry`), as TVM's
# redirect finder gives them: a built-in dialect's Python package holds them
# (`tvm.relax.script`, its parser under `tvm.relax.script.parser`).
_DIALECT_PACKAGES = {"relax": "tvm.relax.script"}


def _redirect_target(fullname):
    for prefix, suffix in (("tvm.script.parser.", ".parser"), ("tvm.script.", "")):
        if not fullname.startswith(prefix):
            continue
        head, _, tail = fullname[len(prefix):].partition(".")
        package = _DIALECT_PACKAGES.get(head)
        if package is not None and tail:
            return f"{package}{suffix}.{tail}"
        return None
    return None


class _DialectRedirectFinder:
    """Finds `tvm.script[.parser].<dialect>.<module>` as the dialect's module."""

    def find_spec(self, fullname, path=None, target=None):
        real = _redirect_target(fullname)
        if real is None:
            return None
        import importlib.util

        return importlib.util.spec_from_loader(fullname, _AliasLoader(real))


class _AliasLoader:
    def __init__(self, real):
        self.real = real

    def create_module(self, spec):
        import importlib

        return importlib.import_module(self.real)

    def exec_module(self, module):
        pass


_sys.meta_path.append(_DialectRedirectFinder())
