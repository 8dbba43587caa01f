# Compute attributes become block annotations; layout-free placeholders a function
# attribute; a compute with two outputs gives a block per output.
from tvm import te

X = te.placeholder((16, 4), name="X")
W = te.placeholder((4, 4), name="W")
k = te.reduce_axis((0, 4), name="k")
Y = te.compute(
    (16, 4),
    lambda a, b: te.sum(X[a, k] * W[b, k], axis=k),
    name="Y",
    attrs={"layout_free_placeholders": [W], "schedule_rule": "mine"},
)
print(te.create_prim_func([X, W, Y]).script())
U, V = te.compute((16, 4), lambda a, b: (X[a, b] + 1.0, X[a, b] - 1.0), name="UV")
print(te.create_prim_func([X, U, V]).script())
