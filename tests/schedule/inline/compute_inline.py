import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((32, 20), "float32"), Q: T.Buffer((32, 20), "float32")):
        M = T.sblock_alloc_buffer((32, 20))
        N = T.sblock_alloc_buffer((32, 20))
        for a, b in T.grid(32, 20):
            with T.sblock("m"):
                va, vb = T.axis.remap("SS", [a, b])
                M[va, vb] = P[va, vb] * T.float32(0.5)
        for a, b in T.grid(32, 20):
            with T.sblock("n"):
                va, vb = T.axis.remap("SS", [a, b])
                N[va, vb] = M[va, vb] + M[va, 19 - vb]
        for a in range(32):
            for b in range(20):
                with T.sblock("q"):
                    va, vb = T.axis.remap("SS", [a, b])
                    Q[va, vb] = T.max(N[va, vb], T.float32(0.0))


sch = tvm.s_tir.Schedule(Mod)
sch.compute_inline(sch.get_sblock("m"))
print(sch.mod.script())
sch.compute_inline("n")
print(sch.mod.script())
print(sch.trace)

for level in ["fast", "none"]:
    sch = tvm.s_tir.Schedule(Mod, error_render_level=level)
    try:
        sch.compute_inline("q")
    except tvm.s_tir.ScheduleError as e:
        print(str(e))
