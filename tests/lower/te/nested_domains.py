# Reductions whose ranges depend on other axes: one block per nesting level.
import tvm
from tvm import te, tirx

x = te.placeholder((6, 6), "float32", name="x")


def triangle(i):
    r = te.reduce_axis((0, i + 1), name="r")
    return te.sum(x[i, r], axis=r)


y = te.compute((6,), triangle, name="tri")
print(te.create_prim_func([x, y]).script())

# A constant-range reduction beside a dependent one, and a chain of two levels.
z = te.placeholder((4, 5, 7), "float32", name="z")


def mixed(i, j):
    k = te.reduce_axis((0, 3), name="k")
    m = te.reduce_axis(tvm.ir.Range.from_min_extent(j, 5 - j), name="m")
    return te.max(z[i, m, k + j], axis=[k, m])


w = te.compute((4, 5), mixed, name="mixed")
print(te.create_prim_func([z, w]).script())


def chain(i):
    a = te.reduce_axis((0, i), name="a")
    b = te.reduce_axis(tvm.ir.Range.from_min_extent(0, a), name="b")
    return te.sum(z[i, a, b], axis=[a, b])


v = te.compute((4,), chain, name="chain")
print(te.create_prim_func([z, v], index_dtype_override="int64").script())
