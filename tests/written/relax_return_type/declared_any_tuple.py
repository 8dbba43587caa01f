from tvm.script import relax as R
from tvm.script import tirx as T


@R.function
def main(x: R.Tensor((2, 3), "float32")) -> R.Object:
    m = T.int64()
    y = R.match_cast(x, R.Tensor((m, 3), "float32"))
    return (y, x)
