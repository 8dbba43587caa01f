//! Native values inside IR values: a Rust value (usually a hook closure) stored where a
//! [`Value`] is expected, as TVM stores an `ffi.Function` in an operator attribute.
//!
//! ```
//! use std::sync::Arc;
//! use tvmscript::ir::{Op, OpDef, Value};
//!
//! type Hook = Arc<dyn Fn(i64) -> i64 + Send + Sync>;
//! let hook: Hook = Arc::new(|x| x * 2);
//! OpDef::new("my_ext.twice", "doubles its argument").set_attr("my_ext.eval", Value::native(hook)).register()?;
//! let op = Op::get("my_ext.twice")?;
//! let hook = op.get_attr("my_ext.eval").and_then(|v| v.as_native::<Hook>()).expect("the hook");
//! assert_eq!(hook(21), 42);
//! # Ok::<(), tvmscript::ir::Error>(())
//! ```
//! The node has no fields and compares by identity, so IR algorithms never look inside.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::object::{object_info, EqKind, NodeType, Object, ObjectRef, TypeInfo};
use super::span::Span;
use super::value::Value;

/// An opaque Rust value behind an IR object (`ffi.Function` in TVM's attributes).
pub struct NativeNode {
    /// The Rust value.
    pub value: Arc<dyn Any + Send + Sync>,
    /// Where it came from (usually nowhere).
    pub span: Span,
}

impl fmt::Debug for NativeNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ffi.Function")
    }
}

impl NodeType for NativeNode {
    fn static_info() -> &'static TypeInfo {
        static INFO: TypeInfo =
            TypeInfo { key: "ffi.Function", parent: Some(object_info), fields: &[], eq_kind: EqKind::Unique, create: None };
        &INFO
    }
}

impl Object for NativeNode {
    fn type_info(&self) -> &'static TypeInfo {
        Self::static_info()
    }
    fn fields(&self) -> Vec<Value> {
        Vec::new()
    }
    fn span(&self) -> &Span {
        &self.span
    }
}

impl Value {
    /// Wrap a Rust value (a hook, a table) as an IR value.
    pub fn native<T: Any + Send + Sync>(value: T) -> Value {
        Value::Object(ObjectRef::new(NativeNode { value: Arc::new(value), span: Span::none() }))
    }
    /// The Rust value inside a [`Value::native`] of type `T` (a clone: hooks are `Arc`s).
    pub fn as_native<T: Any + Clone>(&self) -> Option<T> {
        self.as_object()?.downcast_ref::<NativeNode>()?.value.downcast_ref::<T>().cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_only_its_own_type() {
        type Hook = Arc<dyn Fn(i64) -> i64 + Send + Sync>;
        let v = Value::native::<Hook>(Arc::new(|x| x + 1));
        let hook = v.as_native::<Hook>().expect("a Hook");
        assert_eq!(hook(41), 42);
        assert!(v.as_native::<String>().is_none());
        assert!(Value::Int(3).as_native::<Hook>().is_none());
        assert_eq!(v.kind_name(), "ffi.Function");
    }
}
