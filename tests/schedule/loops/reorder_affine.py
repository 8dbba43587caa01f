import tvm
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def scaled(X: T.Buffer((16, 64), "float32"), Y: T.Buffer((16, 64), "float32")):
    for a, b, c in T.grid(16, 4, 4):
        with T.sblock("y"):
            va = T.axis.spatial(16, a)
            vb = T.axis.spatial(64, b * 16 + c * 4)
            Y[va, vb] = X[va, vb] + T.float32(1.0)


@T.prim_func(s_tir=True)
def squared(X: T.Buffer((20, 6), "float32"), Y: T.Buffer((20, 6), "float32")):
    for a, b, c in T.grid(4, 3, 6):
        with T.sblock("y"):
            va = T.axis.spatial(20, a * a + b)
            vb = T.axis.spatial(6, c)
            Y[va, vb] = X[va, vb] * T.float32(2.0)


for order in [("c", "a"), ("b", "a")]:
    sch = tvm.s_tir.Schedule(scaled, error_render_level="fast")
    loops = dict(zip("abc", sch.get_loops(sch.get_sblock("y"))))
    try:
        sch.reorder(*[loops[k] for k in order])
        print(sch.mod["main"].script())
    except tvm.s_tir.ScheduleError as e:
        print(str(e))

for order in [("a", "c", "b"), ("c", "b")]:
    sch = tvm.s_tir.Schedule(squared, error_render_level="fast")
    loops = dict(zip("abc", sch.get_loops(sch.get_sblock("y"))))
    try:
        sch.reorder(*[loops[k] for k in order])
        print(sch.mod["main"].script())
    except tvm.s_tir.ScheduleError as e:
        print(str(e))
