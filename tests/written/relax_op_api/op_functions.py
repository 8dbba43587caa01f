import tvm
from tvm import relax
from tvm.relax.op import add
from tvm.relax.op.nn import softmax
from tvm.script import relax as R


@R.function
def main(x: R.Tensor((2, 3), "float32"), y: R.Tensor((2, 3), "float32")):
    a = add(x, y)
    b = relax.op.multiply(a, y)
    c = softmax(b, axis=0)
    d = relax.op.nn.relu(c)
    return d
