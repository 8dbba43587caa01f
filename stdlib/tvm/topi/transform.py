"""Shape transforms (TVM's C++ topi/transform.h): computes named `T_<op>` over axes
`ax0, ax1, ...` tagged `injective`."""
from tvm import te, tirx

te_dtype = te.dtype_of

from . import tag
from .math import cpp_compute
from .broadcast import _index, broadcast_shape

__all__ = ["where", "arange", "reshape", "take", "trilu", "strided_slice", "transpose", "squeeze", "flip", "reverse_sequence", "broadcast_to", "concatenate", "split", "repeat", "tile",
           "dynamic_strided_slice"]


def _ints(axes):
    return [int(a) for a in axes] if axes is not None else None


def _const_int(e):
    if isinstance(e, int):
        return e
    return getattr(e, "value", None) if type(e).__name__ == "IntImm" else None


def transpose(a, axes=None):
    ndim = len(a.shape)
    axes = _ints(axes) or list(range(ndim - 1, -1, -1))
    norm = []
    for axis in axes:
        new_axis = axis + ndim if axis < 0 else axis
        if not 0 <= new_axis < ndim:
            raise ValueError(f"axis={axis} is invalid for the {ndim}-dimensional input tensor")
        if new_axis in norm:
            raise ValueError("repeated axis in transpose")
        norm.append(new_axis)
    shape = [a.shape[k] for k in norm]

    def f(*i):
        idx = [None] * ndim
        for k, axis in enumerate(norm):
            idx[axis] = i[k]
        return a(*idx)
    return cpp_compute(shape, f, "T_transpose", tag.INJECTIVE)


def squeeze(a, axis=None):
    ndim = len(a.shape)
    if axis is None:
        drop = {k for k in range(ndim) if _const_int(a.shape[k]) == 1}
    else:
        if isinstance(axis, int):
            axis = [axis]
        drop = set()
        for v in _ints(axis):
            v = v + ndim if v < 0 else v
            c = _const_int(a.shape[v])
            # An axis whose extent is a known constant other than 1 is kept.
            if c is None or c == 1:
                drop.add(v)
    shape = [a.shape[k] for k in range(ndim) if k not in drop]

    def f(*i):
        it = iter(i)
        return a(*[0 if k in drop else next(it) for k in range(ndim)])
    return cpp_compute(shape, f, "T_squeeze", tag.INJECTIVE)


def reverse_sequence(a, seq_lengths=None, seq_axis=1, batch_axis=0):
    ndim = len(a.shape)
    seq = seq_axis + ndim if seq_axis < 0 else seq_axis
    if not 0 <= seq < ndim:
        raise ValueError(f"seq_axis={seq_axis} is invalid for the {ndim}-dimensional input tensor")
    batch = batch_axis + ndim if batch_axis < 0 else batch_axis

    def f(*i):
        idx = list(i)
        if seq_lengths is None:
            idx[seq] = a.shape[seq] - 1 - i[seq]
        else:
            n = seq_lengths(i[batch])
            idx[seq] = tirx.if_then_else(
                tirx.Or(n <= 1, n <= i[seq]), i[seq],
                tirx.if_then_else(a.shape[seq] < n, a.shape[seq] - 1 - i[seq], n - 1 - i[seq]))
        return a(*idx)
    return cpp_compute(a.shape, f, "T_reverse_sequence", tag.INJECTIVE)


def flip(a, axis=0):
    # TVM's flip is reverse_sequence without sequence lengths.
    return reverse_sequence(a, None, axis)


def broadcast_to(data, shape):
    shape = list(getattr(shape, "values", shape))
    if len(shape) < len(data.shape):
        raise ValueError("Not a broadcast, output dimensionality smaller than input.")
    common = broadcast_shape(shape, data.shape)
    out = [d if type(d).__name__ != "IntImm" and not isinstance(d, int) else c for d, c in zip(shape, common)]
    return cpp_compute(out, lambda *i: _index(data, out, i), "T_broadcast_to", tag.BROADCAST)


def concatenate(a_tuple, axis=0):
    tensors = list(a_tuple)
    ndim = len(tensors[0].shape)
    if axis is None:
        axis = 0
    if not -ndim <= axis < ndim:
        raise ValueError(f"concatenate only accepts `axis` in [-ndim, ndim), but got axis = {axis}, and ndim = {ndim}")
    axis = axis + ndim if axis < 0 else axis
    sizes = [t.shape[axis] for t in tensors]
    consts = [_const_int(d) for d in sizes]
    join = sizes[0]
    for d in sizes[1:]:
        join = join + d
    shape = [join if k == axis else d for k, d in enumerate(tensors[0].shape)]

    def f(*i):
        v = i[axis]
        ret = tensors[0](*i)
        ind, offset = v, 0
        # TVM simplifies `v - s0 - ... >= 0`: with constant sizes to `s0 + ... <= v`.
        for k in range(len(tensors) - 1):
            ind = ind - sizes[k]
            if all(c is not None for c in consts):
                offset += consts[k]
                off = tirx.const(offset, te_dtype(v))
                idx, cond = v - off, tirx.LE(off, v)
            else:
                idx, cond = ind, tirx.LE(tirx.const(0, te_dtype(v)), ind)
            ret = tirx.if_then_else(cond, tensors[k + 1](*i[:axis], idx, *i[axis + 1:]), ret)
        return ret
    return cpp_compute(shape, f, "T_concat", tag.INJECTIVE)


def _fold(e):
    c = _const_int(e)
    return e if c is None or isinstance(e, int) else c


def split(ary, indices_or_sections, axis=0):
    ndim = len(ary.shape)
    axis = axis + ndim if axis < 0 else axis
    if axis >= ndim:
        raise ValueError("axis out of bounds")
    size = ary.shape[axis]
    if isinstance(indices_or_sections, int):
        n = indices_or_sections
        if n <= 0:
            raise ValueError("Slice count must be > 0")
        c = _const_int(size)
        seg = (c + n - 1) // n if c is not None else tirx.floordiv(size + n - 1, n)
        indices, name = [seg * k for k in range(1, n)], "T_split_sections"
    else:
        indices, name = [_fold(i) for i in indices_or_sections], "T_split"
    begins = [0] + indices
    ity = te.dtype_of(size) if not isinstance(size, int) else "int64"
    outs = []
    for k, begin in enumerate(begins):
        end = begins[k + 1] if k + 1 < len(begins) else _fold(size)
        if isinstance(begin, int) and isinstance(end, int):
            extent = tirx.const(end - begin, ity)
        else:
            extent = _as(end, ity) - _as(begin, ity)
        shape = list(ary.shape[:axis]) + [extent] + list(ary.shape[axis + 1:])

        def f(*i, begin=begin):
            # TVM simplifies `v + 0` to `v`.
            v = i[axis] if isinstance(begin, int) and begin == 0 else i[axis] + _as(begin, ity)
            return ary(*i[:axis], v, *i[axis + 1:])
        outs.append(cpp_compute(shape, f, name, tag.INJECTIVE))
    return outs


def _as(e, dtype):
    return tirx.const(e, dtype) if isinstance(e, int) else e


def _mul(a, b):
    """`a * b` of shape extents, folded as TVM's constant folder folds it."""
    ca, cb = _const_int(a), _const_int(b)
    if ca is not None and cb is not None:
        dtype = next((te.dtype_of(e) for e in (a, b) if not isinstance(e, int)), "int64")
        return tirx.const(ca * cb, dtype)
    if ca == 1:
        return b
    if cb == 1:
        return a
    dtype = te.dtype_of(b if ca is not None else a)
    return _as(a, dtype) * _as(b, dtype)


def repeat(a, repeats, axis):
    ndim = len(a.shape)
    if not -ndim - 1 <= axis <= ndim:
        raise ValueError(f"repeat only accepts `axis` in [-data.ndim - 1, data.ndim], but got axis = {axis}, and data.ndim = {ndim}")
    if repeats < 1:
        raise ValueError(f"repeat only accepts `repeats >= 1`, but got repeats = {repeats}")
    axis = axis + ndim if axis < 0 else axis
    shape = list(a.shape)
    shape[axis] = _mul(repeats, a.shape[axis])

    def f(*i):
        v = i[axis]
        return a(*i[:axis], tirx.floordiv(v, tirx.const(repeats, te.dtype_of(v))), *i[axis + 1:])
    return cpp_compute(shape, f, "T_repeat", tag.BROADCAST)


def tile(a, reps):
    reps = [int(r) for r in reps]
    ndim, rdim = len(a.shape), len(reps)
    tdim = max(ndim, rdim)
    data_shape = [1] * (tdim - ndim) + list(a.shape)
    reps_shape = [1] * (tdim - rdim) + [tirx.const(r, "int64") for r in reps]
    shape = [_mul(d, r) for d, r in zip(data_shape, reps_shape)]
    if any(_const_int(d) == 0 for d in shape):
        return cpp_compute(shape, lambda *i: tirx.const(0, a.dtype), "T_tile", tag.BROADCAST)
    off = tdim - ndim

    def f(*i):
        return a(*[tirx.floormod(i[off + k], a.shape[k]) for k in range(ndim)])
    return cpp_compute(shape, f, "T_tile", tag.BROADCAST)


def _ravel(indices, shape):
    """The flat index of `indices` in `shape` (row-major)."""
    if not indices:
        return 0
    idx = indices[0]
    for i in range(1, len(indices)):
        idx = idx * shape[i] + indices[i]
    return idx


def _unravel(idx, shape):
    """The indices of the flat index `idx` in `shape` (row-major)."""
    out = []
    for s in reversed(shape):
        out.append(tirx.indexmod(idx, s))
        idx = tirx.indexdiv(idx, s)
    return list(reversed(out))


def reshape(a, newshape):
    """`a` read in row-major order into `newshape` (TVM's C++ topi reshape)."""
    target = list(newshape.values) if hasattr(newshape, "values") and not isinstance(newshape, (list, tuple)) \
        else list(newshape)
    if any(_const_int(s) == 0 for s in target) or any(_const_int(s) == 0 for s in a.shape):
        return cpp_compute(target, lambda *i: tirx.Cast(a.dtype, tirx.const(0, "int32")), "T_reshape", tag.INJECTIVE)
    return cpp_compute(target, lambda *i: a(*_unravel(_ravel(list(i), target), a.shape)), "T_reshape", tag.INJECTIVE)


def _take_index(idx, dim, mode):
    if mode == "clip":
        return tirx.min(tirx.max(tirx.const(0, te_dtype(idx)), idx), dim - 1)
    if mode == "wrap":
        return tirx.truncmod(tirx.truncmod(idx, dim) + dim, dim)
    return idx


def take(a, indices, axis=None, batch_dims=0, mode="fast"):
    """Elements of `a` at `indices` along `axis` (of `a` flattened when `axis` is None);
    `indices` is a tensor or a scalar expression (TVM's C++ topi take)."""
    is_tensor = isinstance(indices, te.Tensor)
    ind_shape = list(indices.shape) if is_tensor else []
    get = (lambda pos: indices(*pos)) if is_tensor else (lambda pos: indices)
    if mode not in ("fast", "clip", "wrap", "nan"):
        raise ValueError(f"Invalid mode for take: {mode}")
    if axis is None:
        size = tirx.const(1, "int32")
        for s in a.shape:
            size = size * s

        def flat(*o):
            idx = get(list(o))
            if mode == "nan":
                return tirx.if_then_else(tirx.all(idx >= 0, idx < size), a(*_unravel(idx, a.shape)),
                                         tirx.const(float("nan"), a.dtype))
            return a(*_unravel(_take_index(idx, size, mode), a.shape))
        return cpp_compute(ind_shape, flat, "T_take", tag.INJECTIVE)
    ndim = len(a.shape)
    axis = int(axis)
    axis = axis + ndim if axis < 0 else axis
    if not 0 <= axis < ndim:
        raise ValueError("axis out of bounds")
    batch_dims = int(batch_dims)
    n_ind = len(ind_shape)
    if batch_dims < 0:
        batch_dims += n_ind
    out_shape = list(a.shape[:axis]) + ind_shape[batch_dims:] + list(a.shape[axis + 1:])
    dim = a.shape[axis]
    width = n_ind - batch_dims

    def f(*o):
        pos = list(o[:batch_dims]) + list(o[axis:axis + width])
        idx = get(pos)
        real = list(o[:axis]) + [_take_index(idx, dim, mode)] + list(o[axis + width:])
        if mode == "nan":
            return tirx.if_then_else(tirx.all(idx >= 0, idx < dim), a(*real), tirx.const(float("nan"), a.dtype))
        return a(*real)
    return cpp_compute(out_shape, f, "T_take", tag.INJECTIVE)


def trilu(data, k, upper):
    """The lower (`upper=False`) or upper triangle of the last two axes, from diagonal `k`."""
    check = tirx.LE if upper else tirx.GE

    def f(*i):
        row, col = i[-2], i[-1]
        return tirx.Select(check(row, col - k), data(*i), tirx.const(0, data.dtype))
    return te.compute(data.shape, f, name="trilu", tag=tag.ELEMWISE)


_I64_MAX = 2**63 - 1


def _static_canon(index, extent, stride):
    lo, hi = (-1, extent - 1) if stride < 0 else (0, extent)
    if index < 0:
        index += extent
    return min(max(index, lo), hi)


def _dynamic_canon(index, extent, stride):
    lo = tirx.if_then_else(stride < 0, -1, 0)
    hi = tirx.if_then_else(stride < 0, extent - 1, extent)
    if not (_const_int(index) is not None and _const_int(index) >= 0):
        index = tirx.if_then_else(index < 0, index + extent, index)
    return tirx.min(tirx.max(index, lo), hi)


def _canon(index, extent, stride):
    vals = [_const_int(v) for v in (index, extent, stride)]
    if all(v is not None for v in vals):
        return tirx.const(_static_canon(*vals), "int64")
    return _dynamic_canon(index, extent, stride)


def _ceildiv(a, b):
    return tirx.floordiv(a + b - 1, b)


def _length(begin, end, stride, extent, assume_inbound):
    if assume_inbound:
        return _ceildiv(end - begin, stride)
    begin, end = _canon(begin, extent, stride), _canon(end, extent, stride)
    return tirx.if_then_else(stride < 0, _ceildiv(begin - end, -stride), _ceildiv(end - begin, stride))


def _dynamic_slice_with_axes(x, begin, end, strides, axes, assume_inbound, name):
    from .utils import simplify
    shape = list(x.shape)
    for b, e, s, ax in zip(begin, end, strides, axes):
        shape[ax] = simplify(_length(b, e, s, shape[ax], assume_inbound))

    def f(*i):
        idx = list(i)
        for b, s, ax in zip(begin, strides, axes):
            idx[ax] = i[ax] * s + b
        return x(*idx)
    return cpp_compute(shape, f, name, tag.INJECTIVE)


def _static_slice_with_axes(x, begin, end, strides, axes, name):
    ndim = len(x.shape)
    axes = [a + ndim if a < 0 else a for a in axes]
    for a in axes:
        if not 0 <= a < ndim:
            raise ValueError(f"Axis {a} is out of bounds for tensor with {ndim} dimensions")
    index_dtype = te_dtype(begin[0]) if begin and not isinstance(begin[0], int) else "int64"
    bv = [_const_int(b) for b in begin]
    sv = [_const_int(s) for s in strides]
    ev = [_const_int(e) for e in end]
    begins, shape = [], list(x.shape)
    for k, ax in enumerate(axes):
        dim = _const_int(x.shape[ax])
        b = _static_canon(bv[k], dim, sv[k])
        e = _static_canon(ev[k], dim, sv[k])
        if (sv[k] < 0 and e > b) or (sv[k] > 0 and b > e):
            raise ValueError(f": Input [Begin={bv[k]}, End={ev[k]}] is invalid for axis={k}")
        size = (abs(e - b) + abs(sv[k]) - 1) // abs(sv[k])
        begins.append(tirx.const(b, index_dtype))
        shape[ax] = tirx.const(size, te_dtype(x.shape[ax]))

    def f(*i):
        idx = list(i)
        for k, ax in enumerate(axes):
            idx[ax] = i[ax] * tirx.const(sv[k], te_dtype(strides[k]) if not isinstance(strides[k], int) else "int64") \
                + begins[k]
        return x(*idx)
    return cpp_compute(shape, f, name, tag.INJECTIVE)


def strided_slice(a, begin, end, strides=None, axes=None, slice_mode="end", assume_inbound=True):
    """A slice of `a` (TVM's C++ topi strided_slice): static when every bound and the
    shape are constants, else with symbolic extents."""
    if isinstance(begin, te.Tensor) or isinstance(end, te.Tensor) or isinstance(strides, te.Tensor):
        raise NotImplementedError("strided_slice with tensor bounds: use dynamic_strided_slice")
    begin, end = list(begin), list(end)
    strides = list(strides) if strides is not None else []
    axes = [int(v) for v in axes] if axes is not None else []
    static = all(_const_int(v) is not None for v in begin + end + strides + list(a.shape))
    if static:
        if axes:
            return _static_slice_with_axes(a, begin, end, strides, axes, "T_strided_slice_with_axes")
        ndim = len(a.shape)
        sv = [_const_int(s) for s in strides] + [1] * (ndim - len(strides))
        bfull = begin + [0 if sv[i] > 0 else _I64_MAX for i in range(len(begin), ndim)]
        efull = end + [0 if sv[i] < 0 else _I64_MAX for i in range(len(end), ndim)]
        return _static_slice_with_axes(a, bfull, efull, sv, list(range(ndim)), "T_strided_slice")
    if axes:
        return _dynamic_slice_with_axes(a, begin, end, strides, axes, assume_inbound,
                                        "T_dynamic_strided_slice_with_axes")
    n = len(begin)
    return _dynamic_slice_with_axes(a, begin, end, strides, list(range(n)), assume_inbound,
                                    "T_dynamic_strided_slice")


def dynamic_strided_slice(a, begin, end, strides, output_shape):
    """A slice of `a` whose begin, end and strides are 1-d tensors read at run time,
    of the given (symbolic) output shape: element `i` along each axis reads the
    canonicalised begin plus `i` times the stride."""
    if not (isinstance(begin, te.Tensor) and isinstance(end, te.Tensor) and isinstance(strides, te.Tensor)):
        raise NotImplementedError("dynamic_strided_slice: begin, end and strides must be tensors")
    ndim = len(a.shape)

    def f(*i):
        idx = []
        for k in range(ndim):
            at = tirx.IntImm("int64", k)
            idx.append(_dynamic_canon(begin(at), a.shape[k], strides(at)) + i[k] * strides(at))
        return a(*idx)

    return cpp_compute(list(output_shape), f, "T_strided_slice_dynamic", tag.INJECTIVE)


def where(condition, x, y):
    """`x` where `condition` is non-zero, else `y`, all three broadcast together."""
    if x.dtype != y.dtype:
        raise ValueError(f"x and y must have the same dtype: {x.dtype} vs {y.dtype}")
    shape = broadcast_shape(condition.shape, broadcast_shape(x.shape, y.shape))

    def select(*i):
        c = _index(condition, shape, i)
        if te_dtype(c) != "int32":
            # `c != 0`: the operands meet at int32, as C++'s `operator!=(PrimExpr, int)`.
            c = tirx.Cast("int32", c) if te_dtype(c) == "bool" else c
        return tirx.Select(tirx.NE(c, tirx.const(0, te_dtype(c))), _index(x, shape, i), _index(y, shape, i))

    return cpp_compute(shape, select, "T_where", tag.BROADCAST)


def arange(start, stop=None, step=1, dtype="float32"):
    """`[start, stop)` in steps of `step` (TVM's C++ `topi::arange`)."""
    from tvm.sym.analyzer import simplify_expr

    if stop is None:
        start, stop = 0, start
    start, stop, step = (tirx.const(v, "int32") if isinstance(v, int) else v for v in (start, stop, step))
    ints = all(te_dtype(v).startswith("int") for v in (start, stop, step))
    step_value = _const_int(step)
    if ints and step_value is not None and step_value >= 1:
        num = tirx.floordiv(stop - start + step - 1, step)
    elif ints and step_value is not None and step_value < 0:
        num = tirx.floordiv(start - stop - step - 1, -step)
    else:
        num = tirx.Cast("int64", tirx.ceil(tirx.Cast("float32", stop - start) / step))
    num = simplify_expr(num)
    return cpp_compute([num], lambda *i: tirx.Cast(dtype, start + step * i[0]), "T_arange", tag.INJECTIVE)
