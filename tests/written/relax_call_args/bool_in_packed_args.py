from tvm.script import relax as R


@R.function(pure=False)
def main(x: R.Tensor((10, 10), dtype="float32")) -> R.Tensor((10, 10), dtype="float32"):
    # A Python bool in an argument tuple is an int64 prim value (TVM's convert_to_expr).
    gv0 = R.call_dps_packed("f", [x, R.shape([0]), True], out_ty=R.Tensor((10, 10), dtype="float32"))
    gv1 = R.call_dps_packed("f", (x, False), out_ty=R.Tensor((10, 10), dtype="float32"))
    gv2 = R.call_packed("g", x, True, ty_args=R.Tensor((10, 10), dtype="float32"))
    c = (gv1, False)
    # An operator's own argument keeps a bool a bool.
    u = R.unique(x, sorted=True, return_index=False, return_inverse=False, return_counts=False, axis=1)
    return gv0
