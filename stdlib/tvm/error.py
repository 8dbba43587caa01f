"""Errors raised by TVMScript construction."""
from _tvmscript import DiagnosticError  # noqa: F401
