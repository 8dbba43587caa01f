from tvm.script import relax as R
from tvm.script import tirx as T


@R.function
def main(x: R.Tensor(("n", "m"), "float32")) -> R.Tensor(("n", "m"), "float32"):
    n = T.int64()
    m = T.int64()
    y = R.add(x, x)
    z = R.reshape(y, R.shape([n * m]))
    w = R.reshape(z, R.shape([n, m]))
    return w
