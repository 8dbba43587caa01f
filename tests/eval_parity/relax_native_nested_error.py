# An error in a builder whose result goes straight to another builder (a native
# call inside a native call): reported at the inner call, as compiled code does.
from tvm.script import ir as I, relax as R, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def copy(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
        for i in range(4):
            B[i] = A[i]

    @R.function
    def main(x: R.Tensor((4,), "float32")):
        cls = Module
        with R.dataflow():
            y = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((4,), dtype="float32", layout="NCHW"))
            R.output(y)
        return y
