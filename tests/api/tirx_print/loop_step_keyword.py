# Loops with a step print `range(start, stop, step)` for plain serial loops and
# `step=` by keyword for the T. loop functions; a reshaping view between default
# layouts prints without `layout=`.
from tvm.script import tirx as T


@T.prim_func
def stepped(X: T.Buffer((512,), "int32"), lo: T.int32):
    for a in T.unroll(lo, 500, step=7):
        X[a] = a
    for b in T.parallel(3, 90, step=11):
        X[b] = b * 2
    for c in T.vectorized(0, 64, step=8):
        X[c] = 0
    for d in T.serial(lo, 200, step=3, annotations={"note": 1}):
        X[d] = 5
    for e in range(lo, 300, 9):
        X[e] = 6
    for g in T.serial(1, 33, step=4, unroll=2):
        X[g] = 7


print(stepped.script())


@T.prim_func
def views():
    base = T.alloc_buffer((24, 16), "float16")
    flat = T.decl_buffer((384,), "float16", data=base.data)
    cube = T.decl_buffer((4, 6, 16), "float16", data=base.data)
    T.evaluate(flat[0] + cube[0, 0, 0])


print(views.script())
