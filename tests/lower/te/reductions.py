# Sum, max and min reductions; a reduction over an axis with a non-zero start.
from tvm import te, tirx

M = te.placeholder((8, 12), name="M")
r = te.reduce_axis((0, 12), name="r")
row_sum = te.compute((8,), lambda i: te.sum(M[i, r], axis=r), name="row_sum")
print(te.create_prim_func([M, row_sum]).script())
q = te.reduce_axis((2, 12), name="q")
row_max = te.compute((8,), lambda i: te.max(M[i, q], axis=q), name="row_max")
print(te.create_prim_func([M, row_max]).script())
s = te.reduce_axis((0, 8), name="s")
col_min = te.compute((12,), lambda j: te.min(M[s, j], axis=s), name="col_min")
print(te.create_prim_func([M, col_min]).script())
prod = te.comm_reducer(lambda a, b: a * b, lambda t: tirx.const(1, t), name="prod")
t = te.reduce_axis((0, 12), name="t")
row_prod = te.compute((8,), lambda i: prod(M[i, t], axis=t), name="row_prod")
print(te.create_prim_func([M, row_prod]).script())
