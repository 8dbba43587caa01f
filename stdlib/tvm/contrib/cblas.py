"""`tvm.contrib.cblas`: BLAS matrix products as extern tensor operations (`te.extern`)
whose body calls the library's packed function."""
import tvm
from tvm import te


def _blas_call(name, transa, transb):
    def body(ins, outs):
        return tvm.tirx.call_packed(name, ins[0], ins[1], outs[0], transa, transb)

    return body


def matmul(lhs, rhs, transa=False, transb=False, **kwargs):
    """`lhs @ rhs` (either transposed first) computed by `tvm.contrib.cblas.matmul`."""
    rows = lhs.shape[1] if transa else lhs.shape[0]
    cols = rhs.shape[0] if transb else rhs.shape[1]
    body = _blas_call("tvm.contrib.cblas.matmul", transa, transb)
    return te.extern((rows, cols), [lhs, rhs], body, name="C", **kwargs)


def batch_matmul(lhs, rhs, transa=False, transb=False, iterative=False, **kwargs):
    """The batched product of `lhs` and `rhs`, by `tvm.contrib.cblas.batch_matmul`
    (or its iterative variant)."""
    batch = te.max(lhs.shape[0], rhs.shape[0])
    rows = lhs.shape[2] if transa else lhs.shape[1]
    cols = rhs.shape[1] if transb else rhs.shape[2]
    name = "tvm.contrib.cblas.batch_matmul_iterative" if iterative else "tvm.contrib.cblas.batch_matmul"
    return te.extern((batch, rows, cols), [lhs, rhs], _blas_call(name, transa, transb), name="C", **kwargs)
