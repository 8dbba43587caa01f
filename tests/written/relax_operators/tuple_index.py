from tvm.script import relax as R


@R.function
def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
    t = (x, x)
    y = t[0] + t[1]
    return y
