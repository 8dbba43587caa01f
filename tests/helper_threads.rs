//! Helper threads are the embedder's choice (`Session::helper_threads`): a session
//! starts none by default, and parsing and printing give the same text with them
//! and without.

use std::path::{Path, PathBuf};

use tvmscript::printer::{PrinterConfig, Syntax};
use tvmscript::Session;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The scripts shipped in the repository: hand-written cases, conformance and
/// evaluation-parity inputs, examples, and the larger inputs that take the
/// two-thread paths (64 KiB and more).
fn corpus() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "py") && !p.ends_with("oracle_expected.py") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    for dir in ["tests/written", "tests/data", "tests/eval_parity", "examples"] {
        walk(&root().join(dir), &mut files);
    }
    files.sort();
    files
}

/// A module large enough for every two-thread path: 64 KiB of source (split
/// parse and lowering), many functions (parallel print) and a Relax function of
/// more than 2,000 bindings (one large block, formatted ahead like any other).
fn synthetic_module() -> String {
    let mut text = String::from(
        "from tvm.script import ir as I\nfrom tvm.script import tirx as T\nfrom tvm.script import relax as R\n\n@I.ir_module\nclass Module:\n",
    );
    for i in 0..120 {
        text.push_str(&format!(
            "    @T.prim_func(private=True)\n    def add{i}(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n        for j in range(8):\n            B[j] = A[j] + T.float32({i})\n\n"
        ));
    }
    text.push_str("    @R.function\n    def main(x: R.Tensor((8,), \"float32\")) -> R.Tensor((8,), \"float32\"):\n        cls = Module\n");
    for i in 0..2400 {
        text.push_str(&format!("        x = R.call_tir(cls.add{}, (x,), out_ty=R.Tensor((8,), \"float32\"))\n", i % 120));
    }
    text.push_str("        return x\n");
    text
}

/// Every definition of `text` printed (or the error), by `session`.
fn parsed_and_printed(session: &Session, name: &str, text: &str) -> String {
    let cfg = PrinterConfig { syntax: Syntax::Tvm, ..Default::default() };
    match session.parse(name, text) {
        Ok(defs) => defs
            .iter()
            .map(|(n, d)| format!("{n}:\n{}\n", session.print(d, &cfg).unwrap_or_else(|e| format!("error: {e}"))))
            .collect(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn parsing_and_printing_give_the_same_text_with_helper_threads_and_without() {
    let files = corpus();
    assert!(files.len() > 100, "the corpus is there: {}", files.len());
    let mut inputs: Vec<(String, String)> =
        files.iter().map(|p| (p.display().to_string(), std::fs::read_to_string(p).expect("readable"))).collect();
    inputs.push(("synthetic.py".into(), synthetic_module()));
    let large = inputs.iter().filter(|(_, t)| t.len() >= 64 * 1024).count();
    assert!(large >= 3, "inputs large enough for the two-thread paths: {large}");
    let without = Session::new();
    let with = Session::new().helper_threads(true);
    for (name, text) in &inputs {
        let started = tvmscript::helper_threads_started();
        let one = parsed_and_printed(&without, name, text);
        assert_eq!(tvmscript::helper_threads_started(), started, "{name}: a thread started without being asked");
        let two = parsed_and_printed(&with, name, text);
        assert!(one == two, "{name}: the text differs with helper threads");
    }
    // The large inputs took the two-thread paths.
    assert!(tvmscript::helper_threads_started() > 0);
}

/// The threads of this process.
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map(|d| d.count()).unwrap_or(0)
}

/// Run in a process of its own by the test below (nothing else runs there, so the
/// process's thread count is this test's).
#[test]
#[ignore = "run by an_embedders_session_starts_no_thread, in a process of its own"]
fn thread_probe() {
    if std::env::var_os(crate::cases::ALONE).is_none() {
        return;
    }
    let text = synthetic_module();
    let before = threads();
    let session = Session::new();
    let one = parsed_and_printed(&session, "synthetic.py", &text);
    let large = std::fs::read_to_string(root().join("tests/data/large/llm_small.py")).unwrap();
    parsed_and_printed(&session, "llm_small.py", &large);
    let after = threads();
    assert_eq!(tvmscript::helper_threads_started(), 0);
    // Asked for, helper threads show (the worker stays, asleep, until this thread ends).
    let two = parsed_and_printed(&Session::new().helper_threads(true), "synthetic.py", &text);
    assert_eq!(one, two);
    let asked = threads();
    println!("probe: threads {before} before, {after} after, {asked} with helper threads");
    assert_eq!(after, before, "a default session started a thread");
    assert!(asked > before, "helper threads were asked for and did not show");
}

#[test]
fn an_embedders_session_starts_no_thread() {
    if cfg!(not(target_os = "linux")) {
        return;
    }
    crate::cases::run_alone("helper_threads::thread_probe", "probe: threads");
}
