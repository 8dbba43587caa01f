# Convolutions of R.nn in several layouts, with groups, strides, dilation and out_dtype.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Convs:
    @R.function
    def main(a: R.Tensor((1, 6, 17), dtype="float32"), ka: R.Tensor((4, 3, 5), dtype="float32"),
             b: R.Tensor((2, 9, 9, 4), dtype="float16"), kb: R.Tensor((3, 3, 4, 8), dtype="float16"),
             c: R.Tensor((1, 2, 5, 6, 7), dtype="float32"), kc: R.Tensor((4, 2, 2, 3, 3), dtype="float32")):
        with R.dataflow():
            x = R.nn.conv1d(a, ka, strides=[3], padding=[2, 1], dilation=[1], groups=2)
            y = R.nn.conv2d(b, kb, strides=[2, 1], padding=[1, 0, 1, 0], data_layout="NHWC", kernel_layout="HWIO", out_dtype="float32")
            z = R.nn.conv3d(c, kc, padding=[1, 1, 0], dilation=[1, 2, 1])
            R.output(x, y, z)
        return (x, y, z)


print(relax.transform.LegalizeOps()(Convs).script())
