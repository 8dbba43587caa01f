import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((24, 8), "float32"), Y: T.Buffer((24, 8), "float32")):
        for r, s in T.grid(24, 8):
            with T.sblock("twice"):
                vr, vs = T.axis.remap("SS", [r, s])
                Y[vr, vs] = X[vr, vs] + X[vr, vs]


sch = tvm.s_tir.Schedule(Mod)
r, s = sch.get_loops("twice")
parts = sch.loop_partition(r, [5, None, 7])
print(sch.mod.script())
print(sch.trace)

sch = tvm.s_tir.Schedule(Mod)
r, s = sch.get_loops("twice")
p0, p1 = sch.loop_partition(s, factors=[3])
print(sch.mod.script())
print(sch.trace)

for bad in ([None, None], [0, 4], [20, 10], [24]):
    sch = tvm.s_tir.Schedule(Mod, error_render_level="fast")
    r, s = sch.get_loops("twice")
    try:
        sch.loop_partition(r, bad)
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
    else:
        print("no error")

sch = tvm.s_tir.Schedule(Mod, error_render_level="fast")
r, s = sch.get_loops("twice")
sch.annotate(r, "note", 1)
try:
    sch.loop_partition(r, [4, None])
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
sch = tvm.s_tir.Schedule(Mod)
r, s = sch.get_loops("twice")
sch.parallel(r)
sch.loop_partition(r, [4, None])
print(sch.mod.script())
