"""S-TIR: schedulable TensorIR (the `Ts` script namespace lives in `tvm.script.s_tir`)."""
from . import analysis  # noqa: F401
