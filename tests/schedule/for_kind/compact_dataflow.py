import tvm
from tvm.script import tirx as T, ir as I


@I.ir_module
class Overlap:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((33,), "float32")):
        for t in range(32):
            with T.sblock("shift"):
                T.reads(P[t : t + 2])
                T.writes(P[t + 1])
                P[t + 1] = P[t] * T.float32(0.5)


@I.ir_module
class TwoWriters:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((16,), "float32"), Q: T.Buffer((16,), "float32")):
        for t in range(16):
            with T.sblock("first"):
                vt = T.axis.spatial(16, t)
                Q[vt] = P[vt]
            with T.sblock("second"):
                vt = T.axis.spatial(16, t)
                Q[vt] = P[vt] + T.float32(1)


@I.ir_module
class SumRows:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((8, 32), "float32"), Q: T.Buffer((8,), "float32")):
        for a, b in T.grid(8, 32):
            with T.sblock("acc"):
                va, vb = T.axis.remap("SR", [a, b])
                with T.init():
                    Q[va] = T.float32(0)
                Q[va] = Q[va] + P[va, vb]


@I.ir_module
class SquareIndex:
    @T.prim_func(s_tir=True)
    def main(P: T.Buffer((8, 64), "float32"), Q: T.Buffer((8,), "float32")):
        for a, b in T.grid(8, 8):
            with T.sblock("acc"):
                va = T.axis.spatial(8, a)
                vb = T.axis.reduce(64, b * b)
                with T.init():
                    Q[va] = T.float32(0)
                Q[va] = Q[va] + P[va, vb]


def attempt(mod, block, which, how, *args):
    for level in ("fast", "detail"):
        sch = tvm.s_tir.Schedule(mod, error_render_level=level)
        loops = sch.get_loops(block)
        try:
            getattr(sch, how)(loops[which], *args)
        except Exception as e:
            print(type(e).__name__)
            print(str(e))
        else:
            print("ok", how)
            break


attempt(Overlap, "shift", 0, "vectorize")
attempt(TwoWriters, "first", 0, "parallel")
attempt(SumRows, "acc", 0, "parallel")
attempt(SumRows, "acc", 1, "bind", "threadIdx.x")
attempt(SquareIndex, "acc", 0, "parallel")
