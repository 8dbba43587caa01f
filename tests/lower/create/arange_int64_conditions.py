import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Mod:
    @R.function
    def steps() -> R.Tensor((3,), dtype="int32"):
        y = R.arange(2, 11, 3, dtype="int32")
        return y

    @R.function
    def signs(s: R.Tensor((4,), dtype="int8")) -> R.Tensor((4,), dtype="int8"):
        z = R.sign(s)
        return z


print(relax.transform.LegalizeOps()(Mod).script())
