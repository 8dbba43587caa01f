# Adaptive pooling: output sizes dividing the input, the identity size, and
# topi's global and adaptive pools on tensor expressions.
import tvm
from tvm import relax, te, topi
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Adaptive:
    @R.function
    def main(a: R.Tensor((1, 3, 8, 6), dtype="float32"), b: R.Tensor((2, 5, 4), dtype="float32"),
             c: R.Tensor((1, 2, 4, 4, 4), dtype="float32")):
        with R.dataflow():
            x = R.nn.adaptive_avg_pool2d(a, output_size=[4, 3])
            y = R.nn.adaptive_avg_pool1d(b, output_size=[4])
            z = R.nn.adaptive_avg_pool3d(c)
            R.output(x, y, z)
        return (x, y, z)


print(relax.transform.LegalizeOps()(Adaptive).script())

src = te.placeholder((2, 4, 6, 6), name="src")
print(te.create_prim_func([src, topi.nn.global_pool(src, "max")]).script())
print(te.create_prim_func([src, topi.nn.adaptive_pool(src, [3, 2], "avg")]).script())
