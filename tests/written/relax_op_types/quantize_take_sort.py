from tvm.script import relax as R


@R.function
def main(data: R.Tensor((4, "n"), "float32"), scale: R.Tensor((4,), "float32"), zp: R.Tensor((4,), "int8"), idx: R.Tensor((2, 3), "int64")):
    q = R.quantize(data, scale, zp, out_dtype="int8", axis=0)
    d = R.dequantize(q, scale, zp, out_dtype="float16", axis=0)
    t = R.take(data, idx, axis=1)
    t0 = R.take(scale, idx)
    s = R.sort(data, axis=1, descending=True)
    a = R.argsort(data, axis=0, descending=False, dtype="int64")
    return (q, d, t, t0, s, a)
