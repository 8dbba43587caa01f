"""Sorting operators (TVM 0.27's `topi.sort`): argsort as an extern call of the
runtime's sort functions."""
from tvm import te, tirx

__all__ = ["argsort"]


def argsort(data, valid_count=None, axis=-1, is_ascend=1, dtype="float32"):
    """The indices that sort `data` along `axis`: a packed call of
    `tvm.contrib.sort.argsort` (`argsort_nms`, int32 indices, when the number of valid
    entries per row is given)."""
    data_buf = tirx.decl_buffer(data.shape, data.dtype, "data_buf", data_alignment=8, layout=None)
    if valid_count is None:
        out_buf = tirx.decl_buffer(data.shape, dtype, "out_buf", data_alignment=8, layout=None)
        return te.extern(
            data.shape, [data],
            lambda ins, outs: tirx.call_packed("tvm.contrib.sort.argsort", ins[0], outs[0], axis, is_ascend),
            dtype=dtype, in_buffers=[data_buf], out_buffers=out_buf, name="argsort_cpu", tag="argsort_cpu")
    count_buf = tirx.decl_buffer(valid_count.shape, valid_count.dtype, "valid_count_buf", data_alignment=4,
                                 layout=None)
    out_buf = tirx.decl_buffer(data.shape, "int32", "out_buf", data_alignment=8, layout=None)
    return te.extern(
        data.shape, [data, valid_count],
        lambda ins, outs: tirx.call_packed("tvm.contrib.sort.argsort_nms", ins[0], ins[1], outs[0], axis, is_ascend),
        dtype="int32", in_buffers=[data_buf, count_buf], out_buffers=out_buf, name="argsort_nms_cpu",
        tag="argsort_nms_cpu")
