"""Names a package loads on first use, so `import tvm` (which every parse does) stays
cheap: the pass, functor and builder modules are imported only when a script uses them."""
import importlib
import sys


def lazy_names(package, names):
    """A module `__getattr__` for `package`: `names` maps an attribute to
    `(submodule, attribute)`, the submodule itself when the attribute is None."""

    module = sys.modules.get(package)
    if module is not None:
        # `dir()` lists the names not loaded yet too (the REPL completes from it).
        def __dir__():
            return sorted(set(vars(module)) | set(names))

        module.__dir__ = __dir__

    def __getattr__(name):
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        sub, attr = names[name]
        module = importlib.import_module(sub, package)
        value = module if attr is None else getattr(module, attr)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
