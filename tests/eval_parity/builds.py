# A script that builds: both ways must give the same IR.
from tvm.script import ir as I, relax as R, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def add_one(A: T.Buffer((T.int64(8),), "float32"), B: T.Buffer((T.int64(8),), "float32")):
        for i in range(T.int64(8)):
            with T.sblock("b"):
                vi = T.axis.spatial(T.int64(8), i)
                T.where(vi < T.int64(8) and vi >= T.int64(0))
                T.reads(A[vi])
                T.writes(B[vi])
                B[vi] = T.if_then_else(vi % T.int64(2) == T.int64(0), A[vi] + T.float32(1), -A[vi])

    @T.prim_func(private=True)
    def branches(A: T.Buffer((4, 4), "int32")):
        for i, j in T.grid(4, 4):
            if i < j:
                A[i, j] = i * 4 + j
            elif i == j:
                A[i, j] = 0
            else:
                A[i, j] = A[j, i] // 2 - (1 if i > 2 else 0)

    @R.function
    def main(x: R.Tensor((8,), "float32")) -> R.Tensor((8,), "float32"):
        cls = Module
        with R.dataflow():
            y = R.call_tir(cls.add_one, (x,), out_ty=R.Tensor((8,), "float32"))
            z = R.add(y, y)
            R.output(z)
        return z
