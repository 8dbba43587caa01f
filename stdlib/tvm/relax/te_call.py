"""What `BlockBuilder.call_te` needs (TVM's `relax.utils.gen_call_tir_inputs`): Relax
arguments as TE placeholders (their symbolic shape variables replaced by fresh ones of
the same names), the PrimFunc `te.create_prim_func` makes with int64 indices and no
global symbol, and the output types in the caller's variables."""
import string

from tvm import te, tirx
from tvm_ffi import structural_map, structural_walk

from .type import ShapeType, TensorType
from .expr import ShapeExpr, Var
from tvm.ir import PrimType


def _substitute(expr, vmap):
    if not vmap:
        return expr
    return structural_map(expr, [(tirx.Var, lambda v: vmap.get(v, v))])


def gen_call_tir_inputs(func, *args, **kwargs):
    tir_var_map = {}
    call_tir_args = []
    create_primfunc_args = []

    def copy_undefined_vars(expr):
        def visit(v):
            if v not in tir_var_map:
                tir_var_map[v] = tirx.Var(v.name, te.dtype_of(v))

        structural_walk(expr, (tirx.Var, visit), order="post")

    def convert(arg):
        if isinstance(arg, (bool, int, float, str)) or arg is None:
            return arg
        if isinstance(arg, list):
            return [convert(a) for a in arg]
        if isinstance(arg, tuple):
            return tuple(convert(a) for a in arg)
        if isinstance(arg, dict):
            return {k: convert(v) for k, v in arg.items()}
        ty = getattr(arg, "ty", None)
        if isinstance(arg, Var) and isinstance(ty, PrimType) and str(ty.dtype) != "int64":
            # A scalar Relax argument: a scalar parameter of the PrimFunc.
            name = arg.name or f"scalar_input_{len(create_primfunc_args)}"
            param = tirx.Var(name, str(ty.dtype))
            call_tir_args.append(arg)
            create_primfunc_args.append(param)
            return param
        if isinstance(ty, TensorType):
            shape = list(ty.shape.values)
            for dim in shape:
                copy_undefined_vars(dim)
            n_args = len(create_primfunc_args)
            name = getattr(arg, "name", None)
            if not name or type(arg).__name__ not in ("Var", "DataflowVar"):
                name = string.ascii_uppercase[n_args] if n_args < 26 else f"tensor_input_{n_args}"
            tensor = te.placeholder([_substitute(d, tir_var_map) for d in shape], ty.dtype, name=name)
            call_tir_args.append(arg)
            create_primfunc_args.append(tensor)
            return tensor
        if isinstance(ty, ShapeType) and isinstance(arg, ShapeExpr):
            return [convert(v) for v in arg.values]
        if hasattr(arg, "ty"):
            copy_undefined_vars(arg)
            new_arg = _substitute(arg, tir_var_map)
            extra_tir_args.append(new_arg)
            return new_arg
        return arg

    primfunc_attrs = kwargs.pop("primfunc_attrs", None)
    custom_out_ty = kwargs.pop("ty_args", [])
    extra_tir_args = []
    te_args = convert(args)
    te_kwargs = convert(kwargs)
    te_out = func(*te_args, **te_kwargs)
    outs = [te_out] if isinstance(te_out, te.Tensor) else list(te_out)
    unbound = _unbound_tir_vars([*create_primfunc_args, *outs], extra_tir_args)
    tir_func = te.create_prim_func([*create_primfunc_args, *unbound, *outs], "int64")
    if primfunc_attrs:
        tir_func = tir_func.with_attrs(primfunc_attrs)
    tir_func = tir_func.without_attr("global_symbol")
    inverse = {v: k for k, v in tir_var_map.items()}
    vdevice = None
    for a in call_tir_args:
        vdevice = vdevice or getattr(a.ty, "vdevice", None)
    if len(custom_out_ty) == 1:
        output_ty = custom_out_ty[0]
    else:
        output_ty = [
            TensorType([_substitute(d, inverse) for d in out.shape], out.dtype, vdevice) for out in outs
        ]
        if len(output_ty) == 1:
            output_ty = output_ty[0]
    call_tir_args.extend(_substitute(v, inverse) for v in unbound)
    return tir_func, call_tir_args, output_ty


def _scalar_vars(expr):
    found = []
    structural_walk(expr, (tirx.Var, lambda v: found.append(v) if type(v.ty).__name__ == "PrimType" else None), order="pre")
    return found


def _unbound_tir_vars(args, extra_tir_args):
    """Variables the shapes and scalar arguments use that no argument tensor has as a
    dimension (they become scalar parameters)."""
    bound, used = [], []

    def add(where, v):
        if all(not v.same_as(u) for u in where):
            where.append(v)

    for arg in [*args, *extra_tir_args]:
        dims = arg.shape if isinstance(arg, te.Tensor) else [arg]
        for dim in dims:
            for v in _scalar_vars(dim):
                add(used, v)
    for arg in args:
        if isinstance(arg, te.Tensor):
            for dim in arg.shape:
                if isinstance(dim, tirx.Var):
                    add(bound, dim)
        elif isinstance(arg, tirx.Var):
            add(bound, arg)
    return [v for v in used if all(not v.same_as(b) for b in bound)]
