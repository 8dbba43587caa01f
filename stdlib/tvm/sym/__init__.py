"""`tvm.sym`: the arithmetic analyzer (TVM 0.27's `tvm.sym.Analyzer`), as far as
tensor expressions need it: see `analyzer.py` for the rules it knows."""
from .analyzer import Analyzer  # noqa: F401
