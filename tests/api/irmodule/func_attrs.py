# Function attributes through ir.BaseFunc on PrimFunc and Relax Function: with_attr
# (a key or a dict), with_attrs, without_attr, attrs as DictAttrs, how they print.
import tvm
from tvm.script import relax as R
from tvm.script import tirx as T


@T.prim_func
def kernel(A: T.Buffer((4,), "float32")):
    T.func_attr({"tirx.noalias": True})
    for i in range(4):
        A[i] = T.float32(0)


@R.function(private=True)
def helper(x: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
    R.func_attr({"num_input": 1})
    return x


print(type(kernel.attrs).__name__, kernel.attrs)
print(sorted(kernel.attrs.keys()), kernel.attrs["global_symbol"], len(kernel.attrs))
print(isinstance(kernel, tvm.ir.BaseFunc), bool(kernel))
k2 = kernel.with_attr("target_kind", "cuda")
print(k2.same_as(kernel), sorted(k2.attrs.keys()), sorted(kernel.attrs.keys()))
k3 = k2.with_attr({"a": 1, "b": [1, 2], "target_kind": "llvm"})
print(k3.attrs)
k4 = k3.with_attrs({"c": 2.5})
print(k4.attrs["c"], k4.attrs.get("zz", 0))
print(k4.without_attr("b").without_attr("a").without_attr("nope").attrs)
print(k4.script())
print(kernel.without_attr("global_symbol").script())
print(kernel.with_attr("global_symbol", "renamed").script())
try:
    kernel.with_attr(1, 2)
except Exception as e:  # noqa: BLE001
    print(type(e).__name__, "Expected `str`" in str(e))

print(helper.attrs, "global_symbol" in helper.attrs)
h2 = helper.with_attr("global_symbol", "helper")
print(h2.script())
h3 = h2.with_attr({"relax.force_pure": True}).without_attr("num_input")
print(sorted(h3.attrs.keys()))
print(h3.script())
mod = tvm.IRModule({"kernel": k2, "helper": h3})
print(mod.script())
