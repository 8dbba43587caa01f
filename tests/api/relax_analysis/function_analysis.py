from tvm import relax, tirx
from tvm.relax import analysis as A
from tvm.script import relax as R

p, q, r = tirx.Var("p", "int64"), tirx.Var("q", "int64"), tirx.Var("r", "int64")
bb = relax.BlockBuilder()
x = relax.Var("x", relax.TensorType([p, p * q], "float32"))
with bb.function("f", [x]):
    y = bb.match_cast(x, relax.TensorType([p, r], "float32"))
    bb.emit_func_output(y)
f = bb.get()["f"]
print(sorted(v.name for v in A.defined_symbolic_vars(f)), sorted(v.name for v in A.free_symbolic_vars(f)))


@R.function
def g(u: R.Tensor([8], "float32"), w: R.Tensor([8], "float32"), z: R.Tensor([8], "float32")):
    R.func_attr({"num_input": 1})
    s = R.multiply(w, z)
    t = R.add(u, s)
    s2 = R.add(s, s)
    return (t, s2)


print([v.name for v in A.computable_at_compile_time(g)])
print({k: [str(b.var) for b in v] for k, v in A.name_to_binding(g).items()})
print(sorted(str(k) for k in A.get_var2val(g)))
