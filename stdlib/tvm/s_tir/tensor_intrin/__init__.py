"""Intrinsics for tensorization, registered by name on import (each intrinsic's
PrimFuncs are built on its first `TensorIntrin.get`)."""

from . import cuda  # noqa: F401
from . import arm_cpu, x86, rocm, hexagon, riscv_cpu  # noqa: F401
