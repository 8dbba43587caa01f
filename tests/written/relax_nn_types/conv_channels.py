from tvm.script import relax as R


@R.function
def main(x: R.Tensor((2, 3, 28, 28), dtype="float32"), w: R.Tensor((4, 5, 3, 3), dtype="float32")):
    a = R.nn.conv2d(x, w)
    return a
