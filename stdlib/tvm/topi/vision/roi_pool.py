"""Region-of-interest max pooling (TVM 0.27's `topi.vision.roi_pool`)."""
import tvm
from tvm import te, tirx

__all__ = ["roi_pool"]


def _roi_pool_nchw(data, rois, pooled_size, spatial_scale):
    _, channel, height, width = data.shape
    num_roi, _ = rois.shape
    ph_size, pw_size = (pooled_size, pooled_size) if isinstance(pooled_size, int) else pooled_size
    zero = tirx.const(0.0, data.dtype)
    rdt = rois.dtype
    neg_inf = tirx.const(float("-inf"), data.dtype)

    def round_away(x):
        # Ties away from zero, as ONNX's MaxRoiPool maps coordinates.
        return tirx.floor(x + tirx.const(0.5, rdt))

    def bounds(i, ph, pw):
        start_w, start_h, end_w, end_h = (round_away(rois[i, k] * spatial_scale).astype("int32") for k in (1, 2, 3, 4))
        roi_h = te.max(end_h - start_h + 1, tirx.const(1, "int32"))
        roi_w = te.max(end_w - start_w + 1, tirx.const(1, "int32"))
        bin_h = tirx.Cast(rdt, roi_h) / tirx.const(float(ph_size), rdt)
        bin_w = tirx.Cast(rdt, roi_w) / tirx.const(float(pw_size), rdt)
        hstart = tirx.floor(tirx.Cast(rdt, ph) * bin_h).astype("int32")
        wstart = tirx.floor(tirx.Cast(rdt, pw) * bin_w).astype("int32")
        hend = tirx.ceil(tirx.Cast(rdt, ph + 1) * bin_h).astype("int32")
        wend = tirx.ceil(tirx.Cast(rdt, pw + 1) * bin_w).astype("int32")
        hstart = te.min(te.max(hstart + start_h, 0), height)
        hend = te.min(te.max(hend + start_h, 0), height)
        wstart = te.min(te.max(wstart + start_w, 0), width)
        wend = te.min(te.max(wend + start_w, 0), width)
        return hstart, hend, wstart, wend

    rh = te.reduce_axis((0, height), name="rh")
    rw = te.reduce_axis((0, width), name="rw")

    def sample(i, c, ph, pw):
        batch_index = rois[i, 0].astype("int32")
        hstart, hend, wstart, wend = bounds(i, ph, pw)
        inside = tirx.all(hstart <= rh, rh < hend, wstart <= rw, rw < wend)
        return tirx.if_then_else(inside, data[batch_index, c, rh, rw], neg_inf)

    def empty(i, ph, pw):
        hstart, hend, wstart, wend = bounds(i, ph, pw)
        return tirx.any(hend <= hstart, wend <= wstart)

    pooled = te.compute((num_roi, channel, ph_size, pw_size),
                        lambda i, c, ph, pw: te.max(sample(i, c, ph, pw), axis=[rh, rw]),
                        tag="pool,roi_pool_nchw")
    return te.compute((num_roi, channel, ph_size, pw_size),
                      lambda i, c, ph, pw: tirx.if_then_else(empty(i, ph, pw), zero, pooled[i, c, ph, pw]))


def roi_pool(data, rois, pooled_size, spatial_scale, layout="NCHW"):
    """Max pooling of each region of `rois` (`[num_roi, 5]`: batch index, x1, y1, x2,
    y2) into `pooled_size` bins."""
    if layout == "NCHW":
        return _roi_pool_nchw(data, rois, pooled_size, spatial_scale)
    raise ValueError(f"Unsupported layout for roi_pool: {layout}")
