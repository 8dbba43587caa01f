import tvm
from tvm.tirx.expr import Add, Ramp, IntImm
from tvm.tirx.function import PrimFunc

print(Add is tvm.tirx.Add, Ramp is tvm.tirx.Ramp, PrimFunc is tvm.tirx.PrimFunc, IntImm is tvm.tirx.IntImm)
x = tvm.tirx.Var("x", "int32")
print(isinstance(x + 1, tvm.tirx.expr.Add), tvm.ir.base.Node is tvm.ir.Node)
