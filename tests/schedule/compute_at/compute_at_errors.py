import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def two_readers(P: T.Buffer((16, 16), "float32"), Q: T.Buffer((16, 16), "float32"), R: T.Buffer((16, 16), "float32")):
    S = T.sblock_alloc_buffer((16, 16))
    for a, b in T.grid(16, 16):
        with T.sblock("make"):
            va, vb = T.axis.remap("SS", [a, b])
            S[va, vb] = P[va, vb] + T.float32(1.0)
    for a, b in T.grid(16, 16):
        with T.sblock("first"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = S[va, vb]
    for a, b in T.grid(16, 16):
        with T.sblock("second"):
            va, vb = T.axis.remap("SS", [a, b])
            R[va, vb] = S[va, vb] * T.float32(2.0)


def attempt(f, level="fast"):
    try:
        f()
    except Exception as e:
        print(type(e).__name__)
        print(str(e))
    else:
        print("no error")


def not_all_consumers():
    sch = tvm.s_tir.Schedule(two_readers, error_render_level="fast")
    a, b = sch.get_loops("first")
    sch.compute_at("make", a)


def output_block():
    sch = tvm.s_tir.Schedule(two_readers, error_render_level="fast")
    a, b = sch.get_loops("make")
    sch.compute_at("second", a)


def loop_above_block():
    sch = tvm.s_tir.Schedule(two_readers, error_render_level="fast")
    a, b = sch.get_loops("make")
    sch.compute_at("make", a)


def reverse_not_all_producers():
    sch = tvm.s_tir.Schedule(two_readers, error_render_level="fast")
    a, b = sch.get_loops("first")
    sch.reverse_compute_at("second", a)


def detail():
    sch = tvm.s_tir.Schedule(two_readers)
    a, b = sch.get_loops("second")
    sch.compute_at("make", b)


for f in [not_all_consumers, output_block, loop_above_block, reverse_not_all_producers, detail]:
    attempt(f)
