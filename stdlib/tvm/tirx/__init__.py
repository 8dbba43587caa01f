"""TIRx: tensor programs (the `T` script namespace lives in `tvm.script.tirx`)."""
from . import layout  # noqa: F401
