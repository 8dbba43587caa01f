"""Errors raised by TVMScript construction."""
from _tvmscript import DiagnosticError  # noqa: F401
from tvm.ir.transform import InternalError  # noqa: F401,E402
