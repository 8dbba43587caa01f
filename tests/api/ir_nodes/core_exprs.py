# tvm.ir expressions made from Python: Var defaults, Range, GlobalVar, Op.get, Call,
# and the errors TVM raises for bad arguments.
from tvm import ir, tirx
v = tirx.Var("x")
print(v.ty, type(v.ty).__name__)
print(ir.Range(5), ir.Range(1, 5), ir.Range.from_min_extent(2, 3), ir.Range(1,5).extent)
g = ir.GlobalVar("main")
print(g, repr(g), g.name_hint, type(g).__name__)
op = ir.Op.get("tirx.exp")
print(op.name, type(op).__name__)
c = ir.Call(op, [tirx.FloatImm("float32", 1.0)])
print(c, c.ty, type(c).__name__, c.op.same_as(op))
c2 = ir.Call("tirx.exp", [tirx.Var("f", "float32")], ret_ty="float32")
print(c2, c2.ty)
print(tirx.Var("h", "handle").ty)
try:
    ir.Op.get("nope.op")
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][-40:])
try:
    tirx.Var("a", 3)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][-40:])
try:
    tirx.Var("a", name_hint="b")
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][-40:])
print(ir.prim.Add is tirx.Add, ir.prim.IntImm is tirx.IntImm, ir.prim.const(1, "int64"))
print(str(ir.Var("s", ir.StringType()).ty))
print(ir.Range(1, 5).min, ir.Range(1, 5).min.ty, isinstance(ir.Range(3), ir.Range))
