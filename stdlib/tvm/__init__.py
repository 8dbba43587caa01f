"""TVMScript's `tvm` package, as provided by tvmscript (frozen into the binary)."""
from . import ir, script  # noqa: F401
from . import tirx, s_tir, relax, target  # noqa: F401,E402
from . import error  # noqa: F401,E402
from .ir import IRModule  # noqa: F401
from ._lazy import lazy_names as _lazy_names  # noqa: E402

# The pass modules load on first use (`import tvm` stays cheap).
__getattr__ = _lazy_names(__name__, {"transform": (".transform", None), "instrument": (".ir.instrument", None), "runtime": (".runtime", None), "cpu": (".runtime", "cpu"), "device": (".runtime", "device"), "testing": (".testing", None), "sym": (".sym", None), "contrib": (".contrib", None)})

import _tvmscript  # noqa: E402

# TVM 0.27's version, which `tvm.ir.save_json` writes into its graphs too.
__version__ = _tvmscript.tvm_version
