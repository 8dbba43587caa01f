"""`topi.nn.batch_matmul` (TVM's topi/nn/batch_matmul.py): products of 3-d tensors
batch by batch, either operand transposed (`NT` by default, for legacy reasons); a
batch of extent 1 is broadcast; the right operand is marked layout-free."""
from tvm import te, tirx

from ..utils import get_const_tuple

_NAMES = {(True, True): "TT", (True, False): "TN", (False, True): "NT", (False, False): "NN"}


def _is_one(d):
    return isinstance(d, int) and d == 1


def _as(e, dtype):
    return e if te.dtype_of(e) == dtype else tirx.Cast(dtype, e)


def batch_matmul(tensor_a, tensor_b, oshape=None, out_dtype=None, transpose_a=False, transpose_b=True,
                 auto_scheduler_rewritten_layout="", meta_schedule_original_shape=None):
    if len(tensor_a.shape) != 3:
        raise AssertionError("tensor_a only support 3-dim")
    if len(tensor_b.shape) != 3:
        raise AssertionError("tensor_b only support 3-dim")
    if transpose_a:
        xb, xk, xi = get_const_tuple(tensor_a.shape)
    else:
        xb, xi, xk = get_const_tuple(tensor_a.shape)
    if transpose_b:
        yb, yj, yk = get_const_tuple(tensor_b.shape)
    else:
        yb, yk, yj = get_const_tuple(tensor_b.shape)
    k = te.reduce_axis((0, xk), name="k")
    if oshape is None:
        if isinstance(xb, tirx.Var) or isinstance(yb, tirx.Var):
            batch = tirx.Var("batch", "int32")
        else:
            batch = xb if not _is_one(xb) else yb
        oshape = (batch, xi, yj)
    if out_dtype is None:
        out_dtype = tensor_a.dtype

    def compute(b, i, j):
        ba = 0 if _is_one(xb) else b
        bb = 0 if _is_one(yb) else b
        a = tensor_a[ba, k, i] if transpose_a else tensor_a[ba, i, k]
        w = tensor_b[bb, j, k] if transpose_b else tensor_b[bb, k, j]
        return te.sum(_as(a, out_dtype) * _as(w, out_dtype), axis=k)

    return te.compute(oshape, compute, name="T_batch_matmul_" + _NAMES[(bool(transpose_a), bool(transpose_b))],
                      tag="batch_matmul", attrs={"layout_free_placeholders": [tensor_b]})
