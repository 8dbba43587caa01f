//! Compilation targets as TVM 0.27 has them (`target.Target`, `target.TargetKind`).
//! A target is IR-level: TIRx functions carry one in their attributes
//! (`T.target(...)`), Relax modules in their virtual devices (`I.vdevice(...)`), and
//! the `tvm.target` package builds them in Python. The registry is data: `kinds.rs`
//! (kinds, their options, defaults and keys), `tags.json` (TVM's registered tags, as
//! TVM 0.27 exports them), `arm.rs` (what llvm derives for Arm triples);
//! `config.rs` builds a target from a name, a JSON string, a config map or another
//! target, checking the options as TVM does and with its messages.

mod arm;
mod config;
pub mod kinds;
mod tags;


use super::error::Result;
use super::object::object_info;
use super::span::Span;
use super::value::{AttrMap, Value};
use crate::ir_node;

pub use config::{from_value, with_host, DEFAULT_LLVM_TRIPLE};

ir_node! {
    /// A kind of target (`llvm`, `cuda` …), one object per name.
    pub struct TargetKindNode as TargetKind: "target.TargetKind", base object_info {
        pub name: String,
    }
}

impl super::object::Ref<TargetKindNode> {
    /// The kind of this name (created on first use, then shared: TVM's kinds are
    /// singletons, so two targets of one kind hold the same object).
    pub fn get(name: &str) -> TargetKind {
        static KINDS: crate::ir::by_name::ByName<TargetKind> = crate::ir::by_name::ByName::new();
        KINDS.get_or_make(name, || TargetKind::new(TargetKindNode { name: name.to_string(), span: Span::none() }))
    }
}

ir_node! {
    /// A compilation target: its kind, tag, keys, the other attributes of its
    /// configuration (defaults filled in), and an optional host target.
    pub struct TargetNode as Target: "target.Target", base object_info {
        pub kind: TargetKind,
        pub tag: String,
        pub keys: Vec<String>,
        pub attrs: AttrMap,
        pub host: Option<Target>,
    }
}

impl TargetNode {
    /// The configuration TVM's `export()` gives: `kind`, `tag`, `keys`, `host` (its
    /// own export) and the attributes.
    pub fn export(&self) -> Value {
        let mut items: Vec<(Value, Value)> = Vec::with_capacity(self.attrs.len() + 4);
        items.push((Value::str("kind"), Value::str(&self.kind.name)));
        items.push((Value::str("tag"), Value::str(&self.tag)));
        items.push((Value::str("keys"), Value::Array(self.keys.iter().map(|k| Value::str(k)).collect())));
        if let Some(host) = &self.host {
            items.push((Value::str("host"), host.export()));
        }
        items.extend(self.attrs.iter().cloned());
        Value::Map(items.into())
    }

    /// `str(target)`: the export as compact JSON, as TVM 0.27 prints it (slashes escaped).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        config::write_json(&mut out, &self.export());
        out
    }

    /// An attribute's value.
    pub fn attr(&self, name: &str) -> Option<&Value> {
        self.attrs.iter().find(|(k, _)| k.as_str() == Some(name)).map(|(_, v)| v)
    }
}

/// The kind names TVM registers, in `Target.list_kinds()` order.
pub fn list_kinds() -> Vec<&'static str> {
    kinds::KINDS.iter().map(|k| k.name).collect()
}

/// The registered tag names, sorted.
pub fn list_tags() -> Vec<&'static str> {
    tags::names()
}

pub(crate) fn register() -> Result<()> {
    super::object::register_type::<TargetKindNode>()?;
    super::object::register_type::<TargetNode>()?;
    Ok(())
}
