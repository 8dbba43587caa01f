"""Errors raised by TVMScript construction."""
from _tvmscript import DiagnosticError  # noqa: F401


class InternalError(RuntimeError):
    """A failed internal check (TVM's `InternalError`: "Check failed: ...")."""
