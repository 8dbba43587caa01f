"""Relax passes (TVM 0.27's `tvm.relax.transform`): `function_pass`,
`dataflowblock_pass` and the built-in passes tvmscript implements."""
from .transform import *  # noqa: F401,F403
from .transform import (  # noqa: F401
    CanonicalizeBindings,
    DataflowBlockPass,
    DeadCodeElimination,
    FunctionPass,
    Normalize,
    NormalizeGlobalVar,
    dataflowblock_pass,
    function_pass,
)
from .legalize import LegalizeOps  # noqa: F401,E402
