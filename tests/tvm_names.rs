//! Names under TVM's modules are TVM 0.27's: a script written here must not come to rely
//! on a name TVM lacks. `data/tvm_names/dump.py` lists the public names of TVM's modules;
//! every name it prints here is in TVM 0.27's list (`tvm-0.27.txt`, made by the same
//! program under TVM 0.27) or in `own.txt`, the names the specification adds.

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("a names file is readable")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn exported_names_are_tvms() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tvm_names");
    let out = Command::new(env!("CARGO_BIN_EXE_tvmscript"))
        .arg("run")
        .arg(dir.join("dump.py"))
        .output()
        .expect("tvmscript runs");
    assert!(out.status.success(), "dump.py failed: {}", String::from_utf8_lossy(&out.stderr));
    let tvm_lines = lines(&dir.join("tvm-0.27.txt"));
    let tvm: HashSet<&str> = tvm_lines.iter().map(String::as_str).collect();
    // A module TVM 0.27 could not import (it needs packages its environment lacks) has
    // nothing to compare against.
    let absent: HashSet<&str> = tvm_lines.iter().filter_map(|l| l.strip_suffix(" -")).collect();
    let own_lines = lines(&dir.join("own.txt"));
    let own: HashSet<&str> = own_lines.iter().map(String::as_str).collect();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let extra: Vec<&str> = stdout
        .lines()
        .filter(|l| !l.ends_with(" -"))
        .filter(|l| !absent.contains(l.split(' ').next().unwrap_or("")))
        .filter(|l| !tvm.contains(l) && !own.contains(l))
        .collect();
    assert!(extra.is_empty(), "names TVM 0.27 does not have:\n{}", extra.join("\n"));
}
