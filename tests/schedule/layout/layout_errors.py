import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Mod:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((20,), "float16"), Y: T.Buffer((20,), "float16")):
        for p in range(20):
            with T.sblock("copy"):
                vp = T.axis.spatial(20, p)
                Y[vp] = X[vp]


@I.ir_module
class Red:
    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((8, 6), "float32"), Y: T.Buffer((8,), "float32")):
        for i, k in T.grid(8, 6):
            with T.sblock("sum"):
                vi, vk = T.axis.remap("SR", [i, k])
                with T.init():
                    Y[vi] = T.float32(0)
                Y[vi] = Y[vi] + X[vi, vk]


def attempt(mod, level, f):
    sch = tvm.s_tir.Schedule(mod, error_render_level=level)
    try:
        f(sch)
    except Exception as e:
        print(type(e).__name__)
        print(str(e))
    else:
        print("no error")


attempt(Mod, "fast", lambda s: s.transform_layout("copy", "Y", lambda i: [i // 8, i % 8]))
attempt(Mod, "fast", lambda s: s.transform_layout("copy", "X", lambda i: [i // 6, i % 6], pad_value=1))
attempt(Mod, "fast", lambda s: s.transform_block_layout("copy", lambda i: (i // 4, i % 4, i)))
attempt(Red, "fast", lambda s: s.transform_block_layout("sum", lambda i, k: (i * 6 + k,)))
attempt(Red, "fast", lambda s: s.transform_block_layout("sum", lambda i, k: (i + k,)))
attempt(Red, "fast", lambda s: s.transform_block_layout("sum", lambda i: (i,)))
