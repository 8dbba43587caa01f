"""Rules of the shape-manipulation operators."""
from tvm import te, tirx, topi

from .common import register_legalize


@register_legalize("relax.permute_dims")
def _permute_dims(bb, call):
    return bb.call_te(topi.transpose, call.args[0], call.attrs.axes)


@register_legalize("relax.squeeze")
def _squeeze(bb, call):
    return bb.call_te(topi.squeeze, call.args[0], call.attrs.axis)


@register_legalize("relax.expand_dims")
def _expand_dims(bb, call):
    def te_expand_dims(data, axis):
        out_ndim = len(data.shape) + len(axis)
        new_axes = {int(a) % out_ndim for a in axis}
        dims = iter(data.shape)
        shape = [tirx.const(1, "int64") if k in new_axes else next(dims) for k in range(out_ndim)]
        kept = [k for k in range(out_ndim) if k not in new_axes]
        return te.compute(shape, lambda *i: data(*[i[k] for k in kept]), name="expand_dims")

    return bb.call_te(te_expand_dims, call.args[0], call.attrs.axis, primfunc_name_hint="expand_dims")


@register_legalize("relax.flip")
def _flip(bb, call):
    return bb.call_te(topi.flip, call.args[0], int(call.attrs.axis))


@register_legalize("relax.reverse_sequence")
def _reverse_sequence(bb, call):
    return bb.call_te(
        topi.reverse_sequence, call.args[0], call.args[1], int(call.attrs.seq_axis),
        int(call.attrs.batch_axis), primfunc_name_hint="reverse_sequence")


def _reshape(te_func, primfunc_name, is_collapse_sum_like=False):
    def rule(bb, call):
        tgt_shape = call.args[1].ty.shape if is_collapse_sum_like else call.args[1]
        # A target shape bound to a variable is used through its ShapeExpr value.
        if type(tgt_shape).__name__ in ("Var", "DataflowVar"):
            tgt_shape = bb.lookup_binding(tgt_shape)
        return bb.call_te(te_func, call.args[0], tgt_shape, primfunc_name_hint=primfunc_name)

    return rule


register_legalize("relax.broadcast_to", _reshape(topi.broadcast_to, "broadcast_to"))


@register_legalize("relax.concat")
def _concat(bb, call):
    from tvm.relax import TupleGetItem

    t = call.args[0]
    n_field = len(t.ty.fields)
    # Follow variables to the tuple they are bound to.
    while type(t).__name__ in ("Var", "DataflowVar"):
        binding = bb.lookup_binding(t)
        if type(binding).__name__ not in ("Tuple", "Var", "DataflowVar"):
            break
        t = binding
    if type(t).__name__ == "Tuple":
        fields = list(t.fields)
    else:
        fields = [bb.emit(TupleGetItem(t, i)) for i in range(n_field)]
    axis = None if call.attrs.axis is None else int(call.attrs.axis)
    return bb.call_te(topi.concatenate, fields, axis)


@register_legalize("relax.split")
def _split(bb, call):
    ios = call.attrs.indices_or_sections
    if type(ios).__name__ == "IntImm":
        ios = ios.value
    return bb.call_te(topi.split, call.args[0], ios, call.attrs.axis)


@register_legalize("relax.tile")
def _tile(bb, call):
    return bb.call_te(topi.tile, call.args[0], call.attrs.repeats)


@register_legalize("relax.repeat")
def _repeat(bb, call):
    def te_repeat(data, repeats, axis):
        if axis is None:
            # Flattening needs topi.reshape.
            raise NotImplementedError("relax.repeat without an axis is not lowered yet")
        return topi.repeat(data, int(repeats), int(axis))

    return bb.call_te(te_repeat, call.args[0], call.attrs.repeats, call.attrs.axis, primfunc_name_hint="repeat")

register_legalize("relax.reshape", _reshape(topi.reshape, "reshape"))


@register_legalize("relax.flatten")
def _flatten(bb, call):
    return bb.call_te(topi.reshape, call.args[0], call.ty.shape.values)


@register_legalize("relax.take")
def _take(bb, call):
    axis = call.attrs.axis
    return bb.call_te(topi.take, call.args[0], call.args[1], None if axis is None else int(axis),
                      mode=str(call.attrs.mode))


def _prim_fields(t):
    """The fields of a Relax tuple of prim values (or of a bound tuple), else None."""
    fields = getattr(t, "fields", None)
    if fields is None:
        return None
    out = []
    for f in fields:
        v = getattr(f, "value", f)
        out.append(v)
    return out


@register_legalize("relax.strided_slice")
def _strided_slice(bb, call):
    if len(call.args) == 4:
        data, axes, begin, end = call.args
        strides = [tirx.IntImm("int64", 1)] * len(axes.ty.fields)
    elif len(call.args) == 5:
        data, axes, begin, end, strides = call.args
        strides = _prim_fields(strides)
    else:
        raise ValueError(f"Expression {call} provides {len(call.args)} arguments, "
                         f"but {call.op} requires either 4 or 5 arguments.")
    axes, begin, end = _prim_fields(axes), _prim_fields(begin), _prim_fields(end)
    if any(v is None for v in (axes, begin, end, strides)):
        return call
    return bb.call_te(topi.strided_slice, data, begin, end, strides, axes, slice_mode="end",
                      assume_inbound=bool(call.attrs.assume_inbound))

register_legalize("relax.collapse_sum_like", _reshape(topi.collapse_sum, "collapse_sum", is_collapse_sum_like=True))
register_legalize("relax.collapse_sum_to", _reshape(topi.collapse_sum, "collapse_sum"))


@register_legalize("relax.layout_transform")
def _layout_transform(bb, call):
    """A copy of the tensor whose output buffer the schedule's `transform_layout`
    rewrites by the index map (padded with the pad value where the map is not
    surjective: the PrimFunc is then named `te_layout_transform_with_pad`)."""
    import tvm
    from tvm import relax
    from tvm.relax.te_call import gen_call_tir_inputs
    from ...type import TensorType

    data = call.args[0]
    index_map = call.attrs.index_map
    pad_value = call.attrs.pad_value
    if pad_value is not None:
        pad_value = pad_value.value
    else:
        dtype = str(data.ty.dtype)
        pad_value = 0 if dtype.startswith(("int", "uint")) else 0.0
    name = "te_layout_transform"
    _, padding = index_map.non_surjective_inverse(data.ty.shape)
    if not isinstance(padding, tirx.IntImm):
        name += "_with_pad"

    def te_layout_transform(x, compute_name):
        return te.compute(x.shape, x, name=compute_name)

    tir_func, call_args, _ = gen_call_tir_inputs(te_layout_transform, data, name)
    sch = tvm.s_tir.Schedule(tir_func)
    sch.transform_layout(name, ("write", 0), index_map, pad_value)
    gvar = bb.add_func(sch.mod["main"], name)
    shape = index_map.map_shape(list(call_args[0].ty.shape))
    return relax.call_tir(gvar, call_args, [TensorType(shape, call_args[0].ty.dtype)])


@register_legalize("relax.dynamic_strided_slice")
def _dynamic_strided_slice(bb, call):
    """The output shape computed by a PrimFunc first (as a tensor, turned into a shape
    matched to fresh variables), then the slice of that shape."""
    from tvm import relax
    from ...type import ShapeType

    data, begin, end, strides = call.args

    def shape_func(data, begin, end, strides):
        def canonical(index, extent, stride):
            lo = tirx.Select(stride < 0, tirx.const(-1, "int64"), tirx.const(0, "int64"))
            hi = tirx.Select(stride < 0, extent - 1, extent)
            index = tirx.Select(index < 0, index + extent, index)
            return tirx.Min(tirx.Max(index, lo), hi)

        def length_at(i):
            extent = tirx.const(-1, "int64")
            for k in range(len(data.shape)):
                extent = tirx.Select(i == tirx.const(k, "int64"), data.shape[k], extent)
            b = canonical(begin[i], extent, strides[i])
            e = canonical(end[i], extent, strides[i])
            s = strides[i]
            return tirx.Select(s < 0, tirx.ceildiv(b - e, -s), tirx.ceildiv(e - b, s))

        return te.compute((begin.shape[0],), length_at, name="T_shape_func_strided_slice_dynamic")

    shape = bb.normalize(bb.call_te(shape_func, data, begin, end, strides))
    ndim = int(shape.ty.shape[0])
    shape = bb.emit(relax.op.tensor_to_shape(shape))
    dims = [tirx.Var("s", "int64") for _ in range(ndim)]
    bb.match_cast(shape, ShapeType(dims))
    return bb.call_te(topi.dynamic_strided_slice, data, begin, end, strides, output_shape=dims)
