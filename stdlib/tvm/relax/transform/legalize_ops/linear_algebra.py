"""Rules of the linear-algebra operators."""
from tvm import te, tirx

from .common import register_legalize


def _is_int(e, value=None):
    if isinstance(e, int):
        return value is None or e == value
    ok = type(e).__name__ == "IntImm"
    return ok and (value is None or e.value == value)


@register_legalize("relax.matmul")
def _matmul(bb, call):
    from tvm.topi.broadcast import broadcast_shape

    def te_matmul(a, b):
        a_shape, b_shape = list(a.shape), list(b.shape)
        a_prepended = len(a_shape) == 1
        b_appended = len(b_shape) == 1
        if a_prepended:
            a_shape.insert(0, 1)
        if b_appended:
            b_shape.append(1)
        is_a_larger = len(a_shape) > len(b_shape)
        offset = abs(len(a_shape) - len(b_shape))
        # The shape Relax infers for the call: broadcast batch axes, then the matrix axes.
        out_shape = broadcast_shape(list(a.shape[:-2]), list(b.shape[:-2]))
        if not a_prepended:
            out_shape.append(a.shape[-2])
        if not b_appended:
            out_shape.append(b.shape[-1])
        out_dtype = call.attrs.out_dtype
        if _is_int(a_shape[-1], 0):
            return te.compute(out_shape, lambda *_: tirx.const(0, call.ty.dtype), name="matmul")

        def matmul_compute(*idx):
            k = te.reduce_axis((0, a_shape[-1]), name="k")
            a_idx, b_idx = [], []
            for i in range(offset):
                (a_idx if is_a_larger else b_idx).append(idx[i])
            for i in range(offset, len(out_shape) - (2 - a_prepended - b_appended)):
                a_dim = a_shape[i if is_a_larger else i - offset]
                b_dim = b_shape[i if not is_a_larger else i - offset]
                if _is_int(a_dim) and _is_int(b_dim) and int(getattr(a_dim, "value", a_dim)) == int(getattr(b_dim, "value", b_dim)):
                    a_idx.append(idx[i])
                    b_idx.append(idx[i])
                else:
                    a_idx.append(0 if _is_int(a_dim, 1) else idx[i])
                    b_idx.append(0 if _is_int(b_dim, 1) else idx[i])
            if not a_prepended:
                a_idx.append(idx[-2 + b_appended])
            a_idx.append(k)
            b_idx.append(k)
            if not b_appended:
                b_idx.append(idx[-1])
            lhs, rhs = a(*a_idx), b(*b_idx)
            if out_dtype is not None and str(out_dtype) != "":
                lhs, rhs = tirx.cast(lhs, str(out_dtype)), tirx.cast(rhs, str(out_dtype))
            return te.sum(lhs * rhs, axis=k)

        return te.compute(out_shape, matmul_compute, name="matmul")

    return bb.call_te(te_matmul, call.args[0], call.args[1], primfunc_name_hint="matmul")
