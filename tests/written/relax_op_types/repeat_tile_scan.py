from tvm.script import relax as R


@R.function
def main(x: R.Tensor((2, "a", "b"), "float32"), p: R.Tensor((3, 4), "float32"), u: R.Tensor((6, 1), "float32"), idx: R.Tensor((6, 1), "int64")):
    r = R.repeat(x, 3, 1)
    rf = R.repeat(p, 2)
    t = R.tile(x, [2, 1, 2, 3])
    c = R.cumsum(x, axis=1, dtype="float64")
    cf = R.cumprod(p)
    k = R.topk(p, k=2, axis=1, ret_type="both")
    kv = R.topk(p, k=1, axis=0, ret_type="values")
    f = R.flip(x, axis=0)
    m = R.multinomial_from_uniform(p, u, idx, dtype="int64")
    return (r, rf, t, c, cf, k, kv, f, m)
