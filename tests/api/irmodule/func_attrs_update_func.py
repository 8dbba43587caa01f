# Function attributes (DictAttrs), with_attrs/without_attr, update_func with a renamed
# global symbol, get_global_vars as an Array, modules from dicts keyed by names or GlobalVars.
import tvm
from tvm import ir, tirx, relax
from tvm.script import tirx as T, relax as R, ir as I

@I.ir_module
class M:
    @T.prim_func
    def add_one(A: T.Buffer((4,), "float32")):
        T.func_attr({"tir.noalias": True})
        for i in range(4):
            A[i] = A[i] + T.float32(1)

f = M["add_one"]
print(f.attrs, f.attrs["global_symbol"], "tir.noalias" in f.attrs, f.attrs.get("nope"))
print(list(f.attrs.keys()), type(f.attrs).__name__)
g = f.with_attrs({"a": 1, "b": [1, 2]})
print(g.attrs)
print(g.without_attr("a").attrs)
print(g.get_attr("b") if hasattr(g, "get_attr") else None)
h = f.with_attr("global_symbol", "renamed")
M2 = M.clone()
M2.update_func(M2.get_global_var("add_one"), h)
print(M2.script())
print(M2.get_global_var("add_one").name_hint, M2["add_one"].attrs["global_symbol"])
print(M.functions_items()[0][0], type(M.functions_items()).__name__)
print(M.get_global_vars())
print(tvm.IRModule({"x": f}).get_global_vars())
m3 = tvm.IRModule({ir.GlobalVar("gg"): f})
print(list(m3.functions.keys()), len(m3.functions))
try:
    tvm.IRModule({"x": 1})
except Exception as e:
    print(type(e).__name__)
print(M.attrs, M.with_attr("k", [1, "s"]).attrs)
