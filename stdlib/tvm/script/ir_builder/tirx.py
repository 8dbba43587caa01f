"""`tvm.script.ir_builder.tirx`: TIRx frames called from Python. The frames the
parser has no syntax for (`prim_func()` as a frame, `arg`, `buffer_store`, `If`/
`Then`/`Else`, `Assert` and `While` as frames) are native (src/dialects/tirx/frontend/builder_api.rs); every other
name is the `T` namespace's (`serial`, `grid`, `func_name`, `evaluate`, `Buffer` …)."""
import _tvmscript
from tvm.script import tirx as _T

_B = _tvmscript.namespace("_ib_tirx")

prim_func = _B.prim_func
arg = _B.arg
buffer_store = _B.buffer_store
If = _B.If
Then = _B.Then
Else = _B.Else
Assert = _B.Assert
While = _B.While


def __getattr__(name):
    return getattr(_T, name)
