# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func
    def scale(X: T.Buffer(("k",), "int8"), Y: T.Buffer((k,), "int8"), k: T.int32):
        for i in range(k):
            Y[i] = X[i] * T.int8(3)
