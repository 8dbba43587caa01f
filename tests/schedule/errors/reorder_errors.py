import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((10, 12, 14), "int32"), Q: T.Buffer((10, 12, 14), "int32"), R: T.Buffer((10, 12), "int32")):
        S = T.sblock_alloc_buffer((10, 12, 14), "int32")
        for a, b in T.grid(10, 12):
            for c in range(14):
                with T.sblock("first"):
                    va, vb, vc = T.axis.remap("SSS", [a, b, c])
                    S[va, vb, vc] = P[va, vb, vc] + 1
            for c in range(14):
                with T.sblock("second"):
                    va, vb, vc = T.axis.remap("SSS", [a, b, c])
                    Q[va, vb, vc] = S[va, vb, vc] * 2
        for a, b in T.grid(10, 12):
            with T.sblock("scan"):
                va = T.axis.spatial(10, a)
                vb = T.axis.scan(12, b)
                R[va, vb] = va + vb
        for a in range(10):
            for b in range(a + 2):
                with T.sblock("tri"):
                    va = T.axis.spatial(10, a)
                    vb = T.axis.spatial(12, b)
                    T.where(b < 12)
                    R[va, vb] = va


for level in ["fast", "none"]:
    sch = tvm.s_tir.Schedule(Mod, error_render_level=level)
    a, b, c = sch.get_loops(sch.get_sblock("second"))
    a1, b1, c1 = sch.get_loops(sch.get_sblock("first"))
    sa, sb = sch.get_loops(sch.get_sblock("scan"))
    ta, tb = sch.get_loops(sch.get_sblock("tri"))
    for call in [
        lambda: sch.reorder(c, a),
        lambda: sch.reorder(c, c1),
        lambda: sch.reorder(a, a),
        lambda: sch.reorder(sb, sa),
        lambda: sch.reorder(tb, ta),
        lambda: sch.reorder(sa, ta),
    ]:
        try:
            call()
        except tvm.s_tir.ScheduleError as e:
            print(isinstance(e, RuntimeError), str(e))
