"""Rules of the detection operators (`relax.vision.*`): calls of `topi.vision`'s
tensor expressions."""
from tvm import topi

from .common import register_legalize


@register_legalize("relax.vision.get_valid_counts")
def _get_valid_counts(bb, call):
    a = call.attrs
    return bb.call_te(topi.vision.get_valid_counts, call.args[0], score_threshold=a.score_threshold,
                      id_index=a.id_index, score_index=a.score_index)


@register_legalize("relax.vision.non_max_suppression")
def _non_max_suppression(bb, call):
    a = call.attrs
    return bb.call_te(
        topi.vision.non_max_suppression, *call.args[:3], max_output_size=a.max_output_size,
        iou_threshold=a.iou_threshold, force_suppress=a.force_suppress, top_k=a.top_k,
        coord_start=a.coord_start, score_index=a.score_index, id_index=a.id_index,
        return_indices=a.return_indices, invalid_to_bottom=a.invalid_to_bottom,
        soft_nms_sigma=a.soft_nms_sigma, score_threshold=a.score_threshold)


@register_legalize("relax.vision.multibox_transform_loc")
def _multibox_transform_loc(bb, call):
    a = call.attrs
    variances = tuple(float(v) for v in a.variances)

    def te_func(cls_pred, loc_pred, anchor):
        return topi.vision.multibox_transform_loc(
            cls_pred, loc_pred, anchor, variances, clip=a.clip, threshold=a.threshold,
            keep_background=a.keep_background, apply_softmax=a.apply_softmax)

    return bb.call_te(te_func, *call.args[:3], primfunc_name_hint="multibox_transform_loc")


@register_legalize("relax.vision.roi_pool")
def _roi_pool(bb, call):
    a = call.attrs
    return bb.call_te(topi.vision.roi_pool, call.args[0], call.args[1], pooled_size=a.pooled_size,
                      spatial_scale=a.spatial_scale, layout=a.layout)
