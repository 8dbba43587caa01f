# Replace a function in a module in place with update_func, keeping its GlobalVar;
# the new function made with PrimFunc.with_body (same signature and attributes).
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func
    def fill(A: T.Buffer((4,), "int32")):
        T.func_attr({"tirx.noalias": True})
        for i in range(4):
            A[i] = 1

    @T.prim_func
    def other(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = 2


@T.prim_func
def donor(A: T.Buffer((4,), "int32")):
    for i in range(2):
        A[i] = 7


gv = Module.get_global_var("fill")
old = Module[gv]
new = old.with_body(Module["other"].body)
print(type(new).__name__, new.same_as(old), new.params[0].same_as(old.params[0]))
print(sorted(new.attrs.keys()), new.body.same_as(Module["other"].body))
Module.update_func(gv, new)
print(Module.get_global_var("fill").same_as(gv), Module[gv].same_as(new))
print(Module.script())
print(old.script())
try:
    old.with_body(1)
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
