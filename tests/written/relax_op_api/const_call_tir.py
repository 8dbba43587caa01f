import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func(private=True)
    def addone(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
        for i in range(4):
            B[i] = A[i] + T.float32(1.0)

    @R.function
    def main(x: R.Tensor((4,), "float32")):
        cls = Module
        c = relax.const([1.0, 2.0, 3.0, 4.0], "float32")
        y = relax.call_tir(cls.addone, (c,), R.Tensor((4,), dtype="float32"))
        z = relax.call_tir(cls.addone, (x,), out_ty=R.Tensor((4,), dtype="float32"))
        return (y, z)
