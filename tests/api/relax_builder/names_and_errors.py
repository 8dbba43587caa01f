# relax.BlockBuilder: fresh names shared by vars and functions, name hints,
# nested calls bound first, match_cast, lookup_binding, and the errors TVM raises.
from tvm import relax

x = relax.Var("x", relax.TensorType([4, 4], "float32"))
y = relax.Var("y", relax.TensorType([4, 4], "float32"))
bb = relax.BlockBuilder()
print(bb.get_unique_name("a"), bb.get_unique_name("a"), bb.get_unique_name("a"), bb.get_unique_name("a.b"))
with bb.function("f", [x, y]):
    print(bb.current_block_is_dataflow())
    a = bb.emit(relax.op.add(x, y), "a")
    a2 = bb.emit(relax.op.add(a, y), "a")
    print(a.name, a2.name, type(a).__name__)
    nested = bb.emit(relax.op.multiply(relax.op.add(x, a2), relax.op.subtract(x, y)))
    print(nested.name, nested.ty)
    t = bb.emit(relax.Tuple([a, nested]))
    print(t.name, len(t.ty.fields))
    g = bb.emit(relax.TupleGetItem(t, 1))
    print(g.name, g.ty)
    print(bb.lookup_binding(a2))
    print(bb.lookup_binding(x))
    n = relax.Var("n", "int64")
    m = bb.match_cast(g, relax.TensorType([n, 4], "float32"))
    print(m.name, m.ty)
    s = bb.emit(relax.op.add(m, m), "f")
    print(s.name)
    gv = bb.emit_func_output(relax.op.add(s, relax.op.add(a, a)))
print(gv.name_hint)
mod = bb.get()
print(mod)
print(bb.get_unique_name("f"), bb.get_unique_name("lv"), bb.get_unique_name("gv"))

bb2 = relax.BlockBuilder()
try:
    bb2.emit(relax.op.add(x, y))
except Exception as e:
    print(type(e).__name__)
try:
    with bb2.function("g", [x]):
        bb2.emit(relax.op.add(x, x))
except Exception as e:
    print(type(e).__name__, e)
try:
    with bb2.function("g", [x]):
        bb2.emit_output(x)
except Exception as e:
    print(type(e).__name__)
try:
    bb2.function("h", [x, 3])
except Exception as e:
    print(type(e).__name__)
try:
    with bb2.function("h", [x]):
        bb2.emit_func_output(x)
        bb2.emit_func_output(x)
except Exception as e:
    print(type(e).__name__, e)
try:
    with bb2.function("h2", [x]):
        bb2.emit_func_output(x, params=[x])
except Exception as e:
    print(type(e).__name__, e)
try:
    with bb2.function("h3"):
        bb2.emit_func_output(x)
except Exception as e:
    print(type(e).__name__, e)
