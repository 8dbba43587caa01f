import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def gemv_bias(W: T.Buffer((12, 20), "float32"), x: T.Buffer((20,), "float32"), bias: T.Buffer((12,), "float32"), y: T.Buffer((12,), "float32")):
    acc = T.sblock_alloc_buffer((12,))
    for r, k in T.grid(12, 20):
        with T.sblock("gemv"):
            vr, vk = T.axis.remap("SR", [r, k])
            with T.init():
                acc[vr] = T.float32(0)
            acc[vr] = acc[vr] + W[vr, vk] * x[vk]
    for r in range(12):
        with T.sblock("bias_relu"):
            vr = T.axis.spatial(12, r)
            y[vr] = T.max(bias[vr] + acc[vr], T.float32(0))


@T.prim_func(s_tir=True)
def gemv_scale(W: T.Buffer((12, 20), "float32"), x: T.Buffer((20,), "float32"), y: T.Buffer((12,), "float32")):
    acc = T.sblock_alloc_buffer((12,))
    for r, k in T.grid(12, 20):
        with T.sblock("gemv"):
            vr, vk = T.axis.remap("SR", [r, k])
            with T.init():
                acc[vr] = T.float32(0)
            acc[vr] = acc[vr] + W[vr, vk] * x[vk]
    for r in range(12):
        with T.sblock("scale"):
            vr = T.axis.spatial(12, r)
            y[vr] = acc[vr] * T.float32(0.5)


@T.prim_func(s_tir=True)
def gemv_clip(W: T.Buffer((12, 20), "int8"), x: T.Buffer((20,), "int8"), y: T.Buffer((12,), "int32")):
    acc = T.sblock_alloc_buffer((12,), "int32")
    for r, k in T.grid(12, 20):
        with T.sblock("gemv"):
            vr, vk = T.axis.remap("SR", [r, k])
            with T.init():
                acc[vr] = 0
            acc[vr] = acc[vr] + T.Cast("int32", W[vr, vk]) * T.Cast("int32", x[vk])
    for r in range(12):
        with T.sblock("clip"):
            vr = T.axis.spatial(12, r)
            y[vr] = T.min(T.max(acc[vr], -100), 100)


sch = s_tir.Schedule(gemv_bias)
sch.fuse_reduction_epilogue("gemv", "bias_relu")
print(sch.mod.script())
print(sch.trace)

sch = s_tir.Schedule(gemv_clip)
g = sch.get_sblock("gemv")
sch.fuse_reduction_epilogue(g, sch.get_sblock("clip"))
print(sch.get(g).name_hint)
print(sch.mod.script())

sch = s_tir.Schedule(gemv_scale, error_render_level="fast")
try:
    sch.fuse_reduction_epilogue("gemv", "scale")
except s_tir.ScheduleError as e:
    print(e)
try:
    sch.fuse_reduction_epilogue("scale", "gemv")
except s_tir.ScheduleError as e:
    print(e)
