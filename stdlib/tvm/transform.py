"""`tvm.transform`: the pass infrastructure (`tvm.ir.transform`) under its short name."""
from .ir.transform import *  # noqa: F401,F403
from .ir.transform import (  # noqa: F401
    ModulePass,
    Pass,
    PassContext,
    PassInfo,
    PrintIR,
    Sequential,
    module_pass,
)
