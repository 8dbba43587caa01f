"""Sampling grids (`affine_grid`)."""
from tvm import te, tirx


def affine_grid(data, target_shape, align_corners=True):
    """The sampling grid of the affine matrices `data` (batch, ndim, ndim + 1) over a
    `target_shape` of 2 or 3 dimensions: (batch, ndim, *target_shape), coordinates
    normalised to [-1, 1]."""
    assert len(target_shape) in (2, 3)
    if align_corners:
        assert all(s > 1 for s in target_shape), (
            "target spatial dims should be greater than 1 when align_corners is True"
        )
    dtype = data.dtype
    ndim = len(target_shape)
    if align_corners:
        # The step falls just short of reaching +1, as TVM's grid does.
        starts = [-1.0] * ndim
        steps = [(2.0 - 1e-7) / (s - 1) for s in target_shape]
    else:
        starts = [-1.0 + 1.0 / s for s in target_shape]
        steps = [2.0 / s for s in target_shape]
    starts = [tirx.const(v, dtype=dtype) for v in starts]
    steps = [tirx.const(v, dtype=dtype) for v in steps]

    def fcompute(n, dim, *coords):
        # Translation column first, then the matrix columns from the last one.
        val = data[n, dim, ndim]
        for r in range(ndim):
            val += data[n, dim, ndim - 1 - r] * (starts[r] + coords[r] * steps[r])
        return val

    return te.compute((data.shape[0], ndim, *target_shape), fcompute, tag="affine_grid")
