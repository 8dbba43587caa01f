import tvm
from tvm.script import tirx as T, ir as I
from tvm.s_tir.schedule.testing import verify_trace_roundtrip


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(M: T.Buffer((24, 40), "float32"), N: T.Buffer((24, 40), "float32")):
        for p, q in T.grid(24, 40):
            with T.sblock("copy"):
                vp, vq = T.axis.remap("SS", [p, q])
                N[vp, vq] = M[vp, vq]


sch = tvm.s_tir.Schedule(Mod, debug_mask="all")
p, q = sch.get_loops(sch.get_sblock("copy"))
q0, q1 = sch.split(q, factors=[None, 8], preserve_unit_iters=False)
pq = sch.fuse(p, q0)
sch.parallel(pq)
verify_trace_roundtrip(sch, Mod)
print(sch.trace)
copied = sch.copy()
copied.vectorize(q1)
print(copied.trace.as_python()[-1])
print(len(sch.trace.insts), len(copied.trace.insts))
