import tvm
from tvm import s_tir
from tvm.s_tir.schedule.testing import verify_trace_roundtrip
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def tiles(Q: T.Buffer((64, 64), "float32"), R: T.Buffer((64, 64), "float32")):
    M = T.sblock_alloc_buffer((64, 64))
    for p0, q0 in T.grid(4, 4):
        with T.sblock("tile"):
            p, q = T.axis.remap("SS", [p0, q0])
            for x, y in T.grid(16, 16):
                with T.sblock("fill"):
                    vx = T.axis.S(64, p * 16 + x)
                    vy = T.axis.S(64, q * 16 + y)
                    M[vx, vy] = T.float32(4.0)
            for x, y in T.grid(16, 16):
                with T.sblock("use"):
                    vx = T.axis.S(64, p * 16 + x)
                    vy = T.axis.S(64, q * 16 + y)
                    Q[vx, vy] = M[vx, vy] * T.float32(0.5)
    for a, b in T.grid(64, 64):
        with T.sblock("after"):
            va, vb = T.axis.remap("SS", [a, b])
            R[va, vb] = M[va, vb] + T.float32(1.0)


@T.prim_func(s_tir=True)
def ragged(P: T.Buffer((100,), "float32"), Q: T.Buffer((100,), "float32")):
    S = T.sblock_alloc_buffer((100,))
    for i, j in T.grid(13, 8):
        with T.sblock("make"):
            T.where(i * 8 + j < 100)
            v = T.axis.S(100, i * 8 + j)
            S[v] = P[v] * T.float32(3.0)
    for i, j in T.grid(13, 8):
        with T.sblock("take"):
            T.where(i * 8 + j < 100)
            v = T.axis.S(100, i * 8 + j)
            Q[v] = S[v] + T.float32(1.0)


# A cache under the tile block, then one of the same buffer at the root: the
# tile block (which writes it) keeps the buffer.
sch = tvm.s_tir.Schedule(tiles)
sch.cache_read("use", 0, "local")
sch.cache_read("after", 0, "global")
print(sch.mod.script())
verify_trace_roundtrip(sch, tiles)
print(sch.trace)

# Consumer blocks given explicitly travel through the trace.
sch = tvm.s_tir.Schedule(ragged)
sch.cache_read("take", 0, "shared", consumer_blocks=["take"])
sch.cache_write("make", 0, "local", consumer_blocks=["take"])
print(sch.mod.script())
verify_trace_roundtrip(sch, ragged)
print(sch.trace)
print(sch.trace.as_json())
