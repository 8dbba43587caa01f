"""`tvm.relax.script.parser`: the `R` namespace's members (see `entry`)."""
import _tvmscript

from . import entry  # noqa: F401

_R = _tvmscript.namespace("relax")


def __getattr__(name):
    return getattr(_R, name)
