//! `tvmscript test` on the folders of `tests/pytest_compat/`: each folder's tests
//! run with `-v`, and the outcome lines, the short summary, the final line (without
//! its time) and the exit code must be those in its `expected` file (for the plain
//! Python folders, what pytest itself reports on them).

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tvmscript"))
}

/// The lines of a `-v` report that say what happened: outcome lines (progress
/// column cut), the short summary and the final line without its time.
fn outcome_lines(report: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in report.lines() {
        let words = ["PASSED", "FAILED", "SKIPPED", "ERROR", "XFAIL", "XPASS"];
        let is_outcome = line.contains("::") && words.iter().any(|w| line.contains(&format!(" {w}")));
        if is_outcome && !line.starts_with("FAILED ") && !line.starts_with("ERROR ") {
            out.push(line.rsplit_once(" [").map_or(line, |(l, _)| l).trim_end().to_string());
        } else if line.starts_with("FAILED ") || line.starts_with("ERROR ") || line.starts_with("!!!") {
            out.push(line.to_string());
        } else if line.starts_with('=') && line.contains(" in ") && line.trim_end().ends_with('=') {
            let text = line.trim_matches('=').trim();
            out.push(text.rsplit_once(" in ").map_or(text, |(t, _)| t).to_string());
        }
    }
    out
}

fn check(case: &Path) -> Result<(), String> {
    let out = Command::new(bin()).args(["test", "-v", "--color", "never"]).current_dir(case).output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut got = vec![format!("exit {}", out.status.code().unwrap_or(-1))];
    got.extend(outcome_lines(&stdout));
    let expected = std::fs::read_to_string(case.join("expected")).map_err(|e| format!("{}: {e}", case.display()))?;
    let expected: Vec<&str> = expected.lines().collect();
    if got != expected {
        return Err(format!("{}:\nexpected:\n{}\ngot:\n{}\nreport:\n{stdout}{}", case.display(), expected.join("\n"), got.join("\n"), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(())
}

#[test]
fn test_folders_report_as_expected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pytest_compat");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    cases.sort();
    assert!(cases.len() >= 4, "the case folders are missing");
    let failures: Vec<String> = cases.iter().filter_map(|c| check(c).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn exit_codes_of_usage_errors() {
    let out = Command::new(bin()).args(["test", "no/such/folder"]).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&out.stderr).contains("file or directory not found: no/such/folder"));
    let out = Command::new(bin()).args(["test", "-k", "a and (", "tests/pytest_compat/empty"]).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn keyword_exitfirst_and_junitxml() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pytest_compat/basics");
    let xml = std::env::temp_dir().join(format!("tvmscript-junit-{}.xml", std::process::id()));
    let out = Command::new(bin())
        .args(["test", "-q", "-k", "stacked and not custom", "--junitxml"])
        .arg(&xml)
        .current_dir(&root)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("2 passed, 2 skipped, 19 deselected in "), "{stdout}");
    let text = std::fs::read_to_string(&xml).unwrap();
    let _ = std::fs::remove_file(&xml);
    assert!(text.contains(r#"<testcase classname="test_features" name="test_stacked[ab-1]""#), "{text}");
    assert!(text.contains(r#"tests="4""#), "{text}");
    let out = Command::new(bin()).args(["test", "-q", "-x"]).current_dir(&root).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.contains("stopping after 1 failures") && stdout.contains("1 failed, 12 passed, 3 skipped, 1 xfailed, 1 xpassed"), "{stdout}");
}
