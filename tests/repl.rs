//! `tvmscript repl` with input from a pipe: the same evaluation as on a terminal
//! (blocks ending with a blank line, values echoed, IR printed as TVMScript,
//! `:` commands), without prompts.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tvmscript"))
}

/// Feed `input` to `tvmscript repl ARGS`: (exit code, stdout, stderr).
fn repl(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(bin())
        .arg("repl")
        .arg("--no-history")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn expression_values_are_echoed() {
    let (code, out, err) = repl(&[], "1 + 2\nx = 5\nx * 2\n'text'\nNone\nprint('printed')\n_\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "3\n10\n'text'\nprinted\n'text'\n");
}

#[test]
fn namespaces_are_preimported_and_state_persists() {
    let (code, out, err) = repl(&[], "type(T).__name__\ntvm.__name__\nI is not None\ny = 4\n\ny + 1\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "'Namespace'\n'tvm'\nTrue\n5\n");
}

#[test]
fn plain_python_blocks_end_with_a_blank_line() {
    let input = "def f(a):\n    if a:\n        return 'yes'\n    return 'no'\n\nf(1), f(0)\nfor i in range(2):\n    i\n\n";
    let (code, out, err) = repl(&[], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "('yes', 'no')\n0\n1\n");
}

const PRIM_FUNC: &str = "@T.prim_func\ndef add_one(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        A[i] = A[i] + T.float32(1)\n\n";

#[test]
fn ir_definitions_and_values_print_as_tvmscript() {
    let (code, out, err) = repl(&["--syntax", "tvm"], &format!("{PRIM_FUNC}add_one\n"));
    assert_eq!(code, 0, "{err}");
    // The definition prints, then the expression statement prints it again.
    let expected_def = "@T.prim_func\ndef add_one(A: T.Buffer((4,), \"float32\")):";
    assert_eq!(out.matches(expected_def).count(), 2, "{out}");
    assert!(out.starts_with("# from tvm.script import tirx as T\n"), "{out}");
    assert!(out.contains("A[i] = A[i] + T.float32(1.0)"), "{out}");
    assert!(!out.contains('\x1b'), "no colours when stdout is not a terminal");
}

#[test]
fn module_classes_print_as_tvmscript() {
    let input = "@I.ir_module\nclass Module:\n    @T.prim_func\n    def main(A: T.Buffer((4,), \"float32\")):\n        A[0] = T.float32(0)\n\n";
    let (code, out, err) = repl(&["--syntax", "tvm"], input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("@I.ir_module\nclass Module:"), "{out}");
    assert!(out.contains("    @T.prim_func\n    def main("), "{out}");
}

#[test]
fn syntax_command_switches_the_spelling() {
    let input = format!("{PRIM_FUNC}:syntax native\nadd_one\n:syntax\n:syntax tvm\n:syntax\n:syntax bogus\n");
    let (code, out, err) = repl(&["--syntax", "tvm"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("@T.prim_func"), "{out}");
    assert!(out.contains("@T.function"), "{out}");
    assert!(out.contains("IR is printed in the native syntax"), "{out}");
    assert!(out.contains("IR is printed in the tvm syntax"), "{out}");
    assert!(err.contains("unknown syntax \"bogus\""), "{err}");
    let (_, out, _) = repl(&["--syntax", "native"], PRIM_FUNC);
    assert!(out.contains("@T.function"), "{out}");
    // The default is native, as for every command (docs/cli.md).
    let (_, out, _) = repl(&[], &format!("{PRIM_FUNC}:syntax\n"));
    assert!(out.contains("@T.function") && out.contains("IR is printed in the native syntax"), "{out}");
}

/// `:syntax` is the spelling of `print(f)` and `f.script()` too, not only of the
/// values the REPL shows; `script(syntax=...)` still chooses for itself.
#[test]
fn syntax_command_applies_to_print_and_script() {
    let input = format!(
        "{PRIM_FUNC}deco = lambda text: [l for l in text.splitlines() if l.startswith('@')][0]\n:syntax native\nprint('A', deco(add_one.script()))\nprint(add_one)\n:syntax tvm\nprint('B', deco(add_one.script()))\nprint('C', deco(add_one.script(syntax='native')))\n"
    );
    let (code, out, err) = repl(&["--syntax", "tvm"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("A @T.function"), "{out}");
    assert!(out.contains("B @T.prim_func"), "{out}");
    assert!(out.contains("C @T.function"), "{out}");
    let printed = out.split("A @T.function").nth(1).unwrap_or("");
    assert!(printed.contains("@T.function") && !printed.split("B @T.prim_func").next().unwrap_or("").contains("@T.prim_func"), "{out}");
}

/// `f.<Tab>` offers the IR fields (`dir()` lists them).
#[test]
fn dir_of_an_ir_value_lists_its_fields() {
    let (code, out, err) = repl(&[], &format!("{PRIM_FUNC}print(sorted(n for n in dir(add_one) if n in ('params', 'body', 'attrs')))\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("['attrs', 'body', 'params']"), "{out}");
}

#[test]
fn color_always_highlights_ir() {
    let (code, out, err) = repl(&["--color", "always"], PRIM_FUNC);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\x1b[35mdef\x1b[0m"), "{out:?}");
    assert!(out.contains("\x1b[33m"), "decorators are coloured: {out:?}");
    assert!(out.contains("\x1b[32m\"float32\"\x1b[0m"), "strings are coloured: {out:?}");
}

#[test]
fn errors_are_reported_and_the_session_goes_on() {
    let (code, out, err) = repl(&[], "x = )\n1 / 0\nundefined_name\n'still here'\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "'still here'\n");
    assert!(err.contains("<input-1>:1:5") && err.contains("SyntaxError"), "{err}");
    assert!(err.contains("ZeroDivisionError"), "{err}");
    assert!(err.contains("NameError"), "{err}");
}

#[test]
fn tracebacks_show_the_lines_of_earlier_inputs() {
    let input = "def inner(x):\n    return x[5]\n\ndef outer():\n    return inner([1])\n\nouter()\n";
    let (code, _, err) = repl(&[], input);
    assert_eq!(code, 0, "{err}");
    let expected = "  File \"<input-3>\", line 1, in <module>\n    outer()\n\
                    \x20 File \"<input-2>\", line 2, in outer\n    return inner([1])\n\
                    \x20 File \"<input-1>\", line 2, in inner\n    return x[5]\n\
                    IndexError";
    assert!(err.contains(expected), "{err}");
}

#[test]
fn tvmscript_errors_are_located() {
    let input = "@T.prim_func\ndef bad(A: T.Buffer((4,), \"float32\")):\n    A[0] = undefined_thing\n\n'after'\n";
    let (code, out, err) = repl(&[], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "'after'\n");
    assert!(err.contains("undefined_thing"), "{err}");
    assert!(err.contains("line 3, in bad\n    A[0] = undefined_thing"), "{err}");
}

#[test]
fn exit_and_quit() {
    assert_eq!(repl(&[], "exit(3)\n'not reached'\n").0, 3);
    let (code, out, _) = repl(&[], ":quit\n'not reached'\n");
    assert_eq!((code, out.as_str()), (0, ""));
    // Bare `exit` and `quit` leave, as in Python 3.13's REPL.
    for word in ["exit", "quit"] {
        let (code, out, _) = repl(&[], &format!("{word}\n'not reached'\n"));
        assert_eq!((code, out.as_str()), (0, ""), "{word}");
    }
    let (_, _, err) = repl(&[], ":frobnicate\n");
    assert!(err.contains("unknown command :frobnicate"), "{err}");
}

#[test]
fn help_lists_the_commands() {
    let (_, out, _) = repl(&[], ":help\n");
    for cmd in [":help", ":syntax tvm", ":syntax native", ":save FILE", ":quit"] {
        assert!(out.contains(cmd), "{cmd} missing from {out}");
    }
}

#[test]
fn save_writes_a_replayable_script() {
    let dir = std::env::temp_dir().join(format!("tvmscript-repl-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("session.py");
    let input = format!("{PRIM_FUNC}1 / 0\nn = len(add_one.params)\nprint('params', n)\n:save {}\n", file.display());
    let (code, out, err) = repl(&[], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("saved 3 inputs to"), "{out}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.starts_with("import tvm\nfrom tvm.script import tirx as T, ir as I"), "{saved}");
    assert!(saved.contains("@T.prim_func\ndef add_one"), "{saved}");
    assert!(!saved.contains("1 / 0"), "failed inputs are not saved: {saved}");
    // The saved session replays.
    let run = Command::new(bin()).arg("run").arg(&file).output().unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(String::from_utf8_lossy(&run.stdout), "params 1\n");
}

#[test]
fn end_of_input_runs_an_open_block() {
    let (code, out, err) = repl(&[], "for i in range(2):\n    print(i)");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "0\n1\n");
}

#[test]
fn bare_command_without_a_terminal_prints_help() {
    let out = Command::new(bin()).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("repl"));
}

#[test]
fn print_color_option() {
    let dir = std::env::temp_dir().join(format!("tvmscript-print-color-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("f.py");
    std::fs::write(&file, PRIM_FUNC).unwrap();
    let run = |color: &str| {
        let out = Command::new(bin()).args(["print", "--syntax", "tvm", "--color", color]).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let plain = run("never");
    let auto = run("auto");
    let colored = run("always");
    assert_eq!(plain, auto, "auto is plain when stdout is a pipe");
    assert!(!plain.contains('\x1b'));
    assert!(colored.contains("\x1b[35mdef\x1b[0m"), "{colored:?}");
    assert_eq!(tvmscript::repl::highlight::strip_ansi(&colored), plain);
}

/// `tvm.script.ir_builder` line by line: the builder and its frames stay open across
/// inputs (one frame stack for the session), and the function prints at the end.
#[test]
fn ir_builder_builds_a_function_line_by_line() {
    let input = "from tvm.script.ir_builder import IRBuilder\n\
                 from tvm.script.ir_builder import tirx as TB\n\
                 ib = IRBuilder().__enter__()\n\
                 frame = TB.prim_func()\n\
                 frame.__enter__()\n\
                 TB.func_name(\"scale\")\n\
                 A = TB.arg(\"A\", T.Buffer((4,), \"float32\"))\n\
                 loop = TB.serial(0, 4)\n\
                 i = loop.__enter__()\n\
                 IRBuilder.name(\"i\", i)\n\
                 TB.buffer_store(A, A[i] * T.float32(2), [i])\n\
                 loop.__exit__(None, None, None)\n\
                 frame.__exit__(None, None, None)\n\
                 ib.__exit__(None, None, None)\n\
                 ib.get()\n\
                 with IRBuilder() as ib2:\n    with TB.prim_func():\n        TB.func_name(\"zero\")\n        B = TB.arg(\"B\", T.Buffer((2,), \"int32\"))\n        TB.buffer_store(B, 0, [0])\n\n\
                 print(ib2.get().script())\n";
    let (code, out, err) = repl(&["--syntax", "tvm"], input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("@T.prim_func\ndef scale(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        A[i] = A[i] * T.float32(2.0)\n"),
        "{out}"
    );
    assert!(out.contains("@T.prim_func\ndef zero(B: T.Buffer((2,), \"int32\")):\n    B[0] = 0\n"), "{out}");
}

#[test]
fn help_and_docstrings_of_namespace_members() {
    let input = "help(T.prim_func)\nhelp(R.add)\nprint(T.serial.__doc__)\nhelp(T.axis.spatial)\nhelp(Ts.function)\nhelp(tvm.ir.IRModule)\nhelp(tvm.ir.IRModule())\n";
    let (code, out, err) = repl(&[], input);
    assert_eq!(code, 0, "{err}");
    // A one-line signature, then a sentence, under the name as the prelude spells it.
    assert!(out.contains("Help on T.prim_func:\n\nprim_func(func=None, private=False, check_well_formed=True, s_tir=False, persistent=False)\n    Decorator: "), "{out}");
    assert!(out.contains("Help on R.add:\n\nadd(x1, x2)\n    Elementwise sum, broadcasting as NumPy does.\n"), "{out}");
    // Operators list the arguments the registry describes.
    assert!(out.contains("    Arguments of the operator:\n      x1 (Tensor): "), "{out}");
    assert!(out.contains("serial(start, stop=None, *, annotations=None, step=None)\n\nA serial loop"), "{out}");
    assert!(out.contains("Help on T.axis.spatial:\n\nspatial(dom, binding, dtype='int32')\n    A spatial"), "{out}");
    assert!(out.contains("Help on Ts.function:\n\nfunction(func=None, private=False, check_well_formed=True)\n    Decorator: parse the decorated function as an S-TIR function"), "{out}");
    // A class lists its methods with their signatures (a native one's from its docstring).
    assert!(out.contains("Help on class IRModule:\n\n  Methods:\n"), "{out}");
    assert!(out.contains("\n    script(*args, **kwargs)\n"), "{out}");
    // An object without a docstring says so rather than failing.
    assert!(out.contains("No documentation for IRModule."), "{out}");
}

#[test]
fn help_of_a_namespace_lists_its_documented_members() {
    let (code, out, err) = repl(&[], "help(R)\nhelp()\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Help on namespace R (tvm.script.relax):\n\n"), "{out}");
    assert!(out.contains("\n  add(x1, x2)\n"), "{out}");
    assert!(out.contains("\n  dataflow()\n"), "{out}");
    assert!(out.contains(" more members: dir(R) lists them."), "{out}");
    assert!(out.contains("help(obj) shows what obj does"), "{out}");
}

#[test]
fn a_statement_taken_from_a_function_prints_as_tvm_prints_it() {
    // TVM 0.27 prints `add_one.body` so: the free buffer declared in the loop body.
    let tvm = "for i in range(4):\n    A = T.Buffer((4,))\n    A[i] = A[i] + T.float32(1.0)\n";
    let (code, out, err) = repl(&["--syntax", "tvm"], &format!("{PRIM_FUNC}add_one.body\nprint(add_one.body)\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(&format!("{tvm}{tvm}")), "{out}");
    // The native spelling declares a free buffer as it spells a tensor parameter.
    let (code, out, err) = repl(&[], &format!("{PRIM_FUNC}add_one.body\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(&tvm.replace("T.Buffer", "T.Tensor")), "{out}");
}
