import tvm
from tvm.script import tirx as T


def make(mask):
    @T.prim_func(s_tir=True)
    def f(tab: T.Buffer((512,), "int8"), a: T.Buffer((8,), "float32"), out: T.Buffer((8,), "float32")):
        mid = T.sblock_alloc_buffer([8], dtype="float32")
        for i in T.serial(8):
            with T.sblock("m"):
                vi = T.axis.spatial(8, i)
                mid[vi] = T.sqrt(a[vi])
        for i in T.serial(8):
            with T.sblock("o"):
                vi = T.axis.spatial(8, i)
                T.reads(tab[0:512], mid[vi])
                T.writes(out[vi])
                T.evaluate(tab.access_ptr(mask))
                out[vi] = mid[vi] + T.float32(1)

    return f


for mask in ["r", "w", "rw"]:
    print("# mask", mask)
    sch = tvm.s_tir.Schedule(make(mask))
    sch.compute_inline(sch.get_sblock("m"))
    print(sch.mod["main"].script())
