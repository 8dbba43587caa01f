"""Index types of a statement made int64, as TVM's `IndexDataTypeNormalizer` leaves
an extern operation's body under `create_prim_func(..., index_dtype_override="int64")`:
int32 loop variables become int64 ones (their bounds cast), constants inside buffer
indices and allocation shapes become int64, integer comparisons in conditions are
carried out in int64, and a store of a widened integer into a narrower buffer casts
it back."""
from tvm import tirx
from tvm_ffi import structural_map, structural_walk

from . import _Load, _Var, dtype_of


def _widen_consts(expr):
    return structural_map(
        expr, [(tirx.IntImm, lambda c: tirx.IntImm("int64", c.value) if dtype_of(c) == "int32" else c)])


def _as_int64(e):
    if dtype_of(e) == "int64":
        return e
    if isinstance(e, tirx.IntImm):
        return tirx.IntImm("int64", e.value)
    return tirx.Cast("int64", e)


def _is_int(e):
    dt = dtype_of(e)
    return dt.startswith("int") and "x" not in dt


def normalize_stmt(stmt):
    """`stmt` with int64 indices (see the module's docs)."""
    from .create_prim_func import _widen_condition

    remap = {}

    def collect(node):
        if isinstance(node, tirx.For) and dtype_of(node.loop_var) == "int32":
            remap.setdefault(node.loop_var, tirx.Var(node.loop_var.name, "int64"))
        elif isinstance(node, tirx.AllocBuffer):
            buf = node.buffer
            shape = [_widen_consts(s) if not isinstance(s, int) else tirx.IntImm("int64", s) for s in buf.shape]
            remap.setdefault(buf, tirx.decl_buffer(shape, buf.dtype, buf.name, scope=buf.scope(),
                                                   data_alignment=buf.ty.data_alignment, layout=None))

    structural_walk(stmt, [(tirx.Stmt, collect)], order="pre")

    def load(node):
        indices = [_widen_consts(i) for i in node.indices]
        return tirx.BufferLoad(node.source, indices)

    def store(node):
        indices = [_widen_consts(i) for i in node.indices]
        value = node.value
        if _is_int(value) and dtype_of(value) != str(node.buffer.dtype):
            value = tirx.Cast(str(node.buffer.dtype), value)
        return tirx.BufferStore(node.buffer, value, indices)

    def loop(node):
        if dtype_of(node.loop_var) != "int64":
            return node
        lo, ext = _as_int64(node.min), _as_int64(node.extent)
        if lo.same_as(node.min) and ext.same_as(node.extent):
            return node
        return tirx.For(node.loop_var, lo, ext, node.kind, node.body, node.thread_binding, node.annotations)

    def branch(node):
        cond = _widen_condition(node.condition)
        if cond.same_as(node.condition):
            return node
        return tirx.IfThenElse(cond, node.then_case, node.else_case)

    return structural_map(
        stmt,
        [
            (_Var, lambda v: remap.get(v, v)),
            (_Load, load),
            (tirx.BufferStore, store),
            (tirx.For, loop),
            (tirx.IfThenElse, branch),
        ],
    )
