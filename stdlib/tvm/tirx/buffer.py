"""`tvm.tirx.buffer`: buffer access modes."""
from enum import IntEnum


class BufferAccessKind(IntEnum):
    """The access modes of a buffer's access pointer (bit flags)."""

    READ = 1
    WRITE = 2
