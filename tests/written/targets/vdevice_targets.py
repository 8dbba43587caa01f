from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    I.module_global_infos({"vdevice": [I.vdevice("llvm"), I.vdevice({"kind": "vulkan"}, 0, "global"), I.vdevice("metal", 1)]})

    @R.function
    def main(x: R.Tensor((2, 3), "float32", vdevice="llvm")) -> R.Tensor((2, 3), "float32", vdevice="llvm"):
        return x
