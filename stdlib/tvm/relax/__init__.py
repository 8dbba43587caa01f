"""Relax: graph-level functions (the `R` script namespace lives in `tvm.script.relax`)."""
from . import analysis  # noqa: F401
