//! IR objects as Python objects and back: one class per type key, the members
//! dialects add, conversions, errors, argument binding, native calls, closures,
//! operators, script namespaces and `tvm.script.ir_builder`'s frames.

pub mod args;
pub mod classes;
pub mod closure;
pub mod convert;
pub mod error;
pub mod ir_builder;
pub mod namespace;
pub mod native;
pub mod object;
pub mod operators;
pub mod access_path;
