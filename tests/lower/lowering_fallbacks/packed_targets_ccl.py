import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Mod:
    I.module_global_infos({"vdevice": [I.vdevice({"keys": ["cpu"], "kind": "llvm", "tag": ""}, 0, "global")]})

    @R.function
    def main(s: R.Shape(ndim=3), x: R.Tensor((6, 2), dtype="float32"), y: R.Tensor((6, 2), dtype="float32", vdevice="llvm:0:global")):
        t = R.shape_to_tensor(s)
        u = R.ccl.allreduce(x, op_type="max", in_group=False)
        w = R.multiply(y, y)
        return (t, u, w)


with tvm.target.Target("cuda"):
    print(tvm.target.Target.current().kind.name)
    out = relax.transform.LegalizeOps()(Mod)
print(tvm.target.Target.current())
print(out.script())
