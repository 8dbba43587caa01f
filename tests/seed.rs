//! The frontend contract of the specification, clause by clause: each
//! `tests/seed/<family>/NAME.py` run with `tvmscript run` must print exactly
//! `NAME.expected`. Where TVM 0.27 behaves the same the file is TVM's stdout
//! (`tvm-oracle python NAME.py`); where the specification decides for the native
//! spelling (`@T.function`, `T.Tensor`, `Ts`, `I.dynamic`) and TVM 0.27 has no such
//! spelling or differs, it is written from the specification (see docs/syntax.md,
//! "The frontend contract").

use std::path::PathBuf;
use std::process::Command;

fn cases() -> Vec<PathBuf> {
    crate::cases::py_files_by_family("seed")
}

#[test]
fn seed_programs_print_what_the_contract_says() {
    let cases = cases();
    assert!(cases.len() >= 10, "expected programs under tests/seed, found {}", cases.len());
    let mut failures = Vec::new();
    for py in &cases {
        let rel = py.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
        let want = std::fs::read_to_string(py.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{rel} has no .expected"));
        let out = Command::new(env!("CARGO_BIN_EXE_tvmscript"))
            .arg("run")
            .arg(py.file_name().unwrap())
            .current_dir(py.parent().unwrap())
            .output()
            .expect("the binary runs");
        let got = String::from_utf8_lossy(&out.stdout);
        if got != want {
            let err = String::from_utf8_lossy(&out.stderr);
            failures.push(format!("{rel}: exit {:?}\n--- want\n{want}\n--- got\n{got}\n{err}", out.status.code()));
        }
    }
    assert!(failures.is_empty(), "{} of {} programs differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
