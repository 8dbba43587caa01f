import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def rowmax(X: T.Buffer((8, 64), "float32"), M: T.Buffer((8,), "float32")):
    for r, c in T.grid(8, 64):
        with T.sblock("mx"):
            vr, vc = T.axis.remap("SR", [r, c])
            with T.init():
                M[vr] = T.min_value("float32")
            M[vr] = T.max(M[vr], X[vr, vc])


@T.prim_func(s_tir=True)
def total(X: T.Buffer((6, 10, 12), "int32"), S: T.Buffer((6,), "int32")):
    for a, b, c in T.grid(6, 10, 12):
        with T.sblock("sum"):
            va, vb, vc = T.axis.remap("SRR", [a, b, c])
            with T.init():
                S[va] = 0
            S[va] = S[va] + X[va, vb, vc]


@T.prim_func(s_tir=True)
def prod_wrong_init(X: T.Buffer((6, 10), "float32"), S: T.Buffer((6,), "float32")):
    for a, b in T.grid(6, 10):
        with T.sblock("p"):
            va, vb = T.axis.remap("SR", [a, b])
            with T.init():
                S[va] = T.float32(2)
            S[va] = S[va] * X[va, vb]


@T.prim_func(s_tir=True)
def copy(X: T.Buffer((6, 10), "float32"), S: T.Buffer((6, 10), "float32")):
    for a, b in T.grid(6, 10):
        with T.sblock("cp"):
            va, vb = T.axis.remap("SS", [a, b])
            S[va, vb] = X[va, vb]


sch = s_tir.Schedule(rowmax)
r, c = sch.get_loops("mx")
co, ci = sch.split(c, [None, 16])
rf = sch.rfactor(ci, 1)
print(sch.get(rf).name_hint)
print(sch.mod.script())
print(sch.trace)

for axis in (0, -1, 1):
    sch = s_tir.Schedule(total)
    a, b, c = sch.get_loops("sum")
    sch.rfactor(b, axis)
    print(sch.mod.script())

sch = s_tir.Schedule(total, error_render_level="fast")
a, b, c = sch.get_loops("sum")
for loop, axis in ((a, 0), (c, 2), (c, -3)):
    try:
        sch.rfactor(loop, axis)
    except s_tir.ScheduleError as e:
        print(e)
sch.unroll(c)
try:
    sch.rfactor(c, 0)
except s_tir.ScheduleError as e:
    print(e)

sch = s_tir.Schedule(prod_wrong_init, error_render_level="fast")
a, b = sch.get_loops("p")
try:
    sch.rfactor(b, 0)
except s_tir.ScheduleError as e:
    print(e)

sch = s_tir.Schedule(copy, error_render_level="fast")
a, b = sch.get_loops("cp")
try:
    sch.rfactor(b, 0)
except s_tir.ScheduleError as e:
    print(e)
