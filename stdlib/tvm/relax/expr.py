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


def prim_value(value, dtype=None):
    """A primitive value: a scalar expression as it is; a Python (or NumPy) bool,
    int or float as an `IntImm` / `FloatImm` (`bool`, `int64`, `float64` unless
    `dtype` says otherwise)."""
    import tvm

    if isinstance(value, Expr):
        if isinstance(getattr(value, "ty", None), tvm.ir.PrimType):
            return value
        raise TypeError(f"Cannot convert {value} with type {type(value)} to `Expr`")
    if not isinstance(value, (bool, int, float)) and hasattr(value, "dtype") and hasattr(value, "item"):
        value = value.item()
    if isinstance(value, bool):
        return tvm.tirx.IntImm(dtype or "bool", int(value))
    if isinstance(value, int):
        return tvm.tirx.IntImm(dtype or "int64", value)
    if isinstance(value, float):
        return tvm.tirx.FloatImm(dtype or "float64", value)
    raise TypeError(f"Cannot convert {value} with type {type(value)} to `Expr`")


def _shape_item(self, index):
    if index >= len(self) or index < -len(self):
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


def get_shape_of(expr):
    """The shape of a tensor-typed expression: its type's shape, or a
    `R.shape_of(expr)` call when the type has none (TVM's `GetShapeOf`)."""
    from tvm.error import InternalError

    ty = getattr(expr, "ty", None)
    if ty is None or isinstance(ty, _ts.ir_class("ir.MissingType")):
        raise InternalError("Check failed: (!expr->ty.IsMissing()) is false: GetShapeOf can only be applied to normalized expr")
    if type(ty).__name__ != "TensorType":
        raise InternalError("Check failed: (tinfo != nullptr) is false: ShapeOf can only be applied to expr with TensorType")
    if ty.shape is not None:
        return ty.shape
    import tvm

    # Typed at once, as TVM's (`UpdateType` with the tensor's rank).
    return tvm.ir.Call(tvm.ir.Op.get("relax.shape_of"), [expr], ret_ty=_ts.ir_class("relax.ShapeType")(ndim=ty.ndim))
