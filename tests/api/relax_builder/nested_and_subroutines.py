# relax.BlockBuilder: one name supply and one block state for nested function
# scopes; a sequence emitted as a value is flattened into the function's blocks;
# calling a function's GlobalVar outside any frame leaves the call for the
# builder to type.
from tvm import relax

t = relax.TensorType((8, 2), "float32")
bb = relax.BlockBuilder()
p = relax.Var("p", t)
with bb.function("outer", [p]):
    q = relax.Var("q", t)
    with bb.function("inner", [q]):
        r = bb.emit(relax.op.multiply(q, q))
        inner = bb.emit_func_output(r)
    with bb.dataflow():
        s = bb.emit(relax.op.exp(p))
        u = bb.emit_output(inner(s))
    bb.emit_func_output(u)
first = bb.get()
print(first)

seq = first["inner"].body
bb2 = relax.BlockBuilder()
z = relax.Var("z", t)
with bb2.function("flat", [z]):
    a = bb2.emit(relax.op.negative(z), "a")
    b = bb2.emit(seq, "b")
    c = bb2.emit(relax.op.add(a, b), "c")
    bb2.emit_func_output((c, a))
print(bb2.get())
print(bb2.get_unique_name("gv"), bb2.get_unique_name("c"), bb2.get_unique_name("c1"))
