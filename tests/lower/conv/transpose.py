# Transposed convolutions (1d, 2d grouped with output padding, 3d dilated) and a
# layout TOPI cannot compute, which stays a call.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Deconvs:
    @R.function
    def main(a: R.Tensor((1, 4, 7), dtype="float32"), ka: R.Tensor((4, 3, 3), dtype="float32"),
             b: R.Tensor((2, 6, 5, 5), dtype="float32"), kb: R.Tensor((6, 2, 3, 2), dtype="float32"),
             c: R.Tensor((1, 2, 3, 3, 3), dtype="float32"), kc: R.Tensor((2, 2, 2, 2, 2), dtype="float32"),
             d: R.Tensor((1, 5, 5, 4), dtype="float32"), kd: R.Tensor((4, 3, 3, 4), dtype="float32")):
        with R.dataflow():
            x = R.nn.conv1d_transpose(a, ka, strides=[2], padding=[1, 0])
            y = R.nn.conv2d_transpose(b, kb, strides=[2, 3], padding=[1, 1], output_padding=[1, 2], groups=3)
            z = R.nn.conv3d_transpose(c, kc, dilation=[2, 1, 1])
            w = R.nn.conv2d(d, kd, data_layout="NHWC", kernel_layout="OHWI", out_layout="NCHW")
            R.output(x, y, z, w)
        return (x, y, z, w)


print(relax.transform.LegalizeOps()(Deconvs).script())
