import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((16, 24, 8), "float32"), Q: T.Buffer((16, 24, 8), "float32")):
        for x, y, z in T.grid(16, 24, 8):
            with T.sblock("scale"):
                vx, vy, vz = T.axis.remap("SSS", [x, y, z])
                Q[vx, vy, vz] = P[vx, vy, vz] * T.float32(3.0)


sch = tvm.s_tir.Schedule(Mod)
blk = sch.get_sblock("scale")
x, y, z = sch.get_loops(blk)
y0, y1 = sch.split(y, factors=[4, 6])
sch.reorder(z, y1, x)
u = sch.add_unit_loop(blk)
w = sch.add_unit_loop(y0)
print(sch.mod.script())
print(sch.trace)
print([str(sch.get(l).loop_var) for l in sch.get_loops(blk)])
