//! Building IR with the IR builder from a Rust host (`cargo run --release --example
//! ir_builder`): the host chooses the shape and the kernels, a script drives
//! `tvm.script.ir_builder` (the same frames the parser uses) to build a module of
//! them, and the host reads the module back and prints it as TVMScript.
//!
//! `tests/embed.rs` runs [`run`] as part of `cargo test`.

use std::fmt::Write as _;

use tvmscript::ir::{IRModuleNode, Value};
use tvmscript::printer::{PrinterConfig, Syntax};
use tvmscript::Session;

/// Builds one elementwise kernel per `(name, op)` of `kernels` over `n` elements.
const BUILD: &str = r#"
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import ir as IB
from tvm.script.ir_builder import tirx as TB

with IRBuilder() as ib:
    with IB.ir_module():
        IB.module_attrs({"built_by": "host"})
        for name, op in kernels:
            with TB.prim_func():
                TB.func_name(name)
                A = TB.arg("A", T.Buffer((n,), "float32"))
                B = TB.arg("B", T.Buffer((n,), "float32"))
                C = TB.arg("C", T.Buffer((n,), "float32"))
                with TB.serial(0, n) as i:
                    IRBuilder.name("i", i)
                    value = A[i] + B[i] if op == "add" else A[i] * B[i]
                    TB.buffer_store(C, value, [i])
module = ib.get()
"#;

/// Run the example; returns what it would print.
pub fn run() -> tvmscript::ir::Result<String> {
    tvmscript::init();
    let session = Session::new();
    let kernels = Value::Array(
        [("vadd", "add"), ("vmul", "mul")]
            .iter()
            .map(|(name, op)| Value::Array(vec![Value::str(name), Value::str(op)].into()))
            .collect::<Vec<_>>()
            .into(),
    );
    let globals = session.run("build.py", BUILD, &[("n", Value::Int(16)), ("kernels", kernels)])?;
    let mut out = String::new();
    let module = globals.iter().find(|(name, _)| name == "module").and_then(|(_, v)| match v {
        Value::Object(o) => o.try_downcast::<IRModuleNode>(),
        _ => None,
    });
    let Some(module) = module else {
        return Err(tvmscript::ir::Error::runtime("the script built no module"));
    };
    let names: Vec<String> = module.global_vars().iter().map(|gv| gv.name_hint.to_string()).collect();
    let _ = writeln!(out, "built {} functions: {}", names.len(), names.join(", "));
    let config = PrinterConfig { syntax: Syntax::Tvm, ..Default::default() };
    let _ = write!(out, "{}", tvmscript::print(&module.upcast(), &config)?);
    Ok(out)
}

fn main() {
    match run() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("ir_builder: {e}");
            std::process::exit(1);
        }
    }
}
