# Convolutions, their transposes and pooling infer their output shapes (strides,
# padding, dilation, groups, layouts).
from tvm.script import relax as R


@R.function
def main(
    x: R.Tensor((2, 3, 28, 28), dtype="float32"),
    w: R.Tensor((4, 3, 3, 3), dtype="float32"),
    xh: R.Tensor((2, 28, 28, 4), dtype="float16"),
    wh: R.Tensor((8, 3, 3, 2), dtype="float16"),
    x1: R.Tensor((2, 4, 10), dtype="float32"),
    w1: R.Tensor((4, 6, 3), dtype="float32"),
    x3: R.Tensor((1, 2, 4, 4, 4), dtype="float32"),
    w3: R.Tensor((2, 3, 3, 3, 3), dtype="float32"),
):
    a = R.nn.conv2d(x, w, strides=2, padding=1)
    b = R.nn.conv2d(xh, wh, padding=(1, 1), dilation=2, groups=2, data_layout="NHWC", kernel_layout="OHWI")
    c = R.nn.conv2d(x, w, out_dtype="float16", out_layout="NHWC")
    d = R.nn.conv1d_transpose(x1, w1, strides=2, output_padding=1)
    e = R.nn.conv3d_transpose(x3, w3, padding=1)
    f = R.nn.max_pool2d(a, pool_size=3, strides=2, ceil_mode=True)
    g = R.nn.avg_pool2d(a, pool_size=2, strides=2, padding=1)
    h = R.nn.adaptive_avg_pool2d(a, output_size=(5, 6))
    k = R.nn.adaptive_avg_pool2d(a)
    return (a, b, c, d, e, f, g, h, k)
