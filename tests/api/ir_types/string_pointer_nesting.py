# ir.StringType inside TIRx types (I.StringType()) and alone (reflective), pointer
# and tuple types, and arrays of types printed as tuples.
from tvm import ir, relax
s = ir.StringType()
print(s, repr(s), str(s))
print(ir.TupleType([ir.StringType(), ir.PrimType("int32")]))
print(ir.FuncType([ir.StringType()], ir.PrimType("bool")))
print(ir.PointerType(ir.PrimType("float16"), "global"))
print(ir.PointerType(ir.PrimType("float16"), "local"))
print(ir.TupleType([ir.TupleType([]), ir.PrimType("int8")]))
print(ir.FuncType([], ir.TupleType([])))
print(ir.PrimType("float32x4").dtype)
print(ir.PrimType("uint1"))
try:
    ir.PrimType("handle")
except TypeError as e:
    print("TypeError", str(e).splitlines()[-1][-50:])
print(relax.TensorType(ndim=2, dtype="float32"), relax.TensorType(dtype="int8"))
print(ir.TupleType([relax.TensorType(ndim=1, dtype="float16"), relax.ObjectType()]))
print(ir.Type.missing(), repr(ir.Type.missing()))
print(ir.PointerType(ir.StringType()))
print(ir.FuncType([ir.PointerType(ir.PrimType("int8"))], ir.PrimType("void")))
t = ir.TupleType([ir.PrimType("int32")])
print(t.fields[0].same_as(t.fields[0]), t.fields, len(t.fields))
print(ir.PrimType("int32").script())
print(ir.TupleType([ir.PrimType("int32")]).script())
