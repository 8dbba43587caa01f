"""`tvm.testing`: what TVM's test files use from it, for `tvmscript test`.

Parametrized fixtures (`parameter`, `parameters`, `fixture`), `main`, structural
and numeric assertions, and the device queries of `env` and the `requires_*`
decorators: no device or code generator is present here, so tests that need one
are reported as skipped.
"""
from .utils import *  # noqa: F401,F403
from .utils import __all__ as _utils_all
from .locking import run_with_gpu_lock  # noqa: F401
from . import env  # noqa: F401

__all__ = [*_utils_all, "run_with_gpu_lock", "env"]
