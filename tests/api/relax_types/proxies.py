import tvm
from tvm.script import relax as R
from tvm.script import tirx as T
from tvm.script.parser.relax import entry

ty = R.Tensor((4, "k"), "int8")
print(isinstance(ty, entry.TensorProxy), isinstance(ty, entry.TypeProxy), isinstance(ty, entry.ShapeProxy))
print(sorted(ty.get_symbolic_vars()), R.Tensor((4, 6), "int8").as_ty())
print(isinstance(R.Shape([3]), entry.ShapeProxy), isinstance(R.Prim("bool"), entry.PrimProxy))
print(isinstance(R.Tuple(R.Tensor((1,), "int8"), R.Object()), entry.TupleProxy))
print(isinstance(R.Callable([R.Tensor((2,), "int8")], R.Tensor((2,), "int8")), entry.CallableProxy))
print(entry.ObjectProxy is entry.AnyProxy, isinstance(R.Tensor, entry.TypeProxy))
print(entry.ShapeProxy().as_ty(), entry.AnyProxy().as_ty(), entry.PrimProxy("float16").as_ty())


@R.function
def h(v: R.Object):
    s = R.match_cast(v, entry.ShapeProxy)
    t = R.match_cast(v, entry.CallableProxy)
    return (s, t)


print(h.script())
print(tvm.runtime.convert([1, 2])[1], len(tvm.runtime.convert({"k": 1})), tvm.runtime.convert(5))
