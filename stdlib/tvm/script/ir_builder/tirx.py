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


def _unravel(index, shape):
    """A flat index as one index per dimension (the outermost takes the quotient)."""
    out = []
    for k, extent in enumerate(reversed(shape)):
        if k == len(shape) - 1:
            out.append(index)
        else:
            out.append(index % extent)
            index = index // extent
    return out[::-1]


class _BufferProxy:
    """A buffer indexed and assigned from Python: `p[i, j]` loads, `p[i, j] = v`
    stores; one index into a multi-dimensional buffer is a flat index."""

    def __init__(self, buf):
        self._buffer = buf
        self.dtype = buf.dtype
        self.shape = buf.shape
        self.name = buf.name
        self.data = buf.data

    def _indices(self, index):
        index = list(index) if isinstance(index, (tuple, list)) else [index]
        if len(index) == 1 and len(self._buffer.shape) != 1:
            index = _unravel(index[0], self._buffer.shape)
        return index

    def __getitem__(self, index):
        from tvm import tirx
        return tirx.BufferLoad(self._buffer, self._indices(index))

    def __setitem__(self, index, value):
        buffer_store(self._buffer, value, self._indices(index))


def buffer_proxy(buf):
    """`buf` indexed and assigned with Python subscripts (flat or per dimension)."""
    return _BufferProxy(buf)


def seq_scope():
    """A scope holding several top-level statements (a `pragma_scope` attribute)."""
    from tvm.ir import StringImm
    return _T.attr(0, "pragma_scope", StringImm("seq"))


class _FrameScope:
    def __init__(self, frames):
        self.frames = frames if isinstance(frames, (list, tuple)) else [frames]
        self._entered = []

    def __enter__(self):
        results = []
        for f in self.frames:
            results.append(f.__enter__())
            self._entered.append(f)
        return tuple(results) if len(results) > 1 else results[0]

    def __exit__(self, *exc):
        suppressed = False
        while self._entered:
            f = self._entered.pop()
            if f.__exit__(*exc):
                suppressed = True
                exc = (None, None, None)
        return suppressed


def frame_scope(frames):
    """Several frames entered by one `with` statement (their values as a tuple)."""
    return _FrameScope(frames)


# A statement built elsewhere, added to the innermost frame (for `te.create_prim_func`).
_emit_stmt = _B._emit_stmt
