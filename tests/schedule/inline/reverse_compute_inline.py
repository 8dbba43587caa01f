import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((24, 10), "float32"), Q: T.Buffer((10, 24), "float32"), R: T.Buffer((24, 10), "float32")):
        M = T.sblock_alloc_buffer((24, 10))
        for a, b in T.grid(24, 10):
            with T.sblock("m"):
                va, vb = T.axis.remap("SS", [a, b])
                M[va, vb] = P[va, vb] + T.float32(2.0)
        for a, b in T.grid(10, 24):
            with T.sblock("t"):
                vb, va = T.axis.remap("SS", [a, b])
                Q[vb, va] = M[va, vb] * M[va, vb]
        for a, b in T.grid(24, 10):
            with T.sblock("r"):
                va, vb = T.axis.remap("SS", [a, b])
                R[va, vb] = P[va, vb]


sch = tvm.s_tir.Schedule(Mod)
print([sch.get(b).name_hint for b in sch.get_producers("t")])
print([sch.get(b).name_hint for b in sch.get_consumers("m")])
print([sch.get(b).name_hint for b in sch.get_consumers("r")])
sch.reverse_compute_inline("t")
print(sch.mod.script())
print(sch.trace)

for level in ["fast", "none"]:
    sch = tvm.s_tir.Schedule(Mod, error_render_level=level)
    for name in ["m", "r"]:
        try:
            sch.reverse_compute_inline(name)
        except tvm.s_tir.ScheduleError as e:
            print(str(e))
