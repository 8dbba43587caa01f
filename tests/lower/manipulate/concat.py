# Concatenation of three tensors along a static axis, and of a tuple variable with symbolic sizes.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Joins:
    @R.function
    def main(a: R.Tensor((3, 2), dtype="float32"), b: R.Tensor((3, 4), dtype="float32"), c: R.Tensor((3, 1), dtype="float32")):
        with R.dataflow():
            j = R.concat((a, b, c), axis=-1)
            R.output(j)
        return j

    @R.function
    def sym(t: R.Tuple(R.Tensor(("p", "r"), dtype="float16"), R.Tensor(("s", "r"), dtype="float16"))):
        p = T.int64()
        r = T.int64()
        s = T.int64()
        with R.dataflow():
            k = R.concat(t, axis=0)
            R.output(k)
        return k


print(relax.transform.LegalizeOps()(Joins).script())
