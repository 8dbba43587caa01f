# tirx.transform.RemoveNoOp on conditionals: a no-op then-branch with a real else
# becomes `if not cond`, a no-op else is dropped, a self-store and an empty loop go;
# the pass info and a new function object, the unchanged body shared.
import tvm
from tvm import tirx
from tvm.script import tirx as T


@T.prim_func
def f(A: T.Buffer((16,), "int32"), n: T.int32):
    for i in range(16):
        if n > 0:
            T.evaluate(0)
        else:
            A[i] = i
        if n < 4:
            A[i] = A[i] + 1
        else:
            A[i] = A[i]
        for j in range(0):
            A[j] = 1


@T.prim_func
def g(A: T.Buffer((4,), "int32")):
    A[0] = 1


mod = tvm.IRModule({"f": f, "g": g})
out = tirx.transform.RemoveNoOp()(mod)
print(out["f"].script())
print(out.same_as(mod), out["g"].same_as(g), out["g"].body.same_as(g.body))
cond = out["f"].body.body.seq[0].condition
print(type(cond).__name__, type(cond.a).__name__)
