"""TVMScript's `tvm` package, as provided by tvmscript (frozen into the binary)."""
from . import ir, script  # noqa: F401
from . import tirx, s_tir, relax, target  # noqa: F401,E402
from .error import DiagnosticError  # noqa: F401
from .ir import IRModule, instrument  # noqa: F401
from . import transform  # noqa: F401,E402

import _tvmscript  # noqa: E402

# TVM 0.27's version, which `tvm.ir.save_json` writes into its graphs too.
__version__ = _tvmscript.tvm_version
