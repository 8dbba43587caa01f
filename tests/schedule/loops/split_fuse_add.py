import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((64, 48), "float32"), Y: T.Buffer((64, 48), "float32")):
        for a, b in T.grid(64, 48):
            with T.sblock("add_one"):
                va, vb = T.axis.remap("SS", [a, b])
                Y[va, vb] = X[va, vb] + T.float32(1.0)


sch = tvm.s_tir.Schedule(Mod)
blk = sch.get_sblock("add_one")
a, b = sch.get_loops(blk)
a0, a1 = sch.split(a, factors=[None, 5])
b0, b1, b2 = sch.split(b, factors=[2, 4, 6])
f = sch.fuse(b1, b2)
print(sch.mod.script())
print(sch.trace)
print(sch.get(f).extent)
print(len(sch.get_child_blocks(a0)))
