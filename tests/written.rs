//! Hand-written TVMScript, parsed and printed as TVM 0.27 does: each
//! `tests/written/<family>/NAME.py` must print (`tvmscript print --syntax tvm`) exactly
//! as `NAME.expected`, which is TVM 0.27's `.script()` of it (made with
//! `../shared/tools/tvm-oracle print NAME.py`), and round-trip in both spellings.
//! A `NAME.py` without `NAME.expected` must be refused with the message in
//! `NAME.error` (a fragment of stderr, as TVM raises it).

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tvmscript"))
}

fn cases() -> Vec<PathBuf> {
    crate::cases::py_files_by_family("written")
}

fn tvmscript(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = Command::new(bin()).args(args).current_dir(dir).output().expect("the binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn hand_written_scripts_print_as_tvm_does() {
    let cases = cases();
    assert!(cases.len() >= 10, "expected the hand-written cases, found {}", cases.len());
    let mut failures = Vec::new();
    for py in &cases {
        let dir = py.parent().unwrap();
        let name = py.file_name().unwrap().to_str().unwrap();
        let rel = py.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
        let (code, out, err) = tvmscript(&["print", "--syntax", "tvm", name], dir);
        let expected = py.with_extension("expected");
        if expected.exists() {
            let want = std::fs::read_to_string(&expected).unwrap();
            if code != 0 || out.trim_end() != want.trim_end() {
                failures.push(format!("{rel}: exit {code}\n--- want\n{want}\n--- got\n{out}\n{err}"));
                continue;
            }
            for syntax in ["tvm", "native"] {
                let (code, out, err) = tvmscript(&["roundtrip", "--syntax", syntax, name], dir);
                if code != 0 {
                    failures.push(format!("{rel}: roundtrip --syntax {syntax} failed\n{out}{err}"));
                }
            }
        } else {
            let want = std::fs::read_to_string(py.with_extension("error")).unwrap_or_else(|_| panic!("{rel} has neither .expected nor .error"));
            if code == 0 || !err.contains(want.trim()) || err.contains("panicked") {
                failures.push(format!("{rel}: want an error containing {:?}, got exit {code}\n{err}", want.trim()));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} failed:\n{}", failures.len(), cases.len(), failures.join("\n\n"));
}
