import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def mm(A: T.Buffer((32, 48), "float16"), B: T.Buffer((48, 64), "float16"), C: T.Buffer((32, 64), "float32")):
    for i, j, k in T.grid(32, 64, 48):
        with T.sblock("mm"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + T.Cast("float32", A[vi, vk]) * T.Cast("float32", B[vk, vj])


@T.prim_func(s_tir=True)
def shift(A: T.Buffer((40,), "float32"), B: T.Buffer((40,), "float32")):
    for i in range(40):
        with T.sblock("sh"):
            vi = T.axis.spatial(40, i)
            B[vi] = A[vi] + T.float32(1)


sch = s_tir.Schedule(mm)
i, j, k = sch.get_loops("mm")
i0, i1 = sch.split(i, [None, 8])
j0, j1 = sch.split(j, [None, 16])
k0, k1 = sch.split(k, [None, 4])
sch.reorder(i0, j0, k0, i1, j1, k1)
outer = sch.blockize(i1)
print(sch.get(outer).name_hint)
print(sch.mod.script())
print(sch.trace)

sch = s_tir.Schedule(mm)
i, j, k = sch.get_loops("mm")
sch.blockize(j, preserve_unit_iters=False)
print(sch.mod.script())

sch = s_tir.Schedule(shift)
(i,) = sch.get_loops("sh")
a, b = sch.split(i, [8, 5])
sch.reorder(b, a)
try:
    sch.blockize(a)
except s_tir.ScheduleError as e:
    print("error:", str(e).splitlines()[0])
