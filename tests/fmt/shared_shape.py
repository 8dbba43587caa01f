import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Scaled:
    @T.prim_func
    def scale(p: T.handle, q: T.handle):
        rows = T.int64()
        X = T.match_buffer(p, (rows,))
        Y = T.match_buffer(q, (rows,))
        for rows in range(rows):
            Y[rows] = X[rows] * T.float32(3)

    @R.function
    def entry(x: R.Tensor(("rows",), "float32")):
        rows = T.int64()
        y = R.call_tir(Scaled.scale, (x,), R.Tensor((rows,), dtype="float32"))
        return y
