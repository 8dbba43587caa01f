import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(U: T.Buffer((20, 30), "int32"), V: T.Buffer((20, 30), "int32")):
        for r in range(20):
            for c in T.thread_binding(30, thread="threadIdx.x"):
                with T.sblock("neg"):
                    vr, vc = T.axis.remap("SS", [r, c])
                    V[vr, vc] = T.int32(0) - U[vr, vc]


for level in ["fast", "none"]:
    sch = tvm.s_tir.Schedule(Mod, error_render_level=level)
    r, c = sch.get_loops(sch.get_sblock("neg"))
    for call in [
        lambda: sch.split(r, factors=[None, None]),
        lambda: sch.split(r, factors=[3, 4]),
        lambda: sch.split(r, factors=[0, 20]),
        lambda: sch.split(c, factors=[None, 5]),
        lambda: sch.fuse(r, c),
        lambda: sch.get_sblock("missing"),
    ]:
        try:
            call()
        except tvm.s_tir.ScheduleError as e:
            print(isinstance(e, RuntimeError), str(e))
