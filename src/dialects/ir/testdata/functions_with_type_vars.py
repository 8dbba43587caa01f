# from typing import TypeVar
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis
# from tvm.script import relax as R

m = TypeVar("m")
n = TypeVar("n")
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def add(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        for i in range(T.int64(4)):
            B[i] = A[i] + T.float32(1.0)

    @T.prim_func(private=True)
    def scale(X: T.Buffer((m,), "float32"), Y: T.Buffer((m,), "float32")):
        for i in range(m):
            Y[i] = X[i] * T.float32(2.0)

    @R.function
    def f(x: R.Tensor((n,), dtype="float32")) -> R.Tensor((n,), dtype="float32"):
        cls = Module
        with R.dataflow():
            lv = R.call_tir(cls.scale, (x,), out_ty=R.Tensor((n,), dtype="float32"))
            gv: R.Tensor((n,), dtype="float32") = lv
            R.output(gv)
        return gv

    @R.function
    def g(y: R.Tensor((n, 2), dtype="float32")) -> R.Tensor((n, 2), dtype="float32"):
        return y
