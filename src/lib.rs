//! tvmscript: TVMScript, the Python-syntax language of Apache TVM's IR, in Rust.

pub mod ir;
