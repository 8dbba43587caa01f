import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((2, 20), "float32"), Y: T.Buffer((2, 16), "float32")):
        M = T.sblock_alloc_buffer((2, 18), "float32")
        for r, p in T.grid(2, 18):
            with T.sblock("mid"):
                vr, vp = T.axis.remap("SS", [r, p])
                M[vr, vp] = X[vr, vp] + X[vr, vp + 2]
        for r, p, q in T.grid(2, 16, 3):
            with T.sblock("out"):
                vr, vp, vq = T.axis.remap("SSR", [r, p, q])
                with T.init():
                    Y[vr, vp] = T.float32(0)
                Y[vr, vp] = Y[vr, vp] + M[vr, vp + vq]


sch = tvm.s_tir.Schedule(Mod)
r, p, q = sch.get_loops(sch.get_sblock("out"))
po, pi = sch.split(p, factors=[None, 8])
sch.compute_at(sch.get_sblock("mid"), po)
sch.rolling_buffer("mid", 0)
print(sch.mod.script())
print(sch.trace)

# Errors: an output block, several writers, no common loop, no rolling dimension.
@I.ir_module
class Bad:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((24,), "float32"), Y: T.Buffer((20,), "float32")):
        M = T.sblock_alloc_buffer((24,), "float32")
        for i in range(24):
            with T.sblock("m0"):
                vi = T.axis.spatial(24, i)
                M[vi] = X[vi]
        for i in range(24):
            with T.sblock("m1"):
                vi = T.axis.spatial(24, i)
                M[vi] = M[vi] * T.float32(2)
        for i in range(20):
            with T.sblock("y"):
                vi = T.axis.spatial(20, i)
                Y[vi] = M[vi] + M[vi + 4]


@I.ir_module
class Untiled:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((24,), "float32"), Y: T.Buffer((20,), "float32")):
        M = T.sblock_alloc_buffer((24,), "float32")
        for i in range(24):
            with T.sblock("m"):
                vi = T.axis.spatial(24, i)
                M[vi] = X[vi]
        for i in range(20):
            with T.sblock("y"):
                vi = T.axis.spatial(20, i)
                Y[vi] = M[vi] + M[vi + 4]


for level in ["fast", "detail"]:
    for mod, name, index, tile in [(Bad, "y", 0, False), (Bad, "m0", 0, False), (Untiled, "m", 0, False), (Untiled, "m", 3, False), (Untiled, "m", 0, True)]:
        sch = tvm.s_tir.Schedule(mod, error_render_level=level)
        if tile:
            (i,) = sch.get_loops(sch.get_sblock("y"))
            io, ii = sch.split(i, factors=[None, 4])
            sch.compute_at(sch.get_sblock("m"), io)
        try:
            sch.rolling_buffer(sch.get_sblock(name), index)
            print("no error")
        except tvm.s_tir.ScheduleError as e:
            print(str(e).splitlines()[-1] if level == "detail" else str(e))
