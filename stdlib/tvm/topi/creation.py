"""Creation operators (TVM's topi/elemwise.h `full`)."""
from tvm import te, tirx

from . import tag
from .math import cpp_compute

__all__ = ["full", "full_like"]


def _fill(value, dtype):
    if isinstance(value, te.Tensor):
        value = value()
    if isinstance(value, (bool, int, float)):
        return tirx.const(value, dtype)
    return tirx.cast(value, dtype) if te.dtype_of(value) != dtype else value


def full(shape, dtype, fill_value):
    return cpp_compute(list(shape), lambda *i: _fill(fill_value, dtype), "T_full", tag.ELEMWISE)


def full_like(x, fill_value):
    return cpp_compute(x.shape, lambda *i: _fill(fill_value, x.dtype), "T_full_like", tag.ELEMWISE)
