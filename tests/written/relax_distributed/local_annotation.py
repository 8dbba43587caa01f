# Sharding annotations on local tensors keep the tensor's type.
from tvm.script import ir as I
from tvm.script.parser import relax as R


@I.ir_module
class Module:
    I.module_global_infos({"mesh": [R.device_mesh((2,), I.Range(0, 2)), R.device_mesh((1,), I.Range(4, 5))]})

    @R.function
    def foo(x: R.Tensor((128, 128), "float32"), w: R.Tensor((128, 128), "float32")) -> R.Tensor((128, 128), "float32"):
        lv0 = R.matmul(x, w)
        lv1 = R.dist.annotate_sharding(lv0, device_mesh="mesh[1]", placement="S[1]")
        lv2 = R.matmul(lv1, w)
        return lv2
