# A JIT definition inside a module class is built with the module: its constants come
# from from_source's const_args (each member takes the names it declares) over its
# declared defaults; a constant with neither is an error, as specialize() reports it.
import tvm
from tvm.script import ir as I, tirx as T


@I.ir_module
class Defaults:
    @T.jit
    def scale(X: T.Buffer((n,), "float32"), *, n: T.constexpr = 3, factor: T.constexpr = 2.0):
        for i in range(n):
            X[i] = X[i] * T.float32(factor)

    @T.prim_func
    def plain(X: T.Buffer((2,), "int32")):
        X[0] = 7


Defaults.show()

text = '''
from tvm.script import ir as I, tirx as T
@I.ir_module
class Kernels:
    @T.jit
    def fill(Out: T.Buffer((size,), "int32"), Skip: T.Optional(T.Buffer((undefined_extent,), "int32")), *, size: T.constexpr):
        for i in range(size):
            Out[i] = i
    @T.jit
    def copy(A: T.Buffer((rows, 2), "int32"), B: T.Buffer((rows, 2), "int32"), *, rows: T.constexpr = 1):
        for i, j in T.grid(rows, 2):
            B[i, j] = A[i, j]
'''
mod = tvm.script.from_source(text, const_args={"size": 5, "rows": 4, "Skip": None})
print(type(mod).__name__, sorted(gv.name_hint for gv in mod.get_global_vars()))
mod.show()

for consts in [None, {"size": 2, "colour": 1}, {"size": 2, "Skip": 3}]:
    try:
        if consts is None:
            tvm.script.from_source(text)
        else:
            tvm.script.from_source(text, const_args=consts)
        print("built with", consts)
    except Exception as e:
        print(type(e).__name__ + ":", e)
