//! The embedding guide's Rust snippets are compiled code: every line of every ```rust
//! block in docs/embedding.md (comments aside) is a line of an example under
//! `examples/`, which `cargo test` builds. A type or function renamed in the library
//! breaks the example's build; a snippet edited away from the examples fails here.

use std::collections::HashSet;
use std::path::Path;

/// A line without its indentation and trailing comment.
fn code(line: &str) -> &str {
    let line = line.trim();
    match line.find(" //") {
        Some(i) if !line.starts_with("//") => line[..i].trim_end(),
        _ => line,
    }
}

fn example_lines(dir: &Path, out: &mut HashSet<String>) {
    for entry in std::fs::read_dir(dir).expect("examples/ is readable").flatten() {
        let p = entry.path();
        if p.is_dir() {
            example_lines(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&p).expect("an example is readable");
            out.extend(text.lines().map(|l| code(l).to_string()));
        }
    }
}

#[test]
fn every_snippet_line_of_the_embedding_guide_is_compiled() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = HashSet::new();
    example_lines(&root.join("examples"), &mut lines);
    let guide = std::fs::read_to_string(root.join("docs/embedding.md")).expect("the guide is readable");
    let mut missing = Vec::new();
    let mut in_rust = false;
    for (i, line) in guide.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_rust = !in_rust && line.trim() == "```rust";
            continue;
        }
        let c = code(line);
        if in_rust && !c.is_empty() && !c.starts_with("//") && !lines.contains(c) {
            missing.push(format!("docs/embedding.md:{}: {c}", i + 1));
        }
    }
    assert!(missing.is_empty(), "snippet lines no example holds:\n{}", missing.join("\n"));
}
