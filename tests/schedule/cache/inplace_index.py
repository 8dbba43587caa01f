import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def bump(data: T.Buffer((48,), "int32"), out: T.Buffer((48,), "int32")):
    with T.sblock("bump"):
        T.reads(data[0:48])
        T.writes(data[0:48])
        for k in range(48):
            data[k] = data[k] + 3
    with T.sblock("copy"):
        T.reads(data[0:48])
        T.writes(out[0:48])
        for k in range(48):
            out[k] = data[k]


@T.prim_func(s_tir=True)
def gather(X: T.Buffer((2, 24, 24), "float32"), Y: T.Buffer((2, 48, 48), "float32")):
    for c, h, w in T.grid(2, 48, 48):
        with T.sblock("gather"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            Y[vc, vh, vw] = X[vc, vh // 2, vw // 2] + X[vc, (vh + vw) // 4, vw // 2]


# A block updating a buffer in place works on a local copy.
sch = tvm.s_tir.Schedule(bump)
blocks = sch.cache_inplace("bump", 0, "local")
print(len(blocks))
print(sch.mod.script())
print(sch.trace)

# A block that does not write what it reads; a bad scope.
sch = tvm.s_tir.Schedule(gather, error_render_level="fast")
try:
    sch.cache_inplace("gather", 0, "local")
except tvm.s_tir.ScheduleError as e:
    print(e)
try:
    sch.cache_inplace("gather", 0, "registers")
except tvm.s_tir.ScheduleError as e:
    print(e)

# The index computations of a gather, precomputed (all of them, then only the repeated one).
sch = tvm.s_tir.Schedule(gather)
blocks = sch.cache_index("gather", "global")
print(len(blocks))
print(sch.mod.script())
print(sch.trace)
