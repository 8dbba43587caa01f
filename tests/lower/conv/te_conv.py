# topi.nn.conv2d and a grouped topi.nn.conv through emit_te, with a symbolic batch.
import tvm
from tvm import relax, topi
from tvm.script import relax as R

bb = relax.BlockBuilder()
n = tvm.tirx.Var("n", "int64")
img = relax.Var("img", R.Tensor((n, 4, 10, 10), "float32"))
flt = relax.Var("flt", R.Tensor((8, 2, 3, 3), "float32"))
with bb.function("main", [img, flt]):
    with bb.dataflow():
        a = bb.emit_te(topi.nn.conv, img, flt, 1, 1, 1, 2, "NCHW", "OIHW")
        b = bb.emit_te(topi.nn.conv2d, img, topi.full((5, 4, 1, 1), "float32", 0.5) if False else flt, strides=2, padding="SAME", dilation=1)
        out = bb.emit_output((a, b))
    bb.emit_func_output(out)
print(bb.get().script())
