//! Runs `examples/embed.rs` as part of `cargo test`, and checks what it reports.

#[allow(dead_code)]
#[path = "../examples/embed.rs"]
mod embed;

#[test]
fn embedding_example_runs() {
    let out = embed::run().unwrap_or_else(|e| panic!("the example failed: {e}"));
    assert!(out.contains("parsed `scale`: a tirx.PrimFunc"), "{out}");
    // The extension counted the kernel's one loop, from inside the script.
    assert!(out.contains("script reported loops in kernel: 1"), "{out}");
    assert!(out.contains("script defined `copy`: a tirx.PrimFunc"), "{out}");
    assert!(out.contains("script defined `Module`: a ir.IRModule"), "{out}");
    assert!(out.contains("copy equals kernel: true"), "{out}");
    // The module is printed as TVMScript.
    assert!(out.contains("@I.ir_module"), "{out}");
    assert!(out.contains("class Module:"), "{out}");
    assert!(out.contains("A[i] = A[i] + T.float32(1.0)"), "{out}");
}

#[test]
fn sessions_share_registered_extensions() {
    // Another session, on another test thread, sees the process-wide namespace.
    embed::register_extension();
    let session = tvmscript::Session::new();
    let text = "from tvm.script import demo\n\n@T.prim_func\ndef f(A: T.Buffer((2,), \"int32\")):\n    for i in range(2):\n        for j in range(2):\n            A[i] = j\n\nn = demo.count(f, \"tirx.For\")\nassert n == 2, n\n";
    session.run("nested.py", text, &[]).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_session_with_limits_stops_runaway_scripts_and_goes_on() {
    use std::time::{Duration, Instant};
    use tvmscript::vm::limits::Limits;
    let limits = Limits { timeout: Some(Duration::from_millis(300)), recursion_limit: 200, ..Limits::default() };
    let session = tvmscript::Session::with_limits(&limits, false);
    let start = Instant::now();
    let err = session.run("loop.py", "n = 0\nwhile True:\n    n += 1\n", &[]).unwrap_err();
    assert!(err.message.contains("TimeoutError"), "{}", err.message);
    assert!(start.elapsed() < Duration::from_secs(20));
    let err = session.run("deep.py", "def f(n):\n    return f(n + 1)\nf(0)\n", &[]).unwrap_err();
    assert!(err.message.contains("RecursionError"), "{}", err.message);
    // A script that catches every TimeoutError is stopped too (no process exit here).
    let catching = "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass\n";
    let err = session.run("catching.py", catching, &[]).unwrap_err();
    assert!(err.message.contains("TimeoutError"), "{}", err.message);
    assert!(start.elapsed() < Duration::from_secs(40));
    // The budget is per call: the session still runs a good script.
    session.run("ok.py", "x = 1 + 1\nassert x == 2\n", &[]).unwrap();
}

#[test]
fn deep_input_on_a_small_stack_is_refused_not_a_crash() {
    // An embedder's thread has far less stack than the CLI's: the nesting limit
    // follows the stack left, so this is an error rather than a stack overflow.
    let text = format!(
        "from tvm.script import tirx as T\n\n@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    A[0] = {}A[1]\n",
        "A[1] + ".repeat(2900)
    );
    let err = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || tvmscript::Session::new().parse("deep.py", &text).map(|_| ()).unwrap_err().message)
        .expect("a thread")
        .join()
        .expect("no crash");
    assert!(err.contains("too deeply nested"), "{err}");
}

#[allow(dead_code)]
#[path = "../examples/ir_builder.rs"]
mod ir_builder;

#[test]
fn ir_builder_example_builds_a_module_from_host_values() {
    let out = ir_builder::run().unwrap_or_else(|e| panic!("the example failed: {e}"));
    assert!(out.contains("built 2 functions: vadd, vmul"), "{out}");
    assert!(out.contains("I.module_attrs({\"built_by\": \"host\"})"), "{out}");
    assert!(out.contains("def vadd(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\"), C: T.Buffer((16,), \"float32\")):"), "{out}");
    assert!(out.contains("        for i in range(16):\n            C[i] = A[i] * B[i]"), "{out}");
}

#[allow(dead_code)]
#[path = "../examples/passes.rs"]
mod passes;

#[test]
fn passes_example_runs_a_rust_pass_and_a_built_in_one_in_one_pipeline() {
    let out = passes::run().unwrap_or_else(|e| panic!("the example failed: {e}"));
    let (before, after) = out.split_once("after:").expect("both modules printed");
    // The instrument saw the pipeline and both passes, in order.
    assert!(out.contains("passes run: demo.Pipeline, demo.DropDebugStores, tirx.RemoveNoOp"), "{out}");
    assert!(before.contains("debug[i] = A[i]") && before.contains("for j in range(16):"), "{out}");
    // The Rust pass made the stores no-ops; RemoveNoOp removed them and the empty loop.
    assert!(after.contains("        for i in range(16):\n            A[i] = A[i] * T.float32(2.0)"), "{out}");
    assert!(!after.contains("debug[") && !after.contains("T.evaluate") && !after.contains("for j"), "{out}");
}

#[test]
fn parse_module_gathers_functions_and_names_what_is_not_one() {
    let session = tvmscript::Session::new();
    let text = "from tvm.script import tirx as T\n\n@T.prim_func\ndef f(A: T.Buffer((2,), \"int32\")):\n    A[0] = 1\n\n@T.prim_func\ndef g(A: T.Buffer((2,), \"int32\")):\n    A[1] = 2\n";
    let module = session.parse_module("two.py", text).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = module.global_vars().iter().map(|gv| gv.name_hint.to_string()).collect();
    assert_eq!(names, ["f", "g"]);
    let err = session.parse_module("none.py", "x = 1\n").unwrap_err();
    assert!(err.message.contains("defines no module and no function"), "{}", err.message);
}
