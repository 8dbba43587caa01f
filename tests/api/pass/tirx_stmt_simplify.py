# tirx.transform.StmtSimplify on what needs no arithmetic analyzer: constant folding
# and identities (the parser folds most already; reassociated constants and x - x
# it does not), an if with a constant condition, a loop of extent 1 whose variable
# is replaced by its start, T.evaluate(0) dropped from a sequence; a function
# always comes back as a new object. Buffer shapes are not simplified.
import tvm
from tvm import tirx
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Mod:
    @T.prim_func
    def arith(A: T.Buffer((16,), "int32"), n: T.int32):
        A[0] = n + 0
        A[1] = n * 1
        A[2] = 2 + 3 * 4
        A[3] = (n + 1) * 1 + 0
        A[4] = n * 0
        A[5] = n // 1
        A[6] = T.min(3, 5)
        A[7] = n + 1 + 2
        A[8] = n - n
        A[9] = n * 2 - n * 2

    @T.prim_func
    def branches(A: T.Buffer((16,), "int32"), n: T.int32):
        if T.bool(False):
            A[1] = 1
        if T.bool(True):
            A[2] = 1
        else:
            A[2] = 2
        for i in range(1):
            A[i + 3] = i
        for j in range(n):
            A[j] = j * 1
        for k in range(2, 3):
            A[k] = k

    @T.prim_func
    def seq(A: T.Buffer((16,), "int32"), n: T.int32):
        T.evaluate(0)
        A[0] = 1
        for i in range(1):
            if i == 0:
                A[i + 1] = n + 1 + 2
            else:
                A[2] = 3
        for k in range(n):
            T.evaluate(0)

    @T.prim_func
    def only_noop(A: T.Buffer((16,), "int32")):
        if T.bool(False):
            A[1] = 1

    @T.prim_func
    def floats(A: T.Buffer((16,), "float32"), x: T.float32):
        A[0] = x + T.float32(0)
        A[1] = x * T.float32(1)
        A[2] = T.float32(1.5) + T.float32(2)

    @T.prim_func
    def shapes(n: T.int32, a: T.handle):
        A = T.match_buffer(a, (n + 1 + 2,), "int32")
        for i in range(n + 1 + 2):
            A[i] = i + 1 + 2
        B = T.alloc_buffer((n + 1 + 2,), "int32")
        B[0] = 1

    @T.prim_func
    def unchanged(A: T.Buffer((16,), "int32"), n: T.int32):
        for i in range(16):
            A[i] = n + i


p = tirx.transform.StmtSimplify()
print(type(p).__name__, p.info.name, p.info.opt_level)
out = p(Mod)
for name in ["arith", "branches", "floats", "only_noop", "seq", "shapes", "unchanged"]:
    print(out[name].script())
print(out["unchanged"].same_as(Mod["unchanged"]))
