# script(show_all_ty=False) drops the binding annotations a value's own type
# gives (TVM 0.27); types of Relax nodes print as TVMScript.
from tvm import relax
from tvm.script import relax as R


@R.function
def f(x: R.Tensor((2, 3), "float32"), y: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
    with R.dataflow():
        a = R.add(x, y)
        b = R.multiply(a, a)
        t = (a, b)
        c = t[0]
        s = R.shape([2, 3])
        m = R.match_cast(c, R.Tensor(ndim=2, dtype="float32"))
        n: R.Tensor(ndim=2, dtype="float32") = m
        R.output(n)
    return n


print(f.script(show_all_ty=False))
print(f.script(extra_config={"relax.show_all_ty": False}) == f.script(show_all_ty=False))
print(f.script(show_all_ty=True) == f.script())

x = relax.Var("x", relax.TensorType([4], "float32"))
bb = relax.BlockBuilder()
with bb.function("g", [x]):
    v = bb.emit(relax.op.exp(x))
    w = bb.emit(relax.op.add(v, relax.const(1.0, "float32")))
    bb.emit_func_output(w)
print(bb.get().script(show_all_ty=False))
print(v.ty, w.ty, relax.op.exp(x))
