"""Resizing (`resize1d`, `resize2d`, `resize3d`, `crop_and_resize`) as TVM 0.27's topi
computes it: one output element reads the input pixels around its source coordinate
(nearest, linear or cubic), written once for any number of spatial dimensions."""
import tvm
from tvm import te, tirx

from .. import tag

# Per rank: the channel-first and channel-last base layouts.
_BASE = {1: ("NCW", "NWC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


def _packed_layout(layout, first):
    """NCHWinic (`n`, `c` inner axes) or NCHWxc (an inner channel block)."""
    rest = layout[len(first):]
    if not layout.startswith(first) or "c" not in rest:
        return None
    if "n" in rest:
        return "pack"
    if rest[:-1].isnumeric():
        return "xc"
    return None


def _split_indices(indices, layout, rank):
    """(n, c, spatial indices, trailing inner indices) of an output index."""
    first, last = _BASE[rank]
    if layout == last:
        return indices[0], indices[-1], list(indices[1:1 + rank]), ()
    return indices[0], indices[1], list(indices[2:2 + rank]), tuple(indices[2 + rank:])


def _pixel(data, layout, rank, sizes, n, c, coords, tail):
    """The input pixel at `coords` clamped into the image, as float32."""
    coords = [te.max(te.min(v, size - 1), 0) for v, size in zip(coords, sizes)]
    if layout == _BASE[rank][1]:
        return data(n, *coords, c).astype("float")
    return data(n, c, *coords, *tail).astype("float")


def can_convert_multiply_to_intdiv(origin_size, scaled_size):
    """Whether scaling `origin_size` to `scaled_size` is an exact integer factor small
    enough for an integer division to find the source index."""
    if not isinstance(scaled_size, tirx.IntImm) or not isinstance(origin_size, tirx.IntImm):
        return False
    div = float(scaled_size.value) / float(origin_size.value)
    if div % 1 != 0:
        return False
    epsilon = 1e-5
    return not div > 1 / (epsilon * origin_size.value + epsilon)


def get_inx(x, image_width, target_width, coordinate_transformation_mode, start_x=0, end_x=-1,
            use_int_div=False):
    """The input coordinate of output coordinate `x`."""
    scale_x = te.div(image_width.astype("float"), target_width.astype("float"))
    mode = coordinate_transformation_mode
    if mode == "half_pixel":
        return (x + 0.5) * scale_x - 0.5
    if mode == "align_corners":
        return (image_width - 1).astype("float") / (target_width - 1) * x
    if mode == "asymmetric":
        if use_int_div:
            return te.div(x, te.div(target_width, image_width))
        return scale_x * x
    if mode == "pytorch_half_pixel":
        return te.if_then_else(target_width > 1, (x + 0.5) * scale_x - 0.5, 0.0)
    if mode == "tf_half_pixel_for_nn":
        return (x + 0.5) * scale_x
    if mode == "tf_crop_and_resize":
        return te.if_then_else(
            target_width > 1,
            start_x * (image_width - 1)
            + x * (end_x - start_x) * (image_width - 1).astype("float") / (target_width - 1),
            0.5 * (start_x + end_x) * (image_width - 1),
        )
    raise ValueError(f"Unsupported coordinate_transformation_mode: {coordinate_transformation_mode}")


def get_closest_index(in_x, rounding_method, boxes, use_int_div=False):
    """The index nearest to the coordinate `in_x` by `rounding_method`."""
    if use_int_div:
        return in_x.astype("int32")
    if rounding_method == "round" or boxes is not None:
        return te.round(in_x).astype("int32")
    if rounding_method == "round_prefer_floor":
        return te.ceil(in_x - 0.5).astype("int32")
    if rounding_method == "round_prefer_ceil":
        return te.floor(in_x + 0.5).astype("int32")
    epsilon = 1e-5
    if rounding_method == "floor":
        return te.floor(in_x + epsilon).astype("int32")
    if rounding_method == "ceil":
        return te.ceil(in_x - epsilon).astype("int32")
    raise ValueError(f"Unknown rounding method: {rounding_method}")


def _lerp(a, b, t):
    return a * (1.0 - t) + b * t


def _cubic_spline_weights(t, alpha):
    t2 = t * t
    t3 = t * t * t
    return [
        alpha * (t3 - 2 * t2 + t),
        (alpha + 2) * t3 - (3 + alpha) * t2 + 1,
        -(alpha + 2) * t3 + (3 + 2 * alpha) * t2 - alpha * t,
        -alpha * t3 + alpha * t2,
    ]


def _cubic_kernel(values, weights):
    return sum([v * w for v, w in zip(values, weights)])


def _interpolate(level, taps, pixel, combine, prefix=()):
    """Combine the pixels around the source coordinate, the innermost (last) spatial
    dimension first."""
    if level == len(combine):
        return pixel(prefix)
    vals = [_interpolate(level + 1, taps, pixel, combine, prefix + (k,)) for k in range(taps)]
    return combine[level](vals)


def _resize_nd(indices, data, roi, image_sizes, target_sizes, boxes=None, box_indices=None,
               method=None, extrapolation_value=0.0, layout="NCHW",
               coordinate_transformation_mode="align_corners", rounding_method="", alpha=-0.5,
               exclude_outside=0, out_dtype=None):
    rank = len(image_sizes)
    mode = coordinate_transformation_mode
    n, c, coords, tail = _split_indices(indices, layout, rank)
    box_idx = box_indices(n) if box_indices is not None else n
    if boxes is not None and rank != 2:
        raise NotImplementedError("resize1d with image boxes not yet implemented")

    # An integer division finds the source index of an exact integer upscale; TVM
    # does this for two spatial dimensions only.
    int_div = [False] * rank
    if rank == 2 and method == "nearest_neighbor" and mode == "asymmetric" and rounding_method in ("floor", ""):
        int_div = [can_convert_multiply_to_intdiv(i, t) for i, t in zip(image_sizes, target_sizes)]

    if boxes is not None:
        y1, x1 = boxes(n, 0), boxes(n, 1)
        y2, x2 = boxes(n, 2), boxes(n, 3)
        (image_h, image_w), (target_h, target_w) = image_sizes, target_sizes
        h_scale = ((image_h - 1) * (y2 - y1)).astype("float") / (target_h - 1)
        w_scale = ((image_w - 1) * (x2 - x1)).astype("float") / (target_w - 1)
        in_coords = [y1 * (image_h - 1) + h_scale * coords[0], x1 * (image_w - 1) + w_scale * coords[1]]
    else:
        # The region of interest per dimension: (start, end) of roi, whose order is
        # [starts..., ends...] innermost-first for three dimensions, outermost-first else.
        def roi_of(d):
            k = rank - 1 - d if rank == 3 else d
            return roi[k], roi[k + rank]

        in_coords = [
            get_inx(coords[d], image_sizes[d], target_sizes[d], mode, *roi_of(d), int_div[d])
            for d in range(rank)
        ]

    def pixel_at(offsets, base, shift):
        return _pixel(data, layout, rank, image_sizes, box_idx, c,
                      [b + o + shift for b, o in zip(base, offsets)], tail)

    if method == "nearest_neighbor":
        if rounding_method == "":
            rounding_method = "round" if mode == "align_corners" else "floor"
        nearest = [get_closest_index(v, rounding_method, boxes, d) for v, d in zip(in_coords, int_div)]
        value = _pixel(data, layout, rank, image_sizes, box_idx, c, nearest, tail)
    elif method == "linear":
        base = [te.floor(v).astype("int32") for v in in_coords]
        fracs = [v - b for v, b in zip(in_coords, base)]
        combine = [(lambda vals, t=t: _lerp(vals[0], vals[1], t)) for t in fracs]
        value = _interpolate(0, 2, lambda offs: pixel_at(offs, base, 0), combine)
    elif method == "cubic":
        base = [te.floor(v).astype("int32") for v in in_coords]
        fracs = [v - te.floor(v) for v in in_coords]
        weights = [_cubic_spline_weights(f, alpha) for f in fracs]
        if exclude_outside:
            def outside(d, i, size):
                return te.any(base[d] - 1 + i < 0, base[d] + i > size)

            raw = [list(w) for w in weights]
            for d in range(rank):
                for i in range(4):
                    if rank == 3 and d == 0:
                        # TVM 0.27 masks the depth weights with the width test
                        # against the height and the width's own weights.
                        weights[d][i] = te.if_then_else(outside(2, i, image_sizes[1]), 0.0, raw[2][i])
                    else:
                        weights[d][i] = te.if_then_else(outside(d, i, image_sizes[d]), 0.0, raw[d][i])
            weights = [[w / sum(ws) for w in ws] for ws in weights]
        combine = [(lambda vals, w=w: _cubic_kernel(vals, w)) for w in weights]
        value = _interpolate(0, 4, lambda offs: pixel_at(offs, base, -1), combine)
    else:
        raise ValueError("Unknown resize method:", method)

    if mode == "tf_crop_and_resize":
        # Outside the image the value is the extrapolation value; the depth test of
        # three dimensions is dropped, as TVM 0.27 drops it.
        checked = range(rank) if rank < 3 else range(1, rank)
        for d in checked:
            value = tirx.if_then_else(
                in_coords[d] < 0,
                extrapolation_value,
                tirx.if_then_else(in_coords[d] > image_sizes[d] - 1, extrapolation_value, value),
            )
    return value.astype(out_dtype if out_dtype else data.dtype)


def _resize(rank, data, roi, size, layout, method, coordinate_transformation_mode, rounding_method,
            bicubic_alpha, bicubic_exclude, extrapolation_value, out_dtype, output_shape):
    method = method.lower()
    first, last = _BASE[rank]
    shape = list(data.shape)
    if layout == last:
        images = shape[1:1 + rank]
        default = [shape[0], *[size[d] for d in range(rank)], shape[-1]]
    elif layout == first or (rank == 3 and len(shape) == 6) or (rank < 3 and _packed_layout(layout, first)):
        images = shape[2:2 + rank]
        default = [shape[0], shape[1], *[size[d] for d in range(rank)], *shape[2 + rank:]]
    else:
        raise ValueError(f"{layout} layout is not supported.")
    if output_shape is None or rank == 3:
        output_shape = default
    if isinstance(size, tuple):
        size = list(size)
    targets = []
    for d in range(rank):
        s = size[d]
        targets.append(tirx.IntImm("int32", s) if isinstance(s, int) else s)

    def fcompute(*indices):
        return _resize_nd(
            indices, data, roi, images, targets, method=method, layout=layout,
            coordinate_transformation_mode=coordinate_transformation_mode,
            rounding_method=rounding_method, alpha=bicubic_alpha,
            exclude_outside=bicubic_exclude, extrapolation_value=extrapolation_value,
            out_dtype=out_dtype)

    return te.compute(output_shape, fcompute, name="resize", tag=tag.INJECTIVE)


def resize1d(data, roi, size, layout="NCW", method="linear", coordinate_transformation_mode="half_pixel",
             rounding_method="", bicubic_alpha=-0.75, bicubic_exclude=0, extrapolation_value=0.0,
             out_dtype=None, output_shape=None):
    """Resize the width of a 3-D (or packed) tensor to `size[0]`."""
    return _resize(1, data, roi, size, layout, method, coordinate_transformation_mode, rounding_method,
                   bicubic_alpha, bicubic_exclude, extrapolation_value, out_dtype, output_shape)


def resize2d(data, roi, size, layout="NCHW", method="linear", coordinate_transformation_mode="half_pixel",
             rounding_method="", bicubic_alpha=-0.75, bicubic_exclude=0, extrapolation_value=0.0,
             out_dtype=None, output_shape=None):
    """Resize the height and width of a 4-D (or packed) tensor to `size`."""
    return _resize(2, data, roi, size, layout, method, coordinate_transformation_mode, rounding_method,
                   bicubic_alpha, bicubic_exclude, extrapolation_value, out_dtype, output_shape)


def resize3d(data, roi, size, layout="NCDHW", method="linear", coordinate_transformation_mode="half_pixel",
             rounding_method="", bicubic_alpha=-0.75, bicubic_exclude=0, extrapolation_value=0.0,
             out_dtype=None, output_shape=None):
    """Resize the depth, height and width of a 5-D (or packed) tensor to `size`."""
    return _resize(3, data, roi, size, layout, method, coordinate_transformation_mode, rounding_method,
                   bicubic_alpha, bicubic_exclude, extrapolation_value, out_dtype, output_shape)


def crop_and_resize(data, boxes, box_indices, crop_size, layout="NCHW", method="bilinear",
                    extrapolation_value=None, out_dtype=None):
    """Crop the boxes out of the images and resize each to `crop_size`."""
    method = method.lower()
    shape = list(data.shape)
    if layout == "NHWC":
        output_shape = [box_indices.shape[0], crop_size[0], crop_size[1], shape[3]]
        images = [shape[1].astype("int32"), shape[2].astype("int32")]
    elif layout == "NCHW":
        output_shape = [box_indices.shape[0], shape[1], crop_size[0], crop_size[1]]
        images = [shape[2].astype("int32"), shape[3].astype("int32")]
    elif layout.startswith("NCHW"):
        output_shape = [box_indices.shape[0], shape[1], crop_size[0], crop_size[1], shape[4]]
        images = [shape[2].astype("int32"), shape[3].astype("int32")]
    else:
        raise ValueError(f"{layout} layout is not supported.")
    if method == "bilinear":
        method = "linear"

    def fcompute(*indices):
        return _resize_nd(
            indices, data, [0.0] * 4, images, [crop_size[0], crop_size[1]], boxes, box_indices,
            method=method, extrapolation_value=extrapolation_value, layout=layout,
            coordinate_transformation_mode="tf_crop_and_resize", out_dtype=out_dtype)

    return te.compute(output_shape, fcompute, name="crop_and_resize", tag=tag.INJECTIVE)
