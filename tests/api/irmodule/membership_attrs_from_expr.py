# IRModule membership (`in` with names and GlobalVars), missing names, module attrs,
# a module from a dict, del, from_expr, the empty module and item assignment on a clone.
import tvm
from tvm import ir, tirx, relax
from tvm.script import ir as I, tirx as T, relax as R

@I.ir_module
class M:
    @T.prim_func
    def f(A: T.Buffer((4,), "int32")):
        A[0] = 1

    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        y = R.add(x, x)
        return y

print("f" in M, "g" in M, M.get_global_var("f") in M)
print([g.name_hint for g in M.get_global_vars()])
print(sorted(g.name_hint for g in M.functions.keys()))
print(type(M["main"]).__name__, type(M["f"]).__name__)
try:
    M["nope"]
except Exception as e:
    print(type(e).__name__, str(e)[-40:])
try:
    M.get_global_var("nope")
except Exception as e:
    print(type(e).__name__, str(e)[-60:])
m2 = M.with_attr("device", "cpu")
print(m2.attrs, M.attrs, m2.get_attr("nope"))
m3 = m2.without_attr("device")
print(m3.attrs, len(m3.attrs) if m3.attrs is not None else None)
m4 = M.with_attrs({"a": 1, "b": "two"})
print(m4.attrs)
new = tvm.IRModule({"g": M["f"]})
print(new.script())
del new["g"]
print(len(new.functions), "g" in new)
mod = tvm.IRModule.from_expr(relax.Function([], relax.SeqExpr([], relax.const(1, "int32")), ret_ty=relax.TensorType(ndim=0, dtype="int32")))
print(mod.script())
print(tvm.IRModule())
print(repr(tvm.IRModule()))
print(M.get_global_var("main").name_hint, M.get_global_var("main").same_as(M.get_global_var("main")))
M2 = M.clone()
M2["f2"] = M["f"]
print([g.name_hint for g, _ in M2.functions_items()])
