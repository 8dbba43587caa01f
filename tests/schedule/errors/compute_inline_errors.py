import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((8, 8), "float32"), Q: T.Buffer((8,), "float32")):
        M = T.sblock_alloc_buffer((8, 8))
        S = T.sblock_alloc_buffer((8,))
        for a, b in T.grid(8, 8):
            with T.sblock("t"):
                va, vb = T.axis.remap("SS", [a, b])
                M[vb, va] = P[va, vb]
        for a, b in T.grid(8, 8):
            with T.sblock("s"):
                va, vb = T.axis.remap("SR", [a, b])
                with T.init():
                    S[va] = T.float32(0)
                S[va] = S[va] + M[va, vb]
        for a in range(8):
            with T.sblock("q"):
                va = T.axis.spatial(8, a)
                Q[va] = S[va]


for level in ["fast", "none"]:
    sch = tvm.s_tir.Schedule(Mod, error_render_level=level)
    for name in ["t", "s", "q"]:
        try:
            sch.compute_inline(name)
        except tvm.s_tir.ScheduleError as e:
            print(str(e))
