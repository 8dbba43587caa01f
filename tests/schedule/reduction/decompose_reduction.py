import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def rowdot(X: T.Buffer((24, 40), "float32"), Y: T.Buffer((24, 40), "float32"), Z: T.Buffer((24,), "float32")):
    for r, c in T.grid(24, 40):
        with T.sblock("dot"):
            vr, vc = T.axis.remap("SR", [r, c])
            with T.init():
                Z[vr] = T.float32(0)
            Z[vr] = Z[vr] + X[vr, vc] * Y[vr, vc]


@T.prim_func(s_tir=True)
def scale(X: T.Buffer((24, 40), "float32"), Z: T.Buffer((24, 40), "float32")):
    for r, c in T.grid(24, 40):
        with T.sblock("scale"):
            vr, vc = T.axis.remap("SS", [r, c])
            Z[vr, vc] = X[vr, vc] * T.float32(2)


for which in (0, 1):
    sch = s_tir.Schedule(rowdot)
    blk = sch.get_sblock("dot")
    loops = sch.get_loops(blk)
    init = sch.decompose_reduction(blk, loops[which])
    print(sch.get(init).name_hint, sch.get(blk).name_hint)
    print(sch.mod.script())
    print(sch.trace)

# split the reduction loop, then decompose at the inner loop
sch = s_tir.Schedule(rowdot)
r, c = sch.get_loops("dot")
c0, c1 = sch.split(c, [None, 8])
sch.decompose_reduction("dot", c0)
print(sch.mod.script())

# errors
sch = s_tir.Schedule(scale, error_render_level="fast")
r, c = sch.get_loops("scale")
try:
    sch.decompose_reduction("scale", r)
except s_tir.ScheduleError as e:
    print(type(e).__name__, e)

sch = s_tir.Schedule(rowdot, error_render_level="fast")
r, c = sch.get_loops("dot")
c0, c1 = sch.split(c, [5, 8])
try:
    sch.decompose_reduction("dot", c1)
except s_tir.ScheduleError as e:
    print(e)

sch = s_tir.Schedule(tvm.IRModule({"a": rowdot, "b": scale}), error_render_level="fast")
sch.work_on("a")
d = sch.get_sblock("dot")
sch.work_on("b")
r2, c2 = sch.get_loops(sch.get_sblock("scale"))
try:
    sch.decompose_reduction(d, r2)
except Exception as e:
    print(type(e).__name__, e)

sch = s_tir.Schedule(scale)
r, c = sch.get_loops("scale")
try:
    sch.decompose_reduction("scale", c)
except s_tir.ScheduleError as e:
    print(e)
