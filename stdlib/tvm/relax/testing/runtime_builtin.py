"""Codes of the VM's shape builtins (`vm.builtin.match_shape`, `make_shape`), TVM 0.27's values."""
from enum import IntEnum


class MatchShapeCode(IntEnum):
    """Code passed to the match shape builtin."""

    ASSERT_EQUAL_TO_IMM = 0
    STORE_TO_HEAP = 1
    NO_OP = 2
    ASSERT_EQUAL_TO_LOAD = 3


class MakeShapeCode(IntEnum):
    """Code passed to the make shape builtin."""

    USE_IMM = 0
    LOAD_SHAPE = 1
