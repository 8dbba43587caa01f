//! The S-TIR dialect: schedulable blocks on top of TIRx.

pub mod nodes;

pub use nodes::register;
