# tvm.tirx.PrimFunc built from Python: constructor defaults, with_body,
# specialize, printing, and its fields.
from tvm import ir, tirx

n = tirx.Var("n", "int32")
i = tirx.Var("i", "int32")
A = tirx.decl_buffer((n,), "float32", name="A")
body = tirx.For(i, 0, n, tirx.ForKind.SERIAL, tirx.BufferStore(A, tirx.BufferLoad(A, [i]) * 2.0, [i]))
f = tirx.PrimFunc([A, n], body)
print(type(f).__name__, len(f.params), f.params[1].same_as(n), f.body.same_as(body), f.attrs)
print(f)
g = f.with_body(tirx.Evaluate(0))
print(g)
print(g.params[0].same_as(A), f.body.same_as(body))
s = f.specialize({n: 16})
print(s)
h = tirx.PrimFunc([n], tirx.Evaluate(n), ret_type=None)
print(h.script())
print(f.script(indent_spaces=2))
try:
    f.script(tirx_prefix="Tx")
except TypeError as e:
    print("TypeError", e)
