import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def add4_desc(p: T.Buffer((4,), "float32", offset_factor=1), q: T.Buffer((4,), "float32", offset_factor=1), out: T.Buffer((4,), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(p[0:4], q[0:4])
        T.writes(out[0:4])
        for t in range(4):
            with T.sblock("add"):
                vt = T.axis.spatial(4, t)
                out[vt] = p[vt] + q[vt]


@T.prim_func(s_tir=True)
def add4_impl(p: T.Buffer((4,), "float32", offset_factor=1), q: T.Buffer((4,), "float32", offset_factor=1), out: T.Buffer((4,), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(p[0:4], q[0:4])
        T.writes(out[0:4])
        out[T.Ramp(0, 1, 4)] = p[T.Ramp(0, 1, 4)] + q[T.Ramp(0, 1, 4)]


@T.prim_func(s_tir=True)
def one_param(p: T.Buffer((4,), "float32")):
    with T.sblock("root"):
        T.evaluate(0)


@T.prim_func(s_tir=True)
def scalar_param(p: T.Buffer((4,), "float32"), n: T.int32, out: T.Buffer((4,), "float32")):
    with T.sblock("root"):
        T.evaluate(0)


s_tir.TensorIntrin.register("my_add4", add4_desc, add4_impl)


@T.prim_func(s_tir=True)
def neg4_desc(p: T.Buffer((4,), "float32"), out: T.Buffer((4,), "float32")):
    with T.sblock("root"):
        T.reads(p[0:4])
        T.writes(out[0:4])
        for t in range(4):
            with T.sblock("neg"):
                vt = T.axis.spatial(4, t)
                out[vt] = T.float32(0) - p[vt]


@T.prim_func(s_tir=True)
def neg4_impl(p: T.Buffer((4,), "float32"), out: T.Buffer((4,), "float32")):
    with T.sblock("root"):
        T.reads(p[0:4])
        T.writes(out[0:4])
        T.evaluate(T.call_extern("int32", "neg4", out.data, p.data))


s_tir.TensorIntrin.register("my_neg4", neg4_desc, neg4_impl)

for args in [("my_add4", add4_desc, add4_impl), ("my_add4", add4_desc, add4_impl, False)]:
    try:
        s_tir.TensorIntrin.register(*args)
    except ValueError as e:
        print("ValueError:", e)
print(s_tir.TensorIntrin.register("my_add4", add4_desc, add4_impl, override=True))
print(s_tir.TensorIntrin.get("no_such_intrin", allow_missing=True))
try:
    s_tir.TensorIntrin.get("no_such_intrin")
except ValueError as e:
    print("ValueError:", e)
try:
    s_tir.TensorIntrin(add4_desc, one_param)
except ValueError as e:
    print("ValueError:", e)
try:
    s_tir.TensorIntrin(add4_desc, scalar_param)
except ValueError as e:
    print("ValueError:", e)
try:
    s_tir.TensorIntrin(scalar_param, add4_desc)
except ValueError as e:
    print("ValueError:", e)


@T.prim_func(s_tir=True)
def add_f16(P: T.Buffer((16,), "float16"), Q: T.Buffer((16,), "float16"), R: T.Buffer((16,), "float16")):
    for i in range(16):
        with T.sblock("add"):
            vi = T.axis.spatial(16, i)
            R[vi] = P[vi] + Q[vi]


@T.prim_func(s_tir=True)
def sub_f32(P: T.Buffer((16,), "float32"), Q: T.Buffer((16,), "float32"), R: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("sub"):
            vi = T.axis.spatial(16, i)
            R[vi] = P[vi] - Q[vi]


@T.prim_func(s_tir=True)
def add_wide(P: T.Buffer((16,), "float32"), Q: T.Buffer((16,), "float32"), R: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("add"):
            vi = T.axis.spatial(16, i)
            R[vi] = P[vi] + Q[vi]


@T.prim_func(s_tir=True)
def add_swapped(P: T.Buffer((16,), "float32"), Q: T.Buffer((16,), "float32"), R: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("add"):
            vi = T.axis.spatial(16, i)
            R[vi] = Q[vi] + P[vi]


def attempt(func, block, split, name, level="detail"):
    sch = s_tir.Schedule(func, error_render_level=level)
    (i,) = sch.get_loops(block)
    i0, i1 = sch.split(i, [None, split])
    try:
        sch.tensorize(i1, name)
        print(sch.mod.script())
    except s_tir.ScheduleError as e:
        print("ScheduleError:", str(e).splitlines()[0])
        if level == "detail":
            print(str(e))
    except ValueError as e:
        print("ValueError:", e)




@T.prim_func(s_tir=True)
def neg_f16(P: T.Buffer((16,), "float16"), R: T.Buffer((16,), "float16")):
    for i in range(16):
        with T.sblock("neg"):
            vi = T.axis.spatial(16, i)
            R[vi] = T.float16(0) - P[vi]


@T.prim_func(s_tir=True)
def neg_twice(P: T.Buffer((16,), "float32"), R: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("neg"):
            vi = T.axis.spatial(16, i)
            R[vi] = T.float32(0) - P[vi] * T.float32(2)


attempt(add_wide, "add", 4, "my_add4")
attempt(add_f16, "add", 4, "my_add4", "fast")
attempt(neg_f16, "neg", 4, "my_neg4")
attempt(neg_twice, "neg", 4, "my_neg4")
attempt(sub_f32, "sub", 4, "my_add4", "fast")
attempt(add_wide, "add", 8, "my_add4", "fast")
attempt(add_swapped, "add", 4, "my_add4", "fast")
attempt(add_wide, "add", 4, "nope")
