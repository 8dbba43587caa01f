//! The IR core: object model and reflection, data types, types, expressions, the
//! operator registry, modules, structural equality and hashing, structural_map and passes.
//! Nothing here names a dialect; dialects build on these pieces.

pub mod arith;
pub mod by_name;
pub mod dtype;
pub mod error;
pub mod expr;
pub mod json;
pub mod map;
pub mod module;
pub mod native;
pub mod object;
pub mod op;
pub mod pass;
pub mod path;
pub mod span;
pub mod structural;
pub mod target;
pub mod ty;
pub mod value;
pub mod var_name;

pub use dtype::{DataType, TypeCode};
pub use error::{require, Error, ErrorKind, Result};
pub use expr::*;
pub use map::{
    fresh_vars,
    innermost_span, post_order_visit, pre_order_visit, structural_map, structural_map_typed, structural_map_value, structural_walk,
    DefRegion, Dispatch, FromNode, IntoMapResult, MapFn, MapOutput, MapResult, WalkControl, WalkOrder,
};
pub use module::{FunctionIter, FunctionMap, IRModule, IRModuleNode};
pub use native::NativeNode;
pub use object::{
    lookup_type, object_info, register_type, register_type_info, registered_type_keys, ChildRef, EqKind, FieldInfo,
    FieldRole, IsA, NodeType, Object, ObjectRef, Ref, TypeInfo, TypedRef,
};
pub use op::{sig, OpDef, OpEntry};
pub use pass::{
    get_pass, register_config_option, register_pass, FunctionPass, ModulePass, Pass, PassContext, PassInfo,
    PassInstrument, PassNode, Sequential,
};
pub use path::{AccessPath, PathStep};
pub use span::{Span, EXCEPTION_SPAN_ATTR};
pub use structural::{
    assert_structural_equal, get_first_structural_mismatch, set_mismatch_renderer, structural_equal, structural_hash,
    span_at_path, structural_hash_value, value_at_path, StructuralEqual,
};
pub use ty::*;
pub use value::{AttrMap, Field, Value};
pub use var_name::VarName;

/// Register the core node types (idempotent).
pub fn register_core() -> Result<()> {
    ty::register()?;
    expr::register()?;
    module::register()?;
    target::register()?;
    Ok(())
}
