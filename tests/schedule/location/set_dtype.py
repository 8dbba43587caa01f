import tvm
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def chain(P: T.Buffer((8, 12), "float32"), Q: T.Buffer((8, 12), "float32")):
    Mid = T.sblock_alloc_buffer((8, 12))
    for x, y in T.grid(8, 12):
        with T.sblock("first"):
            vx, vy = T.axis.remap("SS", [x, y])
            T.reads(P[vx, vy])
            T.writes(Mid[vx, vy])
            Mid[vx, vy] = P[vx, vy] - T.float32(0.5)
    for x, y in T.grid(8, 12):
        with T.sblock("second"):
            vx, vy = T.axis.remap("SS", [x, y])
            T.reads(Mid[vx, vy], Mid[vx, 11 - vy])
            T.writes(Q[vx, vy])
            Q[vx, vy] = Mid[vx, vy] * Mid[vx, 11 - vy]


sch = tvm.s_tir.Schedule(chain)
sch.unsafe_set_dtype("first", 0, "bfloat16")
sch.unsafe_set_dtype("first", 0, "bfloat16")
print(sch.mod.script())
print(sch.trace)
for args in [("second", 0, "float16"), ("first", 1, "int8")]:
    s = tvm.s_tir.Schedule(chain, error_render_level="fast")
    try:
        s.unsafe_set_dtype(*args)
    except tvm.s_tir.ScheduleError as e:
        print(str(e))
