from tvm.script import relax as R


@R.function
def main(x: R.Tensor((2, 8, 8, 3), "float32"), y: R.Tensor((1, 3, 4, 4, 4), "float32")):
    a = R.image.resize2d(x, (16, 16), layout="NHWC", method="nearest_neighbor")
    b = R.image.resize2d(x, (4, 6), roi=0.5, layout="NHWC", out_dtype="float16")
    c = R.image.resize3d(y, (8, 6, 7))
    return (a, b, c)
