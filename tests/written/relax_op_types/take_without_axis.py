from tvm.script import relax as R


@R.function
def main(data: R.Tensor((4, 5), "float32"), idx: R.Tensor((2,), "int64")):
    t = R.take(data, idx)
    return t
