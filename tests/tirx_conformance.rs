//! Conformance as data (any dialect): each `tests/data/conformance/*.py` is a script in
//! TVM 0.27's printed form. Like the corpus check, it must
//! 1. print back byte for byte under `print --syntax tvm`,
//! 2. round-trip (`roundtrip FILE`: parse, print, re-parse, structurally equal),
//! 3. round-trip in the native spelling: `print FILE`, then `roundtrip` that text.

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tvmscript"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(bin()).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the conformance data folder exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no conformance cases in {}", dir.display());
    files
}

fn roundtrip_fails(path: &str) -> Option<String> {
    let (code, out, err) = run(&["roundtrip", path]);
    let last = out.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("");
    (code != 0 || last.trim() != "1 passed, 0 failed").then(|| format!("{out}{err}"))
}

/// Every failing case is reported at once, so one run shows the whole picture.
#[test]
fn conformance_cases() {
    let tmp = std::env::temp_dir().join(format!("tvmscript-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("a temp folder");
    let mut failures = Vec::new();
    for case in cases() {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let path = case.to_str().expect("a UTF-8 path");
        let want = std::fs::read_to_string(&case).expect("the case reads");
        let (code, got, err) = run(&["print", "--syntax", "tvm", path]);
        if code != 0 {
            failures.push(format!("{name}: print failed: {err}"));
        } else if got.trim_end_matches('\n') != want.trim_end_matches('\n') {
            failures.push(format!("{name}: print differs\n--- want\n{want}\n--- got\n{got}"));
        }
        if let Some(msg) = roundtrip_fails(path) {
            failures.push(format!("{name}: roundtrip failed: {msg}"));
        }
        let (code, native, err) = run(&["print", path]);
        if code != 0 {
            failures.push(format!("{name}: native print failed: {err}"));
            continue;
        }
        let printed = tmp.join(&name);
        std::fs::write(&printed, &native).expect("the native text writes");
        if let Some(msg) = roundtrip_fails(printed.to_str().unwrap()) {
            failures.push(format!("{name}: native roundtrip failed: {msg}\n--- native text\n{native}"));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{} failure(s):\n\n{}", failures.len(), failures.join("\n\n"));
}
