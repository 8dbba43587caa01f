import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((3, 28, 30), "float32"), Y: T.Buffer((3, 30, 30), "float32")):
        P = T.sblock_alloc_buffer((3, 32, 36), "float32")
        for c, h, w in T.grid(3, 32, 36):
            with T.sblock("pad"):
                vc, vh, vw = T.axis.remap("SSS", [c, h, w])
                P[vc, vh, vw] = T.if_then_else(2 <= vh and vh < 30 and 3 <= vw and vw < 33, X[vc, vh - 2, vw - 3], T.float32(-1))
        for c, h, w, k in T.grid(3, 30, 30, 3):
            with T.sblock("conv"):
                vc, vh, vw, vk = T.axis.remap("SSSR", [c, h, w, k])
                with T.init():
                    Y[vc, vh, vw] = T.float32(0)
                Y[vc, vh, vw] = Y[vc, vh, vw] + P[vc, vh + vk, vw + 6 * vk // 3]


sch = tvm.s_tir.Schedule(Mod)
c, h, w = sch.get_loops("pad")
b = sch.decompose_padding("pad", h)
print(sch.get(b).name_hint)
print(sch.mod.script())

sch = tvm.s_tir.Schedule(Mod)
c, h, w, k = sch.get_loops("conv")
ho, hi = sch.split(h, factors=[3, 10])
sch.compute_at(sch.get_sblock("pad"), ho)
loops = sch.get_loops("pad")
print(sch.can_decompose_padding(sch.get_sblock("pad"), loops[-1]))
sch.decompose_padding("pad", loops[1])
print(sch.mod.script())


@I.ir_module
class Bad:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((16,), "float32"), Y: T.Buffer((16,), "float32"), Z: T.Buffer((16,), "float32"), W: T.Buffer((16,), "float32")):
        for i in range(16):
            with T.sblock("plain"):
                vi = T.axis.spatial(16, i)
                Y[vi] = X[vi] * T.float32(2)
        for i in range(16):
            with T.sblock("varpad"):
                vi = T.axis.spatial(16, i)
                Z[vi] = T.if_then_else(vi < 8, X[vi], X[0])
        for i in range(16):
            with T.sblock("trivial"):
                vi = T.axis.spatial(16, i)
                W[vi] = T.if_then_else(vi < 20, X[vi], T.float32(0))


for level in ["fast", "detail"]:
    for name, other in [("plain", None), ("varpad", None), ("trivial", None), ("plain", "varpad")]:
        sch = tvm.s_tir.Schedule(Bad, error_render_level=level)
        (loop,) = sch.get_loops(other or name)
        print(sch.can_decompose_padding(sch.get_sblock(name), loop))
        try:
            sch.decompose_padding(name, loop)
            print("no error")
        except tvm.s_tir.ScheduleError as e:
            print(str(e).splitlines()[-1] if level == "detail" else str(e))
