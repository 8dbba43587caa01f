# relax.BlockBuilder over a module: add_func with a PrimFunc and call_tir,
# tuple outputs, private/impure functions with attrs, update_func, normalize,
# emit_normalized and building on an existing module.
from tvm import relax
from tvm.script import tirx as T


@T.prim_func(private=True)
def add_one(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = A[i] + T.float32(1)


x = relax.Var("x", relax.TensorType([4], "float32"))
bb = relax.BlockBuilder()
tir_gv = bb.add_func(add_one, "add_one")
again = bb.add_func(add_one, "other_name")
print(tir_gv.name_hint, again.same_as(tir_gv))
with bb.function("main", [x], attrs={"num_input": 1}):
    with bb.dataflow():
        y = bb.emit(relax.call_tir(tir_gv, [x], relax.TensorType([4], "float32")))
        z = bb.emit(relax.op.add(y, x))
        pair = bb.emit_output((y, z))
        print(type(pair).__name__, pair.name, len(pair.ty.fields))
    w = bb.emit(relax.TupleGetItem(pair, 0))
    bb.emit_func_output([w, pair])
mod = bb.get()
print(mod.script())

x2 = relax.Var("x2", relax.TensorType([4], "float32"))
with bb.function("helper", [x2], pure=False, private=True):
    r = bb.emit(relax.op.multiply(x2, x2), "r")
    hgv = bb.emit_func_output(r)
print(hgv.name_hint, bb.get()["helper"].is_pure, "global_symbol" in bb.get()["helper"].attrs)

x3 = relax.Var("x3", relax.TensorType([4], "float32"))
with bb.function("late"):
    out = bb.emit(relax.op.negative(x3))
    bb.emit_func_output(out, params=[x3])
print(bb.get()["late"].script())

new_f = bb.get()["late"]
bb.update_func(bb.get().get_global_var("helper"), new_f)
print(bb.get()["helper"].params[0].name)

bb2 = relax.BlockBuilder(bb.get())
x4 = relax.Var("x4", relax.TensorType([4], "float32"))
with bb2.function("main", [x4]):
    v = bb2.emit(relax.op.add(x4, x4))
    n = bb2.normalize(relax.op.multiply(relax.op.add(x4, v), v))
    print(n.args[0].name, n.ty)
    extra = relax.Var("extra", relax.TensorType([4], "float32"))
    bb2.emit_normalized(relax.VarBinding(extra, v))
    print(bb2.lookup_binding(extra).name)
    gv = bb2.emit_func_output(n)
print(gv.name_hint, sorted(g.name_hint for g in bb2.get().get_global_vars()))
print(bb2.get()[gv].script())
