"""Reductions (TVM's topi/reduction.h): a compute named `<input>_red` tagged
`comm_reduce`, output axes `ax0, ...`, reduction axes `k<dim>` over the reduced
dimensions in increasing order."""
from tvm import te, tirx

from . import tag
from .math import cpp_compute

__all__ = ["sum", "max", "min", "prod", "all", "any", "argmax", "argmin", "collapse_sum"]


def _real_axis(ndim, axis):
    if axis is None:
        return list(range(ndim))
    if isinstance(axis, int):
        axis = [axis]
    real = sorted({(int(a) + ndim if int(a) < 0 else int(a)) for a in axis})
    for a in real:
        if a >= ndim:
            raise ValueError(f"{a} exceeds the maximum dimension {ndim}")
    return real


def _comm_reduce(data, axis, reducer, keepdims, atleast1d=False):
    ndim = len(data.shape)
    name = data.op.name + "_red"
    if ndim == 0:
        return cpp_compute(data.shape, lambda *i: data(*i), name, tag.COMM_REDUCE)
    real = _real_axis(ndim, axis)
    if keepdims:
        shape = [tirx.const(1, "int32") if i in real else data.shape[i] for i in range(ndim)]
    else:
        shape = [data.shape[i] for i in range(ndim) if i not in real]
    if not shape and atleast1d:
        shape = [tirx.const(1, "int32")]
    r_axes = [te.reduce_axis((0, data.shape[i]), name=f"k{i}") for i in real]
    squeeze = [] if keepdims else real

    def compute(*indices):
        eval_range, arg, red = [], 0, 0
        for i in range(ndim):
            if i in real:
                eval_range.append(r_axes[red].var)
                red += 1
                arg += 0 if i in squeeze else 1
                continue
            eval_range.append(indices[arg])
            arg += 1
        return reducer(data(*eval_range), axis=r_axes)

    return cpp_compute(shape, compute, name, tag.COMM_REDUCE)


_prod = te.comm_reducer(lambda x, y: tirx.And(x, y) if te.dtype_of(x) == "bool" else x * y, lambda t: tirx.const(1, t), name="prod")
_all = te.comm_reducer(lambda x, y: tirx.And(x, y), lambda t: tirx.const(True, t), name="all")
_any = te.comm_reducer(lambda x, y: tirx.Or(x, y), lambda t: tirx.const(False, t), name="any")


def sum(data, axis=None, keepdims=False):  # noqa: A001
    return _comm_reduce(data, axis, te.sum, keepdims)


def max(data, axis=None, keepdims=False):  # noqa: A001
    return _comm_reduce(data, axis, te.max, keepdims)


def min(data, axis=None, keepdims=False):  # noqa: A001
    return _comm_reduce(data, axis, te.min, keepdims)


def prod(data, axis=None, keepdims=False):
    return _comm_reduce(data, axis, _prod, keepdims)


def all(data, axis=None, keepdims=False):  # noqa: A001
    return _comm_reduce(data, axis, _all, keepdims)


def any(data, axis=None, keepdims=False):  # noqa: A001
    return _comm_reduce(data, axis, _any, keepdims)


def _arg_reducer(smaller, select_last_index):
    """TVM's argmin/argmax reducer over (index, value) pairs: `smaller(a, b)` says `a`
    wins; ties go to the first (or the last) index."""
    def combine(lhs, rhs):
        lhs_idx, lhs_val = lhs
        rhs_idx, rhs_val = rhs
        wins = smaller(lhs_val, rhs_val)
        same = tirx.EQ(lhs_val, rhs_val)
        proper = tirx.GT(lhs_idx, rhs_idx) if select_last_index else tirx.LT(lhs_idx, rhs_idx)
        update = tirx.Or(wins, tirx.And(same, proper))
        return (tirx.Select(update, lhs_idx, rhs_idx), tirx.Select(wins, lhs_val, rhs_val))
    return combine


def _comm_reduce_idx(data, axis, combine, init_val, keepdims, atleast1d=False):
    ndim = len(data.shape)
    if ndim == 0:
        raise ValueError("Cannot reduce a 0 dim Tensor")
    real = _real_axis(ndim, axis)
    if keepdims:
        shape = [tirx.const(1, "int32") if i in real else data.shape[i] for i in range(ndim)]
    else:
        shape = [data.shape[i] for i in range(ndim) if i not in real]
    if not shape and atleast1d:
        shape = [tirx.const(1, "int32")]
    r_axes = [te.reduce_axis((0, data.shape[i]), name=f"k{i}") for i in real]
    reducer = te.comm_reducer(combine, lambda t_idx, t_val: (tirx.const(-1, t_idx), init_val(t_val)))

    def compute(*indices):
        eval_range, red_vars, arg, red = [], [], 0, 0
        for i in range(ndim):
            if i in real:
                eval_range.append(r_axes[red].var)
                red_vars.append(r_axes[red].var)
                red += 1
            elif not keepdims:
                eval_range.append(indices[arg])
                arg += 1
            else:
                eval_range.append(indices[i])
        flat = red_vars[0]
        for v, i in zip(red_vars[1:], real[1:]):
            flat = flat * data.shape[i] + v
        return reducer((flat, data(*eval_range)), axis=r_axes)

    name = data.op.name
    temp = cpp_compute(shape, compute, name + "_red_temp", tag.COMM_REDUCE_IDX)
    return cpp_compute(shape, lambda *i: temp[0](*i), name + "_red", tag.COMM_REDUCE_IDX)


def argmax(data, axis=None, keepdims=False, select_last_index=False):
    return _comm_reduce_idx(data, axis, _arg_reducer(lambda a, b: tirx.GT(a, b), select_last_index),
                            tirx.min_value, bool(keepdims))


def argmin(data, axis=None, keepdims=False, select_last_index=False):
    return _comm_reduce_idx(data, axis, _arg_reducer(lambda a, b: tirx.LT(a, b), select_last_index),
                            tirx.max_value, bool(keepdims))


def collapse_sum(data, target_shape):
    """`data` summed down to `target_shape` (the axes broadcasting would have added or
    stretched), as TVM's C++ topi collapse_sum."""
    oshape = list(target_shape.values) if hasattr(target_shape, "values") and not isinstance(
        target_shape, (list, tuple)) else list(target_shape)
    ishape = list(data.shape)

    def equal(a, b):
        ca, cb = _const(a), _const(b)
        if ca is not None and cb is not None:
            return ca == cb
        return a.same_as(b) if hasattr(a, "same_as") else a is b

    reduce_axes, squeeze = [], []
    o = len(oshape) - 1
    for i in range(len(ishape) - 1, -1, -1):
        if o >= 0 and equal(ishape[i], oshape[o]):
            o -= 1
            continue
        reduce_axes.append(i)
        if o < 0:
            squeeze.append(i)
        elif _const(oshape[o]) == 1:
            o -= 1
    if not reduce_axes:
        return cpp_compute(ishape, lambda *i: data(*i), "tensor", tag.COMM_REDUCE)
    reduce_axes.reverse()
    r_axes = [te.reduce_axis((0, data.shape[i]), name=f"k{i}") for i in reduce_axes]

    def compute(*indices):
        eval_range, arg, red = [], 0, 0
        for i in range(len(ishape)):
            if i in reduce_axes:
                eval_range.append(r_axes[red].var)
                red += 1
                arg += 0 if i in squeeze else 1
                continue
            eval_range.append(indices[arg])
            arg += 1
        return te.sum(data(*eval_range), axis=r_axes)

    return cpp_compute(oshape, compute, data.op.name + "_red", tag.COMM_REDUCE)


def _const(e):
    if isinstance(e, int):
        return e
    return e.value if isinstance(e, tirx.IntImm) else None
