# relax.BlockBuilder: match_cast with symbolic shapes, normalize on nested calls,
# lookup_binding, emit_func_output with a tuple, functions without params given
# up front, and the errors of misuse.
import tvm
from tvm import relax, tirx

n = tirx.Var("n", "int64")
x = relax.Var("x", relax.TensorType(ndim=2, dtype="float32"))
bb = relax.BlockBuilder()
with bb.function("f", [x]):
    with bb.dataflow():
        y = bb.match_cast(x, relax.TensorType([n, 4], "float32"))
        print(type(y).__name__, y.name, y.ty)
        z = bb.emit(relax.op.add(y, y))
        print(z.ty, bb.lookup_binding(z).op.name)
        w = bb.emit(relax.op.multiply(relax.op.add(z, z), z))
        print(bb.lookup_binding(w).args[0].name)
        out = bb.emit_output(relax.Tuple([z, w]))
    bb.emit_func_output(out)
mod = bb.get()
print(mod.script())

norm = bb.normalize(relax.op.add(x, x))
print(type(norm).__name__, norm.ty)
print(bb.lookup_binding(x))

bb2 = relax.BlockBuilder()
a = relax.Var("a", relax.TensorType([3], "int32"))
with bb2.function("g", [a], attrs={"k": 1}, private=True):
    r = bb2.emit(relax.op.negative(a), name_hint="neg")
    bb2.emit_func_output([r, a])
print(bb2.get()["g"].script())

bb3 = relax.BlockBuilder()
try:
    bb3.emit_output(a)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][:80])
try:
    with bb3.function("h", [a]):
        bb3.emit(relax.op.add(a, a))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][:80])
bb4 = relax.BlockBuilder()
with bb4.function("h", [a]):
    try:
        with bb4.dataflow():
            v = bb4.emit(relax.op.add(a, a))
            bb4.emit_func_output(v)
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1][:80])
