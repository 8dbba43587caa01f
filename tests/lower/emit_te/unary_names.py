# emit_te names each PrimFunc after the topi function it was made from.
import tvm
from tvm import relax, topi

bb = relax.BlockBuilder()
v = relax.Var("v", relax.TensorType((4, 2), "float32"))
with bb.function("main", [v]):
    with bb.dataflow():
        a = bb.emit_te(topi.exp, v)
        b = bb.emit_te(topi.sqrt, a)
        c = bb.emit_te(topi.tanh, b)
        d = bb.emit_te(topi.nn.relu, c)
        e = bb.emit_te(topi.transpose, d, [1, 0])
        out = bb.emit_output(e)
    bb.emit_func_output(out)
print(bb.get().script())
