# Splitting by a section count (even and uneven) and at explicit indices.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Parts:
    @R.function
    def main(a: R.Tensor((6, 7), dtype="float16")):
        with R.dataflow():
            s = R.split(a, indices_or_sections=2, axis=0)
            t = R.split(a, indices_or_sections=3, axis=-1)
            u = R.split(a, indices_or_sections=[1, 5], axis=1)
            R.output(s, t, u)
        return (s, t, u)


print(relax.transform.LegalizeOps()(Parts).script())
