# Module attributes: the constructor's attrs, with_attr / with_attrs / without_attr
# (new modules), attrs as DictAttrs, and how module attributes print.
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Mod:
    I.module_attrs({"origin": "parser", "level": 2})

    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        A[0] = 0


print(type(Mod.attrs).__name__, Mod.attrs)
print(sorted(Mod.attrs.keys()), Mod.attrs["level"], "origin" in Mod.attrs, "x" in Mod.attrs)
print(len(Mod.attrs), Mod.attrs.get("x", "none"), Mod.attrs.origin)
m2 = Mod.with_attr("origin", "edited")
print(m2.same_as(Mod), Mod.attrs["origin"], m2.attrs["origin"])
m3 = m2.with_attrs({"extra": True, "level": 3})
print(m3.attrs)
m4 = m3.without_attr("origin").without_attr("absent")
print(m4.attrs)
print(m4["main"].same_as(Mod["main"]))
print(m4.script())
e = tvm.IRModule({"main": Mod["main"]}, attrs={"a": 1})
print(e.attrs, tvm.IRModule().attrs)
