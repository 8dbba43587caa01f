//! `tvmscript run`: plain Python, tracebacks with the file's own lines, exit codes,
//! and located syntax errors.

use std::path::PathBuf;
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

fn data(name: &str) -> String {
    format!("{}/tests/run/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn plain_python_runs() {
    let (code, out, err) = run(&["run", &data("python_features.py")]);
    assert_eq!(code, 0, "stderr: {err}");
    assert_eq!(out, "Point(x=1, y=2) 832040 2 {\"k\": [1, 2]} a#b##\n");
}

#[test]
fn uncaught_exception_prints_traceback_with_file_lines() {
    let (code, out, err) = run(&["run", &data("raise.py")]);
    assert_eq!(code, 1);
    assert_eq!(out, "before\n", "output printed before the exception is flushed");
    assert!(err.contains("raise.py\", line 7, in <module>"), "{err}");
    assert!(err.contains("raise.py\", line 3, in inner"), "{err}");
    assert!(err.contains("KeyError: 'missing'"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn syntax_error_is_located_with_caret() {
    let dir = std::env::temp_dir().join(format!("tvmscript-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.py");
    std::fs::write(&f, "x = 1\ny = (2,\n").unwrap();
    let (code, out, err) = run(&["run", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("bad.py:2:5"), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn unreadable_and_non_utf8_files_are_reported() {
    let (code, _, err) = run(&["run", "/nonexistent/file.py"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/file.py") && err.contains("cannot read"), "{err}");
    let dir = std::env::temp_dir().join(format!("tvmscript-test-b-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("latin1.py");
    std::fs::write(&f, b"x = 1\ns = '\xe9'\n").unwrap();
    let (code, _, err) = run(&["run", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("latin1.py:2:6") && err.contains("UTF-8"), "{err}");
}

#[test]
fn system_exit_code_is_kept() {
    let dir = std::env::temp_dir().join(format!("tvmscript-test-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("exit.py");
    std::fs::write(&f, "import sys\nprint('bye')\nsys.exit(3)\n").unwrap();
    let (code, out, _) = run(&["run", f.to_str().unwrap()]);
    assert_eq!(code, 3);
    assert_eq!(out, "bye\n");
}

/// A reader that stops early (`| head -1`) closes the pipe: the commands that write
/// to stdout end with an error code, never a panic.
#[test]
fn a_closed_stdout_pipe_is_an_error_not_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let file = format!("{}/tests/eval_parity/builds.py", env!("CARGO_MANIFEST_DIR"));
    for cmd in ["transpile", "print", "check"] {
        let mut child = Command::new(bin()).args([cmd, &file]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
        // Close our end before it writes.
        drop(child.stdout.take());
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(1), "{cmd}: {err}");
        assert!(!err.contains("panicked"), "{cmd}: {err}");
    }
}

#[test]
fn standard_streams_are_utf8_under_any_locale() {
    for locale in ["C", "C.UTF-8"] {
        let out = Command::new(bin())
            .args(["run", &data("non_ascii_output.py")])
            .env("LC_ALL", locale)
            .env("LANG", locale)
            .output()
            .expect("the binary runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{locale}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(stdout, "utf-8 surrogateescape utf-8 backslashreplace\nhéllo ✓ π\n", "{locale}");
    }
}

/// `bench --tvm CMD`: TVM's in-process figures come from the command, a server asked
/// for one run at a time beside ours (here a stand-in answering fixed times), and a
/// command that cannot run TVM stops the bench before any timing.
#[test]
fn bench_takes_tvm_figures_from_the_command_given() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("tvmscript-test-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("f.py");
    std::fs::write(
        &script,
        "# from tvm.script import tirx as T\n\n@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        A[i] = A[i] + T.float32(1.0)\n",
    )
    .unwrap();
    let fake = dir.join("fake-python");
    // TVM's parse a million seconds and its print a millisecond: ours take well under
    // a second and well over a tenth of a microsecond, so each ratio's size shows
    // which of TVM's figures it was computed from. The API stage gets a time too; a
    // request the stand-in does not know gets an error reply.
    std::fs::write(
        &fake,
        "#!/bin/sh\ncase \"$*\" in\n  *__version__*) echo 9.9-fake ;;\n  *) while read op key rest; do case $op in\n    load|parse) echo '@@bench {\"s\": 1000000.0}' ;;\n    ast) echo '@@bench {\"s\": 2.0}' ;;\n    print) echo '@@bench {\"s\": 0.001}' ;;\n    block_builder) echo '@@bench {\"s\": 0.5}' ;;\n    visit) echo '@@bench {\"s\": 0.5, \"n\": 40}' ;;\n    legalize) echo '@@bench {\"s\": 0.5}' ;;\n    *) echo '@@bench {\"error\": \"not in this stand-in\"}' ;;\n  esac; done ;;\nesac\n",
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (code, out, err) = run(&["bench", "--runs", "1", "--tvm", fake.to_str().unwrap(), script.to_str().unwrap()]);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("TVM 9.9-fake measured in this run"), "{out}");
    let cells = |prefix: &str| -> Vec<&str> { out.lines().find(|l| l.starts_with(prefix)).expect(prefix).split('|').map(str::trim).collect() };
    let (header, row) = (cells("| file"), cells("| f.py"));
    let cell = |name: &str| row[header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("no column {name}: {header:?}"))];
    let num = |name: &str| -> f64 { cell(name).trim_end_matches('x').parse().unwrap_or_else(|_| panic!("{name} of {row:?}")) };
    assert!(num("parse vs TVM") > 1e6, "parse vs TVM from TVM's parse: {row:?}");
    assert!(num("print vs TVM") < 1e4, "print vs TVM from TVM's print: {row:?}");
    assert_eq!(cell("process vs TVM"), "-", "no baseline: no whole-process ratio");

    let (code, _, err) = run(&["bench", "--runs", "1", "--tvm", "/nonexistent/python3", script.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--tvm: cannot start `/nonexistent/python3`"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bench` on an ordinary script (imports and prints around its definitions): the
/// script runs for its definitions, and what it prints stays out of the table.
#[test]
fn bench_keeps_a_scripts_prints_out_of_its_table() {
    let dir = std::env::temp_dir().join(format!("tvmscript-test-bench-prints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("ordinary.py");
    std::fs::write(
        &script,
        "from tvm.script import tirx as T\nprint('MARK-before')\n\n@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        A[i] = A[i] + T.float32(1.0)\n\nprint('MARK-after', f.script())\n",
    )
    .unwrap();
    let (code, out, err) = run(&["bench", "--runs", "1", script.to_str().unwrap()]);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("| ordinary.py"), "{out}");
    assert!(!out.contains("MARK-"), "the script's prints reached the table's stream:\n{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
