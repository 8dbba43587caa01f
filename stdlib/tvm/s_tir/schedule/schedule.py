"""`tvm.s_tir.Schedule`: scheduling S-TIR functions, as TVM 0.27's traced schedule.

Random variables (`SBlockRV`, `LoopRV`) are handles; the schedule's symbol table
maps each to a statement reference of the native state (`ScheduleCore`), which
follows its loop or block across rewrites. Every primitive call is recorded as
an instruction of `sch.trace`.
"""
import _tvmscript

from .instruction import Instruction as _Instruction, InstructionKind as _InstructionKind
from .state import ScheduleError
from .trace import Trace

_core = _tvmscript.namespace("s_tir._schedule")


class SBlockRV:
    """A random variable that evaluates to a block."""

    def __repr__(self):
        return "s_tir.SBlockRV"

    def same_as(self, other):
        return self is other


class LoopRV:
    """A random variable that evaluates to a loop."""

    def __repr__(self):
        return "s_tir.LoopRV"

    def same_as(self, other):
        return self is other


class ExprRV:
    """A random variable that evaluates to an integer (a sampling result)."""

    def __repr__(self):
        return "v"


# What a LoopRV sampled by `sample_compute_location` holds for the root and
# inline locations (TVM's `StmtSRef.root_mark()` / `inline_mark()`).
_ROOT_MARK = ("root-mark",)
_INLINE_MARK = ("inline-mark",)


def _parse_mod(mod):
    import tvm

    if isinstance(mod, tvm.tirx.PrimFunc):
        return tvm.IRModule({"main": mod})
    if isinstance(mod, tvm.IRModule):
        return mod
    raise TypeError(f"Expected `mod` to be PrimFunc or IRModule, but gets: {mod}")


class Schedule:
    """The user-facing schedule class (TVM 0.27's `tvm.s_tir.Schedule`)."""

    def __init__(self, mod, *, seed=None, debug_mask="none", error_render_level="detail", enable_check=True):
        if error_render_level not in ("detail", "fast", "none"):
            raise ValueError(
                'error_render_level can be "detail", "fast", or "none", but got: ' + repr(error_render_level)
            )
        self._core = _core.ScheduleCore(_parse_mod(mod), error_render_level)
        self._symbols = {}
        self._trace = Trace()
        from .sampling import RandState

        if seed is not None and not isinstance(seed, int):
            raise TypeError(f"Expected `seed` to be int or None, but gets: {seed}")
        if seed is not None and (seed < 1 or seed > 2147483647):
            raise ValueError(f"seed must be in the range [1, 2147483647], but gets: {seed}")
        self._rand = RandState(-1 if seed is None else seed)
        self._debug_mask = debug_mask
        self._enable_check = enable_check
        self._error_render_level = error_render_level
        names = self._core.prim_func_names()
        self._func_working_on = names[0] if len(names) == 1 else None

    # ---- state -------------------------------------------------------------
    @property
    def mod(self):
        """The module being scheduled."""
        return self._core.module()

    @property
    def state(self):
        """The schedule state (this schedule's native core)."""
        return self._core

    @property
    def trace(self):
        """The instructions applied so far."""
        return self._trace

    @property
    def func_working_on(self):
        import tvm

        return None if self._func_working_on is None else self.mod.get_global_var(self._func_working_on)

    def work_on(self, func_name):
        """Make `func_name` the function `get_sblock` looks in by default."""
        if func_name not in self._core.prim_func_names():
            raise ValueError(f"Cannot find function {func_name} in the IRModule")
        self._func_working_on = func_name

    def copy(self):
        """An independent schedule with the same state, trace and random variables."""
        new = Schedule.__new__(Schedule)
        new.__dict__.update(self.__dict__)
        new._core = self._core.copy()
        new._symbols = dict(self._symbols)
        new._trace = Trace(self._trace.insts, self._trace.decisions)
        from .sampling import RandState

        new._rand = RandState(self._rand.fork_seed())
        return new

    def seed(self, seed):
        """Re-seed the random state (-1: a device seed)."""
        from .sampling import RandState

        self._rand = RandState(seed)

    def fork_seed(self):
        """A seed for a new schedule, drawn from this one's random state."""
        return self._rand.fork_seed()

    def show(self, *args, **kwargs):
        """Print the module and the trace."""
        self.mod.show(*args, **kwargs)
        self._trace.show()

    # ---- random variables --------------------------------------------------
    def _new_rv(self, cls, sref):
        rv = cls()
        self._symbols[rv] = sref
        return rv

    def _sref(self, rv, cls):
        if isinstance(rv, str) and cls is SBlockRV:
            return self._sref(self.get_sblock(rv), SBlockRV)
        if rv not in self._symbols:
            kind = "SBlockRV" if cls is SBlockRV else "LoopRV"
            raise IndexError(f"Cannot find corresponding {kind}: {rv}")
        return self._symbols[rv]

    def _block(self, block):
        """A block argument: an SBlockRV, or a block name (resolved by `get_sblock`)."""
        if isinstance(block, str):
            return self.get_sblock(block)
        return block

    def get(self, rv):
        """The loop or block a random variable evaluates to."""
        if isinstance(rv, ExprRV):
            if rv not in self._symbols:
                raise IndexError(f"Cannot find corresponding ExprRV: {rv}")
            return self._symbols[rv]
        if isinstance(rv, SBlockRV):
            return self._core.get(self._sref(rv, SBlockRV), "block")
        if isinstance(rv, LoopRV):
            return self._core.get(self._sref(rv, LoopRV), "loop")
        return rv

    def get_sref(self, rv):
        """The statement reference of a random variable (an integer id here)."""
        return self._sref(rv, type(rv))

    def remove_rv(self, rv):
        """Forget a random variable."""
        self._symbols.pop(rv, None)

    def _record(self, name, inputs, attrs, outputs):
        self._trace.insts.append(_Instruction(_InstructionKind.get(name), inputs, attrs, outputs))

    # ---- queries -----------------------------------------------------------
    def get_sblock(self, name, func_name=None):
        """The block named `name` in `func_name` (or the function worked on)."""
        if func_name is None:
            if self._func_working_on is None:
                raise ValueError(
                    "`get_sblock` does not know which function to be working on. Please specify the "
                    "function name explicitly, or call `work_on` to specify the function before using "
                    "`get_sblock`."
                )
            func_name = self._func_working_on
        rv = self._new_rv(SBlockRV, self._core.get_sblock(name, func_name))
        self._record("GetSBlock", [], [name, func_name], [rv])
        return rv

    def get_loops(self, block):
        """The loops above a block, outermost first."""
        block = self._block(block)
        rvs = [self._new_rv(LoopRV, s) for s in self._core.get_loops(self._sref(block, SBlockRV))]
        self._record("GetLoops", [block], [], rvs)
        return rvs

    def get_child_blocks(self, block_or_loop):
        """The blocks directly under a block or a loop."""
        block_or_loop = self._block(block_or_loop)
        cls = LoopRV if isinstance(block_or_loop, LoopRV) else SBlockRV
        rvs = [self._new_rv(SBlockRV, s) for s in self._core.get_child_blocks(self._sref(block_or_loop, cls))]
        self._record("GetChildBlocks", [block_or_loop], [], rvs)
        return rvs

    def get_producers(self, block):
        """The blocks of the scope that write what the block reads."""
        block = self._block(block)
        rvs = [self._new_rv(SBlockRV, s) for s in self._core.dataflow_neighbours(self._sref(block, SBlockRV), True)]
        self._record("GetProducers", [block], [], rvs)
        return rvs

    def get_consumers(self, block):
        """The blocks of the scope that read what the block writes."""
        block = self._block(block)
        rvs = [self._new_rv(SBlockRV, s) for s in self._core.dataflow_neighbours(self._sref(block, SBlockRV), False)]
        self._record("GetConsumers", [block], [], rvs)
        return rvs

    # ---- loop transformations ---------------------------------------------
    def split(self, loop, factors, preserve_unit_iters=True, disable_predication=False):
        """Split a loop into nested loops of the given extents (one may be None)."""
        import tvm

        values = []
        for f in factors:
            if f is None or isinstance(f, int) and f == -1:
                values.append(None)
            elif isinstance(f, int):
                values.append(tvm.tirx.const(f, "int32"))
            else:
                values.append(self.get(f))
        srefs = self._core.split(self._sref(loop, LoopRV), values, preserve_unit_iters, disable_predication)
        rvs = [self._new_rv(LoopRV, s) for s in srefs]
        recorded = [None if v is None else f for f, v in zip(factors, values)]
        self._record("Split", [loop, recorded], [preserve_unit_iters, disable_predication], rvs)
        return rvs

    def reorder(self, *ordered_loops):
        """Put the loops of a chain in the given order."""
        if len(ordered_loops) == 1 and isinstance(ordered_loops[0], (list, tuple)):
            ordered_loops = tuple(ordered_loops[0])
        self._core.reorder([self._sref(l, LoopRV) for l in ordered_loops])
        self._record("Reorder", list(ordered_loops), [], [])

    def add_unit_loop(self, block_or_loop):
        """A loop of extent 1 above a block or a loop."""
        block_or_loop = self._block(block_or_loop)
        cls = LoopRV if isinstance(block_or_loop, LoopRV) else SBlockRV
        rv = self._new_rv(LoopRV, self._core.add_unit_loop(self._sref(block_or_loop, cls)))
        self._record("AddUnitLoop", [block_or_loop], [], [rv])
        return rv

    def compute_inline(self, block):
        """Inline a block into the blocks that read what it writes."""
        block = self._block(block)
        self._core.compute_inline(self._sref(block, SBlockRV))
        self._record("ComputeInline", [block], [], [])

    def reverse_compute_inline(self, block):
        """Inline a block into the one block that produces what it reads."""
        block = self._block(block)
        self._core.reverse_compute_inline(self._sref(block, SBlockRV))
        self._record("ReverseComputeInline", [block], [], [])

    def fuse(self, *loops, preserve_unit_iters=True):
        """Fuse a chain of loops into one."""
        if len(loops) == 1 and isinstance(loops[0], (list, tuple)):
            loops = tuple(loops[0])
        sref = self._core.fuse([self._sref(l, LoopRV) for l in loops], preserve_unit_iters)
        rv = self._new_rv(LoopRV, sref)
        self._record("Fuse", list(loops), [preserve_unit_iters], [rv])
        return rv

    # ---- loop kinds --------------------------------------------------------
    def parallel(self, loop):
        self._core.set_loop_kind(self._sref(loop, LoopRV), "parallel", None)
        self._record("Parallel", [loop], [], [])

    def vectorize(self, loop):
        self._core.set_loop_kind(self._sref(loop, LoopRV), "vectorized", None)
        self._record("Vectorize", [loop], [], [])

    def unroll(self, loop):
        self._core.set_loop_kind(self._sref(loop, LoopRV), "unroll", None)
        self._record("Unroll", [loop], [], [])

    def bind(self, loop, thread_axis):
        self._core.set_loop_kind(self._sref(loop, LoopRV), "thread_binding", thread_axis)
        self._record("Bind", [loop], [thread_axis], [])

    # ---- buffer location and layout -------------------------------------
    def _normalize_buffer_arg(self, block, buffer, required_buffer_type=None):
        """`(kind, index, buffer)` of a buffer given as an index, a name, a buffer or a
        `("read"|"write", index)` pair, among the regions of `block`."""
        import tvm

        block_obj = self.get(block)
        block_name = block_obj.name_hint

        def iter_buffers():
            for i, read in enumerate(block_obj.reads):
                yield "read", i, read.source
            for i, write in enumerate(block_obj.writes):
                yield "write", i, write.source

        if isinstance(buffer, int):
            buffer = (required_buffer_type, buffer)
        if isinstance(buffer, str):
            possible = []
            for kind, index, buf in iter_buffers():
                if buf.name == buffer and not any(p[2].same_as(buf) for p in possible):
                    possible.append((kind, index, buf))
            assert possible, f"Could not find buffer '{buffer}' in block '{block_name}'"
            assert len(possible) == 1, f"Multiple buffers named '{buffer}' in block '{block_name}'"
            kind, index, buffer_obj = possible[0]
        elif isinstance(buffer, tvm.ir.Var):
            found = False
            for kind, index, buffer_obj in iter_buffers():
                if buffer_obj.same_as(buffer):
                    found = True
                    break
            assert found, f"Could not find buffer '{buffer.name}' in block '{block_name}'"
        elif isinstance(buffer, tuple):
            kind, index = buffer
            assert kind in ["read", "write"], (
                f"Invalid buffer_index_type.  Expected 'read' or 'write', but received {kind}"
            )
            buffer_list = block_obj.reads if kind == "read" else block_obj.writes
            assert 0 <= index < len(buffer_list), (
                f"Invalid buffer_index {index}.  Block {block_name} has only "
                f"{len(buffer_list)} {kind} buffers."
            )
            buffer_obj = buffer_list[index].source
        else:
            raise TypeError(f"Invalid type for argument 'buffer': {type(buffer)}")
        if required_buffer_type is not None:
            assert kind == required_buffer_type, (
                f"Expected buffer to be read buffer, but {buffer_obj.name} was a {kind} buffer "
                f"in the specified block"
            )
        return kind, index, buffer_obj

    def storage_align(self, block, buffer_index, axis, factor, offset):
        """Align a dimension of a block-allocated buffer: stride % factor == offset."""
        block = self._block(block)
        self._core.storage_align(self._sref(block, SBlockRV), buffer_index, axis, factor, offset)
        self._record("StorageAlign", [block], [buffer_index, axis, factor, offset], [])

    def set_scope(self, block, buffer_index, storage_scope):
        """Set the storage scope of the buffer `block` writes at `buffer_index`."""
        block = self._block(block)
        if not isinstance(buffer_index, int):
            _, buffer_index, _ = self._normalize_buffer_arg(block, buffer_index, required_buffer_type="write")
        self._core.set_scope(self._sref(block, SBlockRV), buffer_index, storage_scope)
        self._record("SetScope", [block], [buffer_index, storage_scope], [])

    def unsafe_set_dtype(self, block, buffer_index, dtype):
        """Set the element type of the buffer `block` writes at `buffer_index` (casts
        are inserted at its stores and loads; the program's meaning may change)."""
        block = self._block(block)
        self._core.unsafe_set_dtype(self._sref(block, SBlockRV), buffer_index, str(dtype))
        self._record("UnsafeSetDType", [block], [buffer_index, str(dtype)], [])

    # ---- annotations -------------------------------------------------------
    def annotate(self, block_or_loop, ann_key, ann_val):
        block_or_loop = self._block(block_or_loop)
        cls = LoopRV if isinstance(block_or_loop, LoopRV) else SBlockRV
        self._core.annotate(self._sref(block_or_loop, cls), ann_key, ann_val)
        self._record("Annotate", [block_or_loop, ann_val], [ann_key], [])

    def unannotate(self, block_or_loop, ann_key):
        block_or_loop = self._block(block_or_loop)
        cls = LoopRV if isinstance(block_or_loop, LoopRV) else SBlockRV
        self._core.annotate(self._sref(block_or_loop, cls), ann_key, None)
        self._record("Unannotate", [block_or_loop], [ann_key], [])


    # ---- sampling ----------------------------------------------------------
    def _record_decision(self, name, inputs, attrs, outputs, decision):
        self._record(name, inputs, attrs, outputs)
        self._trace.decisions[self._trace.insts[-1]] = decision

    def sample_categorical(self, candidates, probs, decision=None):
        """One of `candidates`, drawn with the probabilities `probs`."""
        from . import sampling

        candidates = [int(c) for c in candidates]
        probs = [float(getattr(p, "value", p)) for p in probs]
        value, decision = sampling.sample_categorical(self._rand, candidates, probs, decision)
        rv = self._new_rv(ExprRV, value)
        self._record_decision("SampleCategorical", [], [candidates, probs], [rv], decision)
        return rv

    def sample_perfect_tile(self, loop, n, max_innermost_factor=16, decision=None):
        """`n` tile sizes whose product is the loop's extent."""
        from . import sampling

        extent = self.get(loop).extent
        extent = int(extent.value) if hasattr(extent, "value") and isinstance(extent.value, int) else None
        result = sampling.sample_perfect_tile(self._rand, extent, n, max_innermost_factor, decision)
        rvs = [self._new_rv(ExprRV, v) for v in result]
        self._record_decision("SamplePerfectTile", [loop], [n, max_innermost_factor], rvs, list(result))
        return rvs

    def sample_compute_location(self, block, decision=None):
        """A loop (or the root / inline location) the block could be computed at."""
        from . import sampling

        block = self._block(block)
        candidates = self._core.compute_location_candidates(self._sref(block, SBlockRV))
        indices = [d for d, _ in candidates]
        pos, decision = sampling.sample_location(self._rand, indices, decision)
        if pos is None:
            target = _ROOT_MARK
        else:
            d, loop = candidates[pos]
            target = _INLINE_MARK if d == -2 else _ROOT_MARK if d == -1 else loop
        rv = self._new_rv(LoopRV, target)
        self._record_decision("SampleComputeLocation", [block], [], [rv], decision)
        return rv

    # ---- reduction and restructuring ----------------------------------------
    def decompose_reduction(self, block, loop):
        """Take a reduction block's init out into its own block above `loop`."""
        block = self._block(block)
        rv = self._new_rv(SBlockRV, self._core.decompose_reduction(self._sref(block, SBlockRV), self._sref(loop, LoopRV)))
        self._record("DecomposeReduction", [block, loop], [], [rv])
        return rv

    def rfactor(self, loop, factor_axis):
        """Factorize a reduction over `loop` through a new buffer (dimension `factor_axis`)."""
        rv = self._new_rv(SBlockRV, self._core.rfactor(self._sref(loop, LoopRV), int(factor_axis)))
        self._record("RFactor", [loop], [int(factor_axis)], [rv])
        return rv

    def fuse_reduction_epilogue(self, reduction_block, epilogue_block):
        """Fold an elementwise epilogue into the reduction block that produces its input."""
        reduction_block = self._block(reduction_block)
        epilogue_block = self._block(epilogue_block)
        self._core.fuse_reduction_epilogue(self._sref(reduction_block, SBlockRV), self._sref(epilogue_block, SBlockRV))
        self._record("FuseReductionEpilogue", [reduction_block, epilogue_block], [], [])

    def blockize(self, target, preserve_unit_iters=True):
        """Make the subtree under a loop a block of its own; returns the new outer block."""
        if isinstance(target, (list, tuple)):
            raise NotImplementedError("blockize of a list of blocks is not supported yet")
        rv = self._new_rv(SBlockRV, self._core.blockize(self._sref(target, LoopRV), bool(preserve_unit_iters)))
        self._record("Blockize", [target], [bool(preserve_unit_iters)], [rv])
        return rv

    def merge(self, *loops):
        """Merge loop nests of the same depth and extents into one."""
        for i, l in enumerate(loops):
            if isinstance(l, (list, tuple)):
                raise TypeError(
                    f'In "Schedule.merge", "loops[{i}]" has wrong type. Expected "LoopRV", but gets: "List[LoopRV]"'
                )
        rv = self._new_rv(LoopRV, self._core.merge([self._sref(l, LoopRV) for l in loops]))
        self._record("Merge", list(loops), [], [rv])
        return rv

    def reorder_block_iter_var(self, block, new_order):
        """Reorder a block's iteration variables."""
        if not isinstance(block, SBlockRV):
            raise TypeError(
                f'In "Schedule.reorder_block_iter_var", "block" has wrong type. Expected "SBlockRV", but gets: "{type(block).__name__}"'
            )
        new_order = [int(i) for i in new_order]
        self._core.reorder_block_iter_var(self._sref(block, SBlockRV), new_order)
        self._record("ReorderBlockIterVar", [block, new_order], [], [])
    # ---- compute location ------------------------------------------------
    def compute_at(self, block, loop, preserve_unit_loops=False, index=-1):
        """Move a producer block under a loop, with a loop nest over the part its
        consumers under that loop need."""
        block = self._block(block)
        preserve_unit_loops = bool(preserve_unit_loops)
        self._core.compute_at(self._sref(block, SBlockRV), self._sref(loop, LoopRV), preserve_unit_loops, int(index), True)
        self._record("ComputeAt", [block, loop], [preserve_unit_loops, int(index)], [])

    def reverse_compute_at(self, block, loop, preserve_unit_loops=False, index=-1):
        """Move a consumer block under a loop, with a loop nest over the part its
        producers under that loop provide."""
        block = self._block(block)
        preserve_unit_loops = bool(preserve_unit_loops)
        self._core.compute_at(self._sref(block, SBlockRV), self._sref(loop, LoopRV), preserve_unit_loops, int(index), False)
        self._record("ReverseComputeAt", [block, loop], [preserve_unit_loops, int(index)], [])

    # ---- caches ------------------------------------------------------------
    def _cache(self, read, block, buffer_index, storage_scope, consumer_blocks):
        if consumer_blocks is None:
            consumer_blocks = []
        consumer_blocks = [self._block(b) for b in consumer_blocks]
        block = self._block(block)
        if not isinstance(buffer_index, int):
            _, buffer_index, _ = self._normalize_buffer_arg(
                block, buffer_index, required_buffer_type="read" if read else "write"
            )
        sref = self._core.cache_rw(
            self._sref(block, SBlockRV), buffer_index, storage_scope,
            [self._sref(b, SBlockRV) for b in consumer_blocks], read,
        )
        rv = self._new_rv(SBlockRV, sref)
        self._record("CacheRead" if read else "CacheWrite", [block, consumer_blocks], [buffer_index, storage_scope], [rv])
        return rv

    def cache_read(self, block, read_buffer_index, storage_scope, consumer_blocks=None):
        """A block copying the `read_buffer_index`-th buffer the block reads into a
        new buffer under `storage_scope`, read by the consumers instead."""
        return self._cache(True, block, read_buffer_index, storage_scope, consumer_blocks)

    def cache_write(self, block, write_buffer_index, storage_scope, consumer_blocks=None):
        """The block writes a new buffer under `storage_scope`, and a new block copies
        it into the `write_buffer_index`-th buffer the block wrote."""
        return self._cache(False, block, write_buffer_index, storage_scope, consumer_blocks)

    # ---- tensorize ---------------------------------------------------------
    def tensorize(self, block_or_loop, tensor_intrin, preserve_unit_iters=True):
        """Replace the block (or the subtree under the loop, blockized first) by
        the registered tensor intrinsic's implementation, after checking that it
        computes what the intrinsic's description computes."""
        from .._tensor_intrin import TensorIntrin

        intrin = TensorIntrin.get(tensor_intrin)
        cls = LoopRV if isinstance(block_or_loop, LoopRV) else SBlockRV
        self._core.tensorize(self._sref(block_or_loop, cls), intrin.desc, intrin.impl, bool(preserve_unit_iters))
        self._record("Tensorize", [block_or_loop], [tensor_intrin, bool(preserve_unit_iters)], [])
    # ---- layout: transform_layout, transform_block_layout -------------------
    def transform_layout(self, block, buffer, index_map, pad_value=None, *, assume_injective_transform=False):
        """Re-lay out a buffer the block accesses through an index map (a function of
        the buffer's indices or an `IndexMap`); `pad_value` fills what the new
        shape adds."""
        from tvm.tirx import IndexMap

        block = self._block(block)
        buffer, index_map, pad_value = _from_trace_text(buffer), _from_trace_text(index_map), _from_trace_text(pad_value)
        kind, index, buffer_obj = self._normalize_buffer_arg(block, buffer)
        ndim = len(buffer_obj.ty.shape)
        index_dtype = _sblock_default_dtype(self.get(block))
        if callable(index_map) and not isinstance(index_map, IndexMap):
            index_map = IndexMap.from_func(index_map, ndim=ndim, index_dtype=index_dtype)
        if pad_value is None:
            pass
        elif callable(pad_value) and not isinstance(pad_value, IndexMap):
            pad_value = IndexMap.from_func(pad_value, ndim=len(index_map.final_indices), index_dtype=index_dtype)
        elif not isinstance(pad_value, IndexMap):
            import tvm

            dtype = str(getattr(buffer_obj.ty.dtype, "dtype", buffer_obj.ty.dtype))
            if isinstance(pad_value, int) and not isinstance(pad_value, bool) and dtype.startswith(("int", "uint")):
                pad_value = tvm.tirx.IntImm(dtype, pad_value)
            elif isinstance(pad_value, float) and dtype.startswith(("float", "bfloat")):
                pad_value = tvm.tirx.FloatImm(dtype, pad_value)
            value = pad_value
            pad_value = IndexMap.from_func(lambda *indices: value, ndim=len(index_map.final_indices), index_dtype=index_dtype)
        assume_injective_transform = bool(assume_injective_transform)
        self._core.transform_layout(
            self._sref(block, SBlockRV), index, kind == "write", index_map, pad_value, assume_injective_transform
        )
        self._record(
            "TransformLayout", [block], [_BufferIndex(kind, index), index_map, pad_value, assume_injective_transform], []
        )

    def transform_block_layout(self, block, index_map):
        """Map a block's iteration space through an index map; new loops run over it."""
        from tvm.tirx import IndexMap

        block = self._block(block)
        index_map = _from_trace_text(index_map)
        if callable(index_map) and not isinstance(index_map, IndexMap):
            index_map = IndexMap.from_func(index_map, index_dtype=_sblock_default_dtype(self.get(block)))
        self._core.transform_block_layout(self._sref(block, SBlockRV), index_map)
        self._record("TransformBlockLayout", [block], [index_map], [])

    # ---- reindex and explicit accesses ----------------------------------------
    def reindex(self, block, buffer):
        """An intermediate buffer indexed by the block's variables for a buffer the
        block accesses with one set of indices, and a block copying between them."""
        block = self._block(block)
        kind, index, _ = self._normalize_buffer_arg(block, _from_trace_text(buffer))
        rv = self._new_rv(SBlockRV, self._core.reindex(self._sref(block, SBlockRV), index, kind == "write"))
        self._record("ReIndex", [block], [_BufferIndex(kind, index)], [rv])
        return rv

    def annotate_buffer_access(self, block, buffer_index, buf_type, gen_new_ranges):
        """Declare the region a block reads or writes of a buffer: `gen_new_ranges`
        maps the block's variables to a `(begin, end)` pair (or a point) per dimension."""
        import tvm
        from tvm.tirx import IndexMap

        if not isinstance(block, SBlockRV):
            raise TypeError(
                'In "Schedule.annotate_buffer_access", "block" has wrong type. Expected "SBlockRV", '
                f'but gets: "{type(block).__name__}"'
            )
        block_obj = self.get(block)
        iter_vars = [x.var for x in block_obj.iter_vars]
        new_ranges_spec = _from_trace_text(gen_new_ranges)(*iter_vars)
        if len(iter_vars) != len(new_ranges_spec):
            raise ValueError(
                f"Number of iter_vars ({len(iter_vars)}) must match "
                f"number of new_ranges_spec ({len(new_ranges_spec)})"
            )
        result = []
        for rng in new_ranges_spec:
            if isinstance(rng, (tuple, list)):
                if len(rng) != 2:
                    raise ValueError("Tuple must have exactly 2 elements to represent (begin, end).")
                result.extend(rng)
            elif isinstance(rng, (tvm.ir.Expr, int)):
                result.extend([rng, rng + 1])
            else:
                raise TypeError(f"Expected Expr or tuple of Expr, got {type(rng)}")
        index_map = IndexMap(initial_indices=iter_vars, final_indices=result, inverse_index_map=None)
        self._core.annotate_buffer_access(self._sref(block, SBlockRV), int(buffer_index), buf_type == "write", index_map)
        self._record("AnnotateBufferAccess", [block], [int(buffer_index), buf_type, _GenNewRanges(index_map)], [])

    def unsafe_hide_buffer_access(self, block, buf_type, buf_index_array):
        """Drop some of a block's read or write regions (the program may become wrong)."""
        buf_index_array = [int(i) for i in buf_index_array]
        self._core.unsafe_hide_buffer_access(self._sref(block, SBlockRV), buf_type, buf_index_array)
        self._record("UnsafeHideBufferAccess", [block], [buf_type, buf_index_array], [])

    # ---- loop partition, iterator maps -------------------------------------
    def loop_partition(self, loop, factors, preserve_unit_iters=True):
        """Cut a loop into consecutive loops of the given lengths (one may be None),
        each under its own opaque block, all under a common block."""
        import tvm

        values = []
        for f in factors:
            if f is None or isinstance(f, int) and f == -1:
                values.append(None)
            elif isinstance(f, int):
                values.append(tvm.tirx.const(f, "int32"))
            else:
                values.append(self.get(f))
        srefs = self._core.loop_partition(self._sref(loop, LoopRV), values, preserve_unit_iters)
        rvs = [self._new_rv(LoopRV, s) for s in srefs]
        recorded = [None if v is None else f for f, v in zip(factors, values)]
        self._record("LoopPartition", [loop, recorded], [preserve_unit_iters], rvs)
        return rvs

    # ---- the cache family: reindexed, in-place and index caches; read/write at
    def _reindex_cache(self, read, block, buffer_index, storage_scope, index_map):
        from tvm.tirx import IndexMap

        block = self._block(block)
        index_map = _from_trace_text(index_map)
        if callable(index_map) and not isinstance(index_map, IndexMap):
            index_map = IndexMap.from_func(index_map, index_dtype=_sblock_default_dtype(self.get(block)))
        sref = self._core.reindex_cache(self._sref(block, SBlockRV), int(buffer_index), storage_scope, index_map, read)
        rv = self._new_rv(SBlockRV, sref)
        kind = "ReindexCacheRead" if read else "ReindexCacheWrite"
        self._record(kind, [block], [int(buffer_index), storage_scope, index_map], [rv])
        return rv

    def reindex_cache_read(self, block, read_buffer_index, storage_scope, index_map):
        """A cache of the buffer the block reads at one point, laid out by `index_map`
        of the block's iteration variables, filled by a stage over their loops."""
        return self._reindex_cache(True, block, read_buffer_index, storage_scope, index_map)

    def reindex_cache_write(self, block, write_buffer_index, storage_scope, index_map):
        """The block writes a cache laid out by `index_map` of its iteration variables;
        a stage over their loops copies it into the buffer."""
        return self._reindex_cache(False, block, write_buffer_index, storage_scope, index_map)

    def cache_inplace(self, block, read_buffer_index, storage_scope):
        """A block reading and writing a buffer works on a copy under `storage_scope`,
        filled before it and written back after it; returns the two copy blocks."""
        block = self._block(block)
        if not isinstance(read_buffer_index, int):
            _, read_buffer_index, _ = self._normalize_buffer_arg(block, read_buffer_index, required_buffer_type="read")
        rvs = [self._new_rv(SBlockRV, s) for s in self._core.cache_inplace(self._sref(block, SBlockRV), read_buffer_index, storage_scope)]
        self._record("CacheInplace", [block], [read_buffer_index, storage_scope], rvs)
        return rvs

    def cache_index(self, block, storage_scope, cse_thresh=0):
        """Precompute the index expressions of the block (those repeated at least
        `cse_thresh` times) into buffers; returns the new blocks."""
        block = self._block(block)
        rvs = [self._new_rv(SBlockRV, s) for s in self._core.cache_index(self._sref(block, SBlockRV), storage_scope, int(cse_thresh))]
        self._record("CacheIndex", [block], [storage_scope, int(cse_thresh)], rvs)
        return rvs

    def read_at(self, loop, block, read_buffer_index, storage_scope):
        """Under `loop`, a block copying what the loop's body reads of the buffer into
        a buffer under `storage_scope`, read instead."""
        rv = self._new_rv(SBlockRV, self._core.read_write_at(self._sref(loop, LoopRV), self._sref(block, SBlockRV), int(read_buffer_index), storage_scope, True))
        self._record("ReadAt", [loop, block], [int(read_buffer_index), storage_scope], [rv])
        return rv

    def write_at(self, loop, block, write_buffer_index, storage_scope):
        """Under `loop`, the body writes a buffer under `storage_scope` and a block
        copies what it wrote back."""
        rv = self._new_rv(SBlockRV, self._core.read_write_at(self._sref(loop, LoopRV), self._sref(block, SBlockRV), int(write_buffer_index), storage_scope, False))
        self._record("WriteAt", [loop, block], [int(write_buffer_index), storage_scope], [rv])
        return rv

    def enter_postproc(self):
        """Mark where postprocessing begins in the trace."""
        self._record("EnterPostproc", [], [], [])
    # ---- rolling buffers and padding ------------------------------------------
    def rolling_buffer(self, block, write_buffer_index):
        """Fold the buffer the block writes at `write_buffer_index` along its
        outermost dimension whose tiles overlap, indexing it modulo the tile."""
        block = self._block(block)
        write_buffer_index = int(write_buffer_index)
        self._core.rolling_buffer(self._sref(block, SBlockRV), write_buffer_index)
        self._record("RollingBuffer", [block], [write_buffer_index], [])

    def pad_einsum(self, block, padding):
        """Pad the iteration domain of an Einsum-like block to multiples of
        `padding` (one per block variable), through padded copies of its buffers."""
        block = self._block(block)
        padding = [int(p) for p in padding]
        self._core.pad_einsum(self._sref(block, SBlockRV), padding)
        self._record("PadEinsum", [block], [padding], [])

    def decompose_padding(self, block, loop):
        """Split a padding block into one filling the pad value (above `loop`) and
        one copying the in-bound values; returns the former."""
        block = self._block(block)
        sref = self._core.decompose_padding(self._sref(block, SBlockRV), self._sref(loop, LoopRV), False)
        rv = self._new_rv(SBlockRV, sref)
        self._record("DecomposePadding", [block, loop], [], [rv])
        return rv

    def can_decompose_padding(self, block, loop):
        """Whether `decompose_padding(block, loop)` would succeed."""
        return self._core.decompose_padding(self._sref(block, SBlockRV), self._sref(loop, LoopRV), True)


class _BufferIndex(tuple):
    """A `("read"|"write", index)` buffer argument, as a trace prints it."""

    def __new__(cls, kind, index):
        return tuple.__new__(cls, (kind, index))

    def __trace_py__(self):
        return '("' + self[0] + '", ' + str(self[1]) + ")"


def _sblock_default_dtype(block):
    """The index type of a block: its first iteration variable's, else its first
    region's, else int64 (TVM's `_get_sblock_default_dtype`)."""
    for iv in block.iter_vars:
        return str(iv.var.ty)
    for region in list(block.reads) + list(block.writes):
        for dom in region.region:
            return str(dom.min.ty)
    return "int64"


class _GenNewRanges:
    """The `gen_new_ranges` of `annotate_buffer_access` as a trace prints it."""

    def __init__(self, index_map):
        self.index_map = index_map

    def __call__(self, *indices):
        mapped = list(self.index_map.map_indices(list(indices)))
        return [(mapped[i], mapped[i + 1]) for i in range(0, len(mapped), 2)]

    def __trace_py__(self):
        import tvm

        def text(e):
            return e.name if isinstance(e, tvm.tirx.Var) else str(e)

        finals = list(self.index_map.final_indices)
        parts = []
        for i in range(0, len(finals), 2):
            if finals[i].same_as(finals[i + 1]):
                parts.append(text(finals[i]))
            else:
                parts.append("(" + text(finals[i]) + ", " + text(finals[i + 1]) + ")")
        params = ", ".join(v.name for v in self.index_map.initial_indices)
        return "lambda " + params + ": [" + ", ".join(parts) + "]"


def _from_trace_text(value):
    """A value a JSON trace gave as its Python text (an index map's `lambda ...`, a
    `("read", 0)` buffer) evaluated back; anything else as it is."""
    if isinstance(value, str) and value.startswith(("lambda ", '("', "tvm.tirx.IndexMap")):
        import tvm
        from tvm.script import tirx as T

        return eval(value, {"T": T, "tvm": tvm})
    return value

