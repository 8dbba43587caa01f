# tvm.tirx expression nodes made by their classes: the class of `x + y` is
# tvm.tirx.Add, constructors keep what they are given (no folding), fields
# read by TVM's names, printing as TVMScript.
from tvm import ir, tirx

x = tirx.Var("x", "int32")
y = tirx.Var("y", "int32")
f = tirx.Var("f", ir.PrimType("float32"))
print(x, repr(y), type(x).__name__, x.name, x.ty, tirx.Var is ir.Var)
print(tirx.Var(name_hint="h", ty="int64").name, tirx.Var("p", ir.PointerType(ir.PrimType("float32"))).ty)
s = x + y
print(s, type(s) is tirx.Add, isinstance(s, tirx.Add), s.a.same_as(x), s.ty)
for cls in [tirx.Add, tirx.Sub, tirx.Mul, tirx.Div, tirx.Mod, tirx.FloorDiv, tirx.FloorMod, tirx.Min, tirx.Max,
            tirx.EQ, tirx.NE, tirx.LT, tirx.LE, tirx.GT, tirx.GE]:
    e = cls(x, y)
    print(cls.__name__, e, e.ty, type(e).__module__)
print(tirx.Add(x, 1), tirx.Add(tirx.IntImm("int32", 2), 3), tirx.Mul(f, 2.0))
b = tirx.And(x < y, x > 0)
print(b, tirx.Or(b, tirx.Not(b)), tirx.Not(x == y).a)
c = tirx.Cast("float32", x)
print(c, c.value.same_as(x), c.ty, tirx.Cast(ir.PrimType("int64"), y).ty)
sel = tirx.Select(x < y, x, y)
print(sel, sel.condition, sel.true_value, sel.false_value)
r = tirx.Ramp(x, 1, 4)
print(r, r.base, r.stride, r.lanes, r.ty)
bc = tirx.Broadcast(f, 8)
print(bc, bc.value, bc.lanes, bc.ty)
sh = tirx.Shuffle([r, r], [0, 5])
print(sh, len(sh.vectors), [int(i) for i in sh.indices])
v = tirx.Var("v", "int32")
let = tirx.Let(v, x + 1, v * v)
print(let, let.var.same_as(v), let.value, let.body)
i = tirx.IntImm("int64", 7)
fl = tirx.FloatImm("float16", 1.5)
print(i, i.value, i.ty, fl, fl.value, fl.ty, int(i), float(fl))
print(tirx.IntImm("bool", 1), tirx.const(3), tirx.const(2.5), tirx.const(4, "int8"), tirx.const(True))
st = ir.StringImm("hello")
print(st, st.value, type(st).__name__)
print(x.astype("float32"), (x + y).astype("int64"), x.astype("int32").same_as(x))
print(tirx.floordiv(x, y), tirx.floormod(x, 4), tirx.truncdiv(x, y), tirx.truncmod(x, y))
print(tirx.max(x, y), tirx.min(x, 3), tirx.if_then_else(x < y, x, y), tirx.abs(x))
print(tirx.all(x < y, y < 4, x > 0), tirx.any(x < y, x > 0))
print(tirx.exp(f), tirx.sqrt(f), tirx.log(f), tirx.sigmoid(f))
print(tirx.floordiv(8, 3), tirx.max(4, 9), tirx.Add(4, 9))
for e in [s, c, sel, r, bc, sh, let, i, fl, x]:
    print(type(e).__name__, isinstance(e, ir.Expr))
