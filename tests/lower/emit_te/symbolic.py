# emit_te over symbolic shapes, with a scalar argument, and the same kernel twice
# (one PrimFunc).
import tvm
from tvm import relax, te, topi
from tvm.script import tirx as T, relax as R

p = T.int64()
q = T.int64()
bb = relax.BlockBuilder()
a = relax.Var("a", R.Tensor((p, q), "float32"))
b = relax.Var("b", R.Tensor((q,), "float32"))
with bb.function("entry", [a, b]):
    with bb.dataflow():
        s = bb.emit_te(topi.add, a, b)
        t = bb.emit_te(topi.add, s, b)
        u = bb.emit_te(lambda x: te.compute(x.shape, lambda i, j: x[i, j] * 3.0, name="triple"), t, primfunc_name_hint="scale")
        out = bb.emit_output(u)
    bb.emit_func_output(out)
print(bb.get().script())
