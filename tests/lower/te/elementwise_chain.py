# Two computes, the first an intermediate buffer of the function.
from tvm import te

P = te.placeholder((6, 10), name="P")
Q = te.compute((6, 10), lambda r, c: P[r, c] * 2.0, name="Q")
S = te.compute((6, 10), lambda r, c: Q[r, c] + P[r, c], name="S")
print(te.create_prim_func([P, S]).script())
