# R.ExternFunc(name, ty) keeps the function type it is given, so a module holding a
# typed external function prints and parses back to the same module.
import tvm
from tvm import relax
from tvm.ir import IRModule

ty = relax.FuncType([relax.TensorType(dtype="int8", ndim=1)], relax.ShapeType(ndim=3), purity=False)
mod = IRModule({"ext_fn": relax.ExternFunc("ext_fn", ty)})
text = mod.script(verbose_expr=True)
print(text)
back = tvm.script.from_source(text)
print(back["ext_fn"].ty)
tvm.ir.assert_structural_equal(mod, back)
print("round trip ok")
