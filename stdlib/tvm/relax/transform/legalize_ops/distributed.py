"""Rules of the distributed operators (`R.dist.*`)."""
from tvm import tirx

from .common import register_legalize


@register_legalize("relax.dist.redistribute_replica_to_shard")
def _redistribute_replica_to_shard(bb, call):
    """Each worker keeps its own slice of the axis: the worker's id comes from the
    runtime as a one-value shape, matched to a symbolic variable."""
    from tvm import relax
    from ...type import ShapeType

    workers, axis = call.attrs.num_workers, int(call.attrs.axis)
    worker = tirx.Var("worker_id", "int64")
    ids = bb.emit(relax.op.call_pure_packed("runtime.disco.worker_id", ty_args=[ShapeType(None)]))
    bb.match_cast(ids, ShapeType([worker]))
    size = call.args[0].ty.shape[axis]
    return relax.op.strided_slice(
        call.args[0],
        axes=[axis],
        begin=[worker * size // workers],
        end=[(worker + 1) * size // workers],
        assume_inbound=True,
    )
