"""TVM FFI's Python names that scripts import for IR (`tvm_ffi.structural_equal` ...),
as tvmscript provides them."""
import _tvmscript

structural_equal = _tvmscript.structural_equal
structural_hash = _tvmscript.structural_hash
Object = _tvmscript.Object

# Structural walks and maps (functors).
from .structural import (  # noqa: E402,F401
    DefRegionKind,
    InplaceMode,
    VisitInterrupt,
    WalkOrder,
    WalkResult,
    structural_map,
    structural_walk,
)
