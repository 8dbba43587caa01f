import tvm
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Halver:
    @R.function
    def run(x: R.Tensor((6,), "float32")):
        cls = Halver
        # the kernel is defined below
        y = R.call_tir(cls.halve, (x,), R.Tensor((6,), dtype="float32"))
        return y

    @T.prim_func(private=True)
    def halve(pa: T.handle, pb: T.handle):
        A = T.match_buffer(pa, (6,), "float32")
        B = T.match_buffer(pb, (6,), "float32")
        for i in T.serial(6):
            B[i] = A[i] * T.float32(0.5)
