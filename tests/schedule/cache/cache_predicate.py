import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def guarded(P: T.Buffer((20, 30), "float32"), Q: T.Buffer((16, 24), "float32")):
    for a, b in T.grid(20, 30):
        with T.sblock("outer"):
            va, vb = T.axis.remap("SS", [a, b])
            T.reads(P[va, vb])
            T.writes(Q[va, vb])
            with T.sblock("inner"):
                T.where(va < 16 and vb < 24)
                T.reads(P[va, vb])
                T.writes(Q[va, vb])
                Q[va, vb] = P[va, vb] + T.float32(1.0)


@T.prim_func(s_tir=True)
def wide(P: T.Buffer((T.int64(16), T.int64(8)), "float32"), Q: T.Buffer((T.int64(16), T.int64(8)), "float32")):
    for a, b in T.grid(16, 8):
        with T.sblock("neg"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = T.float32(0.0) - P[va, vb]


# The nested block's T.where bounds the copied region.
sch = tvm.s_tir.Schedule(guarded)
sch.cache_read("outer", 0, "shared")
print(sch.mod.script())
sch = tvm.s_tir.Schedule(guarded)
sch.cache_write("outer", 0, "local")
print(sch.mod.script())

# int64 buffers indexed by int32 block variables.
sch = tvm.s_tir.Schedule(wide)
sch.cache_read("neg", 0, "local")
sch.cache_write("neg", 0, "local")
print(sch.mod.script())
print(sch.trace)
