"""SSD / TFLite box decoding (TVM 0.27's `topi.vision.multibox_transform_loc`)."""
from tvm import te, tirx

from .. import cast, greater_equal, reshape
from ..nn import softmax

__all__ = ["multibox_transform_loc"]


def multibox_transform_loc(cls_pred, loc_pred, anchor, variances, clip=False, threshold=0.0,
                           keep_background=True, apply_softmax=True):
    """Boxes `[B, N, 4]` (ymin, xmin, ymax, xmax) decoded from the encodings `loc_pred`
    (`[B, 4*N]`, x y w h per anchor) against the ltrb `anchor` priors, and the class
    scores `[B, C, N]` (softmax, thresholded, background optionally zeroed)."""
    dtype = cls_pred.dtype
    batch, anchors = cls_pred.shape[0], cls_pred.shape[2]
    enc = reshape(loc_pred, [batch, anchors, 4])
    vx, vy, vw, vh = (tirx.const(float(v), dtype) for v in variances[:4])
    half, zero, one = tirx.const(0.5, dtype), tirx.const(0.0, dtype), tirx.const(1.0, dtype)
    th = tirx.const(float(threshold), dtype)

    def decode(b, a, k):
        left, top, right, bottom = (anchor[0, a, d] for d in range(4))
        ay = (top + bottom) * half
        ax = (left + right) * half
        ah = bottom - top
        aw = right - left
        ex, ey, ew, eh = (enc[b, a, d] for d in range(4))
        yc = ey * vy * ah + ay
        xc = ex * vx * aw + ax
        hh = half * te.exp(eh * vh) * ah
        hw = half * te.exp(ew * vw) * aw
        ymin, xmin, ymax, xmax = yc - hh, xc - hw, yc + hh, xc + hw
        if clip:
            ymin, xmin, ymax, xmax = (te.max(zero, te.min(one, v)) for v in (ymin, xmin, ymax, xmax))
        return tirx.Select(k == 0, ymin, tirx.Select(k == 1, xmin, tirx.Select(k == 2, ymax, xmax)))

    boxes = te.compute((batch, anchors, 4), decode, name="multibox_boxes")
    scores = softmax(cls_pred, axis=1) if apply_softmax else cls_pred
    scores = scores * cast(greater_equal(scores, th), dtype)
    if not keep_background:
        kept = scores
        scores = te.compute(kept.shape, lambda b, c, n: te.if_then_else(c == 0, zero, kept[b, c, n]),
                            name="multibox_scores_bg")
    return [boxes, scores]
