import tvm
from tvm import relax, tirx
from tvm.relax import analysis as A

a, b = tirx.Var("a", "int64"), tirx.Var("b", "int64")
shp = relax.ShapeType([a, 2 * b, 5])
ten = relax.TensorType([a, b + 1], "float16")
tup = relax.TupleType([ten, relax.ShapeType(ndim=2)])
fn = relax.FuncType([relax.TensorType([b, a], "int8")], relax.TensorType([a], "int8"))

print(A.get_static_type(shp))
print(A.get_static_type(ten))
print(A.get_static_type(tup))
print(A.get_static_type(fn))
print(A.get_static_type(relax.FuncType.opaque_func()))

print([v.name for v in A.tir_vars_in_type(shp)], [v.name for v in A.definable_tir_vars_in_type(shp)])
print([v.name for v in A.tir_vars_in_type(fn)], [v.name for v in A.definable_tir_vars_in_type(ten)])
print([str(e) for e in A.collect_non_negative_expressions(tup)])

print(A.erase_to_well_defined(shp))
print(A.erase_to_well_defined(shp, {a: a, b: b}))
c = tirx.Var("c", "int64")
print(A.erase_to_well_defined(shp, {a: 7, b: b}))
print(A.erase_to_well_defined(ten, {a: a}))
print(A.erase_to_well_defined(tup, {a: a, b: b}))
print(A.erase_to_well_defined(tup))

lca = A.type_lca
print(lca(relax.TensorType([a, 4], "float32"), relax.TensorType([a, 4], "float16")))
print(lca(relax.TensorType([a, 4], "float32"), relax.TensorType([a, 5], "float32")))
print(lca(relax.TensorType([a], "float32"), relax.TensorType([a, 5], "float32")))
print(lca(relax.ShapeType([1, 2]), relax.ShapeType([1, 3])))
print(lca(relax.ShapeType([1, 2]), relax.ShapeType(ndim=3)))
print(lca(tvm.ir.PrimType("int32"), tvm.ir.PrimType("int32")), lca(tvm.ir.PrimType("int32"), tvm.ir.PrimType("int8")))
print(lca(relax.TupleType([ten]), relax.TupleType([ten, ten])))
print(lca(relax.TupleType([ten, shp]), relax.TupleType([ten, relax.ShapeType(ndim=3)])))
print(lca(ten, shp))
print(lca(fn, relax.FuncType.opaque_func(ret=relax.TensorType(ndim=1, dtype="int8"))))
print(lca(relax.FuncType([ten], ten), relax.FuncType([ten], relax.TensorType([a, b + 1], "float32"))))
