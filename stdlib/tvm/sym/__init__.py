"""`tvm.sym`: the arithmetic analyzer (TVM 0.27's `tvm.sym.Analyzer`), as far as
tensor expressions need it: see `analyzer.py` for the rules it knows; iterator maps
(`detect_iter_map`) in `iter_affine_map.py`."""
from .analyzer import Analyzer  # noqa: F401
from .iter_affine_map import (  # noqa: F401
    IterMapExpr,
    IterMark,
    IterSplitExpr,
    IterSumExpr,
    IterMapLevel,
    IterMapResult,
    detect_iter_map,
    iter_map_simplify,
    normalize_iter_map_to_expr,
)
