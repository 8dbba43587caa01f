//! TVM 0.27's registered target tags (`tvm.target.list_tags()`: NVIDIA GPUs, Arm
//! boards, AWS instances, Apple, Qualcomm, RISC-V), each as the config its target
//! exports, recorded from TVM 0.27 into `tags.json`. Parsed on first use.

use std::sync::OnceLock;

use crate::ir::Value;

fn table() -> &'static Vec<(String, Value)> {
    static TABLE: OnceLock<Vec<(String, Value)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let json: serde_json::Value = serde_json::from_str(include_str!("tags.json")).expect("tags.json is valid JSON");
        let serde_json::Value::Object(map) = json else { return vec![] };
        map.into_iter().map(|(name, config)| (name, super::config::json_to_value(&config))).collect()
    })
}

/// The config of a registered tag.
pub fn lookup(name: &str) -> Option<&'static Value> {
    table().iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

pub fn names() -> Vec<&'static str> {
    table().iter().map(|(n, _)| n.as_str()).collect()
}
