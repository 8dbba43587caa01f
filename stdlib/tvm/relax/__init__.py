"""Relax: graph-level functions (the `R` script namespace lives in `tvm.script.relax`)."""
import _tvmscript as _ts

from . import analysis  # noqa: F401
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

# Node constructors (functions for now; TVM's are the node classes).
_impl = _ts.namespace("relax._impl")
Call = _impl.Call
Tuple = _impl.Tuple
TupleGetItem = _impl.TupleGetItem

# Passes and the Python visitor/mutator (tvm.relax.transform, tvm.relax.expr_functor).
from . import transform  # noqa: F401,E402
from . import expr_functor  # noqa: F401,E402
from .expr_functor import PyExprMutator, PyExprVisitor  # noqa: F401,E402
