from tvm.script import relax as R


@R.function(pure=False)
def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
    z = R.call_packed("f", x, ty_args=R.Tensor(ndim=2))
    return z
