import tvm
from tvm import s_tir
from tvm.script import tirx as T
from tvm.s_tir.tensor_intrin.arm_cpu import ARM_DOT_4x4_i8_SDOT_INTRIN, DP4A_S8S8S32_INTRIN
from tvm.s_tir.tensor_intrin.x86 import VNNI_DOT_16x4_INTRIN
from tvm.s_tir.tensor_intrin.cuda import get_mma_intrin_group, get_wmma_intrin_group

print(ARM_DOT_4x4_i8_SDOT_INTRIN, DP4A_S8S8S32_INTRIN, VNNI_DOT_16x4_INTRIN)
print(sorted(get_mma_intrin_group("shared.dyn", "shared", "float16", "float32", False, True).items()))
print(sorted(get_wmma_intrin_group("shared", "global", "int8", "int32", True).items()))


def dense(xdtype, wdtype, n, m, k):
    @T.prim_func(s_tir=True)
    def func(X: T.Buffer((n, k), xdtype), W: T.Buffer((m, k), wdtype), Y: T.Buffer((n, m), "int32")):
        for i, j, r in T.grid(n, m, k):
            with T.sblock("dense"):
                vi, vj, vr = T.axis.remap("SSR", [i, j, r])
                with T.init():
                    Y[vi, vj] = 0
                Y[vi, vj] = Y[vi, vj] + T.Cast("int32", X[vi, vr]) * T.Cast("int32", W[vj, vr])

    return func


def tile(func, jt, kt, intrin):
    sch = s_tir.Schedule(func)
    i, j, r = sch.get_loops("dense")
    j0, j1 = sch.split(j, [None, jt])
    r0, r1 = sch.split(r, [None, kt])
    sch.reorder(i, j0, r0, j1, r1)
    sch.decompose_reduction("dense", r0)
    sch.tensorize(j1, intrin)
    print(sch.mod.script())
    print(sch.trace)


tile(dense("int8", "int8", 6, 8, 12), 4, 4, ARM_DOT_4x4_i8_SDOT_INTRIN)
tile(dense("uint8", "int8", 2, 32, 8), 16, 4, VNNI_DOT_16x4_INTRIN)


@T.prim_func(s_tir=True)
def scale8_desc(a: T.Buffer((8,), "float32", offset_factor=1), b: T.Buffer((8,), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(a[0:8])
        T.writes(b[0:8])
        for t in range(8):
            with T.sblock("scale"):
                vt = T.axis.spatial(8, t)
                b[vt] = a[vt] * T.float32(2)


@T.prim_func(s_tir=True)
def scale8_impl(a: T.Buffer((8,), "float32", offset_factor=1), b: T.Buffer((8,), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(a[0:8])
        T.writes(b[0:8])
        T.evaluate(T.call_extern("int32", "scale8", b.data, b.elem_offset // 8, a.data, a.elem_offset // 8))


s_tir.TensorIntrin.register("my_scale8", scale8_desc, scale8_impl)


@T.prim_func(s_tir=True)
def scale_big(A: T.Buffer((T.int64(4), T.int64(64)), "float32"), B: T.Buffer((T.int64(4), T.int64(64)), "float32")):
    for i, j in T.grid(T.int64(4), T.int64(64)):
        with T.sblock("scale"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)


sch = s_tir.Schedule(scale_big)
i, j = sch.get_loops("scale")
j0, j1 = sch.split(j, [None, 8])
sch.tensorize(j1, "my_scale8")
print(sch.mod.script())
