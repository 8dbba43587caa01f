//! The snippets of docs/embedding.md that no other example holds, each in the context
//! it needs, so that `cargo test` compiles them (`tests/doc_snippets.rs` checks that
//! every line of every Rust snippet in the guide is a line of an example). Run it
//! with `cargo run --release --example embedding_guide`.

use tvmscript::ir::ObjectRef;

#[global_allocator]
static GLOBAL: tvmscript::memory::Allocator = tvmscript::memory::Allocator {};

// src/main.rs
use tvmscript::Session;

const KERNEL: &str = r#"
@T.prim_func
def scale(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = A[i] * T.float32(2)
"#;

fn main() -> Result<(), tvmscript::ir::Error> {
    let session = Session::new();
    for (name, ir) in session.parse("kernel.py", KERNEL)? {
        println!("parsed `{name}`: {}", ir.type_key());
    }
    // A script's print() is written out before `run` returns.
    session.run("hello.py", "print('hello from the script')\n", &[])?;
    println!("hello from the host");
    // An error displays as its located message.
    let err = session.run("bad.py", "x = undefined_name\n", &[]).unwrap_err();
    println!("{err}");
    let kernel = parse_a_kernel()?;
    run_with_values(&session, &kernel)?;
    build_with_the_block_builder(&session)?;
    print_in_tvms_spelling(&kernel)?;
    parse_with_helper_threads(KERNEL.to_string())?;
    extend_from_the_host();
    untrusted_scripts()?;
    Ok(())
}

fn parse_a_kernel() -> Result<ObjectRef, tvmscript::ir::Error> {
    use tvmscript::Session;

    let session = Session::new();
    let text = r#"
@T.prim_func
def scale(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = A[i] * T.float32(2)
"#;
    let defs = session.parse("kernel.py", text)?; // Vec<(String, ObjectRef)>
    let (name, kernel) = &defs[0];
    assert_eq!(name, "scale");
    assert_eq!(kernel.type_key(), "tirx.PrimFunc");
    Ok(kernel.clone())
}

fn run_with_values(session: &Session, kernel: &ObjectRef) -> Result<(), tvmscript::ir::Error> {
    use tvmscript::ir::Value;

    let outputs = session.run(
        "script.py",
        "copy = tvm.script.from_source(kernel.script(), extra_vars={\"T\": T})\n",
        &[("kernel", Value::Object(kernel.clone()))],
    )?;
    for (name, value) in &outputs {
        println!("{name}: {}", value.repr());
    }
    Ok(())
}

fn build_with_the_block_builder(session: &Session) -> Result<(), tvmscript::ir::Error> {
    let outputs = session.run(
        "build.py",
        "from tvm import relax\n\
         x = relax.Var('x', relax.TensorType([4], 'float32'))\n\
         bb = relax.BlockBuilder()\n\
         with bb.function('main', [x]):\n\
         \x20   y = bb.emit(relax.op.exp(x))\n\
         \x20   bb.emit_func_output(y)\n\
         mod = bb.get()\n",
        &[],
    )?;
    println!("{} values", outputs.len());
    Ok(())
}

fn print_in_tvms_spelling(kernel: &ObjectRef) -> Result<(), tvmscript::ir::Error> {
    use tvmscript::printer::{PrinterConfig, Syntax};

    let text = tvmscript::print(kernel, &PrinterConfig { syntax: Syntax::Tvm, ..Default::default() })?;
    println!("{text}");
    Ok(())
}

fn parse_with_helper_threads(text: String) -> Result<(), tvmscript::ir::Error> {
    use tvmscript::printer::PrinterConfig;

    let session = Session::new().helper_threads(true);
    let defs = session.parse("model.py", &text)?;
    let text = session.print(&defs[0].1, &PrinterConfig::default())?;
    println!("{text}");
    Ok(())
}

fn extend_from_the_host() {
    use tvmscript::vm::convert::py_to_value;

    tvmscript::init();
    tvmscript::script::protocol::register_namespace_path("demo");
    tvmscript::vm::namespace::register_namespace("demo", |ns| {
        // demo.type_key(obj) -> str
        ns.func("type_key", |vm, args| {
            let value = py_to_value(vm, &args.args[0])?;
            let key = match value {
                tvmscript::ir::Value::Object(o) => o.type_key(),
                _ => "not IR",
            };
            Ok(vm.ctx.new_str(key).into())
        });
    });
}

fn untrusted_scripts() -> Result<(), tvmscript::ir::Error> {
    use std::time::Duration;
    use tvmscript::vm::limits::Limits;

    let session = tvmscript::Session::sandboxed();
    session.run("sandboxed.py", "x = 1\n", &[])?;
    let limits = Limits { timeout: Some(Duration::from_secs(5)), recursion_limit: 500, ..Limits::default() };
    let session = tvmscript::Session::with_limits(&limits, /* sandbox */ true);
    let err = session.run("loop.py", "while True:\n    pass\n", &[]).unwrap_err();
    assert!(err.message.contains("TimeoutError"));
    Ok(())
}
