//! tvmscript: TVMScript, the Python-syntax language of Apache TVM's IR, in Rust.

pub mod builder;
pub mod ir;
pub mod printer;
pub mod script;
pub mod vm;
