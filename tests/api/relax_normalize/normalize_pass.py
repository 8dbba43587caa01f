# relax.transform.Normalize on functions built by hand: nested calls bound to fresh
# variables, sequences nested in bindings flattened, branches normalized.
import tvm
from tvm import relax, tirx
from tvm.script import relax as R

p = tirx.Var("p", "int64")
a = relax.Var("a", R.Tensor([p, 4], "float32"))
b = relax.Var("b", R.Tensor([p, 4], "float32"))

f = relax.Function(
    [a, b],
    relax.op.subtract(relax.op.exp(relax.op.add(a, b)), relax.op.multiply(a, b)),
    ret_ty=R.Tensor("float32", ndim=2),
)
after = relax.transform.Normalize()(tvm.IRModule.from_expr(f))
print(after)
print(after["main"].ret_ty)

# A binding whose value is a sequence: its blocks move before the binding.
inner_v = relax.Var("inner_v", R.Tensor([p, 4], "float32"))
inner = relax.SeqExpr([relax.BindingBlock([relax.VarBinding(inner_v, relax.op.negative(a))])], inner_v)
outer_v = relax.Var("outer_v", R.Tensor([p, 4], "float32"))
g = relax.Function(
    [a],
    relax.SeqExpr([relax.BindingBlock([relax.VarBinding(outer_v, inner)])], relax.op.abs(outer_v)),
    ret_ty=R.Tensor([p, 4], "float32"),
)
print(relax.transform.Normalize()(tvm.IRModule.from_expr(g)))

# If branches and a condition that is a call.
c = relax.Var("c", R.Tensor([], "bool"))
r = relax.Var("r", R.Tensor([p, 4], "float32"))
h = relax.Function(
    [c, a],
    relax.SeqExpr(
        [relax.BindingBlock([relax.VarBinding(r, relax.If(relax.op.logical_not(c), relax.op.exp(relax.op.exp(a)), relax.op.sqrt(a)))])],
        r,
    ),
    ret_ty=R.Tensor("float32", ndim=2),
)
print(relax.transform.Normalize()(tvm.IRModule.from_expr(h)))

# Already normal: the same function comes back.
@R.function
def ready(x: R.Tensor((3,), "float32")):
    y = R.add(x, x)
    return y

mod = tvm.IRModule({"ready": ready})
tvm.ir.assert_structural_equal(relax.transform.Normalize()(mod), mod)
print("normal form kept")
