import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((100, 30), "float16"), Q: T.Buffer((30, 50), "float16"), R: T.Buffer((100, 50), "float16")):
        S = T.sblock_alloc_buffer((100, 50), "float16")
        for a, b, c in T.grid(100, 50, 30):
            with T.sblock("mm"):
                va, vb, vc = T.axis.remap("SSR", [a, b, c])
                with T.init():
                    S[va, vb] = T.float16(0)
                S[va, vb] = S[va, vb] + P[va, vc] * Q[vc, vb]
        for a, b in T.grid(100, 50):
            with T.sblock("act"):
                va, vb = T.axis.remap("SS", [a, b])
                R[va, vb] = T.max(S[va, vb], T.float16(0))


sch = tvm.s_tir.Schedule(Mod)
sch.pad_einsum("mm", [16, 16, 16])
print(sch.mod.script())
print(sch.trace)

sch = tvm.s_tir.Schedule(Mod)
sch.pad_einsum(sch.get_sblock("act"), [64, 1])
print(sch.mod.script())


@I.ir_module
class NotEinsum:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((10, 24), "int32"), R: T.Buffer((10,), "int32")):
        for a, b in T.grid(10, 12):
            with T.sblock("sum"):
                va, vb = T.axis.remap("SR", [a, b])
                with T.init():
                    R[va] = 0
                R[va] = R[va] + P[va, vb * 2]


for level in ["fast", "detail"]:
    for mod, name, padding in [(Mod, "mm", [16, 16]), (Mod, "mm", [16, 0, 4]), (NotEinsum, "sum", [4, 4])]:
        sch = tvm.s_tir.Schedule(mod, error_render_level=level)
        try:
            sch.pad_einsum(name, padding)
            print("no error")
        except tvm.s_tir.ScheduleError as e:
            print(str(e).splitlines()[-1] if level == "detail" else str(e))
