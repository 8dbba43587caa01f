//! The IR core: object model and reflection, data types, types, expressions, the
//! operator registry, modules, structural equality and hashing, structural_map and passes.
//! Nothing here names a dialect; dialects build on these pieces.

pub mod dtype;
pub mod error;
pub mod expr;
pub mod object;
pub mod op;
pub mod path;
pub mod span;
pub mod ty;
pub mod value;

pub use dtype::{DataType, TypeCode};
pub use error::{require, Error, ErrorKind, Result};
pub use expr::*;
pub use object::{
    lookup_type, object_info, register_type, register_type_info, registered_type_keys, EqKind, FieldInfo, FieldRole,
    NodeType, Object, ObjectRef, Ref, TypeInfo,
};
pub use op::{sig, OpDef, OpEntry};
pub use path::{AccessPath, PathStep};
pub use span::Span;
pub use ty::*;
pub use value::{AttrMap, Field, Value};

/// Register the core node types (idempotent).
pub fn register_core() -> Result<()> {
    ty::register()?;
    expr::register()?;
    Ok(())
}
