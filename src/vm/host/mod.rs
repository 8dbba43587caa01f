//! Building and guarding an interpreter: its construction, the sandbox, runaway
//! limits and allocation guards.

pub mod alloc_guard;
pub mod interp;
pub mod limits;
pub mod location;
pub mod sandbox;
