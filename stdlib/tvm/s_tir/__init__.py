"""S-TIR: schedulable TensorIR (the `Ts` script namespace lives in `tvm.script.s_tir`)."""
from . import analysis  # noqa: F401
from . import schedule  # noqa: F401
from .schedule import Schedule, ScheduleError, SBlockRV, LoopRV, Trace, Instruction, InstructionKind  # noqa: F401
from ._tensor_intrin import TensorIntrin  # noqa: F401
