"""TIRx: tensor programs (the `T` script namespace lives in `tvm.script.tirx`).

The node constructors scripts import from here (`from tvm.tirx import Add`,
`tvm.tirx.const(1, "int32")`) come from the native table `tirx.nodes`."""
import _tvmscript

from . import layout  # noqa: F401

_nodes = _tvmscript.namespace("tirx.nodes")
globals().update({_name: getattr(_nodes, _name) for _name in dir(_nodes)})

# Analyses and passes (tvm.tirx.analysis, tvm.tirx.transform).
from . import analysis, transform  # noqa: F401,E402
