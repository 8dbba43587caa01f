from tvm import relax
from tvm.script import relax as R


@R.function
def main(x: R.Tensor((4, 5), "float32"), w: R.Tensor((3, 5), "float32"), b: R.Tensor((3,), "float32")):
    lin = R.linear(x, w, b)
    nobias = relax.op.linear(x, w)
    r = R.nn.relu6(lin)
    r2 = relax.op.nn.relu6(nobias)
    return (r, r2)
