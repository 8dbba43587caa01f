# batch_norm gives (data, moving mean, moving variance): its items are typed.
from tvm.script import relax as R


@R.function
def main(
    x: R.Tensor((1, 64, 8, 8), dtype="float32"),
    gamma: R.Tensor((64,), dtype="float32"),
    beta: R.Tensor((64,), dtype="float32"),
    mean: R.Tensor((64,), dtype="float32"),
    var: R.Tensor((64,), dtype="float32"),
):
    with R.dataflow():
        bn = R.nn.batch_norm(x, gamma, beta, mean, var, axis=1)
        gv = bn[0]
        R.output(gv)
    return gv
