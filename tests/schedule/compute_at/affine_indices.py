import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mirror:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((12, 6), "float32"), R: T.Buffer((12, 6), "float32")):
        Q = T.sblock_alloc_buffer((12, 6))
        for a, b in T.grid(12, 6):
            with T.sblock("flip"):
                va, vb = T.axis.remap("SS", [a, b])
                Q[11 - va, 5 - vb] = P[va, vb] * T.float32(2)
        for a, b in T.grid(12, 6):
            with T.sblock("use"):
                va, vb = T.axis.remap("SS", [a, b])
                R[va, vb] = Q[va, vb] + T.float32(1)


@I.ir_module
class Packed:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((4, 32), "float32"), R: T.Buffer((4, 32), "float32")):
        Q = T.sblock_alloc_buffer((4, 32))
        for a, b, c in T.grid(4, 4, 8):
            with T.sblock("pack"):
                va, vb, vc = T.axis.remap("SSS", [a, b, c])
                Q[va, vb * 8 + vc] = P[va, vb * 8 + vc] + T.float32(1)
        for a, b in T.grid(4, 32):
            with T.sblock("use"):
                va, vb = T.axis.remap("SS", [a, b])
                R[va, vb] = Q[va, vb] * T.float32(3)


for mod, producer, consumer, depth in [(Mirror, "flip", "use", 0), (Mirror, "flip", "use", 1), (Packed, "pack", "use", 1), (Packed, "pack", "use", 0)]:
    sch = tvm.s_tir.Schedule(mod)
    loops = sch.get_loops(consumer)
    sch.compute_at(sch.get_sblock(producer), loops[depth])
    print(sch.mod.script())

sch = tvm.s_tir.Schedule(Packed)
a, b, c = sch.get_loops("pack")
sch.reverse_compute_at(sch.get_sblock("use"), b)
print(sch.mod.script())
