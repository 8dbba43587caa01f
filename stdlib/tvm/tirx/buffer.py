"""`tvm.tirx.buffer`: buffer access modes."""
from enum import IntEnum


class BufferAccessKind(IntEnum):
    """The access modes of a buffer's access pointer (bit flags)."""

    READ = 1
    WRITE = 2


def is_buffer_var(value) -> bool:
    """Whether `value` is a variable of buffer type (`tvm.tirx.Buffer` is `tvm.ir.Var`,
    so `isinstance` cannot tell)."""
    import tvm

    return isinstance(value, tvm.ir.Var) and type(getattr(value, "ty", None)).__name__ == "BufferType"
