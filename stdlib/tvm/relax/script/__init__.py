"""`tvm.relax.script`: TVM 0.27 keeps the Relax parser here and `tvm.script.relax`
resolves to it; here it is the `R` namespace (members read through)."""
import _tvmscript

from . import parser  # noqa: F401

_R = _tvmscript.namespace("relax")


def __getattr__(name):
    return getattr(_R, name)
