//! TIRx intrinsic operators: every `tirx.*` and `prim.*` operator of TVM 0.27,
//! registered through [`OpDef`] with TVM's printing and effect attributes.
//!
//! Attributes (values exactly as TVM stores them):
//! * `script_name` (TVM's `TScriptPrinterName`): the name after `T.` in scripts,
//!   e.g. `"exp"`, `"ptx.ld"`, `"cuda.iket.mark"`. Several operators may share one
//!   (`tirx.ptx.abs`, `tirx.ptx.abs_f`, `tirx.ptx.abs_half` all print `T.ptx.abs`:
//!   the script function picks the operator from its arguments). Tile primitives
//!   keep TVM's bare name (`"copy"`); they print as `T.<scope>.copy`, see
//!   [`ExecScopeKind::script_prefix`].
//! * `dtype_print_location` (`TScriptDtypePrintLocation`): 1 when the call's dtype is
//!   printed as the first argument (`T.reinterpret("float32", x)`), 2 when last
//!   (`T.tvm_struct_get(h, 0, 1, "int64")`), 0 or absent when not printed.
//! * `call_effect_kind` (`TCallEffectKind`): a [`CallEffectKind`] value.
//! * `num_inputs`: TVM's declared arity, -1 for variadic. Informational only: TVM
//!   does not enforce it (`q_multiply_shift` declares 3 and is called with 4).

use std::sync::OnceLock;

use indexmap::IndexMap;

use super::nodes::{int_enum, ExecScopeKind};
use crate::ir::{CallNode, DataType, Error, OpDef, Op, Result, Type, Value};

/// Operator attribute: the name a call prints as (`"T.exp"`).
pub const ATTR_SCRIPT_NAME: &str = "script_name";
/// Operator attribute: where the call's dtype is printed ([`DtypePrintLocation`]).
pub const ATTR_DTYPE_PRINT_LOCATION: &str = "dtype_print_location";
/// Operator attribute: TVM's `TCallEffectKind`.
pub const ATTR_CALL_EFFECT_KIND: &str = "call_effect_kind";
/// Operator attribute: the number of inputs.
pub const ATTR_NUM_INPUTS: &str = "num_inputs";

int_enum! {
    /// What evaluating a call may do (TVM's `CallEffectKind`; `Opaque` is `UpdateState`).
    pub enum CallEffectKind {
        ExprAnnotation = 0 => "ExprAnnotation",
        Pure = 1 => "Pure",
        ReadState = 2 => "ReadState",
        UpdateState = 3 => "UpdateState",
        SpecialCallArg = 4 => "SpecialCallArg",
        Embedded = 5 => "Embedded",
        ControlJump = 6 => "ControlJump",
    }
}

int_enum! {
    /// Where a call prints its dtype (TVM's `ScriptDtypePrintLocation`).
    pub enum DtypePrintLocation {
        NotPrinted = 0 => "none",
        First = 1 => "first",
        Last = 2 => "last",
    }
}

/// One TVM intrinsic, as the table below describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntrinsicInfo {
    /// The operator's name (`"tirx.exp"`).
    pub name: &'static str,
    /// The name it prints as, if not derived from `name`.
    pub script_name: Option<&'static str>,
    /// Where a call's dtype is printed.
    pub dtype_print_location: Option<DtypePrintLocation>,
    /// TVM's `TCallEffectKind`.
    pub call_effect_kind: Option<CallEffectKind>,
    /// The number of inputs (-1: any).
    pub num_inputs: i64,
}

/// All TIRx/prim intrinsics, in name order.
pub fn intrinsics() -> impl Iterator<Item = IntrinsicInfo> {
    INTRINSICS.iter().map(|&(name, script, dtype_loc, effect, num_inputs)| IntrinsicInfo {
        name,
        script_name: (!script.is_empty()).then_some(script),
        dtype_print_location: DtypePrintLocation::from_i64(dtype_loc.into()),
        call_effect_kind: CallEffectKind::from_i64(effect.into()),
        num_inputs: num_inputs.into(),
    })
}

/// Whether an operator is a tile primitive (used by `tirx.TilePrimitiveCall`).
pub fn is_tile_op(name: &str) -> bool {
    name.starts_with("tirx.tile.")
}

/// Register the TIRx node types and operators (idempotent: later calls return
/// the first call's outcome).
pub fn register() -> Result<()> {
    static DONE: OnceLock<Result<()>> = OnceLock::new();
    DONE.get_or_init(|| {
        crate::ir::register_core()?;
        super::nodes::register_types()?;
        for info in intrinsics() {
            intrinsic_def(&info).register()?;
        }
        Ok(())
    })
    .clone()
}

/// The registered operator of a name, registering the dialect first if needed.
pub fn op(name: &str) -> Result<Op> {
    register()?;
    Op::get(name)
}

fn intrinsic_def(info: &IntrinsicInfo) -> OpDef {
    let mut def = OpDef::new(info.name, "").set_attr(ATTR_NUM_INPUTS, Value::Int(info.num_inputs));
    // Each also under TVM's name, for `Op.get_attr`.
    if let Some(s) = info.script_name {
        def = def.set_attr(ATTR_SCRIPT_NAME, s).set_attr("TScriptPrinterName", s);
    }
    if let Some(d) = info.dtype_print_location {
        def = def.set_attr(ATTR_DTYPE_PRINT_LOCATION, Value::Int(d.as_i64())).set_attr("TScriptDtypePrintLocation", Value::Int(d.as_i64()));
    }
    if let Some(e) = info.call_effect_kind {
        def = def.set_attr(ATTR_CALL_EFFECT_KIND, Value::Int(e.as_i64())).set_attr("TCallEffectKind", Value::Int(e.as_i64()));
    }
    match inference_of(info.name) {
        Some(f) => def.set_infer_type(f),
        None => def,
    }
}

/// How a call's type follows from its arguments, where TVM's rule is simple.
#[derive(Clone, Copy)]
enum Inference {
    /// Math intrinsics: the type of argument `n`.
    SameAs(usize),
    /// Predicates on a value: `bool` with the argument's lanes.
    BoolLanesOf0,
    /// Counting intrinsics: `int32` with the argument's lanes.
    Int32LanesOf0,
    Fixed(DataType),
    /// `tirx.buffer_data`: the buffer's data pointer type.
    BufferData,
}

fn inference_of(name: &str) -> Option<impl Fn(&CallNode) -> Result<Type> + Send + Sync + 'static> {
    const SAME_AS_FIRST: &[&str] = &[
        "prim.ceil", "prim.likely", "prim.log2", "tirx.acos", "tirx.acosh", "tirx.asin", "tirx.asinh", "tirx.atan",
        "tirx.atan2", "tirx.atanh", "tirx.copysign", "tirx.cos", "tirx.cosh", "tirx.erf", "tirx.exp", "tirx.exp10",
        "tirx.exp2", "tirx.fabs", "tirx.floor", "tirx.fma", "tirx.fmod", "tirx.hypot", "tirx.ldexp", "tirx.log",
        "tirx.log10", "tirx.log1p", "tirx.nearbyint", "tirx.nextafter", "tirx.popcount", "tirx.pow", "tirx.q_multiply_shift",
        "tirx.round", "tirx.rsqrt", "tirx.sigmoid", "tirx.sin", "tirx.sinh", "tirx.sqrt", "tirx.tan", "tirx.tanh",
        "tirx.trunc",
    ];
    let rule = match name {
        n if SAME_AS_FIRST.contains(&n) => Inference::SameAs(0),
        "prim.if_then_else" => Inference::SameAs(1),
        "tirx.isnan" | "tirx.isinf" | "tirx.isfinite" => Inference::BoolLanesOf0,
        "tirx.isnullptr" | "tirx.tvm_thread_invariant" => Inference::Fixed(DataType::bool()),
        "prim.clz" => Inference::Int32LanesOf0,
        "prim.vscale" => Inference::Fixed(DataType::INT32),
        "tirx.buffer_data" => Inference::BufferData,
        _ => return None,
    };
    Some(move |call: &CallNode| infer(rule, call))
}

fn infer(rule: Inference, call: &CallNode) -> Result<Type> {
    let op_name = || call.op.as_object().downcast_ref::<crate::ir::OpNode>().map_or("call", |o| &*o.name).to_string();
    let arg = |i: usize| {
        call.args.get(i).ok_or_else(|| {
            Error::type_error(format!("{} expects at least {} argument(s), got {}", op_name(), i + 1, call.args.len()))
        })
    };
    match rule {
        Inference::SameAs(i) => Ok(arg(i)?.ty()),
        Inference::BoolLanesOf0 => Ok(Type::prim(DataType::bool().with_lanes(arg(0)?.dtype().lanes))),
        Inference::Int32LanesOf0 => Ok(Type::prim(DataType::INT32.with_lanes(arg(0)?.dtype().lanes))),
        Inference::Fixed(d) => Ok(Type::prim(d)),
        Inference::BufferData => {
            let buf = arg(0)?.as_var().ok_or_else(|| Error::type_error("buffer_data expects a Var with BufferType"))?;
            super::nodes::buffer_data_pointer_type(buf)
        }
    }
}

/// Script name (after `T.`) -> the operators printed under it, in name order.
/// Tile primitives appear as `tile.<name>`; their other scope spellings
/// (`cta.copy`, `wg.copy` …) select the same operator with another scope.
pub fn script_name_table() -> &'static IndexMap<String, Vec<&'static str>> {
    static TABLE: OnceLock<IndexMap<String, Vec<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: IndexMap<String, Vec<&'static str>> = IndexMap::new();
        for info in intrinsics() {
            let Some(script) = info.script_name else { continue };
            let key = if is_tile_op(info.name) { format!("{}.{script}", ExecScopeKind::Thread.script_prefix()) } else { script.to_string() };
            table.entry(key).or_default().push(info.name);
        }
        table
    })
}

/// The operators a script name denotes (empty if none).
pub fn ops_for_script_name(script_name: &str) -> &'static [&'static str] {
    script_name_table().get(script_name).map_or(&[], |v| v.as_slice())
}

/// The tile primitive of a bare name (`"copy"` -> `"tirx.tile.copy"`).
pub fn tile_op(name: &str) -> Option<&'static str> {
    INTRINSICS.iter().map(|r| r.0).find(|n| n.strip_prefix("tirx.tile.") == Some(name))
}

/// (operator, TScriptPrinterName or "", TScriptDtypePrintLocation or -1,
/// TCallEffectKind or -1, num_inputs) for every `tirx.*`/`prim.*` operator of
/// TVM 0.27, read from its operator registry.
#[rustfmt::skip]
const INTRINSICS: &[(&str, &str, i8, i8, i8)] = &[
    ("prim.ceil", "ceil", -1, 1, 1),
    ("prim.clz", "clz", -1, 1, 1),
    ("prim.if_then_else", "if_then_else", -1, 1, 3),
    ("prim.likely", "likely", -1, 0, 1),
    ("prim.log2", "log2", -1, 1, 1),
    ("prim.vscale", "vscale", -1, 1, -1),
    ("tirx.TVMBackendAllocWorkspace", "TVMBackendAllocWorkspace", -1, 3, 5),
    ("tirx.TVMBackendAnyListMoveFromPackedReturn", "", -1, 3, 3),
    ("tirx.TVMBackendAnyListSetPackedArg", "", -1, 3, 5),
    ("tirx.TVMBackendFreeWorkspace", "TVMBackendFreeWorkspace", -1, 3, 3),
    ("tirx.acos", "acos", -1, 1, 1),
    ("tirx.acosh", "acosh", -1, 1, 1),
    ("tirx.address_of", "address_of", -1, 1, 1),
    ("tirx.anylist_getitem", "anylist_getitem", -1, 2, -1),
    ("tirx.anylist_resetitem", "anylist_resetitem", -1, 3, -1),
    ("tirx.anylist_setitem_call_cpacked", "anylist_setitem_call_cpacked", -1, 3, -1),
    ("tirx.anylist_setitem_call_packed", "anylist_setitem_call_packed", -1, 3, -1),
    ("tirx.asin", "asin", -1, 1, 1),
    ("tirx.asinh", "asinh", -1, 1, 1),
    ("tirx.assume", "assume", -1, 5, 1),
    ("tirx.atan", "atan", -1, 1, 1),
    ("tirx.atan2", "atan2", -1, 1, 2),
    ("tirx.atanh", "atanh", -1, 1, 1),
    ("tirx.atomic_add", "atomic_add", -1, 3, -1),
    ("tirx.break_loop", "break_loop", -1, 6, 0),
    ("tirx.buffer_data", "buffer_data", -1, 1, 1),
    ("tirx.buffer_offset", "buffer_offset", -1, 1, 2),
    ("tirx.call_extern", "call_extern", 1, 3, -1),
    ("tirx.call_ffi_kernel", "call_ffi_kernel", -1, 3, -1),
    ("tirx.call_llvm_intrin", "call_llvm_intrin", 1, 3, -1),
    ("tirx.call_llvm_pure_intrin", "call_llvm_pure_intrin", 1, 1, -1),
    ("tirx.call_pure_extern", "call_pure_extern", 1, 1, -1),
    ("tirx.call_spirv_pure_glsl450", "call_spirv_pure_glsl450", -1, 1, -1),
    ("tirx.continue_loop", "continue_loop", -1, 6, 0),
    ("tirx.cooperative_tensor_fill", "cooperative_tensor_fill", -1, 3, -1),
    ("tirx.cooperative_tensor_load", "cooperative_tensor_load", -1, 3, -1),
    ("tirx.cooperative_tensor_multiply_accumulate", "cooperative_tensor_multiply_accumulate", -1, 3, -1),
    ("tirx.cooperative_tensor_store", "cooperative_tensor_store", -1, 3, -1),
    ("tirx.copysign", "copysign", -1, 1, 2),
    ("tirx.cos", "cos", -1, 1, 1),
    ("tirx.cosh", "cosh", -1, 1, 1),
    ("tirx.ctpop", "", -1, -1, -1),
    ("tirx.cuda.__activemask", "cuda.__activemask", -1, 1, 0),
    ("tirx.cuda.__shfl_down_sync", "cuda.__shfl_down_sync", -1, 3, 4),
    ("tirx.cuda.__shfl_sync", "cuda.__shfl_sync", -1, 3, 4),
    ("tirx.cuda.__shfl_up_sync", "cuda.__shfl_up_sync", -1, 3, 4),
    ("tirx.cuda.__shfl_xor_sync", "cuda.__shfl_xor_sync", -1, 3, 4),
    ("tirx.cuda.any_sync", "cuda.any_sync", -1, 1, -1),
    ("tirx.cuda.atomic_add", "cuda.atomic_add", -1, 3, -1),
    ("tirx.cuda.atomic_cas", "cuda.atomic_cas", -1, 3, -1),
    ("tirx.cuda.ballot_sync", "cuda.ballot_sync", -1, 3, -1),
    ("tirx.cuda.bfloat1622float2", "cuda.bfloat1622float2", -1, 3, -1),
    ("tirx.cuda.bfloat162float", "cuda.bfloat162float", -1, 3, -1),
    ("tirx.cuda.clock64", "cuda.clock64", -1, 3, -1),
    ("tirx.cuda.cluster_sync", "cuda.cluster_sync", -1, 3, -1),
    ("tirx.cuda.cta_reduce", "cuda.cta_reduce", -1, 3, -1),
    ("tirx.cuda.cta_sync", "cuda.cta_sync", -1, 3, -1),
    ("tirx.cuda.cvta_generic_to_shared", "cuda.cvta_generic_to_shared", -1, 3, -1),
    ("tirx.cuda.elect_sync", "cuda.elect_sync", -1, 3, -1),
    ("tirx.cuda.fadd2_rn", "cuda.fadd2_rn", -1, 3, -1),
    ("tirx.cuda.fdividef", "cuda.fdividef", -1, 1, -1),
    ("tirx.cuda.ffs_u32", "cuda.ffs_u32", -1, 3, -1),
    ("tirx.cuda.float22bfloat162_rn", "cuda.float22bfloat162_rn", -1, 3, -1),
    ("tirx.cuda.float22bfloat162_rn_from_float2", "cuda.float22bfloat162_rn_from_float2", -1, 3, -1),
    ("tirx.cuda.float22half2", "cuda.float22half2", -1, 3, -1),
    ("tirx.cuda.float2_x", "cuda.float2_x", -1, 3, -1),
    ("tirx.cuda.float2_y", "cuda.float2_y", -1, 3, -1),
    ("tirx.cuda.float8tohalf8", "cuda.float8tohalf8", -1, 3, -1),
    ("tirx.cuda.float_as_uint", "cuda.float_as_uint", -1, 3, -1),
    ("tirx.cuda.fmul2_rn", "cuda.fmul2_rn", -1, 3, -1),
    ("tirx.cuda.fp8x4_e4m3_from_float4", "cuda.fp8x4_e4m3_from_float4", -1, 3, -1),
    ("tirx.cuda.func_call", "cuda.func_call", -1, 3, -1),
    ("tirx.cuda.get_tmem_addr", "cuda.get_tmem_addr", -1, 3, -1),
    ("tirx.cuda.grid_sync", "cuda.grid_sync", -1, 3, -1),
    ("tirx.cuda.half2float", "cuda.half2float", -1, 3, -1),
    ("tirx.cuda.half8tofloat8", "cuda.half8tofloat8", -1, 3, -1),
    ("tirx.cuda.hmax2", "cuda.hmax2", -1, 3, -1),
    ("tirx.cuda.hmin2", "cuda.hmin2", -1, 3, -1),
    ("tirx.cuda.iket_mark", "cuda.iket.mark", -1, 3, -1),
    ("tirx.cuda.iket_official_event", "cuda.iket.official_event", -1, 3, -1),
    ("tirx.cuda.iket_range_end", "cuda.iket.range_end", -1, 3, -1),
    ("tirx.cuda.iket_range_pop", "cuda.iket.range_pop", -1, 3, -1),
    ("tirx.cuda.iket_range_push", "cuda.iket.range_push", -1, 3, -1),
    ("tirx.cuda.iket_range_start", "cuda.iket.range_start", -1, 3, -1),
    ("tirx.cuda.iket_sentinel_token", "cuda.iket.sentinel_token", -1, 3, -1),
    ("tirx.cuda.ldg", "cuda.ldg", -1, 3, -1),
    ("tirx.cuda.make_float2", "cuda.make_float2", -1, 3, -1),
    ("tirx.cuda.mbarrier_wait", "cuda.mbarrier_wait", -1, 3, -1),
    ("tirx.cuda.mbarrier_wait_acquire_cluster", "cuda.mbarrier_wait_acquire_cluster", -1, 3, -1),
    ("tirx.cuda.mov_sreg", "cuda.mov_sreg", -1, 1, -1),
    ("tirx.cuda.nano_sleep", "cuda.nano_sleep", -1, 3, -1),
    ("tirx.cuda.printf", "cuda.printf", -1, 3, -1),
    ("tirx.cuda.reduce_add_sync_u32", "cuda.reduce_add_sync_u32", -1, 3, -1),
    ("tirx.cuda.reduce_min_sync_u32", "cuda.reduce_min_sync_u32", -1, 3, -1),
    ("tirx.cuda.runtime_instr_desc", "cuda.runtime_instr_desc", -1, 3, -1),
    ("tirx.cuda.sm100_2sm_leader_smem_addr", "cuda.sm100_2sm_leader_smem_addr", -1, 3, -1),
    ("tirx.cuda.smem_addr_from_uint64", "cuda.smem_addr_from_uint64", -1, 3, -1),
    ("tirx.cuda.syncthreads_and", "cuda.syncthreads_and", -1, 3, -1),
    ("tirx.cuda.syncthreads_or", "cuda.syncthreads_or", -1, 3, -1),
    ("tirx.cuda.tcgen05_encode_instr_descriptor", "cuda.tcgen05.encode_instr_descriptor", -1, 3, -1),
    ("tirx.cuda.tcgen05_encode_instr_descriptor_block_scaled", "cuda.tcgen05.encode_instr_descriptor_block_scaled", -1, 3, -1),
    ("tirx.cuda.tcgen05_encode_matrix_descriptor", "cuda.tcgen05.encode_matrix_descriptor", -1, 3, -1),
    ("tirx.cuda.thread_fence", "cuda.thread_fence", -1, 3, -1),
    ("tirx.cuda.thread_rank", "cuda.thread_rank", -1, 1, -1),
    ("tirx.cuda.trap_when_assert_failed", "cuda.trap_when_assert_failed", -1, 3, -1),
    ("tirx.cuda.uint_as_float", "cuda.uint_as_float", -1, 3, -1),
    ("tirx.cuda.wait_until", "cuda.wait_until", -1, 3, -1),
    ("tirx.cuda.warp_reduce", "cuda.warp_reduce", -1, 3, -1),
    ("tirx.cuda.warp_sync", "cuda.warp_sync", -1, 3, -1),
    ("tirx.cuda.warpgroup_sync", "cuda.warpgroup_sync", -1, 3, -1),
    ("tirx.cuda.wgmma_encode_matrix_descriptor", "cuda.wgmma.encode_matrix_descriptor", -1, 3, -1),
    ("tirx.cuda.wgmma_noop_barrier", "cuda.wgmma.noop_barrier", -1, 3, -1),
    ("tirx.dma_copy", "dma_copy", -1, 3, -1),
    ("tirx.dma_end_group", "dma_end_group", -1, 3, -1),
    ("tirx.dma_start_group", "dma_start_group", -1, 3, -1),
    ("tirx.dma_wait", "dma_wait", -1, 3, -1),
    ("tirx.dp4a", "dp4a", 1, 1, -1),
    ("tirx.end_profile_intrinsic", "end_profile_intrinsic", -1, 1, -1),
    ("tirx.erf", "erf", -1, 1, 1),
    ("tirx.exp", "exp", -1, 1, 1),
    ("tirx.exp10", "exp10", -1, 1, 1),
    ("tirx.exp2", "exp2", -1, 1, 1),
    ("tirx.fabs", "fabs", -1, 1, 1),
    ("tirx.filter", "filter", -1, 1, 2),
    ("tirx.floor", "floor", -1, 1, 1),
    ("tirx.fma", "fma", -1, 1, 3),
    ("tirx.fmod", "fmod", -1, 1, 1),
    ("tirx.get_active_lane_mask", "get_active_lane_mask", 1, 1, 2),
    ("tirx.handle_add_byte_offset", "handle_add_byte_offset", -1, 1, 2),
    ("tirx.hypot", "hypot", -1, 1, 2),
    ("tirx.ignore_loop_partition", "ignore_loop_partition", 0, 1, 1),
    ("tirx.isfinite", "", -1, -1, -1),
    ("tirx.isinf", "", -1, -1, -1),
    ("tirx.isnan", "isnan", -1, 1, 1),
    ("tirx.isnullptr", "isnullptr", -1, 1, 1),
    ("tirx.ldexp", "ldexp", -1, 1, 2),
    ("tirx.log", "log", -1, 1, 1),
    ("tirx.log10", "log10", -1, 1, 1),
    ("tirx.log1p", "log1p", -1, 1, 1),
    ("tirx.lookup_param", "lookup_param", -1, 3, 4),
    ("tirx.make_filled_simdgroup_matrix", "metal.make_filled_simdgroup_matrix", -1, 3, -1),
    ("tirx.masked_load", "masked_load", 1, 2, -1),
    ("tirx.masked_store", "masked_store", -1, 3, -1),
    ("tirx.metal.simd_shuffle", "metal.simd_shuffle", -1, 3, 2),
    ("tirx.metal.simd_shuffle_down", "metal.simd_shuffle_down", -1, 3, 2),
    ("tirx.metal.simd_shuffle_up", "metal.simd_shuffle_up", -1, 3, 2),
    ("tirx.mma_fill", "cuda.mma_fill", 1, 3, -1),
    ("tirx.mma_fill_legacy", "cuda.mma_fill_legacy", -1, 3, -1),
    ("tirx.mma_store", "cuda.mma_store", 1, 3, -1),
    ("tirx.mma_store_legacy", "cuda.mma_store_legacy", -1, 3, -1),
    ("tirx.nd_mem_alloc_with_scope", "nd_mem_alloc_with_scope", -1, 3, -1),
    ("tirx.nearbyint", "nearbyint", -1, 1, 1),
    ("tirx.nextafter", "nextafter", -1, 1, 2),
    ("tirx.nki.activation", "nki.activation", -1, 3, -1),
    ("tirx.nki.activation_reduce", "nki.activation_reduce", -1, 3, -1),
    ("tirx.nki.affine_select", "nki.affine_select", -1, 3, -1),
    ("tirx.nki.identity", "nki.identity", -1, 3, -1),
    ("tirx.nki.load", "nki.load", -1, 3, -1),
    ("tirx.nki.matmul", "nki.matmul", -1, 3, -1),
    ("tirx.nki.memset", "nki.memset", -1, 3, -1),
    ("tirx.nki.reciprocal", "nki.reciprocal", -1, 3, -1),
    ("tirx.nki.scalar_tensor_scalar", "nki.scalar_tensor_scalar", -1, 3, -1),
    ("tirx.nki.scalar_tensor_tensor", "nki.scalar_tensor_tensor", -1, 3, -1),
    ("tirx.nki.store", "nki.store", -1, 3, -1),
    ("tirx.nki.tensor_copy", "nki.tensor_copy", -1, 3, -1),
    ("tirx.nki.tensorreduce", "nki.tensorreduce", -1, 3, -1),
    ("tirx.nki.tensorscalar", "nki.tensorscalar", -1, 3, -1),
    ("tirx.nki.tensorscalar_reduce", "nki.tensorscalar_reduce", -1, 3, -1),
    ("tirx.nki.tensortensor", "nki.tensortensor", -1, 3, -1),
    ("tirx.nvshmem.barrier_all", "nvshmem.barrier_all", -1, 3, -1),
    ("tirx.nvshmem.fence", "nvshmem.fence", -1, 3, -1),
    ("tirx.nvshmem.getmem_nbi", "nvshmem.getmem_nbi", -1, 3, -1),
    ("tirx.nvshmem.getmem_nbi_block", "nvshmem.getmem_nbi.block", -1, 3, -1),
    ("tirx.nvshmem.getmem_nbi_warp", "nvshmem.getmem_nbi.warp", -1, 3, -1),
    ("tirx.nvshmem.my_pe", "nvshmem.my_pe", -1, 3, -1),
    ("tirx.nvshmem.n_pes", "nvshmem.n_pes", -1, 3, -1),
    ("tirx.nvshmem.putmem_nbi", "nvshmem.putmem_nbi", -1, 3, -1),
    ("tirx.nvshmem.putmem_nbi_block", "nvshmem.putmem_nbi.block", -1, 3, -1),
    ("tirx.nvshmem.putmem_nbi_warp", "nvshmem.putmem_nbi.warp", -1, 3, -1),
    ("tirx.nvshmem.putmem_signal_nbi", "nvshmem.putmem_signal_nbi", -1, 3, -1),
    ("tirx.nvshmem.putmem_signal_nbi_block", "nvshmem.putmem_signal_nbi.block", -1, 3, -1),
    ("tirx.nvshmem.putmem_signal_nbi_warp", "nvshmem.putmem_signal_nbi.warp", -1, 3, -1),
    ("tirx.nvshmem.quiet", "nvshmem.quiet", -1, 3, -1),
    ("tirx.nvshmem.signal_op", "nvshmem.signal_op", -1, 3, -1),
    ("tirx.nvshmem.wait_until", "nvshmem.wait_until", -1, 3, -1),
    ("tirx.popcount", "popcount", -1, 1, 1),
    ("tirx.pow", "pow", -1, 1, 2),
    ("tirx.prefetch", "prefetch", -1, 3, -1),
    ("tirx.print_buffer", "print_buffer", -1, 3, -1),
    ("tirx.ptr_byte_offset", "ptr_byte_offset", -1, 1, 3),
    ("tirx.ptx.abs", "ptx.abs", -1, 3, -1),
    ("tirx.ptx.abs_f", "ptx.abs", -1, 3, -1),
    ("tirx.ptx.abs_half", "ptx.abs", -1, 3, -1),
    ("tirx.ptx.activemask", "ptx.activemask", -1, 3, -1),
    ("tirx.ptx.add", "ptx.add", -1, 3, -1),
    ("tirx.ptx.add_half", "ptx.add", -1, 3, -1),
    ("tirx.ptx.add_int", "ptx.add", -1, 3, -1),
    ("tirx.ptx.add_mixed_vec_down_bf16", "ptx.add", -1, 3, -1),
    ("tirx.ptx.add_mixed_vec_down_f16", "ptx.add", -1, 3, -1),
    ("tirx.ptx.add_mixed_vec_up", "ptx.add", -1, 3, -1),
    ("tirx.ptx.addr", "ptx.addr", -1, 1, -1),
    ("tirx.ptx.and", "ptx.and_", -1, 3, -1),
    ("tirx.ptx.applypriority", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor_im2col", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor_override_address", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor_override_address_im2col", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor_override_global_dim_b16", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor_override_global_dim_b8", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor_override_global_dim_stride_b16", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.applypriority_async_bulk_tensor_override_global_dim_stride_b8", "ptx.applypriority", -1, 3, -1),
    ("tirx.ptx.atom", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_cas", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_cas_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_exch", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_exch_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_f32_noftz", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_f32_noftz_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_half", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_half_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_vec_f32", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_vec_f32_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_vec_f32_noftz", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_vec_f32_noftz_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_vec_half", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.atom_vec_half_bitbucket", "ptx.atom", -1, 3, -1),
    ("tirx.ptx.bar_arrive", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.bar_red_popc", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.bar_red_popc_count", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.bar_red_pred", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.bar_red_pred_count", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.bar_sync", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.bar_sync_count", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.bar_warp_sync", "ptx.bar", -1, 3, -1),
    ("tirx.ptx.barrier_arrive", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_cluster_arrive", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_cluster_wait", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_red_popc", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_red_popc_count", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_red_pred", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_red_pred_count", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_sync", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.barrier_sync_count", "ptx.barrier", -1, 3, -1),
    ("tirx.ptx.bfe", "ptx.bfe", -1, 3, -1),
    ("tirx.ptx.bfi", "ptx.bfi", -1, 3, -1),
    ("tirx.ptx.bfind", "ptx.bfind", -1, 3, -1),
    ("tirx.ptx.bmsk", "ptx.bmsk", -1, 3, -1),
    ("tirx.ptx.brev", "ptx.brev", -1, 3, -1),
    ("tirx.ptx.clmad", "ptx.clmad", -1, 3, -1),
    ("tirx.ptx.clusterlaunchcontrol_query_cancel_get_first_ctaid", "ptx.clusterlaunchcontrol", -1, 3, -1),
    ("tirx.ptx.clusterlaunchcontrol_query_cancel_get_first_ctaid_v4", "ptx.clusterlaunchcontrol", -1, 3, -1),
    ("tirx.ptx.clusterlaunchcontrol_query_cancel_is_canceled", "ptx.clusterlaunchcontrol", -1, 3, -1),
    ("tirx.ptx.clusterlaunchcontrol_try_cancel", "ptx.clusterlaunchcontrol", -1, 3, -1),
    ("tirx.ptx.clz", "ptx.clz", -1, 3, -1),
    ("tirx.ptx.cnot", "ptx.cnot", -1, 3, -1),
    ("tirx.ptx.copysign", "ptx.copysign", -1, 3, -1),
    ("tirx.ptx.cos", "ptx.cos", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_commit_group", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_g2s_cluster", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_g2s_cluster_multicast16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_g2s_cluster_multicast32", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_g2s_cluster_report", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_g2s_cta", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_g2s_cta_report", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_prefetch", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_prefetch_evict_last", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_s2c", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_s2g", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_im2col", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_multicast16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_multicast32", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_override_address", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_override_address_im2col", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_override_global_dim_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_override_global_dim_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_override_global_dim_stride_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_override_global_dim_stride_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cluster_report", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_im2col", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_override_address", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_override_address_im2col", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_override_global_dim_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_override_global_dim_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_override_global_dim_stride_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_override_global_dim_stride_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_g2s_cta_report", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_evict_last", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_im2col", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_im2col_evict_last", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_address", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_address_evict_last", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_address_im2col", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_address_im2col_evict_last", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_evict_last_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_evict_last_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_stride_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_stride_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_stride_evict_last_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_prefetch_override_global_dim_stride_evict_last_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g_im2col_no_offs_w", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g_override_address", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g_override_address_im2col_no_offs_w", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g_override_global_dim_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g_override_global_dim_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g_override_global_dim_stride_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_tensor_s2g_override_global_dim_stride_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_bulk_wait_group", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_ca", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_ca_ignore_src", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_ca_src_size", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_cg", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_cg_ignore_src", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_cg_src_size", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_commit_group", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_mbarrier_arrive", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_wait_all", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_async_wait_group", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_s2c", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_s2g", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_s2g_f32_noftz", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor_im2col_no_offs_w", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor_override_address", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor_override_address_im2col_no_offs_w", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor_override_global_dim_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor_override_global_dim_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor_override_global_dim_stride_b16", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.cp_reduce_async_bulk_tensor_override_global_dim_stride_b8", "ptx.cp", -1, 3, -1),
    ("tirx.ptx.createpolicy_cvt", "ptx.createpolicy", -1, 3, -1),
    ("tirx.ptx.createpolicy_fraction", "ptx.createpolicy", -1, 3, -1),
    ("tirx.ptx.createpolicy_fractional", "ptx.createpolicy", -1, 3, -1),
    ("tirx.ptx.createpolicy_range", "ptx.createpolicy", -1, 3, -1),
    ("tirx.ptx.cvt", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_94_narrow_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_94_narrow_fp16x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_bf16x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_bf16x2_f4x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_bf16x2_f6x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_bf16x2_f8x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_bf16x2_s2f6x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_bf16x2_ue5m3x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_bf16x2_ue8m0x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f16x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f16x2_f4x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f16x2_f6x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f16x2_f8x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f16x2_ue5m3x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f4x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f4x2_fp16x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f6x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f6x2_fp16x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f8x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_f8x2_fp16x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_pack", "ptx.cvt_pack", -1, 3, -1),
    ("tirx.ptx.cvt_pack_c", "ptx.cvt_pack", -1, 3, -1),
    ("tirx.ptx.cvt_pzo_fp16x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_pzo_scalar_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_pzo_tf32_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_rs_bf16x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_rs_f16x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_rs_f4x4_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_rs_f6x4_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_rs_f8x4_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_s2f6x2_bf16x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_s2f6x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_tf32_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_ue5m3x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_ue5m3x2_f32_scaled", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_ue5m3x2_fp16x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_ue5m3x2_fp16x2_scaled", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_ue8m0x2_bf16x2", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvt_ue8m0x2_f32", "ptx.cvt", -1, 3, -1),
    ("tirx.ptx.cvta", "ptx.cvta", -1, 3, -1),
    ("tirx.ptx.cvta_generic", "ptx.cvta", -1, 3, -1),
    ("tirx.ptx.discard", "ptx.discard", -1, 3, -1),
    ("tirx.ptx.div", "ptx.div", -1, 3, -1),
    ("tirx.ptx.div_f", "ptx.div", -1, 3, -1),
    ("tirx.ptx.dp2a", "ptx.dp2a", -1, 3, -1),
    ("tirx.ptx.dp4a", "ptx.dp4a", -1, 3, -1),
    ("tirx.ptx.elect_sync", "ptx.elect_sync", -1, 3, -1),
    ("tirx.ptx.ex2", "ptx.ex2", -1, 3, -1),
    ("tirx.ptx.ex2_half", "ptx.ex2", -1, 3, -1),
    ("tirx.ptx.fabric_submit", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_try_get", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_try_pullred", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_try_put", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_try_put_counted", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_try_put_cp_mask", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_try_red", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_try_red_counted", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fabric_wait", "ptx.fabric", -1, 3, -1),
    ("tirx.ptx.fence", "ptx.fence", -1, 3, -1),
    ("tirx.ptx.fence_mbarrier_init", "ptx.fence", -1, 3, -1),
    ("tirx.ptx.fence_proxy", "ptx.fence", -1, 3, -1),
    ("tirx.ptx.fence_proxy_fabric", "ptx.fence", -1, 3, -1),
    ("tirx.ptx.fence_proxy_tensormap_acquire", "ptx.fence", -1, 3, -1),
    ("tirx.ptx.fence_proxy_tensormap_release", "ptx.fence", -1, 3, -1),
    ("tirx.ptx.fma", "ptx.fma", -1, 3, -1),
    ("tirx.ptx.fma_half", "ptx.fma", -1, 3, -1),
    ("tirx.ptx.fma_mixed_vec", "ptx.fma", -1, 3, -1),
    ("tirx.ptx.fns", "ptx.fns", -1, 3, -1),
    ("tirx.ptx.getctarank", "ptx.getctarank", -1, 3, -1),
    ("tirx.ptx.getctarank_generic", "ptx.getctarank", -1, 3, -1),
    ("tirx.ptx.griddepcontrol", "ptx.griddepcontrol", -1, 3, -1),
    ("tirx.ptx.isspacep", "ptx.isspacep", -1, 3, -1),
    ("tirx.ptx.ld", "ptx.ld", -1, 3, -1),
    ("tirx.ptx.ld_proxy_readonly", "ptx.ld", -1, 3, -1),
    ("tirx.ptx.ld_vec", "ptx.ld", -1, 3, -1),
    ("tirx.ptx.ld_vec256", "ptx.ld", -1, 3, -1),
    ("tirx.ptx.ldmatrix", "ptx.ldmatrix", -1, 3, -1),
    ("tirx.ptx.ldmatrix_b8fmt", "ptx.ldmatrix", -1, 3, -1),
    ("tirx.ptx.ldmatrix_m16n16_b8", "ptx.ldmatrix", -1, 3, -1),
    ("tirx.ptx.ldmatrix_s8_s4", "ptx.ldmatrix", -1, 3, -1),
    ("tirx.ptx.ldu", "ptx.ldu", -1, 3, -1),
    ("tirx.ptx.ldu_vec", "ptx.ldu", -1, 3, -1),
    ("tirx.ptx.lg2", "ptx.lg2", -1, 3, -1),
    ("tirx.ptx.lop3", "ptx.lop3", -1, 3, -1),
    ("tirx.ptx.lop3_bool", "ptx.lop3", -1, 3, -1),
    ("tirx.ptx.lop3_bool_sink", "ptx.lop3", -1, 3, -1),
    ("tirx.ptx.mad24", "ptx.mad24", -1, 3, -1),
    ("tirx.ptx.mad_f", "ptx.mad", -1, 3, -1),
    ("tirx.ptx.mad_int", "ptx.mad", -1, 3, -1),
    ("tirx.ptx.mad_wide", "ptx.mad", -1, 3, -1),
    ("tirx.ptx.mapa", "ptx.mapa", -1, 3, -1),
    ("tirx.ptx.mapa_u32", "ptx.mapa", -1, 3, -1),
    ("tirx.ptx.mapa_u64_raw", "ptx.mapa", -1, 3, -1),
    ("tirx.ptx.mapa_u64_shared", "ptx.mapa", -1, 3, -1),
    ("tirx.ptx.match_all_sync", "ptx.match", -1, 3, -1),
    ("tirx.ptx.match_all_sync_p", "ptx.match", -1, 3, -1),
    ("tirx.ptx.match_any_sync", "ptx.match", -1, 3, -1),
    ("tirx.ptx.max", "ptx.max", -1, 3, -1),
    ("tirx.ptx.max3", "ptx.max", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_count_state", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_count_state", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_expect_tx", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_expect_tx_multicast32", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_expect_tx_state", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_multicast32", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_multicast32_nocount", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_no_complete", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_no_complete_sink", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_nocount", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_drop_state", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_expect_tx", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_expect_tx_multicast32", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_expect_tx_state", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_multicast32", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_multicast32_nocount", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_no_complete", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_no_complete_sink", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_nocount", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_arrive_state", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_check_layout", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_complete_tx", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_complete_tx_multicast32", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_expect_tx", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_expect_tx_multicast32", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_init", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_inval", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_pending_count", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_test_wait", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_test_wait_parity", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_test_wait_parity_report", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_test_wait_parity_report_value", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_test_wait_report", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_test_wait_report_value", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_hint", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_parity", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_parity_no_hint", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_parity_report", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_parity_report_hint", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_parity_report_value", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_parity_report_value_hint", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_report", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_report_hint", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_report_value", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.mbarrier_try_wait_report_value_hint", "ptx.mbarrier", -1, 3, -1),
    ("tirx.ptx.min", "ptx.min", -1, 3, -1),
    ("tirx.ptx.min3", "ptx.min", -1, 3, -1),
    ("tirx.ptx.mma", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_f16acc", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_f16c_f32d", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_f64", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_int", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_sp", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_sp_all", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_sp_f16acc", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_sp_f16acc_pair", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_sp_int_all", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_sp_int_pair", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mma_sp_pair", "ptx.mma", -1, 3, -1),
    ("tirx.ptx.mov", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_pack_b16x2", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_pack_b16x4", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_pack_b32x2", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_pack_b32x4", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_pack_b64x2", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_unpack_b16x2", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_unpack_b16x4", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_unpack_b32x2", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_unpack_b32x4", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.mov_unpack_b64x2", "ptx.mov", -1, 3, -1),
    ("tirx.ptx.movmatrix", "ptx.movmatrix", -1, 3, -1),
    ("tirx.ptx.mul", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.mul24", "ptx.mul24", -1, 3, -1),
    ("tirx.ptx.mul_half", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.mul_int", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.mul_mixed_vec_bf16_f16", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.mul_mixed_vec_down_bf16", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.mul_mixed_vec_down_f16", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.mul_mixed_vec_f16_bf16", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.mul_wide", "ptx.mul", -1, 3, -1),
    ("tirx.ptx.multimem_cp_async_bulk", "ptx.multimem_cp", -1, 3, -1),
    ("tirx.ptx.multimem_cp_reduce_async_bulk", "ptx.multimem_cp", -1, 3, -1),
    ("tirx.ptx.multimem_cp_reduce_async_bulk_f32_noftz", "ptx.multimem_cp", -1, 3, -1),
    ("tirx.ptx.multimem_ld_reduce", "ptx.multimem_ld_reduce", -1, 3, -1),
    ("tirx.ptx.multimem_ld_reduce_f", "ptx.multimem_ld_reduce", -1, 3, -1),
    ("tirx.ptx.multimem_ld_reduce_f_vec", "ptx.multimem_ld_reduce", -1, 3, -1),
    ("tirx.ptx.multimem_red", "ptx.multimem_red", -1, 3, -1),
    ("tirx.ptx.multimem_red_async", "ptx.multimem_red_async", -1, 3, -1),
    ("tirx.ptx.multimem_red_f", "ptx.multimem_red", -1, 3, -1),
    ("tirx.ptx.multimem_red_f_vec", "ptx.multimem_red", -1, 3, -1),
    ("tirx.ptx.multimem_st", "ptx.multimem_st", -1, 3, -1),
    ("tirx.ptx.multimem_st_async", "ptx.multimem_st_async", -1, 3, -1),
    ("tirx.ptx.multimem_st_f", "ptx.multimem_st", -1, 3, -1),
    ("tirx.ptx.multimem_st_f_vec", "ptx.multimem_st", -1, 3, -1),
    ("tirx.ptx.neg", "ptx.neg", -1, 3, -1),
    ("tirx.ptx.neg_half", "ptx.neg", -1, 3, -1),
    ("tirx.ptx.neg_int", "ptx.neg", -1, 3, -1),
    ("tirx.ptx.not", "ptx.not_", -1, 3, -1),
    ("tirx.ptx.or", "ptx.or_", -1, 3, -1),
    ("tirx.ptx.popc", "ptx.popc", -1, 3, -1),
    ("tirx.ptx.prefetch", "ptx.prefetch", -1, 3, -1),
    ("tirx.ptx.prefetch_valid_addr", "ptx.prefetch", -1, 3, -1),
    ("tirx.ptx.prefetchu", "ptx.prefetchu", -1, 3, -1),
    ("tirx.ptx.prmt", "ptx.prmt", -1, 3, -1),
    ("tirx.ptx.rcp", "ptx.rcp", -1, 3, -1),
    ("tirx.ptx.red", "ptx.red", -1, 3, -1),
    ("tirx.ptx.red_async", "ptx.red_async", -1, 3, -1),
    ("tirx.ptx.red_async_release", "ptx.red_async", -1, 3, -1),
    ("tirx.ptx.red_f32_noftz", "ptx.red", -1, 3, -1),
    ("tirx.ptx.red_half", "ptx.red", -1, 3, -1),
    ("tirx.ptx.red_vec_f32", "ptx.red", -1, 3, -1),
    ("tirx.ptx.red_vec_f32_noftz", "ptx.red", -1, 3, -1),
    ("tirx.ptx.red_vec_half", "ptx.red", -1, 3, -1),
    ("tirx.ptx.redux_sync", "ptx.redux_sync", -1, 3, -1),
    ("tirx.ptx.redux_sync_bitwise", "ptx.redux_sync", -1, 3, -1),
    ("tirx.ptx.redux_sync_f32", "ptx.redux_sync", -1, 3, -1),
    ("tirx.ptx.rem", "ptx.rem", -1, 3, -1),
    ("tirx.ptx.rsqrt", "ptx.rsqrt", -1, 3, -1),
    ("tirx.ptx.sad", "ptx.sad", -1, 3, -1),
    ("tirx.ptx.selp", "ptx.selp", -1, 3, -1),
    ("tirx.ptx.set", "ptx.set", -1, 3, -1),
    ("tirx.ptx.set_bool", "ptx.set", -1, 3, -1),
    ("tirx.ptx.set_half", "ptx.set", -1, 3, -1),
    ("tirx.ptx.set_half_bool", "ptx.set", -1, 3, -1),
    ("tirx.ptx.set_packed", "ptx.set", -1, 3, -1),
    ("tirx.ptx.setmaxnreg", "ptx.setmaxnreg", -1, 3, -1),
    ("tirx.ptx.setp", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.setp_bool", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.setp_bool_pq", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.setp_half", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.setp_half_bool", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.setp_half_bool_pq", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.setp_half_pq", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.setp_pq", "ptx.setp", -1, 3, -1),
    ("tirx.ptx.shf", "ptx.shf", -1, 3, -1),
    ("tirx.ptx.shfl_sync", "ptx.shfl_sync", -1, 3, -1),
    ("tirx.ptx.shfl_sync_p", "ptx.shfl_sync", -1, 3, -1),
    ("tirx.ptx.shl", "ptx.shl", -1, 3, -1),
    ("tirx.ptx.shr", "ptx.shr", -1, 3, -1),
    ("tirx.ptx.sin", "ptx.sin", -1, 3, -1),
    ("tirx.ptx.slct", "ptx.slct", -1, 3, -1),
    ("tirx.ptx.spcompress", "ptx.spcompress", -1, 3, -1),
    ("tirx.ptx.spdecompress", "ptx.spdecompress", -1, 3, -1),
    ("tirx.ptx.sqrt", "ptx.sqrt", -1, 3, -1),
    ("tirx.ptx.st", "ptx.st", -1, 3, -1),
    ("tirx.ptx.st_async", "ptx.st_async", -1, 3, -1),
    ("tirx.ptx.st_async_release", "ptx.st_async", -1, 3, -1),
    ("tirx.ptx.st_async_vec", "ptx.st_async", -1, 3, -1),
    ("tirx.ptx.st_bulk", "ptx.st_bulk", -1, 3, -1),
    ("tirx.ptx.st_vec", "ptx.st", -1, 3, -1),
    ("tirx.ptx.st_vec256", "ptx.st", -1, 3, -1),
    ("tirx.ptx.stmatrix", "ptx.stmatrix", -1, 3, -1),
    ("tirx.ptx.stmatrix_m16n8_b8", "ptx.stmatrix", -1, 3, -1),
    ("tirx.ptx.sub", "ptx.sub", -1, 3, -1),
    ("tirx.ptx.sub_half", "ptx.sub", -1, 3, -1),
    ("tirx.ptx.sub_int", "ptx.sub", -1, 3, -1),
    ("tirx.ptx.sub_mixed_vec_down_bf16", "ptx.sub", -1, 3, -1),
    ("tirx.ptx.sub_mixed_vec_down_f16", "ptx.sub", -1, 3, -1),
    ("tirx.ptx.sub_mixed_vec_up", "ptx.sub", -1, 3, -1),
    ("tirx.ptx.szext", "ptx.szext", -1, 3, -1),
    ("tirx.ptx.tanh", "ptx.tanh", -1, 3, -1),
    ("tirx.ptx.tanh_half", "ptx.tanh", -1, 3, -1),
    ("tirx.ptx.tcgen05_alloc", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_alloc_exclusive", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_commit", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_commit_multicast", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_commit_multicast_width", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_commit_sync_restrict", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_commit_sync_restrict_multicast", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_cp", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_dealloc", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_dealloc_exclusive", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_fence", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_ld", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_ld_red", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_ld_red_spcompress", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_ld_red_split", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_ld_spcompress", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_ld_split", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ashift_collector_b_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_block_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_block_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_collector_ab_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_collector_ab_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_lut_b_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_lut_b_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_block_scale_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_collector_ab_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_collector_ab_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_lut_b_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_lut_b_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_ashift_collector_b_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_block_scale_collector_ab_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_block_scale_collector_ab_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_collector_ab_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_collector_ab_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_ti16_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_ti16_ss_collector_b", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_ti16_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_sp_ti16_ts_collector_b", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ti16_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ti16_ss_collector_b", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ti16_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ti16_ts_collector_b", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_sp_ti16_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_sp_ti16_ss_mask", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_sp_ti16_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_sp_ti16_ts_mask", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_ti16_ss", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_ti16_ss_mask", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_ti16_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_ti16_ts_mask", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_mma_ws_ts", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_relinquish_alloc_permit", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_st", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_st_split", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tcgen05_wait", "ptx.tcgen05", -1, 3, -1),
    ("tirx.ptx.tensormap_cp_fenceproxy", "ptx.tensormap_cp_fenceproxy", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_address", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_dim", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_elemtype", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_fill_mode", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_interleave_layout", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_rank", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_stride", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_swizzle_mode", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.tensormap_replace_swizzle_mode_sm103a", "ptx.tensormap_replace", -1, 3, -1),
    ("tirx.ptx.testp", "ptx.testp", -1, 3, -1),
    ("tirx.ptx.vote_sync", "ptx.vote_sync", -1, 3, -1),
    ("tirx.ptx.vote_sync_ballot", "ptx.vote_sync", -1, 3, -1),
    ("tirx.ptx.wgmma_b1_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_b1_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_bf16_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_bf16_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_commit_group", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_f16_f16acc_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_f16_f16acc_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_f16_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_f16_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_fence", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_fp8_f16acc_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_fp8_f16acc_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_fp8_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_fp8_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_int_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_int_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_tf32_rs", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_tf32_ss", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.wgmma_wait_group", "ptx.wgmma", -1, 3, -1),
    ("tirx.ptx.xor", "ptx.xor", -1, 3, -1),
    ("tirx.ptx_legacy.ldmatrix", "ptx_legacy.ldmatrix", -1, 3, -1),
    ("tirx.ptx_legacy.mma", "ptx_legacy.mma", -1, 3, -1),
    ("tirx.q_multiply_shift", "q_multiply_shift", -1, 1, 3),
    ("tirx.q_multiply_shift_per_axis", "q_multiply_shift_per_axis", -1, 1, 7),
    ("tirx.reinterpret", "reinterpret", 1, 1, 1),
    ("tirx.round", "round", -1, 1, 1),
    ("tirx.rsqrt", "rsqrt", -1, 1, 1),
    ("tirx.s_tir.cp_async_raw", "s_tir.cp_async_raw", 1, 3, -1),
    ("tirx.s_tir.ldg32", "s_tir.ldg32", -1, 1, 4),
    ("tirx.selector", "selector", -1, 3, 2),
    ("tirx.sigmoid", "sigmoid", -1, 1, 1),
    ("tirx.simdgroup_load", "metal.simdgroup_load", -1, 3, -1),
    ("tirx.simdgroup_multiply_accumulate", "metal.simdgroup_multiply_accumulate", -1, 3, -1),
    ("tirx.simdgroup_store", "metal.simdgroup_store", -1, 3, -1),
    ("tirx.sin", "sin", -1, 1, 1),
    ("tirx.sinh", "sinh", -1, 1, 1),
    ("tirx.sqrt", "sqrt", -1, 1, 1),
    ("tirx.start_profile_intrinsic", "start_profile_intrinsic", -1, 1, -1),
    ("tirx.tan", "tan", -1, 1, 1),
    ("tirx.tanh", "tanh", -1, 1, 1),
    ("tirx.tensormap_encode_tiled", "tensormap_encode_tiled", -1, 3, -1),
    ("tirx.texture2d_load", "texture2d_load", -1, 3, -1),
    ("tirx.texture2d_store", "texture2d_store", -1, 3, -1),
    ("tirx.thread_return", "thread_return", -1, 6, 0),
    ("tirx.tile.add", "add", -1, -1, -1),
    ("tirx.tile.binary_chain", "binary_chain", -1, -1, -1),
    ("tirx.tile.binary_reduce", "binary_reduce", -1, -1, -1),
    ("tirx.tile.cast", "cast", -1, -1, -1),
    ("tirx.tile.copy", "copy", -1, -1, -1),
    ("tirx.tile.copy_async", "copy_async", -1, -1, -1),
    ("tirx.tile.exp", "exp", -1, -1, -1),
    ("tirx.tile.exp2", "exp2", -1, -1, -1),
    ("tirx.tile.fdiv", "fdiv", -1, -1, -1),
    ("tirx.tile.fill", "fill", -1, -1, -1),
    ("tirx.tile.fma", "fma", -1, -1, -1),
    ("tirx.tile.gemm", "gemm", -1, -1, -1),
    ("tirx.tile.gemm_async", "gemm_async", -1, -1, -1),
    ("tirx.tile.log2", "log2", -1, -1, -1),
    ("tirx.tile.max", "max", -1, -1, -1),
    ("tirx.tile.maximum", "maximum", -1, -1, -1),
    ("tirx.tile.memset", "memset", -1, -1, -1),
    ("tirx.tile.min", "min", -1, -1, -1),
    ("tirx.tile.minimum", "minimum", -1, -1, -1),
    ("tirx.tile.mul", "mul", -1, -1, -1),
    ("tirx.tile.permute_layout", "permute_layout", -1, -1, -1),
    ("tirx.tile.reciprocal", "reciprocal", -1, -1, -1),
    ("tirx.tile.reduce_negate", "reduce_negate", -1, -1, -1),
    ("tirx.tile.select", "select", -1, -1, -1),
    ("tirx.tile.silu", "silu", -1, -1, -1),
    ("tirx.tile.sqrt", "sqrt", -1, -1, -1),
    ("tirx.tile.sub", "sub", -1, -1, -1),
    ("tirx.tile.sum", "sum", -1, -1, -1),
    ("tirx.tile.unary_reduce", "unary_reduce", -1, -1, -1),
    ("tirx.tile.zero", "zero", -1, -1, -1),
    ("tirx.timer_end_cuda", "cuda.timer_end", -1, 3, -1),
    ("tirx.timer_finalize_cuda", "cuda.timer_finalize", -1, 3, -1),
    ("tirx.timer_init_cuda", "cuda.timer_init", -1, 3, -1),
    ("tirx.timer_start_cuda", "cuda.timer_start", -1, 3, -1),
    ("tirx.trunc", "trunc", -1, 1, 1),
    ("tirx.tvm_access_ptr", "tvm_access_ptr", -1, 4, 5),
    ("tirx.tvm_bmma_sync", "tvm_bmma_sync", -1, 3, -1),
    ("tirx.tvm_call_cpacked", "call_cpacked", -1, 3, -1),
    ("tirx.tvm_call_cpacked_lowered", "call_cpacked_lowered", -1, 3, -1),
    ("tirx.tvm_call_packed", "call_packed", -1, 3, -1),
    ("tirx.tvm_call_packed_lowered", "call_packed_lowered", -1, 3, -1),
    ("tirx.tvm_call_trace_packed", "tvm_call_trace_packed", -1, 3, -1),
    ("tirx.tvm_call_trace_packed_lowered", "tvm_call_trace_packed_lowered", -1, 3, -1),
    ("tirx.tvm_context_id", "tvm_context_id", -1, 2, 0),
    ("tirx.tvm_fill_fragment", "tvm_fill_fragment", -1, 3, -1),
    ("tirx.tvm_global_barrier_kinit", "tvm_global_barrier_kinit", -1, 3, -1),
    ("tirx.tvm_kernel_replace_point", "tvm_kernel_replace_point", -1, 3, 0),
    ("tirx.tvm_load_matrix_sync", "tvm_load_matrix_sync", -1, 2, -1),
    ("tirx.tvm_mma_sync", "tvm_mma_sync", -1, 3, -1),
    ("tirx.tvm_stack_alloca", "tvm_stack_alloca", -1, 3, 2),
    ("tirx.tvm_stack_make_array", "tvm_stack_make_array", -1, 3, 6),
    ("tirx.tvm_stack_make_shape", "tvm_stack_make_shape", -1, 3, -1),
    ("tirx.tvm_static_handle", "tvm_static_handle", -1, 4, 0),
    ("tirx.tvm_storage_sync", "tvm_storage_sync", -1, 3, -1),
    ("tirx.tvm_store_matrix_sync", "tvm_store_matrix_sync", -1, 3, -1),
    ("tirx.tvm_struct_get", "tvm_struct_get", 2, 2, 3),
    ("tirx.tvm_struct_set", "tvm_struct_set", -1, 3, 4),
    ("tirx.tvm_thread_allreduce", "tvm_thread_allreduce", -1, 3, -1),
    ("tirx.tvm_thread_invariant", "tvm_thread_invariant", -1, 1, 1),
    ("tirx.tvm_throw_last_error", "tvm_throw_last_error", -1, 3, 0),
    ("tirx.tvm_tuple", "tvm_tuple", -1, 5, -1),
    ("tirx.tvm_warp_activemask", "tvm_warp_activemask", -1, 3, -1),
    ("tirx.tvm_warp_shuffle", "tvm_warp_shuffle", -1, 3, -1),
    ("tirx.tvm_warp_shuffle_down", "tvm_warp_shuffle_down", -1, 3, -1),
    ("tirx.tvm_warp_shuffle_up", "tvm_warp_shuffle_up", -1, 3, -1),
    ("tirx.tvm_warp_shuffle_xor", "tvm_warp_shuffle_xor", -1, 3, -1),
    ("tirx.type_annotation", "type_annotation", 1, 1, -1),
    ("tirx.undef", "undef", -1, 2, 0),
    ("tirx.vectorcombine", "vectorcombine", 1, 1, -1),
    ("tirx.vectorhigh", "vectorhigh", 1, 1, -1),
    ("tirx.vectorlow", "vectorlow", 1, 1, -1),
    ("tirx.webgpu.subgroup_shuffle", "webgpu.subgroup_shuffle", -1, 3, 2),
    ("tirx.webgpu.subgroup_shuffle_down", "webgpu.subgroup_shuffle_down", -1, 3, 2),
    ("tirx.webgpu.subgroup_shuffle_up", "webgpu.subgroup_shuffle_up", -1, 3, 2),
];

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::ir::{op::registered_ops, Call, ErrorKind, Expr, Span, Var};

    fn attr(op: &str, key: &str) -> Option<Value> {
        self::op(op).unwrap().get_attr(key)
    }

    #[test]
    fn register_is_idempotent_and_registers_each_op_once() {
        register().unwrap();
        register().unwrap();
        let names: Vec<_> = intrinsics().map(|i| i.name).collect();
        let unique: HashSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len(), "an operator is listed twice");
        let registered: HashSet<String> = registered_ops().into_iter().collect();
        for n in &names {
            assert!(registered.contains(*n), "{n} not registered");
        }
        // Registering one again through the registry is refused.
        assert_eq!(OpDef::new("tirx.exp", "").register().unwrap_err().kind, ErrorKind::ValueError);
        // One object per name.
        assert!(op("tirx.exp").unwrap().ptr_eq(&op("tirx.exp").unwrap()));
        assert!(op("tirx.no_such_intrinsic").is_err());
    }

    #[test]
    fn corpus_intrinsics_are_registered() {
        // A sample of the operators TVM 0.27's printed corpus uses, across namespaces.
        for n in [
            "prim.if_then_else", "prim.likely", "prim.vscale", "tirx.exp", "tirx.reinterpret", "tirx.tvm_access_ptr",
            "tirx.type_annotation", "tirx.buffer_data", "tirx.address_of", "tirx.call_extern", "tirx.tvm_call_packed",
            "tirx.tvm_thread_allreduce", "tirx.ptx.ld", "tirx.ptx.ld_vec256", "tirx.ptx.mbarrier_arrive",
            "tirx.ptx_legacy.mma", "tirx.cuda.iket_mark", "tirx.cuda.cvta_generic_to_shared", "tirx.nki.memset",
            "tirx.tile.copy", "tirx.tile.gemm", "tirx.simdgroup_store", "tirx.s_tir.cp_async_raw", "tirx.break_loop",
        ] {
            assert!(op(n).is_ok(), "{n}");
        }
    }

    #[test]
    fn printing_and_effect_attributes_are_tvms() {
        assert_eq!(attr("tirx.exp", ATTR_SCRIPT_NAME), Some(Value::str("exp")));
        assert_eq!(attr("tirx.exp", ATTR_CALL_EFFECT_KIND), Some(Value::Int(CallEffectKind::Pure.as_i64())));
        assert_eq!(attr("tirx.exp", ATTR_DTYPE_PRINT_LOCATION), None);
        assert_eq!(attr("tirx.reinterpret", ATTR_DTYPE_PRINT_LOCATION), Some(Value::Int(1)));
        assert_eq!(attr("tirx.tvm_struct_get", ATTR_DTYPE_PRINT_LOCATION), Some(Value::Int(2)));
        assert_eq!(attr("tirx.tvm_call_packed", ATTR_SCRIPT_NAME), Some(Value::str("call_packed")));
        assert_eq!(attr("tirx.cuda.iket_mark", ATTR_SCRIPT_NAME), Some(Value::str("cuda.iket.mark")));
        assert_eq!(attr("tirx.assume", ATTR_CALL_EFFECT_KIND), Some(Value::Int(5)));
        assert_eq!(attr("tirx.break_loop", ATTR_CALL_EFFECT_KIND), Some(Value::Int(6)));
        assert_eq!(attr("tirx.tvm_access_ptr", ATTR_CALL_EFFECT_KIND), Some(Value::Int(4)));
        assert_eq!(attr("tirx.isinf", ATTR_SCRIPT_NAME), None);
        assert_eq!(attr("tirx.tile.copy", ATTR_SCRIPT_NAME), Some(Value::str("copy")));
        assert_eq!(attr("prim.if_then_else", ATTR_NUM_INPUTS), Some(Value::Int(3)));
    }

    #[test]
    fn script_names_map_to_operators() {
        register().unwrap();
        assert_eq!(ops_for_script_name("ptx.abs"), ["tirx.ptx.abs", "tirx.ptx.abs_f", "tirx.ptx.abs_half"]);
        assert_eq!(ops_for_script_name("if_then_else"), ["prim.if_then_else"]);
        assert_eq!(ops_for_script_name("call_packed"), ["tirx.tvm_call_packed"]);
        assert_eq!(ops_for_script_name("metal.simdgroup_load"), ["tirx.simdgroup_load"]);
        assert_eq!(ops_for_script_name("tile.copy"), ["tirx.tile.copy"]);
        assert!(ops_for_script_name("copy").is_empty());
        assert!(ops_for_script_name("Buffer").is_empty());
        assert_eq!(tile_op("gemm"), Some("tirx.tile.gemm"));
        assert_eq!(tile_op("exp_nope"), None);
        // Every operator with a script name is reachable from the table.
        let listed: HashSet<&str> = script_name_table().values().flatten().copied().collect();
        for info in intrinsics().filter(|i| i.script_name.is_some()) {
            assert!(listed.contains(info.name), "{}", info.name);
        }
    }

    fn call(name: &str, args: Vec<Expr>) -> crate::ir::Result<Call> {
        Call::make(None, op(name).unwrap(), args, None, vec![], Span::none())
    }

    #[test]
    fn simple_result_types_are_inferred() {
        let h: Expr = Var::scalar("h", DataType::float(16)).into();
        let v: Expr = Var::scalar("v", DataType::FLOAT32.with_lanes(4)).into();
        let x: Expr = Var::scalar("x", DataType::INT64).into();
        let c: Expr = Var::scalar("c", DataType::bool()).into();
        assert_eq!(call("tirx.exp", vec![h.clone()]).unwrap().ty.as_prim(), Some(DataType::float(16)));
        assert_eq!(call("tirx.pow", vec![h.clone(), h.clone()]).unwrap().ty.as_prim(), Some(DataType::float(16)));
        assert_eq!(call("tirx.isnan", vec![v.clone()]).unwrap().ty.as_prim(), Some(DataType::bool().with_lanes(4)));
        assert_eq!(call("prim.clz", vec![x.clone()]).unwrap().ty.as_prim(), Some(DataType::INT32));
        assert_eq!(call("tirx.popcount", vec![x]).unwrap().ty.as_prim(), Some(DataType::INT64));
        assert_eq!(call("prim.if_then_else", vec![c, h.clone(), h]).unwrap().ty.as_prim(), Some(DataType::float(16)));
        assert_eq!(call("prim.vscale", vec![]).unwrap().ty.as_prim(), Some(DataType::INT32));
        // No rule: the type stays missing; too few arguments: a TypeError, not a panic.
        assert!(call("tirx.ptx.ld", vec![v]).unwrap().ty.is_missing());
        assert_eq!(call("tirx.exp", vec![]).unwrap_err().kind, ErrorKind::TypeError);
    }
}
