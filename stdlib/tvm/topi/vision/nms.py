"""Box filtering and non-maximum suppression (TVM 0.27's `topi.vision.nms`): extern
operations whose bodies are built with the TIR IR builder, statement for statement
as TVM's."""
import tvm
from tvm import te, tirx
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import tirx as T

from ..sort import argsort

__all__ = ["get_valid_counts", "non_max_suppression"]


def _minus_one(dtype):
    return tirx.Cast(dtype, T.float32(-1.0))


def _local(dtype):
    """A one-element local buffer, with its proxy."""
    return T.buffer_proxy(T.alloc_buffer((1,), dtype, scope="local"))


def _valid_counts_body(data, threshold, id_index, score_index, count, out, out_idx):
    batch, anchors, length = data.shape
    with IRBuilder() as ib:
        data, count, out, out_idx = (T.buffer_proxy(b) for b in (data, count, out, out_idx))
        with T.parallel(0, batch) as b:
            count[b] = T.int32(0)
            with T.serial(0, anchors) as a:
                score = data[b, a, score_index]
                if id_index < 0:
                    keep = score > threshold
                else:
                    keep = tirx.all(score > threshold, data[b, a, id_index] >= 0)
                with T.If(keep):
                    with T.Then():
                        slot = count[b]
                        with T.serial(0, length) as k:
                            out[b, slot, k] = data[b, a, k]
                        out_idx[b, slot] = a
                        count[b] = slot + 1
            # The slots left over are marked invalid.
            with T.serial(0, anchors) as a:
                with T.If(a >= count[b]):
                    with T.Then():
                        with T.serial(0, length) as k:
                            out[b, a, k] = _minus_one(data.dtype)
                        out_idx[b, a] = T.int32(-1)
        return ib.get()


def get_valid_counts(data, score_threshold=0, id_index=0, score_index=1):
    """The boxes of `data` (`[batch, anchors, length]`) scoring above the threshold,
    moved to the top: `(valid_count, out_tensor, out_indices)`."""
    batch, anchors, length = data.shape
    by_tensor = isinstance(score_threshold, te.Tensor)
    if not by_tensor:
        score_threshold = tirx.const(score_threshold, dtype=data.dtype)
    id_const = tirx.const(id_index, "int32")
    score_const = tirx.const(score_index, "int32")
    outs = [
        tirx.decl_buffer((batch,), "int32", "valid_count", layout=None),
        tirx.decl_buffer((batch, anchors, length), data.dtype, "out_tensor", layout=None),
        tirx.decl_buffer((batch, anchors), "int32", "out_indices", layout=None),
    ]
    ins = [tirx.decl_buffer(data.shape, data.dtype, "data", layout=None)]
    inputs = [data]
    if by_tensor:
        ins.append(tirx.decl_buffer(score_threshold.shape, score_threshold.dtype, "score_threshold", layout=None))
        inputs.append(score_threshold)

    def body(i, o):
        threshold = i[1] if by_tensor else score_threshold
        return _valid_counts_body(i[0], threshold, id_const, score_const, o[0], o[1], o[2])

    return te.extern(
        [(batch,), (batch, anchors, length), (batch, anchors)], inputs, body,
        dtype=["int32", data.dtype, "int32"], out_buffers=outs, in_buffers=ins,
        name="get_valid_counts", tag="get_valid_counts")


def _iou(out, b, lhs, rhs, start, zero):
    """The intersection over union of boxes `lhs` and `rhs` of batch `b` (corners in
    either order)."""

    def corners(k):
        x0, y0, x1, y1 = (out[b, k, start + d] for d in range(4))
        return te.min(x0, x1), te.min(y0, y1), te.max(x0, x1), te.max(y0, y1)

    l0, t0, r0, b0 = corners(lhs)
    l1, t1, r1, b1 = corners(rhs)
    width = te.max(zero, te.min(r0, r1) - te.max(l0, l1))
    height = te.max(zero, te.min(b0, b1) - te.max(t0, t1))
    inter = height * width
    union = (r0 - l0) * (b0 - t0) + (r1 - l1) * (b1 - t1) - inter
    return tirx.Select(union <= zero, zero, inter / union)


def _same_class(out, b, lhs, rhs, force_suppress, id_index):
    if force_suppress:
        return tirx.const(True)
    if id_index >= 0:
        return out[b, lhs, id_index] == out[b, rhs, id_index]
    return tirx.const(True)


def _below_limit(count, max_output_size):
    return tirx.Select(max_output_size > 0, count < max_output_size, tirx.const(True))


def _nms_body(data, order, valid_count, indices, shape, max_output_size, iou_threshold, force_suppress,
              top_k, coord_start, score_index, id_index, return_indices, out_data, out_idx, out_count,
              soft_nms_sigma, score_threshold):
    batch, anchors, length = shape
    with IRBuilder() as ib:
        data, order, valid_count, indices, out_data, out_idx = (
            T.buffer_proxy(b) for b in (data, order, valid_count, indices, out_data, out_idx))
        if out_count is not None:
            out_count = T.buffer_proxy(out_count)
        soft = soft_nms_sigma > 0.0
        thresh = tirx.Cast(data.dtype, T.float32(score_threshold if soft else 0.0))
        with T.parallel(0, batch) as b:
            # The boxes in score order, at most `top_k` of them.
            nkeep = _local("int32")
            nkeep[0] = valid_count[b]
            with T.If(tirx.all(top_k > 0, top_k < nkeep[0])):
                with T.Then():
                    nkeep[0] = top_k
            with T.serial(0, anchors) as j:
                with T.If(j < nkeep[0]):
                    with T.Then():
                        src = order[b, j]
                        with T.serial(0, length) as k:
                            out_data[b, j, k] = data[b, src, k]
                        out_idx[b, j] = order[b, j]
                    with T.Else():
                        with T.serial(0, length) as k:
                            out_data[b, j, k] = _minus_one(data.dtype)
                        out_idx[b, j] = T.int32(-1)
            kept = _local("int32")
            kept[0] = T.int32(0)
            best_idx = _local("int32")
            best_score = _local(data.dtype)
            tmp_idx = _local("int32")
            tmp_val = _local(data.dtype)
            zero = tirx.Cast(data.dtype, T.float32(0.0))
            if soft:
                _soft_nms(b, nkeep, kept, best_idx, best_score, tmp_idx, tmp_val, out_data, out_idx, zero,
                          thresh, data.dtype, length, max_output_size, iou_threshold, force_suppress,
                          coord_start, score_index, id_index, soft_nms_sigma)
                _soft_nms_outputs(b, kept, out_data, out_idx, out_count, indices, anchors, length, data.dtype,
                                  return_indices)
            else:
                _hard_nms(b, nkeep, kept, out_data, out_idx, zero, thresh, data.dtype, length,
                          max_output_size, iou_threshold, force_suppress, coord_start, score_index, id_index)
                if return_indices:
                    _compact_indices(b, out_idx, out_count, indices, anchors)
        return ib.get()


def _hard_nms(b, nkeep, kept, out_data, out_idx, zero, thresh, dtype, length, max_output_size,
              iou_threshold, force_suppress, coord_start, score_index, id_index):
    """Greedy suppression: each kept box invalidates the later boxes it overlaps."""
    with T.serial(0, nkeep[0]) as j:
        with T.If(tirx.all(out_data[b, j, score_index] > thresh, _below_limit(kept[0], max_output_size))):
            with T.Then():
                kept[0] = kept[0] + 1
                with T.serial(0, nkeep[0]) as k:
                    with T.If(tirx.all(k > j, out_data[b, k, score_index] > thresh)):
                        with T.Then():
                            with T.If(_same_class(out_data, b, j, k, force_suppress, id_index)):
                                with T.Then():
                                    iou = _iou(out_data, b, j, k, coord_start, zero)
                                    with T.If(iou >= iou_threshold):
                                        with T.Then():
                                            out_data[b, k, score_index] = _minus_one(dtype)
                                            out_idx[b, k] = T.int32(-1)
            with T.Else():
                with T.serial(0, length) as k:
                    out_data[b, j, k] = _minus_one(dtype)
                out_idx[b, j] = T.int32(-1)


def _compact_indices(b, out_idx, out_count, indices, anchors):
    """The surviving boxes' input indices moved to the top, their count, -1 after."""
    slot = _local("int32")
    slot[0] = T.int32(0)
    with T.serial(0, anchors) as j:
        with T.If(out_idx[b, j] >= 0):
            with T.Then():
                src = out_idx[b, j]
                out_idx[b, slot[0]] = indices[b, src]
                slot[0] = slot[0] + 1
    out_count[b, 0] = slot[0]
    with T.serial(0, anchors) as j:
        with T.If(j >= slot[0]):
            with T.Then():
                out_idx[b, j] = T.int32(-1)


def _soft_nms(b, nkeep, kept, best_idx, best_score, tmp_idx, tmp_val, out_data, out_idx, zero, thresh,
              dtype, length, max_output_size, iou_threshold, force_suppress, coord_start, score_index,
              id_index, sigma):
    """Soft-NMS: each round takes the best remaining box to the front and decays the
    scores of the boxes it overlaps (Gaussian penalty)."""
    scale = tirx.Cast(dtype, T.float32(-0.5 / sigma))
    with T.serial(0, nkeep[0]) as _:
        with T.If(_below_limit(kept[0], max_output_size)):
            with T.Then():
                best_idx[0] = T.int32(-1)
                best_score[0] = thresh
                with T.serial(0, nkeep[0]) as j:
                    with T.If(tirx.all(j >= kept[0], out_idx[b, j] >= 0,
                                       out_data[b, j, score_index] > best_score[0])):
                        with T.Then():
                            best_idx[0] = j
                            best_score[0] = out_data[b, j, score_index]
                with T.If(best_idx[0] >= 0):
                    with T.Then():
                        with T.If(best_idx[0] != kept[0]):
                            with T.Then():
                                tmp_idx[0] = out_idx[b, kept[0]]
                                out_idx[b, kept[0]] = out_idx[b, best_idx[0]]
                                out_idx[b, best_idx[0]] = tmp_idx[0]
                                with T.serial(0, length) as k:
                                    tmp_val[0] = out_data[b, kept[0], k]
                                    out_data[b, kept[0], k] = out_data[b, best_idx[0], k]
                                    out_data[b, best_idx[0], k] = tmp_val[0]
                        with T.serial(0, nkeep[0]) as j:
                            with T.If(tirx.all(j > kept[0], out_idx[b, j] >= 0,
                                               out_data[b, j, score_index] > thresh)):
                                with T.Then():
                                    with T.If(_same_class(out_data, b, kept[0], j, force_suppress, id_index)):
                                        with T.Then():
                                            iou = _iou(out_data, b, kept[0], j, coord_start, zero)
                                            with T.If(iou >= iou_threshold):
                                                with T.Then():
                                                    out_idx[b, j] = T.int32(-1)
                                            with T.If(iou < iou_threshold):
                                                with T.Then():
                                                    out_data[b, j, score_index] = out_data[b, j, score_index] * \
                                                        tirx.exp(scale * iou * iou)
                                                    with T.If(out_data[b, j, score_index] <= thresh):
                                                        with T.Then():
                                                            out_idx[b, j] = T.int32(-1)
                        kept[0] = kept[0] + 1


def _soft_nms_outputs(b, kept, out_data, out_idx, out_count, indices, anchors, length, dtype, return_indices):
    if return_indices:
        out_count[b, 0] = kept[0]
        with T.serial(0, anchors) as j:
            with T.If(j < kept[0]):
                with T.Then():
                    src = out_idx[b, j]
                    out_idx[b, j] = indices[b, src]
            with T.If(j >= kept[0]):
                with T.Then():
                    with T.serial(0, length) as k:
                        out_data[b, j, k] = _minus_one(dtype)
                    out_idx[b, j] = T.int32(-1)
    else:
        with T.serial(0, anchors) as j:
            with T.If(j >= kept[0]):
                with T.Then():
                    with T.serial(0, length) as k:
                        out_data[b, j, k] = _minus_one(dtype)


def non_max_suppression(data, valid_count, indices, max_output_size=-1, iou_threshold=0.5,
                        force_suppress=False, top_k=-1, coord_start=2, score_index=1, id_index=0,
                        return_indices=True, invalid_to_bottom=False, soft_nms_sigma=0.0,
                        score_threshold=0.0):
    """Non-maximum suppression of the boxes of `data` (`[batch, anchors, length]`),
    sorted by score first. With `return_indices`: `(box_indices, valid_box_count)`,
    the decayed data in front for soft NMS; otherwise the data."""
    batch, anchors, length = data.shape
    if isinstance(max_output_size, int):
        max_output_size = tirx.const(max_output_size, dtype="int32")
    if isinstance(iou_threshold, (float, int)):
        iou_threshold = tirx.const(iou_threshold, dtype=data.dtype)
    scores = te.compute((batch, anchors), lambda i, j: data[i, j, score_index], name="score_tensor")
    order = argsort(scores, valid_count=valid_count, axis=1, is_ascend=False)
    ins = [
        tirx.decl_buffer(data.shape, data.dtype, "data", layout=None),
        tirx.decl_buffer(order.shape, order.dtype, "sorted_index", layout=None),
        tirx.decl_buffer(valid_count.shape, valid_count.dtype, "valid_count", layout=None),
        tirx.decl_buffer(indices.shape, indices.dtype, "indices", layout=None),
    ]
    outs = [
        tirx.decl_buffer(data.shape, data.dtype, "out_data", layout=None),
        tirx.decl_buffer((batch, anchors), "int32", "out_box_indices", layout=None),
    ]
    shapes = [data.shape, (batch, anchors)]
    dtypes = [data.dtype, "int32"]
    if return_indices:
        outs.append(tirx.decl_buffer((batch, 1), "int32", "out_valid_box_count", layout=None))
        shapes.append((batch, 1))
        dtypes.append("int32")

    def body(i, o):
        return _nms_body(i[0], i[1], i[2], i[3], (batch, anchors, length), max_output_size, iou_threshold,
                         force_suppress, top_k, coord_start, score_index, id_index, return_indices, o[0], o[1],
                         o[2] if return_indices else None, soft_nms_sigma, score_threshold)

    results = te.extern(shapes, [data, order, valid_count, indices], body, dtype=dtypes, out_buffers=outs,
                        in_buffers=ins, name="non_max_suppression", tag="non_max_suppression")
    if return_indices:
        out_data, out_idx, out_count = results
        if soft_nms_sigma > 0.0:
            return [out_data, out_idx, out_count]
        return [out_idx, out_count]
    out_data = results[0]
    if invalid_to_bottom:
        return _rearrange_out(out_data, batch, anchors, length, score_index)
    return out_data


def _rearrange_out(data, batch, anchors, length, score_index):
    """The valid boxes (score >= 0) moved to the top, -1 after."""
    out_buf = tirx.decl_buffer((batch, anchors, length), data.dtype, "rearranged", layout=None)

    def body(ins, outs):
        with IRBuilder() as ib:
            src = T.buffer_proxy(ins[0])
            out = T.buffer_proxy(outs[0])
            with T.parallel(0, batch) as b:
                slot = _local("int32")
                slot[0] = T.int32(0)
                with T.serial(0, anchors) as j:
                    with T.If(src[b, j, score_index] >= tirx.Cast(data.dtype, T.float32(0.0))):
                        with T.Then():
                            with T.serial(0, length) as k:
                                out[b, slot[0], k] = src[b, j, k]
                            slot[0] = slot[0] + 1
                with T.serial(0, anchors) as j:
                    with T.If(j >= slot[0]):
                        with T.Then():
                            with T.serial(0, length) as k:
                                out[b, j, k] = _minus_one(data.dtype)
            return ib.get()

    return te.extern([(batch, anchors, length)], [data], body, dtype=[data.dtype], out_buffers=[out_buf],
                     name="rearrange_out", tag="rearrange_out")
