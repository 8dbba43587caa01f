import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def dot8_desc(a: T.Buffer((8,), "float16", offset_factor=1), b: T.Buffer((8,), "float16", offset_factor=1), acc: T.Buffer((1,), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(acc[0], a[0:8], b[0:8])
        T.writes(acc[0])
        for t in range(8):
            with T.sblock("dot"):
                vt = T.axis.reduce(8, t)
                acc[0] = acc[0] + T.Cast("float32", a[vt]) * T.Cast("float32", b[vt])


@T.prim_func(s_tir=True)
def dot8_impl(a: T.Buffer((8,), "float16", offset_factor=1), b: T.Buffer((8,), "float16", offset_factor=1), acc: T.Buffer((1,), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(acc[0], a[0:8], b[0:8])
        T.writes(acc[0])
        acc[0] = acc[0] + T.call_extern("float32", "dot8_f16", a.data, a.elem_offset, b.data, b.elem_offset)


s_tir.TensorIntrin.register("my_dot8", dot8_desc, dot8_impl)


@T.prim_func(s_tir=True)
def matvec(M: T.Buffer((24, 32), "float16"), x: T.Buffer((32,), "float16"), y: T.Buffer((24,), "float32")):
    for r, c in T.grid(24, 32):
        with T.sblock("mv"):
            vr, vc = T.axis.remap("SR", [r, c])
            with T.init():
                y[vr] = T.float32(0)
            y[vr] = y[vr] + T.Cast("float32", M[vr, vc]) * T.Cast("float32", x[vc])


# Tensorize a loop: blockize under it, then match the description.
sch = s_tir.Schedule(matvec)
r, c = sch.get_loops("mv")
c0, c1 = sch.split(c, [None, 8])
sch.decompose_reduction("mv", c0)
sch.tensorize(c1, "my_dot8")
print(sch.mod.script())
print(sch.trace)

# Tensorize a block made by blockize.
sch = s_tir.Schedule(matvec)
r, c = sch.get_loops("mv")
c0, c1 = sch.split(c, [None, 8])
sch.decompose_reduction("mv", c0)
outer = sch.blockize(c1)
sch.tensorize(outer, "my_dot8", preserve_unit_iters=False)
print(sch.mod.script())
print(sch.trace)

intrin = s_tir.TensorIntrin.get("my_dot8")
print(type(intrin).__name__, intrin.desc.same_as(dot8_desc), intrin.impl.same_as(dot8_impl))
