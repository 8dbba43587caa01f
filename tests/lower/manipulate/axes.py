# Axis permutation, removal, insertion and reversal; broadcasting to a new shape.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Axes:
    @R.function
    def main(u: R.Tensor((2, 1, 5, 1), dtype="float32"), w: R.Tensor(("m", 1, 4), dtype="int32")):
        m = T.int64()
        with R.dataflow():
            a = R.permute_dims(u, axes=[3, 0, 2, 1])
            b = R.permute_dims(w)
            c = R.squeeze(u)
            d = R.squeeze(w, axis=[-2])
            e = R.expand_dims(w, axis=[0, -1])
            f = R.flip(u, axis=2)
            g = R.broadcast_to(w, (3, m, 6, 4))
            R.output(a, b, c, d, e, f, g)
        return (a, b, c, d, e, f, g)


print(relax.transform.LegalizeOps()(Axes).script())
