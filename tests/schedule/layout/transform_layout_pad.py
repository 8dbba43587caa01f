import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((10, 6), "float32"), Y: T.Buffer((10, 6), "float32")):
        M = T.sblock_alloc_buffer((10, 6), "float32")
        for a, b in T.grid(10, 6):
            with T.sblock("produce"):
                va, vb = T.axis.remap("SS", [a, b])
                M[va, vb] = X[va, vb] * T.float32(3)
        for a, b in T.grid(10, 6):
            with T.sblock("consume"):
                va, vb = T.axis.remap("SS", [a, b])
                Y[va, vb] = M[va, vb] + T.float32(1)


# A row-major writer: rewritten over the new indices with if_then_else.
sch = tvm.s_tir.Schedule(Mod)
sch.transform_layout("produce", ("write", 0), lambda a, b: (a // 4, b, a % 4), pad_value=0.0)
print(sch.mod.script())
print(sch.trace)

# The pad value as a function of the new indices.
sch = tvm.s_tir.Schedule(Mod)
sch.transform_layout("produce", ("write", 0), lambda a, b: (a, b // 4, b % 4), pad_value=lambda i, j, k: T.float32(-1))
print(sch.mod.script())


@I.ir_module
class Transposed:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((10, 6), "float32"), Y: T.Buffer((10, 6), "float32")):
        M = T.sblock_alloc_buffer((10, 6), "float32")
        for b, a in T.grid(6, 10):
            with T.sblock("produce"):
                va, vb = T.axis.remap("SS", [a, b])
                M[va, vb] = X[va, vb] * T.float32(3)
        for a, b in T.grid(10, 6):
            with T.sblock("consume"):
                va, vb = T.axis.remap("SS", [a, b])
                Y[va, vb] = M[va, vb] + T.float32(1)


# Not row-major: a block after the writer fills the padding.
sch = tvm.s_tir.Schedule(Transposed)
sch.transform_layout("produce", ("write", 0), lambda a, b: (a // 4, b, a % 4), pad_value=0.0)
print(sch.mod.script())

# An input buffer: assumptions about its padding open the function.
sch = tvm.s_tir.Schedule(Mod)
sch.transform_layout("produce", ("read", 0), lambda a, b: (a, b // 4, b % 4), pad_value=0.0)
print(sch.mod.script())
