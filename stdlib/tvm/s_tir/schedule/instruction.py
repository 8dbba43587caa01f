"""Instruction kinds and instructions of a schedule trace.

An instruction kind says how one primitive prints as a Python call in a trace
(`sch.split(loop=l1, factors=[None, 10], ...)`) and how it is replayed. Each kind
is registered with `_kind(name, method, params)`: `name` is TVM's instruction name,
`method` the Schedule method, `params` the keyword names in TVM's printed order;
a parameter named `*` takes the inputs positionally (`fuse(l1, l2)`).
"""

_INSTRUCTION_KINDS = {}


class InstructionKind:
    """A kind of instruction: its name, whether it is pure, and its Python form."""

    def __init__(self, name, method, params, is_pure, outputs):
        self.name = name
        self.method = method
        self.params = params
        self.is_pure = is_pure
        # "single": `b0 = ...`; "list": `l1, l2 = ...`; "none".
        self.outputs = outputs

    @staticmethod
    def get(name):
        return _INSTRUCTION_KINDS[name]

    def __repr__(self):
        return self.name

    def same_as(self, other):
        return self is other


def _kind(name, method, params, is_pure=False, outputs="none", keywords=False, arrange=None):
    _INSTRUCTION_KINDS[name] = InstructionKind(name, method, params, is_pure, outputs)
    # `keywords`: replay passes the attributes by name (methods with keyword-only ones).
    _INSTRUCTION_KINDS[name].keywords = keywords
    # `arrange(inputs, attrs)`: the values in `params` order, for kinds whose
    # inputs and attributes interleave in the call (else inputs, then attrs).
    _INSTRUCTION_KINDS[name].arrange = arrange


_kind("GetSBlock", "get_sblock", ["name", "func_name"], True, "single")
_kind("GetLoops", "get_loops", ["block"], True, "list")
_kind("GetChildBlocks", "get_child_blocks", [""], True, "list")
_kind("GetProducers", "get_producers", ["block"], True, "list")
_kind("GetConsumers", "get_consumers", ["block"], True, "list")
def _split_values(inputs, attrs):
    # TVM's Split instruction takes `[loop, *factors]` as inputs.
    if len(inputs) == 2 and isinstance(inputs[1], (list, tuple)):
        return list(inputs) + list(attrs)
    return [inputs[0], list(inputs[1:])] + list(attrs)


_kind("Split", "split", ["loop", "factors", "preserve_unit_iters", "disable_predication"], False, "list", arrange=_split_values)
_kind("Fuse", "fuse", ["*", "preserve_unit_iters"], False, "single")
_kind("Reorder", "reorder", ["*"])
_kind("AddUnitLoop", "add_unit_loop", ["block_or_loop"], False, "single")
_kind("ComputeInline", "compute_inline", ["block"])
_kind("ReverseComputeInline", "reverse_compute_inline", ["block"])
_kind("Parallel", "parallel", ["loop"])
_kind("Vectorize", "vectorize", ["loop"])
_kind("Unroll", "unroll", ["loop"])
_kind("Bind", "bind", ["loop", "thread_axis"])
# Inputs `[block_or_loop, ann_val]`, attributes `[ann_key]`, as TVM records them.
_kind("Annotate", "annotate", ["block_or_loop", "ann_key", "ann_val"], arrange=lambda ins, attrs: [ins[0], attrs[0], ins[1]])
_kind("Unannotate", "unannotate", ["block_or_loop", "ann_key"])
_kind("StorageAlign", "storage_align", ["block", "buffer_index", "axis", "factor", "offset"])
_kind("SetScope", "set_scope", ["block", "buffer_index", "storage_scope"])
_kind("SampleCategorical", "sample_categorical", ["candidates", "probs"], True, "single")
_kind("SamplePerfectTile", "sample_perfect_tile", ["loop", "n", "max_innermost_factor"], True, "list")
_kind("SampleComputeLocation", "sample_compute_location", ["block"], True, "single")
_kind("DecomposeReduction", "decompose_reduction", ["block", "loop"], False, "single")
_kind("RFactor", "rfactor", ["loop", "factor_axis"], False, "single")
_kind("FuseReductionEpilogue", "fuse_reduction_epilogue", ["reduction_block", "epilogue_block"])
_kind("Blockize", "blockize", ["target", "preserve_unit_iters"], False, "single")
_kind("Merge", "merge", ["*"], False, "single")
_kind("ReorderBlockIterVar", "reorder_block_iter_var", ["block", "new_order"])
_kind("UnsafeSetDType", "unsafe_set_dtype", ["block", "buffer_index", "dtype"])
_kind("ComputeAt", "compute_at", ["block", "loop", "preserve_unit_loops", "index"])
_kind("ReverseComputeAt", "reverse_compute_at", ["block", "loop", "preserve_unit_loops", "index"])
# `consumer_blocks?`: printed only when not empty.
# Inputs `[block, consumer_blocks]`, attributes `[buffer_index, storage_scope]`, as TVM records them.
def _cache_values(inputs, attrs):
    return [inputs[0], attrs[0], attrs[1], inputs[1] if len(inputs) > 1 else []]


_kind("CacheRead", "cache_read", ["block", "read_buffer_index", "storage_scope", "consumer_blocks?"], False, "single", arrange=_cache_values)
_kind("CacheWrite", "cache_write", ["block", "write_buffer_index", "storage_scope", "consumer_blocks?"], False, "single", arrange=_cache_values)
_kind("Tensorize", "tensorize", ["block_or_loop", "tensor_intrin", "preserve_unit_iters"])

_kind("LoopPartition", "loop_partition", ["loop", "factors", "preserve_unit_iters"], False, "list")
# Kinds TVM registers whose primitives run outside a schedule's methods.
_kind("EnterPostproc", "enter_postproc", [])


class Instruction:
    """One recorded schedule call: kind, inputs (RVs and values), attrs, outputs."""

    def __init__(self, kind, inputs, attrs, outputs):
        self.kind = kind
        self.inputs = list(inputs)
        self.attrs = list(attrs)
        self.outputs = list(outputs)

    def same_as(self, other):
        return self is other

    def __str__(self):
        from .trace import Trace

        return Trace([self])._line(self, {})

    __repr__ = __str__


# Layout primitives (index maps print as lambdas, `pad_value` as None or a lambda).
_kind("TransformLayout", "transform_layout", ["block", "buffer", "index_map", "pad_value", "assume_injective_transform"], keywords=True)
_kind("TransformBlockLayout", "transform_block_layout", ["block", "index_map"])
_kind("ReIndex", "reindex", ["block", "buffer"], False, "single")
_kind("AnnotateBufferAccess", "annotate_buffer_access", ["block", "buffer_index", "buf_type", "gen_new_ranges"])
_kind("UnsafeHideBufferAccess", "unsafe_hide_buffer_access", ["block", "buf_type", "buf_index_array"])

# The cache family beyond cache_read / cache_write.
_kind("ReindexCacheRead", "reindex_cache_read", ["block", "read_buffer_index", "storage_scope", "index_map"], False, "single")
_kind("ReindexCacheWrite", "reindex_cache_write", ["block", "write_buffer_index", "storage_scope", "index_map"], False, "single")
_kind("CacheInplace", "cache_inplace", ["block", "read_buffer_index", "storage_scope"], False, "list")
_kind("CacheIndex", "cache_index", ["block", "storage_scope", "cse_thresh"], False, "list")
_kind("ReadAt", "read_at", ["loop", "block", "read_buffer_index", "storage_scope"], False, "single")
_kind("WriteAt", "write_at", ["loop", "block", "write_buffer_index", "storage_scope"], False, "single")
# Rolling buffers and padding.
_kind("RollingBuffer", "rolling_buffer", ["block", "write_buffer_index"])
_kind("PadEinsum", "pad_einsum", ["block", "padding"])
_kind("DecomposePadding", "decompose_padding", ["block", "loop"], False, "single")
