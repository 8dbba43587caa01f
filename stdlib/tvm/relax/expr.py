"""Relax expressions (TVM 0.27's `tvm.relax.expr`). Variables, calls and tuples are
the core's classes (`relax.Var is tvm.ir.Var`), as in TVM 0.27."""
import _tvmscript as _ts

Expr = _ts.ir_class("ir.Expr")
Var = _ts.ir_class("ir.Var")
GlobalVar = _ts.ir_class("ir.GlobalVar")
Tuple = _ts.ir_class("ir.Tuple")
TupleGetItem = _ts.ir_class("ir.TupleGetItem")
BaseFunc = _ts.ir_class("ir.BaseFunc")
DataflowVar = _ts.ir_class("relax.expr.DataflowVar")
ShapeExpr = _ts.ir_class("relax.expr.ShapeExpr")
Binding = _ts.ir_class("relax.expr.Binding")
VarBinding = _ts.ir_class("relax.expr.VarBinding")
MatchCast = _ts.ir_class("relax.expr.MatchCast")
BindingBlock = _ts.ir_class("relax.expr.BindingBlock")
DataflowBlock = _ts.ir_class("relax.expr.DataflowBlock")
SeqExpr = _ts.ir_class("relax.expr.SeqExpr")
If = _ts.ir_class("relax.expr.If")
Function = _ts.ir_class("relax.expr.Function")
ExternFunc = _ts.ir_class("relax.expr.ExternFunc")

_R = _ts.namespace("relax")
const = _R.const
prim_value = _R.prim_value


def _shape_item(self, index):
    if index >= len(self):
        raise IndexError("ShapeExpr index out of range")
    return self.values[index]


# TVM's ShapeExpr reads as the sequence of its values.
ShapeExpr.__getitem__ = _shape_item
ShapeExpr.__len__ = lambda self: len(self.values)
ShapeExpr.__bool__ = lambda self: len(self) != 0


def make_shape(shape):
    """A `ShapeExpr` of the values of a list or tuple."""
    if isinstance(shape, (list, tuple)):
        return ShapeExpr(shape)
    raise TypeError(
        "make_shape expects a list or tuple of shape values, "
        f"but received type {type(shape).__name__}"
    )
