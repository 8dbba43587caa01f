"""Upsampling by scale factors, through `topi.image` resizing."""
from tvm import te

from ..math import cast
from ..utils import simplify


def _scaled_sizes(data, output_shape, axes, scales):
    """The target sizes: the input dimensions scaled and rounded, or the given output
    shape's (already scaled) dimensions rounded."""
    sizes = []
    for axis, scale in zip(axes, scales):
        if not output_shape:
            value, dtype = data.shape[axis] * scale, data.shape[axis].ty
        else:
            value, dtype = output_shape[axis], output_shape[axis].ty
        sizes.append(simplify(cast(te.round(value), dtype)))
    return tuple(sizes)


def upsampling(data, scale_h, scale_w, layout="NCHW", method="nearest_neighbor", align_corners=False,
               output_shape=None):
    """Upsample the height and width of a 4-D tensor (NCHW, packed NCHW or NHWC)."""
    if layout[0:4] == "NCHW":
        axes = (2, 3)
    elif layout == "NHWC":
        axes = (1, 2)
    else:
        raise ValueError(f"not support this layout {layout} yet")
    size = _scaled_sizes(data, output_shape, axes, (scale_h, scale_w))
    if method[0:2] == "bi":
        method = method[2:]
    from .. import image

    return image.resize2d(
        data, [0.0] * 4, size, layout=layout, method=method,
        coordinate_transformation_mode="align_corners" if align_corners else "asymmetric",
        output_shape=output_shape)


def upsampling3d(data, scale_d, scale_h, scale_w, layout="NCDHW", method="nearest_neighbor",
                 coordinate_transformation_mode="half_pixel", output_shape=None):
    """Upsample the depth, height and width of a 5-D tensor (NCDHW or NDHWC)."""
    if layout[0:5] == "NCDHW":
        axes = (2, 3, 4)
    elif layout == "NDHWC":
        axes = (1, 2, 3)
    else:
        raise ValueError(f"not support this layout {layout} yet")
    if output_shape:
        # TVM rounds the given dimensions but casts them to the input's index type.
        size = tuple(simplify(cast(te.round(output_shape[a]), data.shape[a].ty)) for a in axes)
    else:
        size = _scaled_sizes(data, None, axes, (scale_d, scale_h, scale_w))
    if method[0:3] == "tri":
        method = method[3:]
    from .. import image

    return image.resize3d(data, [0.0] * 6, size, layout=layout, method=method,
                          coordinate_transformation_mode=coordinate_transformation_mode)
