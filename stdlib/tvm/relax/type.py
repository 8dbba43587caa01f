"""Relax types (TVM 0.27's `tvm.relax.type`; older TVM called them StructInfo)."""
import _tvmscript as _ts

Type = _ts.ir_class("ir.Type")
PrimType = _ts.ir_class("ir.PrimType")
TupleType = _ts.ir_class("ir.TupleType")
TensorType = _ts.ir_class("relax.TensorType")
ShapeType = _ts.ir_class("relax.ShapeType")
FuncType = _ts.ir_class("relax.FuncType")
AnyType = _ts.ir_class("relax.AnyType")
# TVM 0.27 keeps the old name as an alias of the same class.
ObjectType = AnyType
PackedFuncType = _ts.ir_class("relax.PackedFuncType")
VDevice = _ts.ir_class("relax.VDevice")
EnvFunc = _ts.ir_class("ir.EnvFunc")
