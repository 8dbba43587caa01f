# tvm.ir types made from Python: constructors with their defaults, fields,
# printing, structural == against identity same_as, hashing, isinstance.
from tvm import ir

i32 = ir.PrimType("int32")
print(i32, repr(i32), i32.script(), i32 == "int32", i32 != "int64", hash(i32) == hash(ir.PrimType("int32")))
print(ir.PrimType("float16x8"), ir.PrimType("uint8"))
p = ir.PointerType(i32)
print(p, repr(p.storage_scope), p.element_type == i32, p == ir.PointerType(i32, "global"))
q = ir.PointerType(ir.PrimType("float16"), storage_scope="shared.dyn")
print(q, q.storage_scope, p == q, p.same_as(p), p.same_as(ir.PointerType(i32)))
t = ir.TupleType([i32, p])
print(t, len(t.fields), t.fields[0] == i32, t == ir.TupleType([i32, ir.PointerType(i32)]))
print(ir.TupleType([]), ir.TupleType([i32]))
f = ir.FuncType([i32], i32)
print(f, f.ret_type, list(f.arg_types) == [i32], f == ir.FuncType([i32], i32), f == ir.FuncType([], i32))
print(ir.FuncType([], ir.TupleType([])))
s = ir.StringType()
print(s, s == ir.StringType(), isinstance(s, ir.Type))
m = ir.Type.missing()
print(m, m.is_missing(), m == ir.Type.missing(), i32 == m)
for x in [i32, p, t, f, s, m]:
    print(type(x).__name__, type(x).__module__, isinstance(x, ir.Type), isinstance(x, ir.PrimType))
try:
    ir.PrimType("floaty")
except Exception as e:
    print(type(e).__name__)
try:
    ir.PrimType("handle")
except TypeError as e:
    print("TypeError", "opaque pointer" in str(e))
