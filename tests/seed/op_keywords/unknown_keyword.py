# A keyword that names no parameter of a named operation is a TypeError in either
# spelling (it used to become one more argument).
from tvm.script import tirx as T


def native():
    @T.function
    def f(Z: T.Tensor((3,), "float32")):
        Z[0] = T.exp(Z[1], bogus=2)


def tvm_spelling():
    @T.prim_func
    def f(Z: T.Buffer((3,), "float32")):
        Z[0] = T.log(Z[1], base=2)


for label, build in [("native", native), ("tvm", tvm_spelling)]:
    try:
        build()
        print(label, "accepted")
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0])
