"""Rules of the collective communication operators (`R.ccl.*`): each becomes the
destination-passing call of the disco runtime function doing it."""
from tvm import tirx, topi

from .common import register_legalize

# The reduction kinds of `runtime.disco.allreduce`, by their code.
_REDUCE_KINDS = {"sum": 0, "prod": 1, "min": 2, "max": 3, "avg": 4}


def _dps(name, args, out_ty):
    from tvm import relax

    return relax.op.call_dps_packed(name, args, out_ty=out_ty)


@register_legalize("relax.ccl.allreduce")
def _allreduce(bb, call):
    from ...expr import ShapeExpr

    kind = str(call.attrs.op_type)
    if kind not in _REDUCE_KINDS:
        raise ValueError(
            f"Unsupported reduction operation: {kind}. "
            f"Supported operations are {_REDUCE_KINDS.keys()}."
        )
    args = [call.args[0], ShapeExpr([_REDUCE_KINDS[kind]]), bool(call.attrs.in_group)]
    return _dps("runtime.disco.allreduce", args, call.args[0].ty)


@register_legalize("relax.ccl.allgather")
def _allgather(bb, call):
    from ...type import TensorType

    ty = call.args[0].ty
    dims = list(ty.shape.ty.values)
    dims[0] = dims[0] * call.attrs.num_workers
    out = TensorType(dims, ty.dtype, vdevice=ty.vdevice)
    return _dps("runtime.disco.allgather", [call.args[0], bool(call.attrs.in_group)], out)


@register_legalize("relax.ccl.broadcast_from_worker0")
def _broadcast_from_worker0(bb, call):
    return _dps("runtime.disco.broadcast_from_worker0", [call.args[0], False], call.args[0].ty)


@register_legalize("relax.ccl.scatter_from_worker0")
def _scatter_from_worker0(bb, call):
    from ...type import TensorType

    x = call.args[0]
    axis, workers = int(call.attrs.axis), int(call.attrs.num_workers)
    shape = []
    for i, dim in enumerate(x.ty.shape.ty.values):
        if i == axis:
            shape += [workers, tirx.div(dim, workers)]
        else:
            shape.append(dim)
    moved = bb.emit_te(topi.reshape, x, shape)
    if axis != 0:
        order = [axis] + list(range(axis)) + list(range(axis + 1, len(shape)))
        moved = bb.emit_te(topi.transpose, moved, order)
    out = TensorType(list(moved.ty.shape.ty.values)[1:], x.ty.dtype, vdevice=x.ty.vdevice)
    return _dps("runtime.disco.scatter_from_worker0", [moved, False], out)
