import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((32, 16), "float32"), Q: T.Buffer((16, 32), "float32"), R: T.Buffer((32, 32), "float32")):
        for a, b, c in T.grid(32, 32, 16):
            with T.sblock("mm"):
                va, vb, vc = T.axis.remap("SSR", [a, b, c])
                with T.init():
                    R[va, vb] = T.float32(0)
                R[va, vb] = R[va, vb] + P[va, vc] * Q[vc, vb]


@I.ir_module
class Ew:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((24, 12), "float32"), Y: T.Buffer((12, 24), "float32")):
        for i, j in T.grid(12, 24):
            with T.sblock("tr"):
                vi, vj = T.axis.remap("SS", [i, j])
                Y[vi, vj] = X[vj, vi] + X[vj, vi]


sch = tvm.s_tir.Schedule(Mod)
mm = sch.get_sblock("mm")
r0 = sch.reindex(mm, ("read", 1))
r1 = sch.reindex(mm, ("write", 0))
print(sch.get(r0).name_hint, sch.get(r1).name_hint)
print(sch.mod.script())
print(sch.trace)

sch = tvm.s_tir.Schedule(Ew)
sch.reindex("tr", "X")
try:
    sch.annotate_buffer_access("tr", 0, "write", lambda vi, vj: [vi])
except TypeError as e:
    print(e)
sch.annotate_buffer_access(sch.get_sblock("tr"), 0, "write", lambda vi, vj: [(vi, vi + 1), (vj - 1, vj + 2)])
print(sch.mod.script())
print(sch.trace)

sch = tvm.s_tir.Schedule(Ew)
b = sch.get_sblock("tr")
sch.annotate_buffer_access(b, 0, "read", lambda vi, vj: [(vj * 2, vj * 2 + 2), vi])
sch.annotate_buffer_access(b, 0, "read", lambda vi, vj: [vj, (vi - 1, vi + 1)])
sch.unsafe_hide_buffer_access(b, "read", [0])
print(sch.mod.script())
print(sch.trace)


@I.ir_module
class Two:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((16, 16), "float32"), Y: T.Buffer((16, 16), "float32")):
        for i, j in T.grid(16, 16):
            with T.sblock("two"):
                vi, vj = T.axis.remap("SS", [i, j])
                Y[vi, vj] = X[vi, vj] + X[vj, vi]


for level in ["fast", "detail"]:
    sch = tvm.s_tir.Schedule(Two, error_render_level=level)
    try:
        sch.reindex("two", ("read", 0))
    except Exception as e:
        print(type(e).__name__)
        print(str(e))
sch = tvm.s_tir.Schedule(Two, error_render_level="fast")
for args in [("load", [0]), ("read", [3])]:
    try:
        sch.unsafe_hide_buffer_access(sch.get_sblock("two"), *args)
    except Exception as e:
        print(type(e).__name__)
        print(str(e))

from tvm.s_tir.schedule.testing import verify_trace_roundtrip

sch = tvm.s_tir.Schedule(Ew)
b = sch.get_sblock("tr")
sch.annotate_buffer_access(b, 0, "read", lambda vi, vj: [(vj - 1, vj + 1), vi])
sch.reindex(b, ("write", 0))
verify_trace_roundtrip(sch, Ew)
print("replayed")
