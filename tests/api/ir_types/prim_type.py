# tvm.ir.PrimType made from Python: its class, dtype field, the missing type.
from tvm import ir

f32 = ir.PrimType("float32")
print(type(f32).__name__, f32.dtype, isinstance(f32, ir.Type))
print(f32.same_as(ir.PrimType("float32")), ir.Type.missing().is_missing(), f32.is_missing())
