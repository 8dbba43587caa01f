//! Schedules of S-TIR functions through `tvm.s_tir.Schedule`: each
//! `tests/schedule/<family>/NAME.py` run with `tvmscript run` must print exactly
//! `NAME.expected`, the stdout TVM 0.27 gave for it (made with
//! `../shared/tools/tvm-oracle python NAME.py > NAME.expected`).

use std::path::PathBuf;
use std::process::Command;

fn cases() -> Vec<PathBuf> {
    crate::cases::py_files_by_family("schedule")
}

#[test]
fn schedule_programs_print_what_tvm_prints() {
    let cases = cases();
    assert!(!cases.is_empty(), "expected programs under tests/schedule");
    let mut failures = Vec::new();
    for py in &cases {
        let rel = py.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
        let want = std::fs::read_to_string(py.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{rel} has no .expected (make it with tvm-oracle python)"));
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
