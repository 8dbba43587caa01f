# argmax/argmin: one axis, all axes with keepdims, symbolic shapes.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Arg:
    @R.function
    def main(x: R.Tensor((3, 4, 5), dtype="float32"), y: R.Tensor(("u", "v"), dtype="int32")):
        u = T.int64()
        v = T.int64()
        with R.dataflow():
            a = R.argmax(x, axis=1)
            b = R.argmin(x, axis=None, keepdims=True)
            c = R.argmax(y, axis=-1, keepdims=True)
            R.output(a, b, c)
        return (a, b, c)


print(relax.transform.LegalizeOps()(Arg).script())
