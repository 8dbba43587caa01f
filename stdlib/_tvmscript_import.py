"""Modules imported from disk are TVMScript too.

A path hook put first on ``sys.path_hooks`` finds ``.py`` files as the standard
one does and loads them with :class:`ScriptLoader`, which runs the source
transpiled as the main script is (``_tvmscript.exec_module_source``), so a
``@T.prim_func`` in an imported module, a ``conftest.py`` or a test file defines
the same IR it would in the script itself. Installed packages (folders named
``site-packages`` or ``dist-packages``) and bytecode-only modules load as usual.
"""

import sys
from importlib import machinery

import _tvmscript

_PACKAGE_DIRS = ("site-packages", "dist-packages")


class ScriptLoader(machinery.SourceFileLoader):
    """Loads a ``.py`` file as a TVMScript module (no bytecode cache)."""

    def exec_module(self, module):
        path = self.get_filename(self.name)
        with open(path, "rb") as f:
            data = f.read()
        text = data.decode("utf-8")
        _tvmscript.exec_module_source(text, path, module.__dict__)


def _path_hook(path):
    if any(part in _PACKAGE_DIRS for part in path.replace("\\", "/").split("/")):
        raise ImportError("installed packages load with the standard finder", path=path)
    return _script_finder(path)


_script_finder = machinery.FileFinder.path_hook((ScriptLoader, machinery.SOURCE_SUFFIXES))


def install():
    """Put the script path hook first (once) and forget finders made before it."""
    if _path_hook not in sys.path_hooks:
        sys.path_hooks.insert(0, _path_hook)
        sys.path_importer_cache.clear()


def load_file(name, path):
    """Import the file at ``path`` as module ``name`` (registered in ``sys.modules``)."""
    from importlib import util

    loader = ScriptLoader(name, path)
    spec = util.spec_from_file_location(name, path, loader=loader)
    module = util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module
