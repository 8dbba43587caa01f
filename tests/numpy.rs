//! Programs that use the `numpy` scripts get: each `tests/numpy/NAME.py` run with
//! `tvmscript run` must print exactly `NAME.expected`, the stdout of the same
//! program under CPython with NumPy 2 and TVM 0.27 (made with
//! `../shared/tools/tvm-oracle python NAME.py > NAME.expected`).

use std::process::Command;

#[test]
fn numpy_programs_print_what_numpy_prints() {
    let cases = crate::cases::py_files("numpy");
    assert!(!cases.is_empty(), "expected programs under tests/numpy");
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
