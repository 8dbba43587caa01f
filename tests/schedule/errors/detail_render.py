import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(U: T.Buffer((12,), "int8"), V: T.Buffer((12,), "int8")):
        for w in T.thread_binding(12, thread="threadIdx.y"):
            with T.sblock("dbl"):
                vw = T.axis.spatial(12, w)
                V[vw] = U[vw] + U[vw]


sch = tvm.s_tir.Schedule(Mod)
(w,) = sch.get_loops("dbl")
try:
    sch.get_sblock("nothing")
except tvm.s_tir.ScheduleError as e:
    print(str(e))
