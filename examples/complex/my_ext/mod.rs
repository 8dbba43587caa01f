//! `my_ext`: seed 003's extension, written against tvmscript's public Rust API as an
//! out-of-tree crate would be. A complex type, four operators, the LowerComplex pass,
//! a script namespace (`from tvm.script import my_ext`) and printer hooks.
//!
//! Everything is registered by [`register`], which the host calls once before using
//! the extension (it is idempotent). Rust has no portable "run at load time" blocks
//! like TVM's `TVM_FFI_STATIC_INIT_BLOCK`, so registration is an ordinary function
//! call: its order is explicit, its errors come back as a `Result`, and the script
//! namespace it declares is only built when a script first uses it.

pub mod lower;
pub mod ops;
pub mod printer;
pub mod script;
pub mod types;

use std::sync::OnceLock;

use tvmscript::ir::Result;

pub use lower::{lower_complex, lower_function, ComplexOps};
pub use types::{ComplexType, ComplexTypeNode};

/// Register the type, the operators, the printer hooks and the `my_ext` script
/// namespace. Later calls return the first call's outcome.
pub fn register() -> Result<()> {
    static DONE: OnceLock<Result<()>> = OnceLock::new();
    DONE.get_or_init(|| {
        // The built-in dialects first: the operators use TIRx's effect attribute and the
        // printer hooks print scalar types the TIRx way.
        tvmscript::init();
        types::register()?;
        ops::register()?;
        printer::register();
        script::register();
        Ok(())
    })
    .clone()
}
