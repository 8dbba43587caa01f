import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((32, 16, 8), "float16"), Q: T.Buffer((32, 16, 8), "float16")):
        for x, y, z in T.grid(32, 16, 8):
            with T.sblock("scale"):
                vx, vy, vz = T.axis.remap("SSS", [x, y, z])
                Q[vx, vy, vz] = P[vx, vy, vz] * T.float16(3.0)


sch = tvm.s_tir.Schedule(Mod)
x, y, z = sch.get_loops("scale")
sch.bind(x, "blockIdx.x")
sch.parallel(y)
sch.vectorize(z)
blk = sch.get_sblock("scale")
sch.annotate(blk, "pragma_note", "hello")
sch.annotate(z, "step_hint", 4)
sch.unannotate(blk, "pragma_note")
print(sch.mod.script())
print(sch.trace)
sch2 = tvm.s_tir.Schedule(Mod)
x, y, z = sch2.get_loops(sch2.get_sblock("scale"))
sch2.unroll(z)
lx = sch2.fuse(x, y)
print(sch2.mod.script())
print(sch2.trace.as_python())
