//! The command-line entry points, as library functions returning exit codes
//! (the binary in `main.rs` only parses arguments).

use std::io::Write;
use std::path::Path;

use rustpython_vm::VirtualMachine;

use crate::ir::{self, ObjectRef};
use crate::printer::{self, PrinterConfig, Syntax};
use crate::script::diagnostics;
use crate::script::Source;
use crate::vm::limits::Limits;
use crate::program::run::exception_text_with;
use crate::program::{self, parse};
use crate::vm::{self, InterpOptions};

/// Parse every definition of a printed script in `vm` (well-formedness check off,
/// as TVM prints and parses deliberately ill-formed IR with the check off).
fn parse_printed(vm: &VirtualMachine, source: &Source, check: bool) -> Result<Vec<(String, ObjectRef)>, String> {
    parse_with(vm, source, check, true)
}

/// Parse every definition of `source`, with the printed-script header's names
/// supplied (`header`) or with only what the file itself imports.
fn parse_with(vm: &VirtualMachine, source: &Source, check: bool, header: bool) -> Result<Vec<(String, ObjectRef)>, String> {
    if !header {
        return run_quietly(vm, source, &[], check);
    }
    // The header's modules (`tvm.script` and what it imports) are part of the
    // command's start and live as long as it: imported the first time as the
    // interpreter's own start-up modules are (see `vm::interp::start_up`), the import
    // no longer reaches the collector's threshold and scans them all (one collection,
    // 5% of `tvmscript print llm_small.py`). Once per process: the garbage of a file
    // parsed earlier is never frozen.
    static HEADER_IMPORTED: std::sync::Once = std::sync::Once::new();
    let mut first = None;
    HEADER_IMPORTED.call_once(|| first = Some(vm::interp::start_up(|| parse::printed_script_globals(vm))));
    let extra = match first {
        Some(extra) => extra,
        None => parse::printed_script_globals(vm),
    }
    .map_err(|e| exception_text_with(vm, &e, source, diagnostics::diagnostic_color()))?;
    run_quietly(vm, source, &extra, check)
}

/// Run `source` for its definitions, its own prints sent to stderr: stdout carries
/// only the command's text.
fn run_quietly(vm: &VirtualMachine, source: &Source, extra: &[(String, rustpython_vm::PyObjectRef)], check: bool) -> Result<Vec<(String, ObjectRef)>, String> {
    let sys = &vm.sys_module;
    let stdout = sys.get_attr("stdout", vm).ok();
    if let Ok(stderr) = sys.get_attr("stderr", vm) {
        let _ = sys.set_attr("stdout", stderr, vm);
    }
    let parsed = parse::run_script(vm, source, extra, check);
    if let Some(out) = stdout {
        let _ = sys.set_attr("stdout", out, vm);
    }
    let parsed = parsed.map_err(|e| exception_text_with(vm, &e, source, diagnostics::diagnostic_color()))?;
    Ok(parsed.definitions)
}

/// [`parse_printed`] within the time budget of `vm` (if any); a file that defines
/// nothing is an error for `print` and `check`.
fn parse_definitions(vm: &VirtualMachine, timer: &Timer, source: &Source, check: bool) -> Result<Vec<(String, ObjectRef)>, String> {
    let defs = timer.time(source, || parse_printed(vm, source, check))?;
    if defs.is_empty() {
        return Err(format!(
            "{}: error: no TVMScript definition found (nothing decorated with a definition decorator such as @T.prim_func or @I.ir_module)",
            source.name
        ));
    }
    Ok(defs)
}

/// The time budget of a command's interpreter.
struct Timer {
    interrupter: Option<vm::limits::Interrupter>,
    timeout: Option<std::time::Duration>,
}

impl Timer {
    fn time<R>(&self, source: &Source, f: impl FnOnce() -> R) -> R {
        let _watchdog = self.interrupter.as_ref().zip(self.timeout).map(|(i, t)| {
            let b = program::run::Budget::for_cli(i, t, &source.name);
            vm::limits::Watchdog::start(b.interrupter, b.timeout, b.hard_exit)
        });
        f()
    }
}

fn load(path: &Path) -> Result<Source, String> {
    let text = program::run::read_source(path)?;
    Ok(Source::new(&program::run::source_name(path), &text))
}

/// The printer configuration for a file: its spelling, and `show_meta` when the
/// file carries a metadata section.
fn config_for(source: &Source, syntax: Syntax, show_meta: bool) -> PrinterConfig {
    PrinterConfig { syntax, show_meta: show_meta || source.text.contains("metadata = tvm.ir.load_json("), ..Default::default() }
}

/// The definitions as `.script()` prints them; when a file has several, each under
/// the name it is bound to (`class Before`, `def k2`), so they do not all read
/// `class Module`.
fn print_defs(defs: &[(String, ObjectRef)], cfg: &PrinterConfig) -> ir::Result<String> {
    let mut out = String::new();
    for (i, (name, obj)) in defs.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let cfg = PrinterConfig { name: (defs.len() > 1).then(|| name.clone()), ..cfg.clone() };
        out.push_str(&printer::script(obj, &cfg)?);
        out.push('\n');
    }
    Ok(out)
}

fn with_limited_vm<R>(limits: &Limits, f: impl FnOnce(&VirtualMachine, &Timer) -> R) -> R {
    let interrupter = limits.timeout.map(|_| vm::limits::Interrupter::new());
    let opts = InterpOptions { recursion_limit: limits.recursion_limit, interrupter: interrupter.clone(), sandbox: limits.sandbox, ..Default::default() };
    // A command runs one interpreter in its process: what its start makes lives as
    // long as the process.
    let interp = vm::interp::start_up(|| vm::new_interpreter(&opts));
    let timer = Timer { interrupter, timeout: limits.timeout };
    interp.enter(|vm| f(vm, &timer))
}

/// `tvmscript print FILE [--syntax native|tvm]`.
pub fn print(path: &Path, syntax: Syntax) -> i32 {
    print_with(path, syntax, false, false, &Limits::default())
}

/// `tvmscript print --color`: as [`print()`], syntax-highlighted with ANSI colours
/// when `color` (the REPL's highlighter).
pub fn print_with_color(path: &Path, syntax: Syntax, color: bool) -> i32 {
    print_with(path, syntax, color, false, &Limits::default())
}

/// `tvmscript print`, highlighted or not, with the metadata section (`show_meta`)
/// or not, within `limits` (the caller provides the stack).
pub fn print_with(path: &Path, syntax: Syntax, color: bool, show_meta: bool, limits: &Limits) -> i32 {
    let source = match load(path) {
        Ok(s) => s,
        Err(msg) => return fail(&msg, 2),
    };
    // Printing needs only the IR: the interpreter is dropped first.
    let defs = match with_limited_vm(limits, |vm, timer| parse_definitions(vm, timer, &source, false)) {
        Ok(d) => d,
        Err(msg) => return fail(&msg, 1),
    };
    crate::memory::release_free_memory();
    match print_defs(&defs, &config_for(&source, syntax, show_meta)) {
        Ok(text) => {
            drop(defs);
            let text = if color { crate::repl::highlight::highlight(&text) } else { text };
            // Written in one piece: a failure above leaves no partial output.
            write_stdout(&text)
        }
        Err(e) => fail(&format!("{}: error: cannot print: {e}", source.name), 1),
    }
}

/// `tvmscript print FILE...`: one file as [`print_with`]; several in one
/// interpreter, each file's text written as soon as it is printed, a file that
/// fails reported on stderr and the others printed. The exit code is the worst
/// (2 for an unreadable file, 1 for one that does not parse or print).
pub fn print_files(paths: &[std::path::PathBuf], syntax: Syntax, color: bool, show_meta: bool, limits: &Limits) -> i32 {
    if let [path] = paths {
        return print_with(path, syntax, color, show_meta, limits);
    }
    let mut code = 0;
    with_limited_vm(limits, |vm, timer| {
        for (i, path) in paths.iter().enumerate() {
            let source = match load(path) {
                Ok(s) => s,
                Err(msg) => {
                    code = code.max(fail(&msg, 2));
                    continue;
                }
            };
            let text = parse_definitions(vm, timer, &source, false)
                .and_then(|defs| print_defs(&defs, &config_for(&source, syntax, show_meta)).map_err(|e| format!("{}: error: cannot print: {e}", source.name)));
            match text {
                Ok(text) => {
                    let text = if color { crate::repl::highlight::highlight(&text) } else { text };
                    // Files are separated as definitions are, by a blank line.
                    let sep = if i > 0 { "\n" } else { "" };
                    if write_stdout(&format!("{sep}{text}")) != 0 {
                        code = 1;
                        return;
                    }
                }
                Err(msg) => code = code.max(fail(&msg, 1)),
            }
        }
    });
    code
}

/// `tvmscript roundtrip FILE...`: parse, print, re-parse, compare.
pub fn roundtrip(paths: &[std::path::PathBuf], syntax: Syntax) -> i32 {
    roundtrip_with(paths, syntax, &Limits::default())
}

/// [`roundtrip`] within `limits` (sandboxed or not).
pub fn roundtrip_with(paths: &[std::path::PathBuf], syntax: Syntax, limits: &Limits) -> i32 {
    let (mut passed, mut failed, mut unreadable) = (0usize, 0usize, 0);
    with_limited_vm(limits, |vm, _| {
        for path in paths {
            let source = match load(path) {
                Ok(s) => s,
                Err(msg) => {
                    failed += 1;
                    unreadable = fail(&msg, 2);
                    continue;
                }
            };
            match roundtrip_one(vm, &source, syntax) {
                Ok(()) => passed += 1,
                Err(msg) => {
                    failed += 1;
                    let _ = write_stdout(&format!("FAIL {}: {}\n", path.display(), msg.lines().next().unwrap_or("")));
                    for line in msg.lines().skip(1) {
                        eprintln!("{line}");
                    }
                }
            }
        }
    });
    let written = write_stdout(&format!("{passed} passed, {failed} failed\n"));
    i32::from(failed > 0).max(written).max(unreadable)
}

fn roundtrip_one(vm: &VirtualMachine, source: &Source, syntax: Syntax) -> Result<(), String> {
    let defs = parse_printed(vm, source, false)?;
    if defs.is_empty() {
        return Err("no TVMScript definition found".into());
    }
    // With the metadata section: constants then parse back.
    let cfg = config_for(source, syntax, true);
    let text = print_defs(&defs, &cfg).map_err(|e| format!("cannot print: {e}"))?;
    let again = Source::new(&format!("{} (printed)", source.name), &text);
    let defs2 = parse_printed(vm, &again, false).map_err(|e| format!("printed text does not parse: {e}"))?;
    if defs2.len() != defs.len() {
        return Err(format!("printed text defines {} objects, the file {}", defs2.len(), defs.len()));
    }
    for ((_, a), (_, b)) in defs.iter().zip(&defs2) {
        if let Some((pa, pb)) = ir::get_first_structural_mismatch(a, b, true) {
            let mut msg = format!("structural mismatch at lhs {pa}, rhs {pb}");
            // Where the file's side of the mismatch came from.
            if let Some(span) = ir::span_at_path(&ir::Value::Object(a.clone()), &pa)
                && let Some(d) = span.parts().iter().rev().filter_map(|p| p.data()).find(|d| *d.file == *source.name)
            {
                let text = &*source.text;
                let start = diagnostics::offset_at(text, d.line as usize, d.col as usize);
                let end = diagnostics::offset_at(text, d.end_line as usize, d.end_col as usize);
                let note = diagnostics::Diagnostic {
                    kind: "structural mismatch".into(),
                    message: format!("this is {pa}, which prints and parses back as something else"),
                    file: source.name.to_string(),
                    start,
                    end: end.max(start),
                    notes: vec![],
                };
                msg.push('\n');
                msg.push_str(note.render(text, diagnostics::diagnostic_color()).trim_end());
            }
            return Err(msg);
        }
    }
    Ok(())
}

/// Write `text` to stdout; exit code 1 when it cannot be written (a closed pipe:
/// `tvmscript transpile F | head`), never a panic.
fn write_stdout(text: &str) -> i32 {
    let mut out = std::io::stdout().lock();
    if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
        return 1;
    }
    0
}

/// `tvmscript transpile FILE`: show the builder program the transpiler makes.
pub fn transpile(path: &Path) -> i32 {
    let source = match load(path) {
        Ok(s) => s,
        Err(msg) => return fail(&msg, 2),
    };
    crate::init();
    // The printed-script names resolve as they do for `print`.
    let env = crate::script::header::printed_environment();
    match crate::script::transpile_source(&source, &env) {
        Ok(module) => write_stdout(&crate::script::unparse::unparse_module(&module)),
        Err(e) => fail(&e.diagnostic(&source).render(&source.text, diagnostics::diagnostic_color()), 1),
    }
}

/// `tvmscript check FILE`: parse with the well-formedness check on.
pub fn check(path: &Path) -> i32 {
    check_with(path, &Limits::default())
}

/// `tvmscript check` within `limits` (the caller provides the stack).
pub fn check_with(path: &Path, limits: &Limits) -> i32 {
    check_files(std::slice::from_ref(&path.to_path_buf()), limits)
}

/// `tvmscript check FILE...`: each file in one interpreter, a line `FILE: ok (N
/// definitions)` on stdout or its diagnostics on stderr; the worst exit code (2
/// for an unreadable file, 1 for an error).
pub fn check_files(paths: &[std::path::PathBuf], limits: &Limits) -> i32 {
    let mut code = 0;
    with_limited_vm(limits, |vm, timer| {
        for path in paths {
            let source = match load(path) {
                Ok(s) => s,
                Err(msg) => {
                    code = code.max(fail(&msg, 2));
                    continue;
                }
            };
            match parse_definitions(vm, timer, &source, true) {
                Ok(defs) => {
                    let n = defs.len();
                    if write_stdout(&format!("{}: ok ({n} definition{})\n", source.name, if n == 1 { "" } else { "s" })) != 0 {
                        code = 1;
                        return;
                    }
                }
                Err(msg) => code = code.max(fail(&msg, 1)),
            }
        }
    });
    code
}

/// `tvmscript fmt FILE... [--syntax S] [--check] [--diff]`: format each file's
/// definitions in place (see `crate::fmt`); `--check` and `--diff` leave the files
/// (a report, a unified diff on stdout); `-` formats standard input to stdout.
/// A definition fmt cannot rewrite keeping its IR is left as written with a
/// warning. Exit: 1 when a file does not parse, or, with `--check` or `--diff`,
/// would change; 2 when a file cannot be read or written (the worst over the files).
pub fn fmt_files(paths: &[std::path::PathBuf], syntax: Option<Syntax>, check: bool, diff: bool, limits: &Limits) -> i32 {
    use crate::fmt::{format_source, unified_diff, write_atomically};
    let mut code = 0;
    let (mut changed, mut unchanged, mut left, mut refused) = (0usize, 0usize, 0usize, 0usize);
    let leave = check || diff;
    with_limited_vm(limits, |vm, timer| {
        for path in paths {
            let stdin = path.as_os_str() == "-";
            let source = match load(path) {
                Ok(s) => s,
                Err(msg) => {
                    code = code.max(fail(&msg, 2));
                    continue;
                }
            };
            // A file that runs on its own is checked as it will run: with its own
            // imports only (fmt adds those the printed text needs); a printed
            // script relies on its header's names.
            let (defs, header) = match timer.time(&source, || parse_with(vm, &source, false, false)) {
                Ok(d) => (Ok(d), false),
                Err(_) => (timer.time(&source, || parse_with(vm, &source, false, true)), true),
            };
            let mut reparse = |s: &Source| timer.time(s, || parse_with(vm, s, false, header));
            let result = defs.and_then(|defs| format_source(&source, &defs, syntax, &mut reparse));
            let formatted = match result {
                Ok(f) => f,
                Err(msg) => {
                    refused += 1;
                    code = code.max(fail(&msg, 1));
                    continue;
                }
            };
            for w in &formatted.left {
                eprintln!("{}", w.trim_end());
            }
            left += usize::from(!formatted.left.is_empty());
            let Some(new) = formatted.text else {
                unchanged += 1;
                if stdin && !leave {
                    code = code.max(write_stdout(&source.text));
                }
                continue;
            };
            changed += 1;
            if diff {
                code = code.max(write_stdout(&unified_diff(&source.name, &source.text, &new)));
            }
            if leave {
                if check {
                    eprintln!("would reformat {}", source.name);
                }
                code = code.max(1);
            } else if stdin {
                code = code.max(write_stdout(&new));
            } else {
                match write_atomically(path, &new) {
                    Ok(()) => eprintln!("reformatted {}", source.name),
                    Err(e) => code = code.max(fail(&format!("{}: error: cannot write: {e}", source.name), 2)),
                }
            }
        }
    });
    let verb = if leave { "would be reformatted" } else { "reformatted" };
    let left = if left > 0 { format!(", {left} with definitions left as written") } else { String::new() };
    let refused = if refused > 0 { format!(", {refused} not parsed") } else { String::new() };
    eprintln!("{changed} file{} {verb}, {unchanged} unchanged{left}{refused}", if changed == 1 { "" } else { "s" });
    code
}

fn fail(msg: &str, code: i32) -> i32 {
    eprintln!("{}", msg.trim_end());
    code
}

