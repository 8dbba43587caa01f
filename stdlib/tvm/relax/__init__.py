"""Relax: graph-level functions (the `R` script namespace lives in `tvm.script.relax`)."""
import _tvmscript as _ts

from . import op  # noqa: F401

_R = _ts.namespace("relax")

# As TVM's `tvm.relax`: the names it re-exports from `relax.expr` and `relax.op.base`
# are the ones `R` has.
const = _R.const
call_tir = op.call_tir
call_tir_inplace = op.call_tir_inplace
call_pure_packed = op.call_pure_packed
call_dps_packed = op.call_dps_packed
call_tir_with_grad = op.call_tir_with_grad

# The node and type classes (TVM 0.27's names; variables, calls and tuples are the
# core's classes, as in TVM).
from . import expr, type  # noqa: F401,E402
from .expr import (  # noqa: F401,E402
    Expr, Var, GlobalVar, Tuple, TupleGetItem, DataflowVar, ShapeExpr, Binding, VarBinding,
    MatchCast, BindingBlock, DataflowBlock, SeqExpr, If, Function, ExternFunc, prim_value, get_shape_of,
)

Call = _ts.ir_class("ir.Call")  # `tvm.relax.expr` has no `Call` in TVM 0.27
from .type import (  # noqa: F401,E402
    Type, TupleType, TensorType, ShapeType, FuncType, AnyType, ObjectType, PackedFuncType, VDevice,
)

# Passes and the Python visitor/mutator (tvm.relax.transform, tvm.relax.expr_functor).
# (Loaded on first use: `import tvm` stays cheap.)
from tvm._lazy import lazy_names as _lazy_names  # noqa: E402

__getattr__ = _lazy_names(
    __name__,
    {
        "analysis": (".analysis", None),
        "block_builder": (".block_builder", None),
        "binding_rewrite": (".binding_rewrite", None),
        "utils": (".utils", None),
        "BlockBuilder": (".block_builder", "BlockBuilder"),
        "transform": (".transform", None),
        "expr_functor": (".expr_functor", None),
        "PyExprMutator": (".expr_functor", "PyExprMutator"),
        "PyExprVisitor": (".expr_functor", "PyExprVisitor"),
    },
)
