//! The target kinds TVM 0.27 registers (`tvm.target.Target.list_kinds()`), each with
//! its options (name, type, default) and default keys, as TVM 0.27 reports them
//! (`TargetKind.options_from_name`, `Target(kind).export()`).

use crate::ir::Value;

/// The type an option's value must have (TVM's names, used in its messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionType {
    /// A string.
    Str,
    /// An integer.
    Int,
    /// A boolean.
    Bool,
    /// A list of strings.
    StrArray,
    /// A target.
    Target,
    /// A list of targets.
    TargetArray,
}

impl OptionType {
    /// TVM's name of the type, as its messages print it.
    pub fn name(self) -> &'static str {
        match self {
            OptionType::Str => "str",
            OptionType::Int => "int",
            OptionType::Bool => "bool",
            OptionType::StrArray => "Array<str>",
            OptionType::Target => "target.Target",
            OptionType::TargetArray => "Array<target.Target>",
        }
    }
}

/// A default value of an option.
#[derive(Clone, Copy, Debug)]
pub enum DefaultValue {
    /// An integer default.
    Int(i64),
    /// A boolean default.
    Bool(bool),
    /// A string default.
    Str(&'static str),
}

impl DefaultValue {
    /// The default as an IR value.
    pub fn value(self) -> Value {
        match self {
            DefaultValue::Int(v) => Value::Int(v),
            DefaultValue::Bool(v) => Value::Bool(v),
            DefaultValue::Str(s) => Value::str(s),
        }
    }
}

/// One option of a kind.
pub struct Opt {
    /// The option's key (`"mcpu"` …).
    pub name: &'static str,
    /// The type its value must have.
    pub ty: OptionType,
    /// The value a target gets when none is given.
    pub default: Option<DefaultValue>,
}

/// A target kind: its name, the keys a target of it gets when none are given, and
/// its own options (after the common ones, `COMMON`).
pub struct Kind {
    /// The kind's name (`"llvm"`, `"cuda"` …).
    pub name: &'static str,
    /// The keys of a target of this kind when none are given.
    pub default_keys: &'static [&'static str],
    /// The options of this kind besides the common ones.
    pub options: &'static [Opt],
}

use DefaultValue as D;
use OptionType::*;

const fn o(name: &'static str, ty: OptionType) -> Opt {
    Opt { name, ty, default: None }
}
const fn d(name: &'static str, ty: OptionType, default: D) -> Opt {
    Opt { name, ty, default: Some(default) }
}

/// The options every kind has, in TVM's order (its "Known options" message lists them first).
pub const COMMON: &[Opt] = &[
    o("kind", Str),
    o("keys", StrArray),
    o("tag", Str),
    o("device", Str),
    o("model", Str),
    o("libs", StrArray),
    o("host", Target),
    o("from_device", Int),
    o("target_device_type", Int),
];

/// The kinds, in the order `list_kinds()` gives them.
pub const KINDS: &[Kind] = &[
    Kind { name: "composite", default_keys: &[], options: &[o("devices", TargetArray)] },
    Kind { name: "cuda_host", default_keys: &["cpu"], options: &[] },
    Kind {
        name: "cuda",
        default_keys: &["cuda", "gpu"],
        options: &[
            o("mcpu", Str),
            // Defaulted by `canonical` (TVM asks the CUDA driver; without one, sm_50).
            o("arch", Str),
            o("max_shared_memory_per_block", Int),
            o("max_threads_per_block", Int),
            d("thread_warp_size", Int, D::Int(32)),
            o("registers_per_block", Int),
            o("l2_cache_size_bytes", Int),
            d("max_num_threads", Int, D::Int(1024)),
        ],
    },
    Kind {
        name: "nvptx",
        default_keys: &["cuda", "gpu"],
        options: &[
            o("mcpu", Str),
            d("mtriple", Str, D::Str("nvptx64-nvidia-cuda")),
            d("max_num_threads", Int, D::Int(1024)),
            d("thread_warp_size", Int, D::Int(32)),
        ],
    },
    Kind {
        name: "c",
        default_keys: &["cpu"],
        options: &[
            o("mcpu", Str),
            o("march", Str),
            o("workspace-byte-alignment", Int),
            o("constants-byte-alignment", Int),
        ],
    },
    Kind {
        name: "hexagon",
        default_keys: &["hexagon", "cpu"],
        options: &[
            o("mattr", StrArray),
            o("mcpu", Str),
            o("mtriple", Str),
            o("llvm-options", StrArray),
            o("num-cores", Int),
            o("vtcm-capacity", Int),
        ],
    },
    Kind {
        name: "metal",
        default_keys: &["metal", "gpu"],
        options: &[
            d("max_num_threads", Int, D::Int(256)),
            d("max_threads_per_block", Int, D::Int(256)),
            d("max_shared_memory_per_block", Int, D::Int(32768)),
            d("thread_warp_size", Int, D::Int(16)),
            d("max_function_args", Int, D::Int(31)),
        ],
    },
    Kind {
        name: "opencl",
        default_keys: &["opencl", "gpu"],
        options: &[
            d("max_threads_per_block", Int, D::Int(256)),
            d("max_shared_memory_per_block", Int, D::Int(16384)),
            d("max_num_threads", Int, D::Int(256)),
            d("thread_warp_size", Int, D::Int(1)),
            d("texture_spatial_limit", Int, D::Int(16384)),
            d("texture_depth_limit", Int, D::Int(2048)),
            d("max_function_args", Int, D::Int(128)),
            d("image_base_address_alignment", Int, D::Int(64)),
        ],
    },
    Kind {
        name: "trn",
        default_keys: &[],
        options: &[
            o("partition_size", Int),
            o("max_sbuf_size_per_partition", Int),
            o("max_psum_size_per_partition", Int),
            o("num-cores", Int),
        ],
    },
    Kind {
        name: "webgpu",
        default_keys: &["webgpu", "gpu"],
        options: &[
            d("max_num_threads", Int, D::Int(256)),
            d("max_shared_memory_per_block", Int, D::Int(32768)),
            d("supports_subgroups", Bool, D::Bool(false)),
            d("thread_warp_size", Int, D::Int(1)),
        ],
    },
    Kind { name: "test", default_keys: &[], options: &[] },
    Kind {
        name: "rocm",
        default_keys: &["rocm", "gpu"],
        options: &[
            // Defaulted by `canonical` (TVM asks ROCm; without it, gfx900).
            o("mcpu", Str),
            d("mtriple", Str, D::Str("amdgcn-amd-amdhsa-hcc")),
            o("mattr", StrArray),
            d("max_num_threads", Int, D::Int(256)),
            d("max_threads_per_block", Int, D::Int(256)),
            d("max_shared_memory_per_block", Int, D::Int(65536)),
            d("thread_warp_size", Int, D::Int(64)),
        ],
    },
    Kind {
        name: "vulkan",
        default_keys: &["vulkan", "gpu"],
        options: &[
            o("mattr", StrArray),
            o("supports_float16", Bool),
            d("supports_float32", Bool, D::Bool(true)),
            o("supports_float64", Bool),
            o("supports_int8", Bool),
            o("supports_int16", Bool),
            d("supports_int32", Bool, D::Bool(true)),
            o("supports_int64", Bool),
            o("supports_8bit_buffer", Bool),
            o("supports_16bit_buffer", Bool),
            o("supports_storage_buffer_storage_class", Bool),
            o("supports_push_descriptor", Bool),
            o("supports_dedicated_allocation", Bool),
            o("supports_integer_dot_product", Bool),
            o("supports_cooperative_matrix", Bool),
            o("supported_subgroup_operations", Int),
            d("max_num_threads", Int, D::Int(256)),
            d("max_threads_per_block", Int, D::Int(256)),
            d("thread_warp_size", Int, D::Int(1)),
            o("max_block_size_x", Int),
            o("max_block_size_y", Int),
            o("max_block_size_z", Int),
            o("max_push_constants_size", Int),
            o("max_uniform_buffer_range", Int),
            o("max_storage_buffer_range", Int),
            o("max_per_stage_descriptor_storage_buffer", Int),
            o("max_shared_memory_per_block", Int),
            o("device_type", Str),
            o("device_name", Str),
            o("driver_name", Str),
            o("driver_version", Int),
            o("vulkan_api_version", Int),
            o("max_spirv_version", Int),
        ],
    },
    Kind {
        name: "llvm",
        default_keys: &["cpu"],
        options: &[
            o("mattr", StrArray),
            o("mcpu", Str),
            // Defaulted by `canonical` to the wheel's LLVM default triple.
            o("mtriple", Str),
            o("mfloat-abi", Str),
            o("mabi", Str),
            o("num-cores", Int),
            o("fast-math", Bool),
            o("fast-math-nnan", Bool),
            o("fast-math-ninf", Bool),
            o("fast-math-nsz", Bool),
            o("fast-math-arcp", Bool),
            o("fast-math-contract", Bool),
            o("fast-math-reassoc", Bool),
            o("opt-level", Int),
            o("cl-opt", StrArray),
            o("jit", Str),
            o("vector-width", Int),
        ],
    },
    Kind { name: "ext_dev", default_keys: &[], options: &[] },
];

/// The kind of this name.
pub fn find(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

impl Kind {
    /// The option of this name (common or the kind's own).
    pub fn option(&self, name: &str) -> Option<&'static Opt> {
        COMMON.iter().chain(self.options.iter()).find(|o| o.name == name)
    }
}
