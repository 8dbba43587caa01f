//! The import direction of docs/architecture.md ("Layering"): each part of `src/`
//! names none of the parts it must not import. Comments may name them; code may not.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable").flatten() {
        let p = entry.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Lines of code (not comments) under `part` that name one of `forbidden`.
fn offenders(part: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let path = root.join(part);
    let mut files = Vec::new();
    if path.is_dir() {
        rust_files(&path, &mut files);
    } else {
        files.push(path);
    }
    let mut found = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a source file is readable");
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if let Some(name) = forbidden.iter().find(|name| code.contains(*name)) {
                found.push(format!("{}:{}: names {name}", f.strip_prefix(&root).unwrap_or(&f).display(), i + 1));
            }
        }
    }
    found
}

fn assert_layer(part: &str, forbidden: &[&str]) {
    let found = offenders(part, forbidden);
    assert!(found.is_empty(), "src/{part} imports what it must not (docs/architecture.md, Layering):\n{}", found.join("\n"));
}

#[test]
fn the_core_names_no_dialect_and_no_vm() {
    for part in ["ir", "builder", "printer"] {
        assert_layer(part, &["crate::vm", "crate::script", "crate::program", "crate::dialects"]);
    }
}

#[test]
fn the_front_end_does_not_run_programs() {
    assert_layer("script", &["crate::vm", "crate::program"]);
}

#[test]
fn the_vm_knows_neither_the_front_end_nor_its_programs() {
    assert_layer("vm", &["crate::script", "crate::program", "crate::dialects"]);
}

#[test]
fn the_embedding_api_does_not_call_the_command_line() {
    assert_layer("session.rs", &["crate::cli"]);
}

#[test]
fn a_forbidden_name_is_found() {
    // The check itself can fail: session.rs names the VM, which it may.
    assert!(!offenders("session.rs", &["crate::vm"]).is_empty());
}

/// Lines of a frozen Python module under `stdlib/` that contain one of `forbidden`.
fn python_offenders(file: &str, forbidden: &[&str]) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("stdlib").join(file);
    let text = std::fs::read_to_string(&path).expect("a stdlib module is readable");
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        if let Some(name) = forbidden.iter().find(|name| code.contains(*name)) {
            found.push(format!("stdlib/{file}:{}: {name}", i + 1));
        }
    }
    found
}

#[test]
fn one_pass_machinery() {
    // Sequential, PassContext's stack, instruments and function-pass results live in
    // src/ir/pass.rs; the Python pass classes only hold their Rust pass.
    let mechanism = ["def _transform", "_context_stack", "def pass_enabled", "should_run(", "def _run("];
    let mut found = Vec::new();
    for file in ["tvm/ir/transform.py", "tvm/tirx/transform.py", "tvm/relax/transform/transform.py"] {
        found.extend(python_offenders(file, &mechanism));
    }
    assert!(found.is_empty(), "pass machinery outside src/ir/pass.rs (docs/architecture.md, Layering):\n{}", found.join("\n"));
}

#[test]
fn one_relax_traversal() {
    // PyExprVisitor / PyExprMutator walk children in src/dialects/relax/frontend/functor.rs;
    // the Python classes list no node's children.
    let children = ["op.fields", "op.args", ".blocks", ".bindings", "op.body"];
    let found = python_offenders("tvm/relax/expr_functor.py", &children);
    assert!(found.is_empty(), "a Relax child list outside functor.rs (docs/architecture.md, Layering):\n{}", found.join("\n"));
}

#[test]
fn one_relax_construction() {
    // The block state and the name supply of Relax construction are construct.rs's,
    // held by the parser's function frame and relax.BlockBuilder alike.
    let state = ["struct Seq ", "struct NameSupply", "seqs: Vec<"];
    let found: Vec<String> =
        offenders("dialects/relax", &state).into_iter().filter(|l| !l.contains("construct.rs")).collect();
    assert!(found.is_empty(), "Relax construction state outside construct.rs (docs/architecture.md, Layering):\n{}", found.join("\n"));
}
