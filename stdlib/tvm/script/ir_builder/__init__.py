"""`tvm.script.ir_builder`: build IR from Python with the frames behind TVMScript.

`IRBuilder` and each dialect's builder module (`tirx`, `relax`, `ir`) drive the same
frame stack the parser uses (src/vm/ir_builder.rs)."""
from .base import IRBuilder  # noqa: F401
