//! Embedding tvmscript in a Rust program (`cargo run --release --example embed`):
//!
//! 1. register a tiny extension namespace (`from tvm.script import demo`) whose
//!    functions are Rust closures: one analyses IR, one reports back to the host;
//! 2. parse TVMScript text into IR with a [`Session`];
//! 3. run a script with that IR bound as a global (`kernel`);
//! 4. read the IR the script defined back, and print it as TVMScript.
//!
//! `tests/embed.rs` runs [`run`] as part of `cargo test`.

use std::fmt::Write as _;
use std::sync::{Mutex, Once};

use tvmscript::ir::{ObjectRef, Value};
use tvmscript::printer::{PrinterConfig, Syntax};
use tvmscript::Session;

/// A function in TVMScript's printed form, as `tvmscript print` writes it.
const KERNEL: &str = r#"# from tvm.script import tirx as T

@T.prim_func
def scale(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = A[i] * T.float32(2)
"#;

/// A script run with the parsed kernel bound as `kernel`.
const SCRIPT: &str = r#"
from tvm.script import demo

# Call into the host: analyse the IR it gave us and report the result.
demo.report("loops in kernel", demo.count(kernel, "tirx.For"))

# Print and re-parse the host's IR inside the script.
copy = tvm.script.from_source(kernel.script(), extra_vars={"T": T})
tvm.ir.assert_structural_equal(kernel, copy)

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32")):
        for i in range(8):
            A[i] = A[i] + T.float32(1)
"#;

/// What scripts reported through `demo.report`.
static REPORTS: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// How many nodes of type `key` the IR under `value` has.
fn count(value: &Value, key: &str) -> usize {
    match value {
        Value::Object(obj) => usize::from(obj.type_key() == key) + obj.fields().iter().map(|f| count(f, key)).sum::<usize>(),
        Value::Array(items) => items.iter().map(|v| count(v, key)).sum(),
        Value::Map(map) => map.iter().map(|(k, v)| count(k, key) + count(v, key)).sum(),
        _ => 0,
    }
}

/// Register the `demo` namespace. Namespaces are process-wide and must be
/// registered before the first session imports `tvm.script`.
pub fn register_extension() {
    use tvmscript::vm::convert::{py_to_str, py_to_value};
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        tvmscript::init();
        tvmscript::script::protocol::register_namespace_path("demo");
        tvmscript::vm::namespace::register_namespace("demo", |ns| {
            // demo.count(ir, type_key) -> int
            ns.func("count", |vm, args| {
                let [ir, key] = args.args.as_slice() else {
                    return Err(vm.new_type_error("count(ir, type_key) takes two arguments"));
                };
                let n = count(&py_to_value(vm, ir)?, &py_to_str(vm, key)?);
                Ok(vm.ctx.new_int(n).into())
            });
            // demo.report(label, value): hand a result to the host.
            ns.func("report", |vm, args| {
                let [label, value] = args.args.as_slice() else {
                    return Err(vm.new_type_error("report(label, value) takes two arguments"));
                };
                let entry = (py_to_str(vm, label)?, value.str(vm)?.to_string());
                REPORTS.lock().unwrap_or_else(|e| e.into_inner()).push(entry);
                Ok(vm.ctx.none())
            });
        });
    });
}

fn tvm_syntax() -> PrinterConfig {
    PrinterConfig { syntax: Syntax::Tvm, ..Default::default() }
}

/// Run the whole example; returns what it would print.
pub fn run() -> tvmscript::ir::Result<String> {
    register_extension();
    let session = Session::new();
    let mut out = String::new();

    // Parse TVMScript text: its definitions, in order.
    let defs = session.parse("kernel.py", KERNEL)?;
    let (name, kernel): &(String, ObjectRef) = &defs[0];
    let _ = writeln!(out, "parsed `{name}`: a {}", kernel.type_key());

    // Run a script with the host's IR bound as `kernel`; read back the IR it defines.
    let globals = session.run("script.py", SCRIPT, &[("kernel", Value::Object(kernel.clone()))])?;
    for (label, value) in REPORTS.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
        let _ = writeln!(out, "script reported {label}: {value}");
    }
    for (name, value) in &globals {
        let Value::Object(obj) = value else { continue };
        let _ = writeln!(out, "script defined `{name}`: a {}", obj.type_key());
    }

    // The re-parsed copy is structurally equal to the original.
    let copy = globals.iter().find(|(n, _)| n == "copy").map(|(_, v)| v.clone());
    let same = copy.is_some_and(|c| tvmscript::ir::structural_equal(&c, &Value::Object(kernel.clone()), false));
    let _ = writeln!(out, "copy equals kernel: {same}");

    // Print IR the script made.
    if let Some((_, Value::Object(module))) = globals.iter().find(|(n, _)| n == "Module") {
        let _ = write!(out, "{}", tvmscript::print(module, &tvm_syntax())?);
    }
    Ok(out)
}

fn main() {
    match run() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("embed: {e}");
            std::process::exit(1);
        }
    }
}
