from tvm.script import relax as R


@R.function
def main(x: R.Tensor((32, 32), "float32")) -> R.Tensor:
    y = R.multiply(x, x)
    return y
