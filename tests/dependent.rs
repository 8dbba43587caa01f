//! tvmscript as a dependency of another crate, as docs/embedding.md says to set it
//! up ("Use it from your own crate"): `cargo new`, `cargo add tvmscript --path`,
//! tvmscript's Cargo.lock copied, and the `src/main.rs` the page shows, built and
//! run with its stdout a pipe.
//!
//! The app builds in this crate's target directory, so RustPython is not compiled
//! again. Two additions the page does not need make cargo reuse what `cargo test`
//! compiled: the app lists this crate's dev-dependencies (they add features to
//! shared crates: `syn`'s `visit`, `regex`'s …) and its `[profile.release]` (an
//! explicit profile hashes differently from the defaults, even with the same
//! values). Without them RustPython is compiled again (12 minutes measured).

use std::path::{Path, PathBuf};
use std::process::Command;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The target directory this test binary was built in (`target/release/deps/..`).
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.ancestors().nth(3).expect("target/<profile>/deps/<test>").to_path_buf()
}

fn cargo(dir: &Path, args: &[&str]) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
}

/// The code block of docs/embedding.md that starts with `first_line`.
fn doc_block(first_line: &str) -> String {
    let doc = std::fs::read_to_string(manifest_dir().join("docs/embedding.md")).unwrap();
    let start = doc.find(&format!("```rust\n{first_line}\n")).unwrap_or_else(|| panic!("embedding.md has no block starting {first_line}"));
    let body = &doc[start + "```rust\n".len()..];
    body[..body.find("\n```").unwrap()].to_string() + "\n"
}

/// A table of this crate's manifest (its lines after the `[header]` line).
fn manifest_table(header: &str) -> String {
    let manifest = std::fs::read_to_string(manifest_dir().join("Cargo.toml")).unwrap();
    let start = manifest.find(&format!("{header}\n")).unwrap_or_else(|| panic!("Cargo.toml has no {header}"));
    let table = &manifest[start + header.len() + 1..];
    table[..table.find("\n[").unwrap_or(table.len())].to_string()
}

/// What makes the app's build reuse this crate's test build (see the module docs).
fn reuse_tables() -> String {
    format!(
        "\n# Reuse of tvmscript's test build (see tests/dependent.rs).\n[target.'cfg(all())'.dependencies]\n{}\n\n[profile.release]\n{}\n",
        manifest_table("[dev-dependencies]"),
        manifest_table("[profile.release]")
    )
}

#[test]
fn a_dependent_crate_builds_and_sees_the_scripts_output_in_order() {
    let started = std::time::Instant::now();
    let app = target_dir().join("dependent-app");
    let _ = std::fs::remove_dir_all(&app);
    std::fs::create_dir_all(&app).unwrap();
    // The page's commands.
    cargo(&app, &["new", "--vcs", "none", "--offline", "myapp"]);
    let app = app.join("myapp");
    cargo(&app, &["add", "--offline", "tvmscript", "--path", manifest_dir().to_str().unwrap()]);
    std::fs::copy(manifest_dir().join("Cargo.lock"), app.join("Cargo.lock")).unwrap();
    std::fs::write(app.join("src/main.rs"), doc_block("// src/main.rs")).unwrap();
    let mut toml = std::fs::read_to_string(app.join("Cargo.toml")).unwrap();
    toml.push_str(&reuse_tables());
    std::fs::write(app.join("Cargo.toml"), toml).unwrap();
    cargo(&app, &["build", "--release", "--offline"]);
    eprintln!("the dependent app built in {:.1} s", started.elapsed().as_secs_f64());

    // Run with stdout a pipe: Python's stdout is block-buffered then.
    let out = Command::new(target_dir().join("release/myapp")).output().expect("the app runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let script = stdout.find("hello from the script").unwrap_or_else(|| panic!("the script's print was lost:\n{stdout}"));
    let host = stdout.find("hello from the host").expect("the host's line");
    assert!(script < host, "the script's output came after the host's:\n{stdout}");
    assert!(stdout.contains("parsed `scale`: tirx.PrimFunc"), "{stdout}");
    // The error's message once, located, with the line and carets.
    assert_eq!(stdout.matches("NameError").count(), 1, "{stdout}");
    assert!(stdout.contains("error: NameError: name 'undefined_name' is not defined"), "{stdout}");
    assert!(stdout.contains("bad.py:1:5"), "{stdout}");
}
