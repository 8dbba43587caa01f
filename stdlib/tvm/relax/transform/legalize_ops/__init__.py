"""The legalization rules of Relax operators (TVM 0.27's `FLegalize` op attribute):
each rule, `rule(bb, call) -> Expr`, lowers a call, usually to the `call_tir` of a
PrimFunc made from tensor expressions with `bb.call_te`. Importing this package
registers every family."""
from . import common  # noqa: F401
from . import unary, binary, statistical, create, nn, manipulate, linear_algebra, qdq, grad, search, ccl, distributed  # noqa: F401
from . import vision  # noqa: F401,E402
from . import image  # noqa: F401
from .common import get_legalize, register_legalize  # noqa: F401
