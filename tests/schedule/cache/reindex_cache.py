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


@T.prim_func(s_tir=True)
def windowed(P: T.Buffer((16, 16), "float32"), Q: T.Buffer((16, 16), "float32")):
    for a, b in T.grid(16, 16):
        with T.sblock("win"):
            va, vb = T.axis.remap("SS", [a, b])
            T.reads(P[va, 0:16])
            T.writes(Q[va, vb])
            Q[va, vb] = P[va, vb]


# The intermediate read through a transposed, split layout.
sch = tvm.s_tir.Schedule(scale_then_shift)
shift = sch.get_sblock("shift")
sch.reindex_cache_read(shift, 0, "shared", lambda a, b: (b // 4, a, b % 4))
print(sch.mod.script())
print(sch.trace)

# The intermediate written through a transposed layout; the input read into local.
sch = tvm.s_tir.Schedule(scale_then_shift)
scale = sch.get_sblock("scale")
sch.reindex_cache_write(scale, 0, "local", lambda a, b: (b, a))
sch.reindex_cache_read("scale", 0, "shared", lambda a, b: (a, b))
print(sch.mod.script())
print(sch.trace)

# Errors: an index map that drops a variable; a region wider than a point; a bad scope.
for level in ["fast", "detail"]:
    sch = tvm.s_tir.Schedule(scale_then_shift, error_render_level=level)
    try:
        sch.reindex_cache_write("scale", 0, "shared", lambda a, b: (b,))
    except tvm.s_tir.ScheduleError as e:
        print(type(e).__name__, str(e).splitlines()[-1] if level == "detail" else e)
sch = tvm.s_tir.Schedule(windowed, error_render_level="fast")
try:
    sch.reindex_cache_read("win", 0, "shared", lambda a, b: (a, b))
except tvm.s_tir.ScheduleError as e:
    print(e)
try:
    sch.reindex_cache_read("win", 0, "nowhere", lambda a, b: (a, b))
except tvm.s_tir.ScheduleError as e:
    print(e)
