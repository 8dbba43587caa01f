# Repetition along an axis, tiling with fewer, equal and more repetitions than axes.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Copies:
    @R.function
    def main(a: R.Tensor((2, 5), dtype="int8"), b: R.Tensor(("k", 3), dtype="float32")):
        k = T.int64()
        with R.dataflow():
            r = R.repeat(a, repeats=3, axis=-1)
            s = R.tile(a, repeats=[2])
            t = R.tile(b, repeats=[3, 1, 2])
            u = R.tile(a, repeats=[1, 4])
            R.output(r, s, t, u)
        return (r, s, t, u)


print(relax.transform.LegalizeOps()(Copies).script())
