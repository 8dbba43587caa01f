"""`tvm.tirx.IndexMap`: a mapping from indices to indices (TVM 0.27's API).

The class is the IR's own (`T.index_map(...)` makes one); its algorithms are
native (`tirx._index_map`): mapping indices and shapes, the inverse and the
padding predicate of a non-surjective map."""
import inspect

import _tvmscript

_native = _tvmscript.namespace("tirx._index_map")

IndexMap = _tvmscript.ir_class("tirx.IndexMap")


def _is_prim_expr(v):
    import tvm

    return isinstance(v, (tvm.ir.Expr, int, float))


def _from_func(mapping_function, ndim=None, inverse_index_map=None, *, index_dtype="int64"):
    """An index map from a function of index variables returning an expression or a
    list of them (`lambda i, j: [j, i]`); `ndim` says how many a `*args` takes."""
    import tvm

    params = inspect.signature(mapping_function).parameters
    args = []
    var_arg_name = None
    kwargs = {}
    for name, param in params.items():
        if param.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD):
            args.append(tvm.tirx.Var(name, index_dtype))
        elif param.kind == inspect.Parameter.VAR_POSITIONAL:
            var_arg_name = name
        elif param.kind == inspect.Parameter.KEYWORD_ONLY:
            kwargs[name] = tvm.tirx.Var(name, index_dtype)
        else:
            raise ValueError("transform_layout mapping may not have *args")
    if var_arg_name is not None:
        assert ndim is not None, "ndim must be specified when *args is used"
        num_var_args = ndim - len(args) - len(kwargs)
        for i in range(num_var_args):
            args.append(tvm.tirx.Var(f"{var_arg_name}_{i}", index_dtype))
    mapping = mapping_function(*args, **kwargs)
    initial_indices = args + list(kwargs.values())
    final_indices = []
    if _is_prim_expr(mapping):
        is_iterable = False
    else:
        try:
            iter(mapping)
            is_iterable = True
        except TypeError:
            is_iterable = False
    if is_iterable:
        for val in mapping:
            if _is_prim_expr(val):
                final_indices.append(val)
            else:
                raise TypeError(
                    "Expected mapping function to return tvm.ir.Expr "
                    "or a list of tvm.ir.Expr.  "
                    f"Instead received {val} of type {type(val)}."
                )
    else:
        final_indices.append(mapping)
    return IndexMap(initial_indices, final_indices, inverse_index_map)


def _ranges(shape):
    import tvm

    return [dim if isinstance(dim, tvm.ir.Range) else tvm.ir.Range(0, dim) for dim in shape]


def _is_equivalent_to(self, other_map, analyzer=None):
    """Whether both maps give the same indices for every input."""
    return _native.is_equivalent(self, other_map)


def _map_indices(self, indices, analyzer=None):
    """The map applied to `indices`."""
    return _native.map_indices(self, list(indices))


def _map_shape(self, shape, analyzer=None):
    """The shape of a buffer of shape `shape` after the map."""
    return _native.map_shape(self, list(shape))


def _inverse(self, shape, analyzer=None):
    """The inverse over `shape` (ranges or extents); the map must be bijective there."""
    return _native.inverse(self, _ranges(shape), True)[0]


def _non_surjective_inverse(self, shape, analyzer=None):
    """The inverse over `shape` and the predicate of the outputs no input reaches."""
    inv, pred = _native.inverse(self, _ranges(shape), False)
    return inv, pred


IndexMap.from_func = staticmethod(_from_func)
IndexMap.is_equivalent_to = _is_equivalent_to
IndexMap.map_indices = _map_indices
IndexMap.map_shape = _map_shape
IndexMap.inverse = _inverse
IndexMap.non_surjective_inverse = _non_surjective_inverse
# How a schedule trace writes the map (TVM's `IndexMap::ToPythonString`).
IndexMap.__trace_py__ = lambda self: _native.to_python_string(self)
