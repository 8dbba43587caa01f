from tvm import relax
from tvm.script import relax as R


@R.function
def main(t: R.Tuple(R.Tensor((8,), "float32"))):
    x = relax.TupleGetItem(t, 2)
    return x
