"""S-TIR schedules: `Schedule`, random variables, traces and errors."""
from .state import ScheduleError, ScheduleState, StmtSRef
from .schedule import Schedule, SBlockRV, LoopRV
from .trace import Trace
from .instruction import Instruction, InstructionKind
from . import testing  # noqa: F401
