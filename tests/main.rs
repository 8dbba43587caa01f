//! The integration tests, one module per file, in one test binary: the suite links
//! RustPython once (a binary per file took ~40 MB of disk and a link step each).

mod api;
mod bad_input;
mod cases;
mod cli_commands;
mod cli_run;
mod dependent;
mod embed;
mod eval_parity;
mod extension_complex;
mod frontend_semantics;
mod fmt;
mod fuzz;
mod helper_threads;
mod ir_arith;
mod ir_dtype;
mod ir_op_registry;
mod ir_structural_scale;
mod json_oracle;
mod parse_repeat;
mod relax_frontend;
mod relax_ir;
mod relax_ir_infer;
mod relax_printer;
mod relax_wellformed;
mod repl;
mod repl_pty;
mod sandbox;
mod tirx_conformance;
mod tirx_frontend;
mod tirx_printer;
mod tirx_printer_oracle;
mod targets;
mod transpile;
mod unparse;
mod written;
