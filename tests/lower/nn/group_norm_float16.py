import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Mod:
    @R.function
    def main(x: R.Tensor((1, 6, 3), dtype="float16"), g: R.Tensor((6,), dtype="float16"), b: R.Tensor((6,), dtype="float16")):
        y = R.nn.group_norm(x, g, b, num_groups=3, channel_axis=1, axes=[2])
        return y


print(relax.transform.LegalizeOps()(Mod).script())
