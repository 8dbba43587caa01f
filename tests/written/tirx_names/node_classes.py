from tvm.script import tirx as T
from tvm.tirx import Add, EQ, Or, Sub, Mul, Mod, Div, GE, LT, LE, GT, NE, And


@T.prim_func
def nodes(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "bool")):
    for i in range(8):
        A[i] = Sub(Add(Mul(A[i], 2), Div(A[i], 3)), Mod(A[i], 4))
        B[i] = Or(And(EQ(A[i], 1), NE(A[i], 2)), Or(And(GE(A[i], 3), LT(A[i], 4)), And(LE(A[i], 5), GT(A[i], 6))))
