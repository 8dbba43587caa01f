"""Checks on TIRx functions."""
from tvm.s_tir.analysis import verify_well_formed  # noqa: F401
