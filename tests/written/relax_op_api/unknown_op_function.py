from tvm import relax
from tvm.script import relax as R


@R.function
def main(x: R.Tensor((8,), "float32")):
    y = relax.op.no_such_op(x)
    return y
