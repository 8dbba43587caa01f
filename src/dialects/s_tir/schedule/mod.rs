//! S-TIR schedules (`tvm.s_tir.Schedule`): IR-to-IR transformations of the
//! S-TIR dialect's loops and blocks, with TVM 0.27's checks and messages.
//!
//! Layers:
//! - [`state`]: the module under scheduling and the *statement references*
//!   (`SRefId`) random variables resolve to; `ScheduleState::replace` swaps a
//!   subtree and re-points every reference (loops follow their loop variable,
//!   blocks their name and iteration variables, other continuations are given as
//!   `reuse` pairs).
//! - [`error`]: `ScheduleError` (short text, detail template, objects of
//!   interest) and its three render levels.
//! - [`primitives`]: one function per primitive, `fn(&mut ScheduleState, ids…,
//!   arguments…) -> SchResult<ids>`: check (returning `error::fail(fast, detail,
//!   locations)` with TVM's texts), build the new subtree with `structural_map`
//!   (helpers: `substitute_loops`, `append_predicate`, `refold`), then
//!   `state.replace(func, old, new, reuse)` and `state.sref_of(func, &new_stmt)`
//!   for the references it returns.
//! - [`prims_inline`]: `reorder`, `add_unit_loop`, `compute_inline`;
//!   [`prims_reverse_inline`]: `reverse_compute_inline`.
//! - [`prims_reduction`], [`prims_epilogue`], [`prims_restructure`],
//!   [`prims_blockize`]: reductions (`decompose_reduction`, `rfactor`),
//!   `fuse_reduction_epilogue`, `merge` / `reorder_block_iter_var`, `blockize`.
//! - [`prims_tensorize`]: `tensorize` (TVM's tensorize comparator, the
//!   implementation bound with `match_buffer`s), on `prims_blockize`'s
//!   `blockize_realize`.
//! - [`prims_partition`]: `loop_partition`.
//! - [`sampling`]: what `sample_compute_location` needs from the state (the
//!   random draws are in `stdlib/tvm/s_tir/schedule/sampling.py`).
//! - [`prims_compute_at`], [`prims_cache`]: `compute_at` / `reverse_compute_at`
//!   and `cache_read` / `cache_write`, on [`region`] (regions relaxed over loops)
//!   and the core's analyzer (`crate::ir::arith::simplify`, `int_set`).
//! - [`prims_layout`]: `transform_layout`, `transform_block_layout` (index maps:
//!   `tirx::index_map`; padding filled by [`prims_layout_padding`]'s plans), [`prims_reindex`] (`reindex`), [`prims_access`]
//!   (`annotate_buffer_access`, `unsafe_hide_buffer_access`).
//! - [`prims_reindex_cache`] (`reindex_cache_read` / `reindex_cache_write`),
//!   [`prims_cache_index`] (`cache_index`), [`prims_read_write_at`]
//!   (`read_at` / `write_at`); `cache_inplace` is in [`prims_cache`].
//! - [`prims_rolling_buffer`], [`prims_pad_einsum`], [`prims_decompose_padding`]:
//!   `rolling_buffer`, `pad_einsum`, `decompose_padding`.
//! - [`python`]: `ScheduleCore`, the native object behind the Python class;
//!   one `#[pymethod]` per primitive converting arguments and calling `run`
//!   with the primitive's name (used by the `detail` rendering).
//!
//! The Python side (`stdlib/tvm/s_tir/schedule/`): `schedule.py` (random
//! variables, the symbol table, one method per primitive that calls the core and
//! records an instruction), `instruction.py` (the instruction kinds: their
//! names, how they print as Python and how they replay), `trace.py`.
//!
//! To add a primitive: write its function in `primitives.rs` (or a new module
//! beside it), a `#[pymethod]` in `python.rs`, the Python method in
//! `schedule.py` (resolve RVs with `self._sref(rv)`, call the core, make RVs for
//! the results with `self._new_rv`, then `self._record(kind, inputs, attrs,
//! outputs)`), and its instruction kind in `instruction.py` (`_kind(name,
//! method, params)` with the keyword names and defaults TVM prints).

pub mod error;
pub mod primitives;
pub mod prims_blockize;
pub mod prims_epilogue;
pub mod prims_cache;
pub mod prims_compute_at;
pub mod prims_inline;
pub mod prims_layout;
pub mod prims_layout_padding;
pub mod prims_access;
pub mod prims_reindex;
pub mod prims_rolling_buffer;
pub mod prims_pad_einsum;
pub mod prims_decompose_padding;
pub mod prims_reverse_inline;
pub mod prims_location;
pub mod prims_partition;
pub mod prims_reduction;
pub mod prims_restructure;
pub mod prims_tensorize;
pub mod prims_reindex_cache;
pub mod prims_read_write_at;
pub mod prims_cache_index;
pub mod python;
pub mod sampling;
pub mod region;
pub mod state;

/// Register `s_tir._schedule` (the native core the Python schedule uses).
pub fn register() {
    crate::vm::register_class_initializer(|| {
        use rustpython_vm::class::PyClassImpl;
        python::ScheduleCore::make_static_type();
    });
    crate::vm::namespace::register_namespace_initializer("s_tir._schedule", |t| {
        t.func("ScheduleCore", python::new_core);
        t.func("check_tensor_intrin", python::check_tensor_intrin);
    });
}
