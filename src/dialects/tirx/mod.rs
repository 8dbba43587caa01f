//! The TIRx dialect: tensor programs (statements, buffers, layouts, intrinsics).

pub mod nodes;
pub mod ops;

pub use ops::register;
