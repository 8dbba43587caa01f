"""Relax utilities (TVM 0.27's `tvm.relax.utils`)."""
import tvm_ffi

from .analysis import bound_vars, defined_symbolic_vars
from .expr import DataflowVar, Var


def copy_with_new_vars(func):
    """A copy of `func` in which every variable it defines (parameters, bound
    variables, the symbolic variables its signature and casts define) is a new
    variable of the same name, so the copy can live beside the original."""
    selected = {hash(v) for v in bound_vars(func)} | {hash(v) for v in defined_symbolic_vars(func)}
    memo = {}

    def remap(obj):
        return tvm_ffi.structural_map(obj, [((Var, DataflowVar), fresh)], order="pre")

    def fresh(var):
        key = hash(var)
        if key not in selected:
            return var
        if key not in memo:
            memo[key] = type(var)(var.name, remap(var.ty))
        return memo[key]

    return remap(func)
