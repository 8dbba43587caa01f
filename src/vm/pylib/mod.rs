//! The native parts of the frozen `tvm` package's modules: structural walks
//! (`tvm_ffi`), pass running (`tvm.ir.transform`) and `script()` printing.

pub mod passes;
pub mod printing;
pub mod walk;
pub mod doc_py;
