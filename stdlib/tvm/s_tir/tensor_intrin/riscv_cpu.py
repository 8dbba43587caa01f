"""RISC-V vector (`v` extension) dot-product intrinsics, registered per target by
`register_riscv_intrinsics` (nothing is registered on import)."""


def register_riscv_intrinsics(target):
    """Register the RVV dot-product intrinsics for a target (not available yet)."""
    raise NotImplementedError("RISC-V vector tensor intrinsics are not available in tvmscript yet")
