# tvm.ir literal nodes (IntImm/FloatImm/StringImm, no .dtype), Range printing,
# GlobalVar identity, and Op members: num_inputs, arguments, get_attr and its print.
# tvm.ir exprs: literal nodes, Range fields, GlobalVar equality, Op attributes
import tvm
from tvm import ir, tirx
i = tirx.IntImm("int64", 7)
f = tirx.FloatImm("float16", 0.25)
print(i, f, i.value, f.value, i.ty, f.ty)
try:
    i.dtype
except AttributeError as e:
    print("AttributeError", str(e)[:40])
print(repr(i), repr(f))
print(int(i), float(f), bool(tirx.IntImm("bool", 1)))
print(tirx.IntImm("bool", 1), tirx.IntImm("int8", -3), tirx.IntImm("uint8", 200))
print(tirx.FloatImm("float64", 1e-3), tirx.FloatImm("float32", 3.0))
s = ir.StringImm("hello")
print(s, repr(s), s.value, type(s).__name__, s.ty)
print(s == "hello", s.same_as(ir.StringImm("hello")))
r = ir.Range(2, 10)
print(r.min, r.extent, type(r.extent).__name__, r)
r2 = ir.Range.from_min_extent(tirx.IntImm("int64", 3), 4)
print(r2, r2.extent.ty, r2.min.ty)
g1 = ir.GlobalVar("f")
g2 = ir.GlobalVar("f")
print(g1.same_as(g2), g1 == g2, g1.same_as(g1))
print(g1.ty, g1.struct_info if hasattr(g1, "struct_info") else None)
op = ir.Op.get("relax.add")
print(op, repr(op), op.name, op.num_inputs)
print(op.get_attr("FPurity"), op.get_attr("TCallEffectKind"), ir.Op.get("relax.print").get_attr("FPurity"))
try:
    op.get_attr("NoSuchAttr")
except Exception as e:
    print(type(e).__name__, e)
print(ir.Op.get("tirx.exp").get_attr("TCallEffectKind"), ir.Op.get("tirx.call_extern").get_attr("TCallEffectKind"), ir.Op.get("tirx.exp").get_attr("FPurity"))
print(ir.Op.get("relax.nn.conv2d").attrs_type_key, ir.Op.get("relax.nn.conv2d").support_level, repr(ir.Op.get("relax.nn.conv2d").description))
print(ir.Op.get("tirx.exp"))
print(ir.Op.get("relax.nn.relu").arguments)
print(op == ir.Op.get("relax.add"), op.same_as(ir.Op.get("relax.add")))
print(ir.Op.get("relax.nn.relu").num_inputs, [a.name for a in ir.Op.get("relax.add").arguments])
print(ir.Op.get("tirx.exp").arguments, ir.Op.get("relax.add").description[:20])
c = ir.Call(ir.Op.get("tirx.exp"), [tirx.FloatImm("float32", 2.0)], ret_ty=ir.PrimType("float32"))
print(c, c.args[0], len(c.args), c.ty)
