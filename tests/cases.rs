//! Finding the data files of data-driven tests.

use std::path::{Path, PathBuf};

fn tests_dir(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(dir)
}

fn entries(dir: &Path) -> impl Iterator<Item = PathBuf> {
    std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.unwrap().path())
}

fn py_files_in(dir: &Path) -> impl Iterator<Item = PathBuf> {
    entries(dir).filter(|p| p.extension().is_some_and(|e| e == "py"))
}

/// The `.py` files directly in `tests/<dir>`, sorted.
pub fn py_files(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = py_files_in(&tests_dir(dir)).collect();
    out.sort();
    out
}

/// The `.py` files of every family folder of `tests/<dir>` (`<family>/NAME.py`), sorted.
pub fn py_files_by_family(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = entries(&tests_dir(dir)).filter(|p| p.is_dir()).flat_map(|f| py_files_in(&f).collect::<Vec<_>>()).collect();
    out.sort();
    out
}

/// The environment variable set in a test process started by [`run_alone`].
pub const ALONE: &str = "TVMSCRIPT_TEST_ALONE";

/// Run the ignored test `name` (`module::test`) in a process of its own, where nothing
/// else runs (process-wide figures such as the thread count or the resident set are
/// then that test's); it checks [`ALONE`] and prints `marker` when it ran.
pub fn run_alone(name: &str, marker: &str) {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env(ALONE, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(marker), "{name} ran: {stdout}");
}

/// Run every `tests/<dir>/<family>/NAME.py` with `tvmscript run`: its stdout must be
/// exactly `NAME.expected` (TVM 0.27's stdout for it, made with
/// `python NAME.py > NAME.expected` under CPython with TVM 0.27).
pub fn assert_programs_print_expected(dir: &str) {
    assert_programs_print(py_files_by_family(dir), dir);
}

/// [`assert_programs_print_expected`] over the given programs (of `tests/{dir}`).
pub fn assert_programs_print(cases: Vec<PathBuf>, dir: &str) {
    assert!(!cases.is_empty(), "expected programs under tests/{dir}");
    let mut failures = Vec::new();
    for py in &cases {
        let rel = py.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
        let want = std::fs::read_to_string(py.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{rel} has no .expected (make it with tvm-oracle python)"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tvmscript"))
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
