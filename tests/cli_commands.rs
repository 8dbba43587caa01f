//! `print`, `check` and `roundtrip` through the binary, as a newcomer meets them:
//! the shipped example, variables that hold IR, several files, stdin as `-`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tvmscript"))
}

/// Run the binary with `stdin` on its standard input: (exit code, stdout, stderr).
fn run_with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child =
        Command::new(bin()).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn run(args: &[&str]) -> (i32, String, String) {
    run_with_stdin(args, "")
}

fn example(name: &str) -> String {
    format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A file in a fresh temporary folder.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tvmscript-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn the_shipped_example_round_trips_and_prints_its_one_definition() {
    let (code, out, err) = run(&["roundtrip", &example("increment.py")]);
    assert_eq!((code, out.as_str()), (0, "1 passed, 0 failed\n"), "{err}");
    // `reparsed = from_source(...)` holds a definition; it is not another one.
    let (code, out, err) = run(&["print", "--syntax", "tvm", &example("increment.py")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("@T.prim_func").count(), 1, "{out}");
    let (code, out, err) = run(&["check", &example("increment.py")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("ok (1 definition)\n"), "{out}");
}

#[test]
fn only_decorated_top_level_definitions_count() {
    let text = "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    A[0] = T.float32(1)\n\n\
                g = f\nh = f.with_attr(\"global_symbol\", \"h\")\n\n\
                @I.ir_module\nclass Module:\n    @T.prim_func\n    def k(B: T.Buffer((2,), \"int32\")):\n        B[0] = 1\n";
    let file = temp_file("aliases.py", text);
    let (code, out, err) = run(&["print", "--syntax", "tvm", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("@T.prim_func").count(), 2, "f and Module's k, not g or h:\n{out}");
    assert!(out.contains("class Module:"), "{out}");
    let (code, out, err) = run(&["roundtrip", &file]);
    assert_eq!((code, out.as_str()), (0, "1 passed, 0 failed\n"), "{err}");
}
