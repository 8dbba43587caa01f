# take (along an axis, flattened, clip and wrap modes), strided_slice (static with
# strides and negative bounds, symbolic), collapse_sum_to, tril/triu, prelu.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Slices:
    @R.function
    def main(x: R.Tensor((4, 6, 5), dtype="float32"), i: R.Tensor((3,), dtype="int32"),
             j: R.Tensor((2, 2), dtype="int64"), s: R.Tensor(("n", 7), dtype="float32"),
             sl: R.Tensor((1,), dtype="float32"), v: R.Tensor((10,), dtype="float32")):
        n = T.int64()
        with R.dataflow():
            a = R.take(x, i, axis=2)
            b = R.take(v, j, axis=None, mode="clip")
            c = R.take(x, i, axis=0, mode="wrap")
            d = R.strided_slice(x, axes=[0, 2], begin=[3, -1], end=[0, -5], strides=[-1, -2])
            e = R.strided_slice(s, axes=[1], begin=[1], end=[6], strides=[2])
            f: R.Tensor((6, 1), dtype="float32") = R.collapse_sum_to(x, R.shape([6, 1]))
            g = R.tril(x, 2)
            h = R.triu(s, -1)
            k: R.Tensor((n, 7), dtype="float32") = R.nn.prelu(s, sl, axis=1)
            R.output(a, b, c, d, e, f, g, h, k)
        return (a, b, c, d, e, f, g, h, k)


print(relax.transform.LegalizeOps()(Slices).script())
