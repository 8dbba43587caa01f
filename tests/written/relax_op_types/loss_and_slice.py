from tvm.script import relax as R


@R.function
def main(p: R.Tensor((3, 5), "float32"), t: R.Tensor((3,), "int64"), x: R.Tensor((8, 9, 10, 10), "float32"), b: R.Tensor((4,), "int64")):
    l = R.nn.nll_loss(p, t, reduction="mean", ignore_index=-1)
    n = R.nn.nll_loss(p, t, reduction="none", ignore_index=-1)
    s = R.dynamic_strided_slice(x, b, b, b)
    return (l, n, s)
