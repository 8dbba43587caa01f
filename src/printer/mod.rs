//! The printer: IR -> Doc tree (the translation engine, with dialect hooks) -> Python text.
//!
//! - [`doc`]: the Doc tree (expression and statement docs, each with its IR source paths).
//! - [`python`]: Doc -> text exactly as TVM 0.27 formats it, with underlines.
//! - [`engine`]: the dialect-agnostic translator (hook registry, frames, names, imports).
//! - [`common_prefix`]: where free variables are defined.
//! - [`config`]: the read-only printer configuration.

pub mod common_prefix;
pub mod config;
pub mod doc;
pub mod engine;
pub mod python;

pub use common_prefix::IsVar;
pub use config::{Fallback, PrinterConfig, Syntax};
pub use doc::{ClassDoc, Doc, ExprDoc, ExprKind, FunctionDoc, Literal, OpKind, StmtBlockDoc, StmtDoc, StmtKind, Text};
pub use engine::{
    DEFAULT_TOKEN, Frame, FrameId, ImportSpec, Printer, register_import,
    register_metadata_serializer, register_print_hook, register_script_entry, register_script_variant, script, script_variant,
};
pub use python::{escape_str, format_float, literal_text, to_python, to_python_underlined};

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod python_tests;
