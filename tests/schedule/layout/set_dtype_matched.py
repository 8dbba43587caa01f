import tvm
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def f(X: T.Buffer((32, 16), "float32"), Y: T.Buffer((32, 16), "float32")):
    M = T.sblock_alloc_buffer((32, 16))
    for a, b in T.grid(32, 16):
        with T.sblock("m"):
            va, vb = T.axis.remap("SS", [a, b])
            T.reads(X[va, vb])
            T.writes(M[va, vb])
            Msub = T.match_buffer(M[va, vb], (), offset_factor=1)
            Msub[()] = X[va, vb] - T.float32(0.5)
    for a, b in T.grid(32, 16):
        with T.sblock("y"):
            va, vb = T.axis.remap("SS", [a, b])
            T.reads(M[va, vb])
            T.writes(Y[va, vb])
            Mrd = T.match_buffer(M[va, vb], (), offset_factor=1)
            Y[va, vb] = Mrd[()] * T.float32(3.0)


sch = tvm.s_tir.Schedule(f, debug_mask="all")
sch.unsafe_set_dtype(sch.get_sblock("m"), 0, "float16")
print(sch.mod["main"].script())
print(sch.trace)
