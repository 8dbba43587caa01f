# tvm.relax helpers: get_shape_of, prim_value, Tuple indexing, copy_with_new_vars,
# NormalizeGlobalVar, and the types of the gradient operators.
import numpy as np
import tvm
from tvm import relax, tirx
from tvm.script import ir as I
from tvm.script import relax as R

q = tirx.Var("q", "int64")
t = relax.Var("t", R.Tensor([q, 3], "float16"))
print(relax.get_shape_of(t))
u = relax.Var("u", R.Tensor("float16", ndim=3))
print(relax.get_shape_of(u), relax.get_shape_of(u).ty)

for v in (7, np.int16(3), 2.5, np.float32(0.75), True):
    pv = relax.prim_value(v)
    print(type(pv).__name__, pv.ty, pv.value)
print(relax.prim_value(5, "int8").ty)
try:
    relax.prim_value(t)
except TypeError as e:
    print("TypeError", str(e).startswith("Cannot convert"))

tup = relax.Tuple([t, u])
print(tup[0].same_as(t), tup[-1].same_as(u), len(tup))
try:
    tup[2]
except IndexError as e:
    print("IndexError", e)


@R.function
def twice(a: R.Tensor(("s",), "float32")):
    b = R.add(a, a)
    return b


copy = relax.utils.copy_with_new_vars(twice)
tvm.ir.assert_structural_equal(copy, twice)
print(copy.params[0].same_as(twice.params[0]), copy.params[0].ty.shape[0].same_as(twice.params[0].ty.shape[0]))


@I.ir_module(check_well_formed=False)
class Renamed:
    @R.function(private=True)
    def g():
        return R.const(2, "int32")

    @R.function
    def entry():
        R.func_attr({"global_symbol": "g"})
        cls = Renamed
        r: R.Tensor((), dtype="int32") = cls.g()
        return r


print(relax.transform.NormalizeGlobalVar()(Renamed))

y = relax.Var("y", R.Tensor((2, 6, 9, 9), "float32"))
x = relax.Var("x", R.Tensor((2, 6, 18, 18), "float32"))
bb = relax.BlockBuilder()
with bb.function("grads", [y, x]):
    g1 = bb.emit(relax.op.grad.max_pool2d_backward(y, x, (2, 2), (2, 2)))
    g2 = bb.emit(relax.op.grad.no_grad(x))
    bb.emit_func_output(relax.Tuple([g1, g2]))
print(bb.get()["grads"])
