# tvm.IRModule as a mutable dict of functions: constructor, lookups by name and by
# GlobalVar, item assignment, deletion, update/update_func and their checks.
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T


@T.prim_func
def one(A: T.Buffer((4,), "int32")):
    A[0] = 1


@T.prim_func
def two(A: T.Buffer((4,), "int32")):
    A[0] = 2


@I.ir_module
class Other:
    @T.prim_func
    def one(A: T.Buffer((4,), "int32")):
        A[0] = 10

    @T.prim_func
    def three(A: T.Buffer((4,), "int32")):
        A[0] = 3


def show(label, f):
    try:
        print(label, f())
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e).splitlines()[0])


m = tvm.IRModule({"one": one})
gv_one = m.get_global_var("one")
print(type(m).__name__, [g.name_hint for g in m.get_global_vars()])
print("one" in m, gv_one in m, "two" in m, Other.get_global_var("one") in m)
print(m["one"].same_as(one), m[gv_one].same_as(one))
show("missing name:", lambda: m["two"])
show("foreign GlobalVar:", lambda: m[Other.get_global_var("one")])
show("get_global_var:", lambda: m.get_global_var("nope"))

m["two"] = two
print([g.name_hint for g, _ in m.functions_items()])
m["one"] = two
print(m.get_global_var("one").same_as(gv_one), m["one"].same_as(two))

del m["two"]
print([g.name_hint for g in m.get_global_vars()], len(m.functions))
show("del missing:", lambda: m.__delitem__("two"))

m.update_func(gv_one, one)
print(m["one"].same_as(one))
m.update({"extra": two})
print([g.name_hint for g, _ in m.functions_items()])

n = tvm.IRModule()
n.update(Other)
print([g.name_hint for g, _ in n.functions_items()], n.get_global_var("three").same_as(Other.get_global_var("three")))
show("bad keys:", lambda: tvm.IRModule({1: one}))
show("bad values:", lambda: tvm.IRModule({"x": 1}))
print(tvm.IRModule().script())

gv3 = Other.get_global_var("three")
k = tvm.IRModule({gv3: Other["three"]})
print(k.get_global_var("three").same_as(gv3))
f = tvm.IRModule.from_expr(one)
print([g.name_hint for g in f.get_global_vars()], f["one"].same_as(one))
print(f == f, f == f.clone(), f.clone().same_as(f))
print(m.script())

# A function of the same name under another GlobalVar fails TVM's check (after
# which TVM's module holds both entries, so nothing more is read from these).
show("same name, other GlobalVar:", lambda: m.__setitem__(Other.get_global_var("one"), one))
print(m["one"].same_as(one))
c = tvm.IRModule({"one": two})
show("update with a clash:", lambda: c.update(Other))
print(c["one"].same_as(two))
