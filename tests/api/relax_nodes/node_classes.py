# Relax node classes: constructors with their defaults, fields, isinstance,
# building a function by hand, and the errors TVM raises.
from tvm import ir, relax

t = relax.TensorType([2, 3], "float32")
x = relax.Var("x", t)
print(type(x).__name__, x.name, x.ty, type(x) is relax.Var)
print(relax.Var(name_hint="h").name, relax.Var("p", "int32").ty.dtype, relax.Var("q").ty.is_missing())
try:
    relax.Var("a", name_hint="b")
except TypeError as e:
    print("TypeError", e)
try:
    relax.Var(3)
except TypeError as e:
    print("TypeError", e)
d = relax.DataflowVar("d", t)
print(type(d).__name__, d.name, isinstance(d, relax.Var), isinstance(x, relax.DataflowVar))

s = relax.ShapeExpr([2, 3])
print(s, s.ty, [int(v) for v in s.values], type(s.values[0]).__name__)

c = relax.Call(ir.Op.get("relax.add"), [x, x])
print(type(c).__name__, c.op.name, len(c.args), type(c) is relax.Call)
tup = relax.Tuple([x, d])
print(type(tup).__name__, len(tup.fields), type(tup) is relax.Tuple)
print(len(relax.Tuple(tup).fields))
item = relax.TupleGetItem(tup, 1)
print(type(item).__name__, item.index, item.ty)
try:
    relax.TupleGetItem(tup, 2)
except Exception as e:
    print(type(e).__name__)

y = relax.Var("y", t)
b1 = relax.VarBinding(y, relax.op.multiply(x, x))
print(type(b1).__name__, b1.var.name, isinstance(b1, relax.Binding))
z = relax.Var("z", relax.TensorType(ndim=2, dtype="float32"))
mc = relax.MatchCast(z, y, relax.TensorType(ndim=2, dtype="float32"))
print(type(mc).__name__, mc.var.name, mc.ty)
blk = relax.BindingBlock([b1, mc])
print(type(blk).__name__, len(blk.bindings))
dv = relax.DataflowVar("dv", t)
dblk = relax.DataflowBlock([relax.VarBinding(dv, relax.op.add(x, x))])
print(type(dblk).__name__, isinstance(dblk, relax.BindingBlock))
seq = relax.SeqExpr([blk], z)
print(type(seq).__name__, len(seq.blocks), seq.body.name)
f = relax.Function([x], seq, relax.TensorType(ndim=2, dtype="float32"))
print(type(f).__name__, [p.name for p in f.params], f.ret_ty, f.is_pure, isinstance(f, relax.Expr))
print(f.ty)
f2 = relax.Function([x], seq, t, is_pure=False)
print(f2.is_pure, f2.ret_ty, f2.ty.purity)
print(f.script())

cond = relax.Var("c", relax.TensorType([], "bool"))
branch = relax.If(cond, x, y)
print(type(branch).__name__, type(branch.true_branch).__name__, branch.true_branch.body.name)
e = relax.ExternFunc("my_func")
print(type(e).__name__, e.global_symbol, e.ty)
k = relax.const(1.5)
print(k, k.ty, relax.const(3, "int64").ty, relax.const(True).ty)
p = relax.prim_value(7)
print(p.value, p.ty.dtype)
empty = relax.Function.create_empty([x], t, is_pure=False)
print(empty.ty, type(empty.body.body).__name__)
print(empty)
