"""Namespace members a package re-exports (`tvm.script.ir_module`), as registered."""
import _tvmscript


def bind(package, namespace):
    """Bind into `namespace` (a module's globals) the members `package` re-exports."""
    for pkg, ns, member in _tvmscript.exports():
        if pkg == package:
            namespace[member] = getattr(_tvmscript.namespace(ns), member)
