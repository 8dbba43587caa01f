"""`tvm.ir.prim`: the scalar expression nodes (`prim.*`), shared by TIRx and Relax."""
import _tvmscript

_CLASSES = [
    "Add", "Sub", "Mul", "Div", "Mod", "FloorDiv", "FloorMod", "Min", "Max", "EQ", "NE", "LT", "LE", "GT",
    "GE", "And", "Or", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "LShift", "RShift", "Not", "BitwiseNot",
    "Select", "Cast", "Let", "Ramp", "Broadcast", "Shuffle",
]
for _name in _CLASSES:
    globals()[_name] = _tvmscript.ir_class("prim." + _name)
IntImm = _tvmscript.ir_class("ir.IntImm")
FloatImm = _tvmscript.ir_class("ir.FloatImm")
Expr = _tvmscript.ir_class("ir.Expr")
const = _tvmscript.namespace("tirx.nodes").const
