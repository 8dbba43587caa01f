# A Python number bound in a Relax body is a constant, or a prim value under a scalar annotation.
from tvm.script import relax as R
from tvm.script import tirx as T

@R.function
def main(x: R.Tensor((10, 10), dtype="float32")) -> R.Tensor((10, 10), dtype="float32"):
    flag: T.bool = True
    a = 1
    b: T.int64 = 5
    c = 2.5
    d: R.Tensor((), "float32") = 1.0
    return x
