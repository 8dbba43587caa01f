# te.extern (a packed call over buffers, its result read by a compute), a tuple
# reduction, and layout_free_placeholders on an argument and on an intermediate.
import tvm
from tvm import te, tirx

P = te.placeholder((6, 4), name="P")
Q = te.placeholder((4,), name="Q")
E = te.extern((6, 4), [P, Q], lambda ins, outs: tirx.call_packed("my.kernel", ins[0], ins[1], outs[0]), name="E")
F = te.compute((6, 4), lambda i, j: E[i, j] * 2.0, name="F", attrs={"layout_free_placeholders": [E, Q]})
print(te.create_prim_func([P, Q, F]).script())
G = te.extern((4,), [Q], lambda ins, outs: tirx.call_extern("int32", "fill", outs[0].data, ins[0][1]), name="G")
print(te.create_prim_func([Q, G]).script())


def combine(a, b):
    return (tirx.Select(a[1] <= b[1], a[0], b[0]), tirx.min(a[1], b[1]))


def identity(t0, t1):
    return (tirx.const(0, t0), te.max_value(t1))


argmin = te.comm_reducer(combine, identity, name="argmin_pair")
V = te.placeholder((5, 7), name="V", dtype="float16")
k = te.reduce_axis((0, 7), "k")
idx, val = te.compute((5,), lambda i: argmin((k.var, V[i, k]), axis=k), name="best")
print(te.create_prim_func([V, idx, val]).script())
