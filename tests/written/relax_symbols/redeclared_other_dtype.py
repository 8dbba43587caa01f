from tvm.script import relax as R
from tvm.script import tirx as T


@R.function
def main(x: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
    n = T.int32()
    return x
