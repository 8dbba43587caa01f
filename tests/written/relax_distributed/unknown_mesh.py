from tvm.script import ir as I
from tvm.script.parser import relax as R


@I.ir_module
class Module:
    I.module_global_infos({"mesh": [R.device_mesh((2,), I.Range(0, 2))]})

    @R.function
    def main(a: R.DTensor((8, 8), "float32", "mesh[1]", "R")):
        return a
