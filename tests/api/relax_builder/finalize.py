# BlockBuilder.finalize renames GlobalVars so each public function is named by its
# global_symbol (a private function holding that name moves aside), and calls follow.
from tvm import relax

bb = relax.BlockBuilder()
x = relax.Var("main", relax.TensorType([4], "float32"))
with bb.function("helper", [x], private=True):
    bb.emit_func_output(bb.emit(relax.op.add(x, x)))
y = relax.Var("y", relax.TensorType([4], "float32"))
with bb.function("main", [y]):
    gv = bb.get().get_global_var("helper")
    r = bb.emit(relax.Call(gv, [y]))
    bb.emit_func_output(r)
z = relax.Var("z", relax.TensorType([4], "float32"))
with bb.function("helper", [z]):
    main_gv = [g for g in bb.get().get_global_vars() if g.name_hint.startswith("main")][0]
    bb.emit_func_output(bb.emit(relax.Call(main_gv, [z])))
print(sorted(g.name_hint for g in bb.get().get_global_vars()))
mod = bb.finalize()
print(sorted(g.name_hint for g in mod.get_global_vars()))
print(mod)
