"""Operator functions TVM writes in Python over other operators (`R.linear`,
`R.nn.relu6`): they build the same nested calls as TVM 0.27's, which the block
builder then binds one by one. Members of `R` and `tvm.relax.op` (registered in
src/dialects/relax/frontend/namespace.rs)."""


def linear(data, weight, bias=None, out_dtype=None):
    """`relax.op.linear`: matmul(data, permute_dims(weight)) (+ bias)."""
    from tvm.relax import op

    # TVM: the weight can be 1-D or 2-D, so `axes=None` covers both.
    x = op.matmul(data, op.permute_dims(weight, axes=None), out_dtype=out_dtype)
    return op.add(x, bias) if bias is not None else x


def relu6(data):
    """`relax.op.nn.relu6`: clip(data, 0, 6)."""
    from tvm.relax import op

    return op.clip(data, 0, 6)
