"""Rules of the image operators (`R.image.*`)."""
from tvm import tirx, topi

from .common import register_legalize


def _resize(te_func):
    def rule(bb, call):
        a = call.attrs
        return bb.call_te(
            te_func, call.args[0], roi=a.roi, size=call.args[1], layout=a.layout, method=a.method,
            coordinate_transformation_mode=a.coordinate_transformation_mode,
            rounding_method=a.rounding_method, bicubic_alpha=a.cubic_alpha,
            bicubic_exclude=a.cubic_exclude, extrapolation_value=a.extrapolation_value)

    return rule


register_legalize("relax.image.resize2d", _resize(topi.image.resize2d))
register_legalize("relax.image.resize3d", _resize(topi.image.resize3d))


@register_legalize("relax.image.affine_grid")
def _affine_grid(bb, call):
    for v in call.args[1].values:
        if not isinstance(v, (int, tirx.IntImm)):
            raise ValueError(
                f"affine_grid legalization requires static target_shape, got symbolic value: {v}")
    return bb.call_te(topi.image.affine_grid, call.args[0],
                      target_shape=[int(v) for v in call.args[1].values],
                      align_corners=call.attrs.align_corners)
