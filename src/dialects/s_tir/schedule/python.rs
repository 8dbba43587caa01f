//! `s_tir._schedule.ScheduleCore`: the native half of `tvm.s_tir.Schedule`.
//!
//! The Python class (`stdlib/tvm/s_tir/schedule/schedule.py`) keeps the random
//! variables, the trace and the seed; this object keeps the [`ScheduleState`] and
//! runs the primitives on statement references, which cross to Python as plain
//! integers. A schedule check failure is raised as `tvm.s_tir.ScheduleError`
//! rendered at the schedule's level.

use rustpython_vm::builtins::PyType;
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{pyclass, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

use super::error::{RenderLevel, SchError, SchResult};
use super::primitives as p;
use super::prims_inline as pi;
use super::state::{SRefId, ScheduleState};
use crate::dialects::tirx::nodes::ForKind;
use crate::ir::{Expr, IRModule, IRModuleNode};
use crate::vm::convert::{py_to_expr, py_to_value, value_to_py};
use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};

/// The state behind one `tvm.s_tir.Schedule`.
#[pyclass(module = "tvm.s_tir", name = "ScheduleCore")]
#[derive(PyPayload)]
pub struct ScheduleCore {
    state: PyMutex<ScheduleState>,
    level: RenderLevel,
}

impl std::fmt::Debug for ScheduleCore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ScheduleCore")
    }
}

fn schedule_error_class(vm: &VirtualMachine) -> Option<PyRef<PyType>> {
    vm.import("tvm.s_tir.schedule.state", 0)
        .ok()
        .and_then(|_| vm.sys_module.get_attr("modules", vm).ok())
        .and_then(|m| m.get_item("tvm.s_tir.schedule.state", vm).ok())
        .and_then(|m| m.get_attr("ScheduleError", vm).ok())
        .and_then(|c| c.downcast::<PyType>().ok())
}

impl ScheduleCore {
    /// Run a primitive on the state; a failed check becomes a Python `ScheduleError`.
    fn run<T>(&self, vm: &VirtualMachine, primitive: &str, f: impl FnOnce(&mut ScheduleState) -> SchResult<T>) -> PyResult<T> {
        let mut state = self.state.lock();
        match f(&mut state) {
            Ok(v) => Ok(v),
            Err(SchError::Other(e)) => Err(e).py(vm),
            Err(SchError::Schedule(e)) => {
                let msg = e.render(self.level, primitive, &state.module, crate::vm::printing::script_syntax(vm));
                Err(match schedule_error_class(vm) {
                    Some(c) => vm.new_exception_msg(c, msg.into()),
                    None => vm.new_runtime_error(msg),
                })
            }
        }
    }
}

fn ids(vm: &VirtualMachine, v: Vec<SRefId>) -> PyObjectRef {
    vm.ctx.new_list(v.into_iter().map(|i| vm.ctx.new_int(i).into()).collect()).into()
}

#[pyclass]
impl ScheduleCore {
    /// The module as scheduled so far.
    #[pymethod]
    fn module(&self, vm: &VirtualMachine) -> PyObjectRef {
        wrap(vm, self.state.lock().module.clone().into())
    }

    /// An independent copy (same reference ids).
    #[pymethod]
    fn copy(&self, vm: &VirtualMachine) -> PyObjectRef {
        ScheduleCore { state: PyMutex::new(self.state.lock().clone()), level: self.level }.into_ref(&vm.ctx).into()
    }

    /// The names of the module's PrimFuncs.
    #[pymethod]
    fn prim_func_names(&self, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_list(self.state.lock().prim_func_names().into_iter().map(|n| vm.ctx.new_str(n).into()).collect()).into()
    }

    /// The statement a reference denotes (`what` names it in the error when removed).
    #[pymethod]
    fn get(&self, id: usize, what: String, vm: &VirtualMachine) -> PyResult {
        let s = self.state.lock().stmt(id, &what).py(vm)?;
        Ok(wrap(vm, s.into_object()))
    }

    /// The reference of the root block of a function.
    #[pymethod]
    fn root(&self, func: String, vm: &VirtualMachine) -> PyResult<usize> {
        let mut st = self.state.lock();
        let root = st.root_block(&func).py(vm)?;
        Ok(st.sref_of(&func, &root.into()))
    }

    /// Whether a reference denotes a loop.
    #[pymethod]
    fn is_loop(&self, id: usize) -> bool {
        self.state.lock().sref(id).stmt.as_ref().is_some_and(|s| s.is::<crate::dialects::tirx::nodes::ForNode>())
    }

    #[pymethod]
    fn get_sblock(&self, name: String, func: String, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "get-block", |s| p::get_sblock(s, &name, &func))
    }

    #[pymethod]
    fn get_loops(&self, block: usize, vm: &VirtualMachine) -> PyResult {
        Ok(ids(vm, self.run(vm, "get-loops", |s| p::get_loops(s, block))?))
    }

    #[pymethod]
    fn get_child_blocks(&self, parent: usize, vm: &VirtualMachine) -> PyResult {
        Ok(ids(vm, self.run(vm, "get-child-blocks", |s| p::get_child_blocks(s, parent))?))
    }

    /// `split(loop, factors, preserve_unit_iters, disable_predication)`; factors are
    /// expressions or None.
    #[pymethod]
    fn split(&self, loop_id: usize, factors: Vec<PyObjectRef>, preserve: bool, disable: bool, vm: &VirtualMachine) -> PyResult {
        let mut fs: Vec<Option<Expr>> = Vec::new();
        for f in &factors {
            fs.push(if vm.is_none(f) { None } else { Some(py_to_expr(vm, f)?) });
        }
        Ok(ids(vm, self.run(vm, "split", |s| p::split(s, loop_id, fs, preserve, disable))?))
    }

    #[pymethod]
    fn fuse(&self, loops: Vec<usize>, preserve: bool, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "fuse", |s| p::fuse(s, &loops, preserve))
    }

    #[pymethod]
    fn reorder(&self, loops: Vec<usize>, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "reorder", |s| pi::reorder(s, &loops))
    }

    #[pymethod]
    fn add_unit_loop(&self, id: usize, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "add-unit-loop", |s| pi::add_unit_loop(s, id))
    }

    #[pymethod]
    fn compute_inline(&self, block: usize, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "compute-inline", |s| pi::compute_inline(s, block))
    }

    #[pymethod]
    fn reverse_compute_inline(&self, block: usize, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "reverse-compute-inline", |s| pi::reverse_compute_inline(s, block))
    }

    /// `get_producers` (`producers`) / `get_consumers`.
    #[pymethod]
    fn dataflow_neighbours(&self, block: usize, producers: bool, vm: &VirtualMachine) -> PyResult {
        let name = if producers { "get-producers" } else { "get-consumers" };
        Ok(ids(vm, self.run(vm, name, |s| pi::dataflow_neighbours(s, block, producers))?))
    }

    /// `parallel`, `vectorize`, `unroll`, `bind` by the loop kind's name.
    #[pymethod]
    fn set_loop_kind(&self, loop_id: usize, kind: String, thread_axis: Option<String>, vm: &VirtualMachine) -> PyResult<()> {
        let (k, prim) = match kind.as_str() {
            "parallel" => (ForKind::Parallel, "parallel"),
            "vectorized" => (ForKind::Vectorized, "vectorize"),
            "unroll" => (ForKind::Unrolled, "unroll"),
            _ => (ForKind::ThreadBinding, "bind"),
        };
        self.run(vm, prim, |s| p::set_loop_kind(s, loop_id, k, thread_axis.as_deref()))
    }

    #[pymethod]
    fn set_scope(&self, block: usize, buffer_index: i64, scope: String, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "set-scope", |s| super::prims_location::set_scope(s, block, buffer_index, &scope))
    }

    #[pymethod]
    fn unsafe_set_dtype(&self, block: usize, buffer_index: i64, dtype: String, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "unsafe-set-dtype", |s| super::prims_location::unsafe_set_dtype(s, block, buffer_index, &dtype))
    }

    #[pymethod]
    fn storage_align(&self, block: usize, buffer_index: i64, axis: i64, factor: i64, offset: i64, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "storage-align", |s| super::prims_location::storage_align(s, block, buffer_index, axis, factor, offset))
    }

    /// `compute_at` (`is_compute_at`) / `reverse_compute_at`.
    #[pymethod]
    fn compute_at(&self, block: usize, loop_id: usize, preserve_unit_loops: bool, index: i64, is_compute_at: bool, vm: &VirtualMachine) -> PyResult<()> {
        let name = if is_compute_at { "compute-at" } else { "reverse-compute-at" };
        self.run(vm, name, |s| super::prims_compute_at::compute_at(s, block, loop_id, preserve_unit_loops, index, is_compute_at))
    }

    /// `cache_read` (`read`) / `cache_write`: the new block's reference.
    #[pymethod]
    fn cache_rw(&self, block: usize, index: i64, scope: String, consumers: Vec<usize>, read: bool, vm: &VirtualMachine) -> PyResult<usize> {
        if read {
            self.run(vm, "cache-read", |s| super::prims_cache::cache_read(s, block, index, &scope, &consumers))
        } else {
            self.run(vm, "cache-write", |s| super::prims_cache::cache_write(s, block, index, &scope, &consumers))
        }
    }

    /// `annotate` (a value) / `unannotate` (None).
    #[pymethod]
    fn annotate(&self, id: usize, key: String, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let v = if vm.is_none(&value) { None } else { Some(py_to_value(vm, &value)?) };
        let prim = if v.is_some() { "annotate" } else { "unannotate" };
        self.run(vm, prim, |s| p::annotate(s, id, &key, v))
    }

    // ---- reduction, restructuring and sampling ----------------------------

    #[pymethod]
    fn decompose_reduction(&self, block: usize, loop_id: usize, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "decompose-reduction", |s| super::prims_reduction::decompose_reduction(s, block, loop_id))
    }

    #[pymethod]
    fn merge(&self, loops: Vec<usize>, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "merge", |s| super::prims_restructure::merge(s, &loops))
    }

    #[pymethod]
    fn reorder_block_iter_var(&self, block: usize, new_order: Vec<i64>, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "reorder_block_iter_var", |s| super::prims_restructure::reorder_block_iter_var(s, block, &new_order))
    }

    #[pymethod]
    fn rfactor(&self, loop_id: usize, factor_axis: i64, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "rfactor", |s| super::prims_reduction::rfactor(s, loop_id, factor_axis))
    }

    #[pymethod]
    fn fuse_reduction_epilogue(&self, reduction: usize, epilogue: usize, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "fuse-reduction-epilogue", |s| super::prims_epilogue::fuse_reduction_epilogue(s, reduction, epilogue))
    }

    #[pymethod]
    fn blockize(&self, loop_id: usize, preserve: bool, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "blockize", |s| super::prims_blockize::blockize(s, loop_id, preserve))
    }

    /// `sample_compute_location`'s candidates: `[(decision, loop id or None)]`.
    #[pymethod]
    fn compute_location_candidates(&self, block: usize, vm: &VirtualMachine) -> PyResult {
        let c = self.run(vm, "sample-compute-location", |s| super::sampling::compute_location_candidates(s, block))?;
        Ok(vm
            .ctx
            .new_list(
                c.into_iter()
                    .map(|(d, l)| {
                        let l: PyObjectRef = match l {
                            Some(l) => vm.ctx.new_int(l).into(),
                            None => vm.ctx.none(),
                        };
                        vm.ctx.new_tuple(vec![vm.ctx.new_int(d).into(), l]).into()
                    })
                    .collect(),
            )
            .into())
    }

    // ---- tensorize ---------------------------------------------------------

    /// `tensorize(block_or_loop, intrinsic)` with the intrinsic's description and
    /// implementation.
    #[pymethod]
    fn tensorize(&self, id: usize, desc: PyObjectRef, implementation: PyObjectRef, preserve: bool, vm: &VirtualMachine) -> PyResult<()> {
        let desc = prim_func_arg(vm, &desc)?;
        let implementation = prim_func_arg(vm, &implementation)?;
        self.run(vm, "tensorize", |s| super::prims_tensorize::tensorize(s, id, &desc, &implementation, preserve))
    }
    // ---- layout: transform_layout, transform_block_layout ------------------

    /// `transform_layout(block, buffer_index, is_write, index_map, pad_value or None,
    /// assume_injective_transform)`.
    #[pymethod]
    #[allow(clippy::too_many_arguments)]
    fn transform_layout(
        &self,
        block: usize,
        index: i64,
        is_write: bool,
        index_map: PyObjectRef,
        pad_value: PyObjectRef,
        assume_injective: bool,
        vm: &VirtualMachine,
    ) -> PyResult<()> {
        let m = layout_index_map(vm, &index_map)?;
        let pad = if vm.is_none(&pad_value) { None } else { Some(layout_index_map(vm, &pad_value)?) };
        self.run(vm, "transform-layout", |s| super::prims_layout::transform_layout(s, block, index, is_write, &m, pad, assume_injective))
    }

    #[pymethod]
    fn transform_block_layout(&self, block: usize, index_map: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let m = layout_index_map(vm, &index_map)?;
        self.run(vm, "transform-block-layout", |s| super::prims_layout::transform_block_layout(s, block, &m))
    }

    /// `reindex(block, buffer_index, is_write)`: the copy block's reference.
    #[pymethod]
    fn reindex(&self, block: usize, index: i64, is_write: bool, vm: &VirtualMachine) -> PyResult<usize> {
        self.run(vm, "reindex", |s| super::prims_reindex::reindex(s, block, index, is_write))
    }

    #[pymethod]
    fn annotate_buffer_access(&self, block: usize, index: i64, is_write: bool, index_map: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let m = layout_index_map(vm, &index_map)?;
        self.run(vm, "annotate-buffer-access", |s| super::prims_access::annotate_buffer_access(s, block, index, is_write, &m))
    }

    #[pymethod]
    fn unsafe_hide_buffer_access(&self, block: usize, buf_type: String, indices: Vec<i64>, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "unsafe-hide-buffer-access", |s| super::prims_access::unsafe_hide_buffer_access(s, block, &buf_type, &indices))
    }

    /// `loop_partition(loop, factors, preserve_unit_iters)`; factors are
    /// expressions or None.
    #[pymethod]
    fn loop_partition(&self, loop_id: usize, factors: Vec<PyObjectRef>, preserve: bool, vm: &VirtualMachine) -> PyResult {
        let mut fs: Vec<Option<Expr>> = Vec::new();
        for f in &factors {
            fs.push(if vm.is_none(f) { None } else { Some(py_to_expr(vm, f)?) });
        }
        Ok(ids(vm, self.run(vm, "loop_partition", |s| super::prims_partition::loop_partition(s, loop_id, fs, preserve))?))
    }

    // ---- the cache family: reindexed caches, in-place caches, index caches, read/write at
    /// `reindex_cache_read` (`read`) / `reindex_cache_write`: the stage block's reference.
    #[pymethod]
    fn reindex_cache(&self, block: usize, index: i64, scope: String, index_map: PyObjectRef, read: bool, vm: &VirtualMachine) -> PyResult<usize> {
        let m = layout_index_map(vm, &index_map)?;
        let name = if read { "reverse-cache-read" } else { "reverse-cache-write" };
        self.run(vm, name, |s| super::prims_reindex_cache::reindex_cache(s, block, index, &scope, &m, read))
    }

    /// `cache_inplace(block, read_buffer_index, storage_scope)`: the two stages' references.
    #[pymethod]
    fn cache_inplace(&self, block: usize, index: i64, scope: String, vm: &VirtualMachine) -> PyResult {
        Ok(ids(vm, self.run(vm, "cache-buffer", |s| super::prims_cache::cache_inplace(s, block, index, &scope))?))
    }

    /// `cache_index(block, storage_scope, cse_thresh)`: the new blocks' references.
    #[pymethod]
    fn cache_index(&self, block: usize, scope: String, cse_thresh: i64, vm: &VirtualMachine) -> PyResult {
        Ok(ids(vm, self.run(vm, "cache-index", |s| super::prims_cache_index::cache_index(s, block, &scope, cse_thresh))?))
    }

    /// `read_at` (`read`) / `write_at`: the copy block's reference.
    #[pymethod]
    fn read_write_at(&self, loop_id: usize, block: usize, index: i64, scope: String, read: bool, vm: &VirtualMachine) -> PyResult<usize> {
        let name = if read { "read-at" } else { "write-at" };
        self.run(vm, name, |s| super::prims_read_write_at::read_write_at(s, loop_id, block, index, &scope, read))
    }

    /// The reference of a loop or block of the module (`ScheduleState.get_sref`);
    /// None for another statement.
    #[pymethod]
    fn sref_of_stmt(&self, stmt: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let Some(o) = unwrap_object(&stmt) else { return Ok(vm.ctx.none()) };
        if !super::state::is_sref_stmt(&o) {
            return Ok(vm.ctx.none());
        }
        let mut st = self.state.lock();
        for name in st.prim_func_names() {
            let f = st.func(&name).py(vm)?;
            let mut found = false;
            crate::ir::map::pre_order_visit(&f.body.clone().into_object(), |n| {
                found |= n.same_as(&o);
                !found
            });
            if found {
                let s = crate::dialects::tirx::nodes::Stmt::try_from_object(o).py(vm)?;
                return Ok(vm.ctx.new_int(st.sref_of(&name, &s)).into());
            }
        }
        Ok(vm.ctx.none())
    }

    /// The function a reference belongs to.
    #[pymethod]
    fn sref_func(&self, id: usize) -> String {
        self.state.lock().sref(id).func.clone()
    }

    /// The statement of a reference, or None once removed.
    #[pymethod]
    fn sref_stmt(&self, id: usize, vm: &VirtualMachine) -> PyObjectRef {
        match self.state.lock().sref(id).stmt.clone() {
            Some(s) => wrap(vm, s.into_object()),
            None => vm.ctx.none(),
        }
    }

    /// `ScheduleState.replace(src_sref, tgt_stmt, block_sref_reuse)`: `reuse` pairs
    /// old blocks with the new blocks that continue them.
    #[pymethod]
    fn replace_stmt(&self, id: usize, target: PyObjectRef, olds: Vec<PyObjectRef>, news: Vec<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
        let target = unwrap_object(&target).ok_or_else(|| vm.new_type_error("replace: expected a statement"))?;
        let mut pairs = Vec::new();
        for (a, b) in olds.into_iter().zip(news) {
            match (unwrap_object(&a), unwrap_object(&b)) {
                (Some(a), Some(b)) => pairs.push((a, b)),
                _ => return Err(vm.new_type_error("replace: block_sref_reuse maps blocks to blocks")),
            }
        }
        let mut st = self.state.lock();
        let (func, old) = {
            let r = st.sref(id);
            (r.func.clone(), r.stmt.clone().ok_or_else(|| vm.new_value_error("The statement no longer exists in the IRModule"))?)
        };
        // A loop or block replaced by a realize: the realize's block takes its place.
        st.replace(&func, &old.into_object(), target, &pairs).py(vm)
    }

    // ---- rolling_buffer, pad_einsum, decompose_padding -----------------------

    #[pymethod]
    fn rolling_buffer(&self, block: usize, write_buffer_index: i64, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "rolling-buffer", |s| super::prims_rolling_buffer::rolling_buffer(s, block, write_buffer_index))
    }

    #[pymethod]
    fn pad_einsum(&self, block: usize, padding: Vec<i64>, vm: &VirtualMachine) -> PyResult<()> {
        self.run(vm, "pad-einsum", |s| super::prims_pad_einsum::pad_einsum(s, block, &padding))
    }

    /// `decompose_padding(block, loop)`: the new block filling the padding; with
    /// `check_only`, whether it could be done (nothing changes).
    #[pymethod]
    fn decompose_padding(&self, block: usize, loop_id: usize, check_only: bool, vm: &VirtualMachine) -> PyResult {
        if check_only {
            let mut state = self.state.lock().clone();
            let ok = super::prims_decompose_padding::decompose_padding(&mut state, block, loop_id).is_ok();
            return Ok(vm.ctx.new_bool(ok).into());
        }
        let id = self.run(vm, "decompose-padding", |s| super::prims_decompose_padding::decompose_padding(s, block, loop_id))?;
        Ok(vm.ctx.new_int(id).into())
    }
}

fn layout_index_map(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<crate::dialects::tirx::nodes::IndexMap> {
    unwrap_object(obj)
        .and_then(|o| o.try_downcast::<crate::dialects::tirx::nodes::IndexMapNode>())
        .ok_or_else(|| vm.new_type_error("expected an IndexMap"))
}

/// `s_tir._schedule.ScheduleCore(mod, error_render_level)`.
pub fn new_core(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = crate::vm::args::bind(vm, "Schedule", args, &["mod", "error_render_level"])?;
    let module = a
        .get(vm, "mod")
        .and_then(|m| unwrap_object(&m))
        .and_then(|o| o.downcast::<IRModuleNode>().ok())
        .map(IRModule::from)
        .ok_or_else(|| vm.new_type_error("Schedule: mod must be an IRModule"))?;
    let level = a.get(vm, "error_render_level").map(|l| crate::vm::convert::py_str(vm, &l)).transpose()?.unwrap_or_else(|| "detail".into());
    let level = RenderLevel::parse(&level).ok_or_else(|| vm.new_value_error(format!("Unknown error render level: {level}")))?;
    let _ = value_to_py;
    Ok(ScheduleCore { state: PyMutex::new(ScheduleState::new(&module)), level }.into_ref(&vm.ctx).into())
}

fn prim_func_arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<crate::dialects::tirx::nodes::PrimFunc> {
    unwrap_object(obj)
        .and_then(|o| o.try_downcast::<crate::dialects::tirx::nodes::PrimFuncNode>())
        .ok_or_else(|| vm.new_type_error("expected a PrimFunc"))
}

/// `s_tir._schedule.check_tensor_intrin(desc, impl)`: `TensorIntrin`'s checks.
pub fn check_tensor_intrin(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = crate::vm::args::bind(vm, "TensorIntrin", args, &["desc", "impl"])?;
    let get = |name: &str| a.get(vm, name).ok_or_else(|| vm.new_type_error(format!("TensorIntrin: missing {name}")));
    let desc = prim_func_arg(vm, &get("desc")?)?;
    let implementation = prim_func_arg(vm, &get("impl")?)?;
    super::prims_tensorize::check_intrin(&desc, &implementation).py(vm)?;
    Ok(vm.ctx.none())
}
