"""Relax operator functions (`tvm.relax.op`): TVM's `R.add` is `tvm.relax.op.add`, so
these are the `R` namespace's operator members, made from the one operator table
(src/dialects/relax/ops); `tvm.relax.op.nn` is `R.nn`, and so on."""
import sys as _sys

import _tvmscript

_ops = _tvmscript.namespace("relax.op")


def __getattr__(name):
    try:
        return getattr(_ops, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__():
    return sorted(set(globals()) | set(dir(_ops)))


def _bind_submodules():
    # `from tvm.relax.op.nn import conv2d` finds the sub-namespace as a module.
    kind = type(_ops)
    for name in dir(_ops):
        value = getattr(_ops, name)
        if type(value) is kind:
            globals()[name] = value
            _sys.modules[__name__ + "." + name] = value


_bind_submodules()
