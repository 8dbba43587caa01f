"""`tvm.tirx.function`: TIRx functions (the same classes as `tvm.tirx`'s)."""
from tvm.ir import BaseFunc  # noqa: F401
from tvm.tirx import (  # noqa: F401
    Buffer,
    Expr,
    IndexMap,
    PrimFunc,
    Range,
    Var,
)
