# The types TVM infers for R.vision calls, and its messages for bad arguments.
import tvm
from tvm import relax
from tvm.script import relax as R

bb = relax.BlockBuilder()
n = tvm.tirx.Var("n", "int64")


def show(f, *types):
    params = [relax.Var(f"p{i}", t) for i, t in enumerate(types)]
    name = f"f{len(bb.get().functions)}"
    try:
        with bb.function(name, params):
            out = bb.emit(f(*params))
            bb.emit_func_output(out)
        print(bb.get()[name].ret_ty)
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


V = relax.op.vision
show(lambda d, c, i: V.non_max_suppression(d, c, i), R.Tensor((n, 7, 6), "float16"), R.Tensor((n,), "int32"), R.Tensor((n, 7), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i, soft_nms_sigma=0.3), R.Tensor((2, 7, 6), "float32"), R.Tensor((2,), "int32"), R.Tensor((2, 7), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i, return_indices=False), R.Tensor("float32", ndim=3), R.Tensor((2,), "int32"), R.Tensor((2, 7), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i), R.Tensor((2, 7, 6), "float32"), R.Tensor((3,), "int32"), R.Tensor((2, 7), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i), R.Tensor((2, 7, 6), "float32"), R.Tensor((2,), "int32"), R.Tensor((2, 6), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i), R.Tensor((2, 7, 6), "float32"), R.Tensor((2,), "float32"), R.Tensor((2, 7), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i, score_index=6), R.Tensor((2, 7, 6), "float32"), R.Tensor((2,), "int32"), R.Tensor((2, 7), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i, id_index=-2), R.Tensor((2, 7, 6), "float32"), R.Tensor((2,), "int32"), R.Tensor((2, 7), "int32"))
show(lambda d, c, i: V.non_max_suppression(d, c, i), R.Tensor((2, 7), "float32"), R.Tensor((2,), "int32"), R.Tensor((2, 7), "int32"))
show(lambda d: V.get_valid_counts(d, 0.1, -1, 0), R.Tensor((n, 3, 5), "float32"))
show(lambda d: V.get_valid_counts(d, 0.1, -1, 5), R.Tensor((n, 3, 5), "float32"))
show(lambda d: V.get_valid_counts(d), R.Tensor("float16", ndim=3))
show(lambda d: V.get_valid_counts(d), R.Tensor((2, 3), "float16"))
show(lambda a, b, c: V.multibox_transform_loc(a, b, c), R.Tensor((n, 4, 6), "float32"), R.Tensor((n, 24), "float32"), R.Tensor((1, 6, 4), "float32"))
show(lambda a, b, c: V.multibox_transform_loc(a, b, c), R.Tensor((2, 4, 6), "float32"), R.Tensor((3, 24), "float32"), R.Tensor((1, 6, 4), "float32"))
show(lambda a, b, c: V.multibox_transform_loc(a, b, c), R.Tensor((2, 4, 6), "float32"), R.Tensor((2, 24), "float32"), R.Tensor((1, 5, 4), "float32"))
show(lambda a, b, c: V.multibox_transform_loc(a, b, c), R.Tensor((2, 4, 6), "float32"), R.Tensor((2, 24), "float32"), R.Tensor((1, 6, 2), "float32"))
show(lambda a, b, c: V.multibox_transform_loc(a, b, c), R.Tensor((2, 4, 6), "float32"), R.Tensor((2, 24), "float32"), R.Tensor((1, 6, 4), "float16"))
show(lambda a, b, c: V.multibox_transform_loc(a, b, c), R.Tensor((2, 4, 6), "float32"), R.Tensor((2, 24, 1), "float32"), R.Tensor((1, 6, 4), "float32"))
show(lambda x, r: V.roi_align(x, r, (3, 2), 0.5, layout="NHWC"), R.Tensor((1, 9, 9, 4), "float32"), R.Tensor((n, 5), "float32"))
show(lambda x, r: V.roi_align(x, r, 2, 0.5), R.Tensor((1, 4, 9, 9), "float32"), R.Tensor((6, 5), "float32"))
show(lambda x, r: V.roi_align(x, r, 2, 0.5), R.Tensor("float32", ndim=4), R.Tensor((6, 5), "float32"))
show(lambda x, r: V.roi_align(x, r, 2, 0.5, layout="NCDHW"), R.Tensor((1, 4, 9, 9), "float32"), R.Tensor((6, 5), "float32"))
show(lambda x, r: V.roi_align(x, r, 2, 0.5), R.Tensor((1, 4, 9, 9), "float32"), R.Tensor((6, 5, 1), "float32"))
show(lambda x, r: V.roi_pool(x, r, (4, 4), 0.25), R.Tensor((2, 3, 16, 16), "float32"), R.Tensor((5, 5), "float32"))
show(lambda x, r: V.roi_pool(x, r, (4, 4), 0.25, layout="NHWC"), R.Tensor((2, 16, 16, 3), "float32"), R.Tensor((5, 5), "float32"))
show(lambda x, r: V.roi_pool(x, r, (4, 4), 0.25), R.Tensor((2, 3, 16, 16), "float32"), R.Tensor((5, 6), "float32"))
show(lambda x, r: V.roi_pool(x, r, (4, 4), 0.25), R.Tensor((2, 3, 16), "float32"), R.Tensor((5, 5), "float32"))
show(lambda a, b, c, d, e: V.all_class_non_max_suppression(a, b, c, d, e), R.Tensor((n, 5, 4), "float32"), R.Tensor((n, 3, 5), "float32"), R.Tensor((1,), "int64"), R.Tensor((1,), "float32"), R.Tensor((1,), "float32"))
show(lambda a, b, c, d, e: V.all_class_non_max_suppression(a, b, c, d, e, "tensorflow"), R.Tensor((2, 5, 4), "float32"), R.Tensor((2, 3, 5), "float32"), R.Tensor((1,), "int64"), R.Tensor((1,), "float32"), R.Tensor((1,), "float32"))
