from tvm.script import relax as R


@R.function
def main(x: R.Tensor((2, 3), "float32"), y: R.Tensor((2, 3), "float32")):
    with R.dataflow():
        a = x < y
        b = x <= y
        c = x > y
        d = x >= y
        e = -x
        R.output(a, b, c, d, e)
    return (a, b, c, d, e)
