# GlobalVars under structural equality: free outside a module (equal only to
# themselves unless map_free_vars), matched by name inside two modules compared;
# a GlobalVar a module holds only in its attributes stays free.
import tvm
import tvm_ffi
from tvm import ir
from tvm.script import ir as I
from tvm.script import relax as R


SOURCE = """
@I.ir_module
class M:
    @R.function
    def inner(x: R.Tensor((N,), "float32")) -> R.Tensor((N,), "float32"):
        return x

    @R.function
    def outer(x: R.Tensor((N,), "float32")) -> R.Tensor((N,), "float32"):
        cls = M
        y = cls.inner(x)
        return y
"""


def build(n):
    return tvm.script.from_source(SOURCE.replace("N", str(n)))


a, b, c = build(4), build(4), build(8)
eq, h = tvm_ffi.structural_equal, tvm_ffi.structural_hash
print("modules", eq(a, b), h(a) == h(b), eq(a, c), h(a) == h(c))
print("function alone", eq(a["outer"], b["outer"]), eq(a["outer"], b["outer"], map_free_vars=True))
print("same function", eq(a["outer"], a["outer"]), h(a["outer"]) == h(a["outer"]))
print("gv", eq(ir.GlobalVar("f"), ir.GlobalVar("f")), eq(ir.GlobalVar("f"), ir.GlobalVar("f"), map_free_vars=True))
g = ir.GlobalVar("g")
print("same gv", eq(g, g), h(g) == h(g))
m3 = a.with_attr("entry", ir.GlobalVar("elsewhere"))
m4 = b.with_attr("entry", ir.GlobalVar("elsewhere"))
print("attr gv of no function", eq(m3, m4), eq(m3, m4, map_free_vars=True))
