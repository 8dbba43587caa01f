"""Errors raised by TVMScript construction."""
from _tvmscript import DiagnosticError  # noqa: F401


class InternalError(RuntimeError):
    """A failed internal check (`Check failed: ...`), as TVM's `tvm.error.InternalError`."""
