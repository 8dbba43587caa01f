"""`topi.nn.matmul` and `topi.nn.dense` (TVM's topi/nn/dense.py): batched matrix
products whose right operand is marked layout-free."""
from tvm import te, tirx


def _is_var(d):
    return isinstance(d, tirx.Var)


def matmul(tensor_a, tensor_b, bias=None, out_dtype=None, transpose_a=False, transpose_b=False,
           auto_scheduler_rewritten_layout="", meta_schedule_original_shape=None):
    if len(tensor_a.shape) < 2 or len(tensor_b.shape) < 2:
        raise ValueError("1-dim matmul is not supported yet.")
    if out_dtype is None:
        out_dtype = tensor_a.dtype
    if transpose_a:
        reduce_a, in_dim = tensor_a.shape[-2:]
    else:
        in_dim, reduce_a = tensor_a.shape[-2:]
    if transpose_b:
        out_dim, reduce_b = tensor_b.shape[-2:]
    else:
        reduce_b, out_dim = tensor_b.shape[-2:]
    if not _is_var(reduce_a) and not _is_var(reduce_b) and int(reduce_a) != int(reduce_b):
        raise ValueError(f"Reduction dimensions of dense do not match. {reduce_a} vs {reduce_b}.")
    batch_a, batch_b = list(tensor_a.shape[:-2]), list(tensor_b.shape[:-2])
    ndim = max(len(batch_a), len(batch_b))
    batch_a = [1] * (ndim - len(batch_a)) + batch_a
    batch_b = [1] * (ndim - len(batch_b)) + batch_b
    for idx, (l, r) in enumerate(zip(batch_a, batch_b)):
        if not _is_var(l) and not _is_var(r) and int(l) != 1 and int(r) != 1 and int(l) != int(r):
            raise ValueError(f"Batch dimensions of dense do not match: {tensor_a.shape[:-2]} vs {tensor_b.shape[:-2]}.")
        if not _is_var(l) and int(l) == 1:
            batch_a[idx] = batch_b[idx]
    k = te.reduce_axis((0, reduce_a), name="k")

    def compute(*indices):
        ba = [i if _is_var(d) or int(d) != 1 else 0
              for i, d in zip(indices[-len(tensor_a.shape):-2], tensor_a.shape[:-2])]
        bb = [i if _is_var(d) or int(d) != 1 else 0
              for i, d in zip(indices[-len(tensor_b.shape):-2], tensor_b.shape[:-2])]
        i, j = indices[-2:]
        a_idx = (*ba, k, i) if transpose_a else (*ba, i, k)
        b_idx = (*bb, j, k) if transpose_b else (*bb, k, j)
        return te.sum(tensor_a[a_idx].astype(out_dtype) * tensor_b[b_idx].astype(out_dtype), axis=k)

    name = "T_matmul_" + ("T" if transpose_a else "N") + ("T" if transpose_b else "N")
    tag = "dense" if (transpose_a, transpose_b) == (False, True) else "matmul"
    mat = te.compute((*batch_a, in_dim, out_dim), compute, name=name, tag=tag,
                     attrs={"layout_free_placeholders": [tensor_b]})
    if bias is not None:
        from ..broadcast import add
        mat = add(mat, bias.astype(out_dtype) if hasattr(bias, "astype") else bias)
    return mat


def dense(data, weight, bias=None, out_dtype=None, auto_scheduler_rewritten_layout="",
          meta_schedule_original_shape=None):
    return matmul(data, weight, bias, out_dtype, False, True)
