import tvm
from tvm.script import tirx as T, relax as R


@tvm.script.ir_module
class Module:
    @T.prim_func
    def add_one(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")) -> None:
        for i in range(8):
            B[i] = A[i] + T.float32(1)

    @R.function
    def main(x: R.Tensor((8,), "float32")) -> R.Tensor((8,), "float32"):
        cls = Module
        y = R.call_tir(cls.add_one, (x,), out_ty=R.Tensor((8,), "float32"))
        return y
