# Max and average pooling in 1, 2 and 3 dimensions: padding, ceil mode, dilation,
# count_include_pad.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Pools:
    @R.function
    def main(a: R.Tensor((2, 3, 11), dtype="float32"), b: R.Tensor((1, 2, 9, 9), dtype="float16"),
             c: R.Tensor((1, 2, 6, 6, 6), dtype="float32")):
        with R.dataflow():
            x = R.nn.max_pool1d(a, pool_size=[3], strides=[2], padding=[1, 1], ceil_mode=True)
            y = R.nn.max_pool2d(b, pool_size=[2, 3], strides=[2, 2], dilation=[2, 1], padding=[0, 1, 1, 0])
            z = R.nn.avg_pool3d(c, pool_size=[2, 2, 2], strides=[2, 2, 2], count_include_pad=True)
            v = R.nn.avg_pool1d(a, pool_size=[2], strides=[1], padding=[1, 0], count_include_pad=True)
            R.output(x, y, z, v)
        return (x, y, z, v)


print(relax.transform.LegalizeOps()(Pools).script())
