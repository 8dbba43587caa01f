import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((64, 32), "float32"), Y: T.Buffer((64, 32), "float32")):
        M = T.sblock_alloc_buffer((64, 32), "float32")
        for p, q in T.grid(64, 32):
            with T.sblock("scale"):
                vp, vq = T.axis.remap("SS", [p, q])
                M[vp, vq] = X[vp, vq] * T.float32(0.5)
        for p, q in T.grid(64, 32):
            with T.sblock("shift"):
                vp, vq = T.axis.remap("SS", [p, q])
                Y[vp, vq] = M[vp, vq] - T.float32(1.0)


sch = tvm.s_tir.Schedule(Mod)
sch.transform_layout("scale", ("write", 0), lambda a, b: (b // 8, a, b % 8))
sch.transform_layout(sch.get_sblock("scale"), "X", lambda a, b: (a // 16, b, a % 16))
shift = sch.get_sblock("shift")
sch.transform_layout(shift, ("write", 0), tvm.tirx.IndexMap.from_func(lambda a, b: [b, a], index_dtype="int32"))
print(sch.mod.script())
print(sch.trace)

sch = tvm.s_tir.Schedule(Mod)
sch.transform_block_layout("scale", lambda a, b: (a * 32 + b,))
sch.transform_block_layout("shift", lambda a, b: (b, a))
print(sch.mod.script())
print(sch.trace)

from tvm.s_tir.schedule.testing import verify_trace_roundtrip

sch = tvm.s_tir.Schedule(Mod)
sch.transform_layout("scale", ("write", 0), lambda a, b: (a // 4, b, a % 4))
sch.transform_block_layout("shift", lambda a, b: (b, a))
verify_trace_roundtrip(sch, Mod)
print("replayed")
