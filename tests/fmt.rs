//! `tvmscript fmt` through the binary. Each `tests/fmt/NAME.py` is formatted in a
//! copy: with `NAME.out` the file must become exactly that (and then be left as it
//! is by a second run, and run as it did); with `NAME.warning` a definition must be
//! left as written with a warning holding each of its lines, exit 0, the file byte
//! for byte as it was.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn fmt(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tvmscript")).arg("fmt").args(args).current_dir(dir).output().expect("the binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn cases() -> Vec<PathBuf> {
    crate::cases::py_files("fmt")
}

/// A fresh folder holding a copy of `case`.
fn copy(case: &Path) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let name = case.file_name().unwrap().to_str().unwrap().to_string();
    std::fs::copy(case, dir.path().join(&name)).unwrap();
    (dir, name)
}

#[test]
fn each_case_is_formatted_or_refused_as_recorded() {
    let cases = cases();
    assert!(cases.len() >= 4);
    let mut failures = Vec::new();
    for case in &cases {
        let original = std::fs::read_to_string(case).unwrap();
        let (dir, name) = copy(case);
        let file = dir.path().join(&name);
        let (code, _, err) = fmt(&[&name], dir.path());
        let now = std::fs::read_to_string(&file).unwrap();
        if let Ok(want) = std::fs::read_to_string(case.with_extension("out")) {
            if code != 0 || now != want {
                failures.push(format!("{name}: exit {code}\n--- want\n{want}--- got\n{now}{err}"));
                continue;
            }
            let (code, _, err) = fmt(&["--check", &name], dir.path());
            if code != 0 {
                failures.push(format!("{name}: formatted text is not stable under --check: {err}"));
            }
            // The formatted file runs on its own (fmt added the imports it needs).
            let run = Command::new(env!("CARGO_BIN_EXE_tvmscript")).args(["run", &name]).current_dir(dir.path()).output().unwrap();
            if !run.status.success() {
                failures.push(format!("{name}: the formatted file does not run: {}", String::from_utf8_lossy(&run.stderr)));
            }
        } else {
            let want = std::fs::read_to_string(case.with_extension("warning")).expect("NAME.out or NAME.warning");
            if code != 0 || !want.lines().all(|l| err.contains(l.trim())) || now != original {
                failures.push(format!("{name}: exit {code}, file kept: {}\n--- want\n{want}--- got\n{err}", now == original));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn check_and_diff_leave_the_file_and_report() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt/layout.py");
    let original = std::fs::read_to_string(&case).unwrap();
    let (dir, name) = copy(&case);
    let (code, out, err) = fmt(&["--check", &name], dir.path());
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty() && err.contains(&format!("would reformat {name}")), "{err}");
    let (code, out, _) = fmt(&["--diff", &name], dir.path());
    assert_eq!(code, 1, "--diff exits 1 when there are changes, as --check does");
    assert!(out.contains("@@") && out.contains("-          B[i]=A[i]+T.float32(1)") && out.contains("+        B[i] = A[i] + T.float32(1.0)"), "{out}");
    assert_eq!(std::fs::read_to_string(dir.path().join(&name)).unwrap(), original);
}

#[test]
fn standard_input_is_formatted_to_standard_output() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt/layout.py");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tvmscript"))
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), std::fs::read(&case).unwrap().as_slice()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), std::fs::read_to_string(case.with_extension("out")).unwrap());
}

#[test]
fn an_unreadable_file_is_exit_two_and_a_bad_one_exit_one() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = fmt(&["missing.py"], dir.path());
    assert_eq!(code, 2, "{err}");
    std::fs::write(dir.path().join("bad.py"), "@T.prim_func\ndef f(:\n").unwrap();
    let (code, _, err) = fmt(&["bad.py"], dir.path());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.py:2:"), "{err}");
}
