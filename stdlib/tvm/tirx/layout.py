"""Tile layouts. `Axis.<name>` is the named layout axis (`Axis.laneid`, `Axis.m` ...),
as printed scripts import it: `from tvm.tirx.layout import Axis`."""
import _tvmscript

_impl = _tvmscript.namespace("tirx._impl")


class _AxisMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _impl.axis(name)


class Axis(metaclass=_AxisMeta):
    """Named layout axes: `Axis.laneid`, `Axis.warpid`, `Axis.m`; `Axis("name")` also works."""

    def __new__(cls, name):
        return _impl.axis(name)
