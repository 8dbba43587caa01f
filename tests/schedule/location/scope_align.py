import tvm
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def staged(X: T.Buffer((16, 24), "float16"), Y: T.Buffer((16, 24), "float16")):
    Tmp = T.sblock_alloc_buffer((16, 24), "float16")
    for a, b in T.grid(16, 24):
        with T.sblock("stage"):
            va, vb = T.axis.remap("SS", [a, b])
            T.reads(X[va, vb])
            T.writes(Tmp[va, vb])
            Tmp[va, vb] = X[va, vb] + T.float16(1.0)
    for a in range(16):
        with T.sblock("rows"):
            va = T.axis.spatial(16, a)
            T.reads(Tmp[va, 0:24])
            T.writes(Y[va, 0:24])
            row = T.match_buffer(Tmp[va, 0:24], (24,), "float16")
            for b in range(24):
                with T.sblock("use"):
                    vb = T.axis.spatial(24, b)
                    T.reads(row[vb])
                    T.writes(Y[va, vb])
                    Y[va, vb] = row[vb] * T.float16(2.0)


sch = tvm.s_tir.Schedule(staged)
stage = sch.get_sblock("stage")
sch.storage_align(stage, 0, -1, 32, 8)
sch.storage_align(stage, 0, 0, 64, 1)
sch.storage_align(stage, 0, 1, 16, 4)
sch.set_scope(stage, "Tmp", "shared.dyn")
sch.set_scope(stage, 0, "shared.dyn")
print(sch.mod.script())
print(sch.trace)
loops = sch.get_loops("use")
print(len(loops))

for level in ["fast", "detail"]:
    for call in [
        lambda s: s.set_scope("stage", 3, "local"),
        lambda s: s.set_scope("use", 0, "local"),
        lambda s: s.set_scope("stage", 0, "registers"),
        lambda s: s.storage_align("stage", 0, 2, 8, 0),
        lambda s: s.storage_align("stage", 0, 0, -8, 0),
        lambda s: s.storage_align("rows", 0, 0, 8, 0),
    ]:
        s = tvm.s_tir.Schedule(staged, error_render_level=level)
        try:
            call(s)
        except tvm.s_tir.ScheduleError as e:
            print(type(e).__name__, str(e))
