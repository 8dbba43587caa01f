//! tvmscript: TVMScript, the Python-syntax language of Apache TVM's IR, in Rust.
//!
//! See `docs/architecture.md` for a code map.

#![warn(missing_docs)]

pub mod bench;
pub mod builder;
pub mod cli;
pub mod dialects;
pub mod fast_hash;
pub mod fmt;
pub mod ir;
pub mod memory;
pub mod numpy;

// The binary's allocator, so the library's tests run as the binary does.
#[cfg(test)]
#[global_allocator]
static TEST_ALLOCATOR: memory::Allocator = memory::Allocator {};
pub mod printer;
pub mod program;
pub mod renames;
pub mod repl;
pub mod script;
pub mod session;
pub mod stack;
pub mod vm;
pub(crate) mod worker;

pub use session::{helper_threads_started, print, with_helper_threads, Session};

use std::sync::Once;

/// Register the core and the built-in dialects (idempotent; every entry point calls it).
pub fn init() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        // Registration of built-in types cannot fail unless a key is taken twice,
        // which tests catch; there is no caller to report to here.
        let _ = ir::register_core();
        ir::set_mismatch_renderer(render_mismatch);
        vm::operators::register();
        program::register();
        vm::register_native_modules(numpy::module_defs);
        if let Err(e) = dialects::register_builtin() {
            // A built-in dialect that cannot register is a bug; say so rather than panic.
            eprintln!("tvmscript: internal error registering dialects: {e}");
        }
    });
}

/// `assert_structural_equal` shows each side as TVMScript with the mismatch underlined.
fn render_mismatch(root: &ir::Value, path: &ir::AccessPath) -> String {
    match root {
        ir::Value::Object(obj) => {
            let cfg = printer::PrinterConfig {
                syntax: printer::Syntax::Tvm,
                path_to_underline: vec![path.clone()],
                ..Default::default()
            };
            printer::script(obj, &cfg).unwrap_or_else(|e| format!("<unprintable: {e}>"))
        }
        other => other.repr(),
    }
}
