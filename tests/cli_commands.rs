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

const KERNEL: &str = "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    A[0] = T.float32(1)\n";

#[test]
fn a_dash_reads_standard_input_for_every_command() {
    let (code, out, err) = run_with_stdin(&["print", "--syntax", "tvm", "-"], KERNEL);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("def f(A: T.Buffer((4,), \"float32\")):"), "{out}");
    let (code, out, err) = run_with_stdin(&["check", "-"], KERNEL);
    assert_eq!((code, out.as_str()), (0, "<stdin>: ok (1 definition)\n"), "{err}");
    let (code, out, err) = run_with_stdin(&["roundtrip", "-"], KERNEL);
    assert_eq!((code, out.as_str()), (0, "1 passed, 0 failed\n"), "{err}");
    let (code, out, err) = run_with_stdin(&["transpile", "-"], KERNEL);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("__tvm__.builder('f'"), "{out}");
    let (code, out, err) = run_with_stdin(&["run", "-", "x"], "import sys\nprint(sys.argv)\n");
    assert_eq!((code, out.as_str()), (0, "['-', 'x']\n"), "{err}");
    // Errors name the input `<stdin>`, located.
    let (code, _, err) = run_with_stdin(&["check", "-"], "@T.prim_func\ndef f():\n    T.evaluate(C)\n");
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:3:16"), "{err}");
    let (code, _, err) = run_with_stdin(&["run", "-"], "x = 1\nraise ValueError('bad')\n");
    assert_eq!(code, 1);
    assert!(err.contains("File \"<stdin>\", line 2"), "{err}");
}

#[test]
fn print_and_check_take_several_files() {
    let a = temp_file("a.py", KERNEL);
    let b = temp_file("b.py", &KERNEL.replace("def f", "def g"));
    let (code, out, err) = run(&["print", "--syntax", "tvm", &a, &b]);
    assert_eq!(code, 0, "{err}");
    let (f, g) = (out.find("def f(").expect("f printed"), out.find("def g(").expect("g printed"));
    assert!(f < g, "{out}");
    assert!(out.contains("\n\n@T.prim_func\ndef g("), "files are separated by a blank line:\n{out}");
    let (code, out, err) = run(&["check", &a, &b]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("{a}: ok (1 definition)\n{b}: ok (1 definition)\n"));
    // A bad file is reported and the others still done; the worst exit code.
    let bad = temp_file("bad.py", "@T.prim_func\ndef h(:\n");
    let (code, out, err) = run(&["check", &a, &bad, &b]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, format!("{a}: ok (1 definition)\n{b}: ok (1 definition)\n"));
    assert!(err.contains("bad.py:2:7"), "{err}");
    let (code, out, _) = run(&["print", &a, "/nonexistent/x.py", &b]);
    assert_eq!(code, 2);
    assert!(out.contains("def f(") && out.contains("def g("), "{out}");
}

/// What TVM 0.27 renamed: the diagnostic says the new name (one table,
/// `src/script/renames.rs`), for a keyword and for a module or member.
#[test]
fn a_renamed_name_gets_its_new_name() {
    let call_tir = "from tvm.script import ir as I, relax as R, tirx as T\n\n@I.ir_module\nclass M:\n    @T.prim_func\n    def add(x: T.Buffer((4,), \"float32\"), y: T.Buffer((4,), \"float32\")):\n        for i in range(4):\n            y[i] = x[i]\n\n    @R.function\n    def main(x: R.Tensor((4,), \"float32\")):\n        cls = M\n        y = R.call_tir(cls.add, (x,), KW=R.Tensor((4,), \"float32\"))\n        return y\n";
    for (old, new) in [("out_sinfo", "out_ty"), ("sinfo_args", "ty_args")] {
        let path = temp_file(&format!("{old}.py"), &call_tir.replace("KW", old));
        for cmd in ["check", "run", "print"] {
            let (code, _, err) = run(&[cmd, &path]);
            assert_eq!(code, 1, "{cmd}: {err}");
            let want = format!("unexpected keyword argument '{old}'; TVM 0.27 calls it '{new}'");
            assert_eq!(err.matches(&want).count(), 1, "{cmd}: {err}");
        }
    }
    // The new name works.
    let (code, _, err) = run(&["check", &temp_file("out_ty.py", &call_tir.replace("KW", "out_ty"))]);
    assert_eq!(code, 0, "{err}");
    // A module: Python would guess 'ir'.
    let (code, _, err) = run_with_stdin(&["check", "-"], "from tvm.script import tir as T\n");
    assert_eq!(code, 1);
    assert!(err.contains("cannot import name 'tir' from 'tvm.script'") && err.contains("; TVM 0.27 calls it 'tirx'"), "{err}");
    assert!(!err.contains("Did you mean"), "{err}");
    // A member.
    let (code, _, err) = run_with_stdin(&["run", "-"], "import tvm\nx = tvm.relax.TensorStructInfo\n");
    assert_eq!(code, 1);
    assert!(err.contains("has no attribute 'TensorStructInfo'; TVM 0.27 calls it 'TensorType'"), "{err}");
}

/// `--color auto|always|never` on every command that prints diagnostics (auto:
/// plain into a pipe), and each command's exit codes as cli.md gives them.
#[test]
fn every_command_takes_color_and_exits_as_documented() {
    let bad = "@T.prim_func\ndef h(:\n";
    // (command, exit code on a syntax error, on an unreadable file)
    for (cmd, on_error, unreadable) in [("run", 1, 2), ("print", 1, 2), ("check", 1, 2), ("roundtrip", 1, 2), ("transpile", 1, 2)] {
        let (code, out, err) = run_with_stdin(&[cmd, "-"], bad);
        assert_eq!(code, on_error, "{cmd}: {err}");
        let shown = format!("{out}{err}");
        assert!(shown.contains("<stdin>:2:7") && !shown.contains('\x1b'), "{cmd}, auto into a pipe: {shown}");
        let (code, out, err) = run_with_stdin(&[cmd, "--color", "always", "-"], bad);
        assert_eq!(code, on_error, "{cmd}: {err}");
        assert!(format!("{out}{err}").contains("\x1b["), "{cmd} --color always: {out}{err}");
        let (code, out, err) = run_with_stdin(&[cmd, "--color", "never", "-"], bad);
        assert_eq!(code, on_error, "{cmd}: {err}");
        assert!(!format!("{out}{err}").contains('\x1b'), "{cmd} --color never: {out}{err}");
        let (code, _, err) = run(&[cmd, "/nonexistent/x.py"]);
        assert_eq!(code, unreadable, "{cmd}: {err}");
    }
    // Success is 0 for each.
    for cmd in ["run", "print", "check", "roundtrip", "transpile"] {
        let (code, _, err) = run(&[cmd, &example("increment.py")]);
        assert_eq!(code, 0, "{cmd}: {err}");
    }
}

/// One default spelling: every command that prints IR writes the native one
/// unless `--syntax tvm` (docs/cli.md).
#[test]
fn every_command_prints_native_by_default() {
    let (code, out, err) = run(&["print", &example("increment.py")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("@T.function") && !out.contains("@T.prim_func"), "{out}");
    let (code, out, err) = run(&["print", "--syntax", "tvm", &example("increment.py")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("@T.prim_func"), "{out}");
    // roundtrip prints natively: both spellings round-trip.
    for args in [&["roundtrip"][..], &["roundtrip", "--syntax", "tvm"], &["roundtrip", "--syntax", "native"]] {
        let (code, out, err) = run(&[args, &[example("increment.py").as_str()][..]].concat());
        assert_eq!((code, out.as_str()), (0, "1 passed, 0 failed\n"), "{args:?}: {err}");
    }
    let (code, out, err) = run_with_stdin(&["repl", "--no-history"], &format!("{KERNEL}\n:syntax\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("@T.function") && out.contains("IR is printed in the native syntax"), "{out}");
}

/// Two prim_funcs and a module class: each printed under the name it is bound to.
const NAMED: &str = r#"from tvm.script import ir as I
from tvm.script import tirx as T

print("the script's own output")


@T.prim_func
def k1(a: T.Buffer((2,), "int32")):
    a[0] = 1


@T.prim_func
def k2(a: T.Buffer((2,), "int32")):
    a[1] = 2


@I.ir_module
class Pairing:
    @T.prim_func
    def inner(a: T.Buffer((2,), "int32")):
        a[0] = 3
"#;

#[test]
fn definitions_print_under_their_own_names_and_the_scripts_prints_stay_off_stdout() {
    let file = temp_file("named.py", NAMED);
    let (code, out, err) = run(&["print", "--syntax", "tvm", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("def k1(") && out.contains("def k2(") && out.contains("class Pairing:"), "{out}");
    assert!(!out.contains("the script's own output") && err.contains("the script's own output"), "{out}\n{err}");
    let (code, out, _) = run(&["check", &file]);
    assert_eq!(code, 0);
    assert!(!out.contains("the script's own output"), "{out}");
}

#[test]
fn print_check_and_roundtrip_run_the_file_in_the_sandbox_unless_allowed() {
    let file = temp_file("reads.py", &format!("text = open({:?}).read()\n{NAMED}", file!()));
    for cmd in ["print", "check", "roundtrip", "fmt"] {
        let (code, out, err) = run(&[cmd, &file]);
        assert_eq!(code, 1, "{cmd}: {out}{err}");
        assert!(format!("{out}{err}").contains("PermissionError"), "{cmd}: {out}{err}");
    }
    for cmd in ["print", "check", "roundtrip"] {
        let (code, out, err) = run(&[cmd, "--allow-io", &file]);
        assert_eq!(code, 0, "{cmd}: {out}{err}");
    }
}

#[test]
fn a_module_with_constants_prints_its_metadata_under_show_meta_and_parses_back() {
    let file = temp_file(
        "consts.py",
        r#"from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Shifted:
    @R.function
    def main(x: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        y = R.add(x, R.const([1.5, -2.0], "float32"))
        return y
"#,
    );
    let (code, out, err) = run(&["print", "--show-meta", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("metadata = tvm.ir.load_json("), "{out}");
    let printed = temp_file("consts_printed.py", &out);
    let (code, out, err) = run(&["roundtrip", &printed]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_missing_file_is_one_message_and_exit_two_in_every_command() {
    for cmd in [&["print"][..], &["check"], &["roundtrip"], &["fmt"], &["run"], &["transpile"], &["bench", "--runs", "1"]] {
        let mut args = cmd.to_vec();
        args.push("no_such_file.py");
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{cmd:?}: {out}{err}");
        assert_eq!(format!("{out}{err}").matches("no_such_file.py").count(), 1, "{cmd:?}: {out}{err}");
    }
}

#[test]
fn a_file_given_without_a_command_runs_as_python_runs_it() {
    let file = temp_file("argv.py", "import sys\nprint('args', sys.argv[1:])\nraise SystemExit(3)\n");
    let (code, out, err) = run(&[&file, "a", "b"]);
    assert_eq!(code, 3, "{err}");
    assert_eq!(out, "args ['a', 'b']\n");
    let (code, _, err) = run(&["no_such_command"]);
    assert_eq!(code, 2);
    assert!(err.contains("unrecognized subcommand"), "{err}");
}

#[test]
fn mixed_tab_and_space_indentation_is_a_tab_error() {
    let file = temp_file("tabs.py", "if True:\n        x = 1\n\ty = 2\n");
    let (code, _, err) = run(&["run", &file]);
    assert_eq!(code, 1);
    assert!(err.contains("TabError: inconsistent use of tabs and spaces in indentation") && err.contains("tabs.py:3:"), "{err}");
}

#[test]
fn print_ir_writes_its_header_and_module_on_stderr_as_tvm_logs_it() {
    let file = temp_file(
        "print_ir.py",
        "import tvm\nfrom tvm.script import ir as I, tirx as T\n\n\n@I.ir_module\nclass M:\n    @T.prim_func\n    def f(a: T.Buffer((2,), \"int32\")):\n        a[0] = 1\n\n\ntvm.transform.PrintIR(\"stage\")(M)\n",
    );
    let (code, out, err) = run(&["run", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("] PrintIR(stage):\n# from tvm.script import ir as I") && err.starts_with('['), "{err}");
}
