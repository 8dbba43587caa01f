//! What TVM's llvm kind derives for an Arm triple (its A-profile target parser):
//! the `arm_cpu` key and `feature.*` attributes, from the triple and `mattr`.
//! TVM also asks LLVM what a named `mcpu` supports; that CPU database is not
//! reproduced here (an explicit `mattr` or `feature.*` attribute is honoured).

use crate::ir::Value;

/// Whether TVM treats this triple as Arm (`arm…`, `arm64…`, `aarch64…`; not `thumb…`).
pub fn is_arm(triple: &str) -> bool {
    triple.starts_with("arm") || triple.starts_with("aarch64")
}

/// The features TVM sets for an Arm triple with these `mattr` flags, sorted by name.
pub fn features(triple: &str, mattr: &[String]) -> Vec<(&'static str, bool)> {
    let has = |f: &str| mattr.iter().any(|m| m.strip_prefix('+') == Some(f));
    let lacks = |f: &str| mattr.iter().any(|m| m.strip_prefix('-') == Some(f));
    let is_aarch64 = triple.starts_with("aarch64");
    // Advanced SIMD is part of every 64-bit and v7-A or later architecture.
    let simd_by_default = ["aarch64", "arm64", "armv7", "armv8", "armv9"].iter().any(|p| triple.starts_with(p));
    let asimd = (simd_by_default || has("neon")) && !lacks("neon");
    let sve = has("sve") || has("sve2");
    vec![
        ("feature.has_asimd", asimd),
        ("feature.has_dotprod", has("dotprod")),
        // LLVM: SVE implies full FP16.
        ("feature.has_fp16_simd", has("fullfp16") || sve),
        ("feature.has_matmul_i8", has("i8mm")),
        ("feature.has_sme", has("sme")),
        ("feature.has_sve", sve),
        ("feature.is_aarch64", is_aarch64),
    ]
    .into_iter()
    .collect()
}

/// The `mattr` strings of an attribute value.
pub fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Array(items)) => items.iter().filter_map(|s| s.as_str().map(str::to_string)).collect(),
        _ => vec![],
    }
}
