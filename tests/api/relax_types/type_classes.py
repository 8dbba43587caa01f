# Relax type classes: constructors with their defaults, fields, printing,
# is_base_of, and the errors TVM raises.
from tvm import ir, relax, tirx

t = relax.TensorType([2, 3], "float32")
print(t, t.dtype.dtype, t.ndim, t.vdevice, type(t.shape).__name__)
print([int(v) for v in t.shape.values])
d = relax.TensorType()
print(d, d.ndim, d.dtype.dtype, d.shape)
print(relax.TensorType(ndim=3), relax.TensorType(dtype="int8", ndim=0))
print(relax.TensorType([], "bool"), relax.TensorType((4,), "int32"))
print(relax.TensorType(dtype=ir.PrimType("float16"), ndim=1))
n = relax.Var("n", "int64")
m = relax.Var("m", "int64")
tn = relax.TensorType([n, m * 2], "float32")
print(tn, tn.ndim)
print(relax.TensorType(relax.ShapeExpr([n, 4]), "float32"))
sv = relax.Var("s", relax.ShapeType(ndim=2))
print(relax.TensorType(sv, "float32"), relax.TensorType(sv, "float32").ndim)
try:
    relax.TensorType([2, 3], "float32", ndim=3)
except Exception as e:
    print(type(e).__name__)
print(isinstance(t, ir.Type), isinstance(t, relax.TensorType), type(t).__name__, type(t).__module__)

s = relax.ShapeType()
print(s, s.ndim, s.values)
s3 = relax.ShapeType(ndim=3)
print(s3, s3.ndim)
sv2 = relax.ShapeType([n, 5])
print(sv2, sv2.ndim, [type(v).__name__ for v in sv2.values])
try:
    relax.ShapeType([1, 2], ndim=3)
except Exception as e:
    print(type(e).__name__)


f = relax.FuncType([t, s3], t)
print(f)
print(f.purity, [str(p) for p in f.params], f.ret)
fi = relax.FuncType([], relax.AnyType(), purity=False)
print(fi, fi.purity)
o = relax.FuncType.opaque_func()
print(o, o.params is None, o.ret, o.purity)
o2 = relax.FuncType.opaque_func(ret=t, purity=True)
print(o2, o2.purity)

a = relax.AnyType()
print(a, type(a).__name__, relax.ObjectType is relax.AnyType)
p = relax.PackedFuncType()
print(p, type(p).__name__, isinstance(p, ir.Type))
print(relax.type.TensorType is relax.TensorType, relax.type.AnyType is relax.ObjectType)

print(t.is_base_of(t), relax.TensorType(ndim=2).is_base_of(t), relax.TensorType(ndim=3).is_base_of(t))
print(relax.TensorType(dtype="int32", ndim=2).is_base_of(t), relax.TensorType(dtype="").is_base_of(t))
print(a.is_base_of(t), a.is_base_of(s3), t.is_base_of(a))
print(relax.ShapeType().is_base_of(s3), s3.is_base_of(relax.ShapeType([1, 2, 3])), relax.ShapeType([1, 2, 3]).is_base_of(s3))
print(relax.FuncType([t], a).is_base_of(relax.FuncType([t], t)))
print(o.is_base_of(f), f.is_base_of(o))
print(p.is_base_of(p), a.is_base_of(p))
print(ir.PrimType("int32").is_base_of(ir.PrimType("int32")) if hasattr(ir.PrimType("int32"), "is_base_of") else "no")
