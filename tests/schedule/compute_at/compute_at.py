import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def scale_then_shift(P: T.Buffer((64, 32), "float32"), Q: T.Buffer((64, 32), "float32")):
    S = T.sblock_alloc_buffer((64, 32))
    for a, b in T.grid(64, 32):
        with T.sblock("scale"):
            va, vb = T.axis.remap("SS", [a, b])
            S[va, vb] = P[va, vb] * T.float32(3.0)
    for a, b in T.grid(64, 32):
        with T.sblock("shift"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = S[va, vb] - T.float32(1.0)


# Under the outer loop of a split consumer: the producer covers a tile of rows.
sch = tvm.s_tir.Schedule(scale_then_shift)
shift = sch.get_sblock("shift")
a, b = sch.get_loops(shift)
a0, a1 = sch.split(a, factors=[None, 8])
sch.compute_at(sch.get_sblock("scale"), a0)
print(sch.mod.script())
print(sch.trace)

# Unit loops kept, at the innermost loop.
sch = tvm.s_tir.Schedule(scale_then_shift)
a, b = sch.get_loops("shift")
sch.compute_at("scale", b, preserve_unit_loops=True)
print(sch.mod.script())

# reverse_compute_at: the consumer follows the producer's tiles.
sch = tvm.s_tir.Schedule(scale_then_shift)
a, b = sch.get_loops("scale")
b0, b1 = sch.split(b, factors=[4, None])
sch.reverse_compute_at("shift", b0)
print(sch.mod.script())
print(sch.trace)


@T.prim_func(s_tir=True)
def shifted_window(P: T.Buffer((40,), "float32"), Q: T.Buffer((36,), "float32")):
    S = T.sblock_alloc_buffer((40,))
    for a in range(40):
        with T.sblock("copy"):
            va = T.axis.spatial(40, a)
            S[va] = P[va]
    for a in range(36):
        with T.sblock("window"):
            va = T.axis.spatial(36, a)
            Q[va] = S[va] + S[va + 4]


# A window needs more than its own row: the producer's domain grows, and the
# predicate keeps it in the buffer.
sch = tvm.s_tir.Schedule(shifted_window)
(a,) = sch.get_loops("window")
a0, a1 = sch.split(a, factors=[None, 6])
sch.compute_at("copy", a0)
print(sch.mod.script())
