from tvm import relax
from tvm.relax.analysis import contains_impure_call, remove_all_unused
from tvm.script import relax as R


@R.function(pure=False)
def k(a: R.Tensor((3,), "int32")):
    b = R.add(a, a)
    c = R.multiply(b, a)
    d = R.print(a, format="{}")
    with R.dataflow():
        e = R.subtract(a, a)
        f = R.add(e, a)
        R.output(f)
    return a


print(remove_all_unused(k))
print(contains_impure_call(k), contains_impure_call(k.body.blocks[0].bindings[0].value))


@R.function
def p(a: R.Tensor((3,), "int32")):
    with R.dataflow():
        u = R.add(a, a)
        v = R.add(u, a)
        w = R.multiply(a, a)
        R.output(v)
    return v


print(remove_all_unused(p))
print(contains_impure_call(p))
t = relax.Var("t", relax.TupleType([relax.TensorType((2,), "float32"), relax.ShapeType(ndim=1)]))
first, second = t
print(first, second)
try:
    t[2]
except IndexError:
    print("IndexError")
