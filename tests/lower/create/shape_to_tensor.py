# shape_to_tensor of a static shape and of a shape with symbolic values.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class S:
    @R.function
    def main(x: R.Tensor((5, "k", 2), dtype="float16")):
        k = T.int64()
        with R.dataflow():
            s: R.Shape([5, k, 2]) = R.shape_of(x)
            t: R.Tensor((3,), dtype="int64") = R.shape_to_tensor(s)
            u: R.Tensor((2,), dtype="int64") = R.shape_to_tensor(R.shape([7, 8]))
            R.output(t, u)
        return (t, u)


print(relax.transform.LegalizeOps()(S).script())
