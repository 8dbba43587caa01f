import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def two_stage(P: T.Buffer((16, 12), "float16"), Q: T.Buffer((16, 12), "float16"), R: T.Buffer((16, 12), "float16")):
    for a, b in T.grid(16, 12):
        with T.sblock("first"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = P[va, vb] + T.float16(1)
    for a, b in T.grid(16, 12):
        with T.sblock("second"):
            va, vb = T.axis.remap("SS", [a, b])
            R[va, vb] = P[va, vb] * T.float16(3)


@T.prim_func(s_tir=True)
def uneven(P: T.Buffer((16, 12), "float16"), Q: T.Buffer((16, 12), "float16"), R: T.Buffer((8, 12), "float16")):
    for a, b in T.grid(16, 12):
        with T.sblock("first"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = P[va, vb] + T.float16(1)
    for a in range(8):
        for b in range(12):
            with T.sblock("second"):
                va, vb = T.axis.remap("SS", [a, b])
                R[va, vb] = P[va, vb] * T.float16(3)
    for a in T.serial(2, 16):
        with T.sblock("third"):
            va = T.axis.spatial(16, a)
            Q[va, 0] = P[va, 0]


sch = s_tir.Schedule(two_stage)
_, b1 = sch.get_loops("first")
_, b2 = sch.get_loops("second")
m = sch.merge(b1, b2)
print(sch.get(m).loop_var)
print(sch.mod.script())
print(sch.trace)

sch = s_tir.Schedule(two_stage)
a1, _ = sch.get_loops("first")
a2, _ = sch.get_loops("second")
sch.merge(a1, a2)
try:
    sch.merge([a1, a2])
except TypeError as e:
    print(e)
print(sch.mod.script())

for level in ("fast", "none"):
    sch = s_tir.Schedule(uneven, error_render_level=level)
    _, b1 = sch.get_loops("first")
    _, b2 = sch.get_loops("second")
    (a3,) = sch.get_loops("third")
    for pair in ((b1, b2), (b1, a3)):
        try:
            sch.merge(*pair)
        except s_tir.ScheduleError as e:
            print(type(e).__name__, "|", e)
    a1, _ = sch.get_loops("first")
    try:
        sch.merge(a1, a3)
    except s_tir.ScheduleError as e:
        print(type(e).__name__, "|", e)

sch = s_tir.Schedule(two_stage)
blk = sch.get_sblock("second")
sch.reorder_block_iter_var(blk, [1, 0])
print(sch.mod.script())
print(sch.trace)
sch2 = s_tir.Schedule(two_stage, error_render_level="fast")
for order in ([0], [1, 1], [0, 2]):
    try:
        sch2.reorder_block_iter_var(sch2.get_sblock("first"), order)
    except s_tir.ScheduleError as e:
        print(e)
sch3 = s_tir.Schedule(two_stage)
try:
    sch3.reorder_block_iter_var(sch3.get_sblock("first"), [2, 0])
except s_tir.ScheduleError as e:
    print(e)
try:
    sch3.reorder_block_iter_var("first", [1, 0])
except TypeError as e:
    print(e)
