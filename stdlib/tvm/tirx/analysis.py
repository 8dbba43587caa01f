"""Checks on TIRx functions."""
from tvm.s_tir.analysis import check_well_formed, verify_well_formed  # noqa: F401

import _tvmscript

_walk = _tvmscript.namespace("ffi._walk")
_Var = _tvmscript.ir_class("ir.Var")


def undefined_vars(node, defs=None):
    """The TIRx variables `node` uses without defining them (nor being in `defs`),
    in order of first use."""
    _, undefined, _ = _walk.vars(node, defs)
    return [v for v in undefined if isinstance(v, _Var)]


def verify_ssa(func):
    """Whether every variable of `func` is defined once (static single assignment)."""
    defs, _, _ = _walk.vars(func)
    seen = set()
    for v in defs:
        if not isinstance(v, _Var):
            continue
        key = hash(v)  # an IR object hashes by identity
        if key in seen:
            return False
        seen.add(key)
    return True
