# quantize/dequantize with per-channel and scalar parameters.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Q:
    @R.function
    def main(x: R.Tensor((3, 5), dtype="float32"), s: R.Tensor((5,), dtype="float32"), z: R.Tensor((5,), dtype="int8"),
             q: R.Tensor((3, 5), dtype="uint8")):
        with R.dataflow():
            a = R.quantize(x, s, z, axis=1, out_dtype="int8")
            b = R.quantize(x, R.const(0.5, "float32"), R.const(3, "int8"), axis=0, out_dtype="uint8")
            c = R.dequantize(q, s, z, axis=-1, out_dtype="float32")
            d = R.dequantize(q, R.const(2.0, "float32"), R.const(1, "int8"), axis=0, out_dtype="float16")
            R.output(a, b, c, d)
        return (a, b, c, d)


print(relax.transform.LegalizeOps()(Q).script())
