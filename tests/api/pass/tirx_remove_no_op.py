# tirx.transform.RemoveNoOp: statements without effect (T.evaluate of constants,
# loops and conditionals whose bodies do nothing, stores of a value to itself)
# disappear; everything else stays as it was.
import tvm
from tvm import tirx
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Mod:
    @T.prim_func
    def empty_loops(A: T.Buffer((16,), "int32")):
        for i in range(16):
            T.evaluate(0)
        for j in range(4):
            for k in range(4):
                T.evaluate(0)
        A[0] = 1

    @T.prim_func
    def seq(A: T.Buffer((16,), "int32"), n: T.int32):
        T.evaluate(0)
        A[1] = 2
        if n > 0:
            T.evaluate(0)
        A[2] = A[2]
        T.evaluate(1)
        for i in range(0):
            A[i] = 3

    @T.prim_func
    def keep(A: T.Buffer((16,), "int32"), n: T.int32):
        for i in range(16):
            if n > i:
                A[i] = i
            else:
                T.evaluate(0)

    @T.prim_func
    def all_noop(A: T.Buffer((16,), "int32")):
        for i in range(16):
            T.evaluate(0)


p = tirx.transform.RemoveNoOp()
print(type(p).__name__, p.info.name, p.info.opt_level)
out = p(Mod)
for name in ["all_noop", "empty_loops", "keep", "seq"]:
    print(out[name].script())
print(out["keep"].same_as(Mod["keep"]))
