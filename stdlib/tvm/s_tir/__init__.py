"""S-TIR: schedulable TensorIR (the `Ts` script namespace lives in `tvm.script.s_tir`)."""
from . import analysis  # noqa: F401
from . import schedule  # noqa: F401
from .schedule import Schedule, ScheduleError, ScheduleState, Trace  # noqa: F401
from ._tensor_intrin import TensorIntrin  # noqa: F401
