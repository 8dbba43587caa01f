//! The command-line entry points, as library functions returning exit codes
//! (the binary in `main.rs` only parses arguments).

use std::io::Write;
use std::path::Path;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::{AsObject, TryFromObject, VirtualMachine};

use crate::ir::{self, ObjectRef};
use crate::printer::{self, PrinterConfig, Syntax};
use crate::script::diagnostics::Diagnostic;
use crate::script::Source;
use crate::vm::{self, parse, InterpOptions};

/// Parse every definition of a printed script in `vm` (well-formedness check off,
/// as TVM prints and parses deliberately ill-formed IR with the check off).
fn parse_printed(vm: &VirtualMachine, source: &Source, check: bool) -> Result<Vec<(String, ObjectRef)>, String> {
    let extra = parse::printed_script_globals(vm).map_err(|e| exception_text(vm, &e, source))?;
    let parsed = parse::run_script(vm, source, &extra, check).map_err(|e| exception_text(vm, &e, source))?;
    Ok(parsed.definitions)
}

fn load(path: &Path) -> Result<Source, String> {
    let text = vm::run::read_source(path)?;
    Ok(Source::new(&path.to_string_lossy(), &text))
}

/// The printer configuration for a file: its spelling, and `show_meta` when the
/// file carries a metadata section.
fn config_for(source: &Source, syntax: Syntax) -> PrinterConfig {
    PrinterConfig { syntax, show_meta: source.text.contains("metadata = tvm.ir.load_json("), ..Default::default() }
}

fn print_defs(defs: &[(String, ObjectRef)], cfg: &PrinterConfig) -> ir::Result<String> {
    let mut out = String::new();
    for (i, (_, obj)) in defs.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&printer::script(obj, cfg)?);
        out.push('\n');
    }
    Ok(out)
}

fn with_vm<R>(f: impl FnOnce(&VirtualMachine) -> R) -> R {
    let interp = vm::new_interpreter(&InterpOptions::default());
    interp.enter(f)
}

/// `tvmscript print FILE [--syntax native|tvm]`.
pub fn print(path: &Path, syntax: Syntax) -> i32 {
    print_with_color(path, syntax, false)
}

/// `tvmscript print --color`: as [`print`], syntax-highlighted with ANSI colours
/// when `color` (the REPL's highlighter).
pub fn print_with_color(path: &Path, syntax: Syntax, color: bool) -> i32 {
    let source = match load(path) {
        Ok(s) => s,
        Err(msg) => return fail(&msg, 2),
    };
    with_vm(|vm| {
        let defs = match parse_printed(vm, &source, false) {
            Ok(d) => d,
            Err(msg) => return fail(&msg, 1),
        };
        match print_defs(&defs, &config_for(&source, syntax)) {
            Ok(text) => {
                let text = if color { crate::repl::highlight::highlight(&text) } else { text };
                let mut out = std::io::stdout().lock();
                // Written in one piece: a failure above leaves no partial output.
                if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
                    return 1;
                }
                0
            }
            Err(e) => fail(&format!("{}: error: cannot print: {e}", source.name), 1),
        }
    })
}

/// `tvmscript roundtrip FILE...`: parse, print, re-parse, compare.
pub fn roundtrip(paths: &[std::path::PathBuf], syntax: Syntax) -> i32 {
    let (mut passed, mut failed) = (0usize, 0usize);
    with_vm(|vm| {
        for path in paths {
            match roundtrip_one(vm, path, syntax) {
                Ok(()) => passed += 1,
                Err(msg) => {
                    failed += 1;
                    println!("FAIL {}: {}", path.display(), msg.lines().next().unwrap_or(""));
                    for line in msg.lines().skip(1) {
                        eprintln!("{line}");
                    }
                }
            }
        }
    });
    println!("{passed} passed, {failed} failed");
    i32::from(failed > 0)
}

fn roundtrip_one(vm: &VirtualMachine, path: &Path, syntax: Syntax) -> Result<(), String> {
    let source = load(path)?;
    let defs = parse_printed(vm, &source, false)?;
    if defs.is_empty() {
        return Err("no TVMScript definition found".into());
    }
    let cfg = config_for(&source, syntax);
    let text = print_defs(&defs, &cfg).map_err(|e| format!("cannot print: {e}"))?;
    let again = Source::new(&format!("{} (printed)", source.name), &text);
    let defs2 = parse_printed(vm, &again, false).map_err(|e| format!("printed text does not parse: {e}"))?;
    if defs2.len() != defs.len() {
        return Err(format!("printed text defines {} objects, the file {}", defs2.len(), defs.len()));
    }
    for ((_, a), (_, b)) in defs.iter().zip(&defs2) {
        if let Some((pa, pb)) = ir::get_first_structural_mismatch(a, b, true) {
            return Err(format!("structural mismatch at lhs {pa}, rhs {pb}"));
        }
    }
    Ok(())
}

/// `tvmscript transpile FILE`: show the builder program the transpiler makes.
pub fn transpile(path: &Path) -> i32 {
    let source = match load(path) {
        Ok(s) => s,
        Err(msg) => return fail(&msg, 2),
    };
    crate::init();
    // The printed-script names resolve as they do for `print`.
    let mut env = crate::script::Environment::default();
    for (name, ns) in [("T", "tirx"), ("I", "ir"), ("R", "relax"), ("Ts", "s_tir")] {
        if crate::script::protocol::is_namespace(ns) {
            env.namespaces.insert(name.into(), ns.into());
        }
    }
    for name in ["tvm", "TypeVar", "Axis"] {
        env.names.insert(name.into());
    }
    match crate::script::transpile_source(&source, &env) {
        Ok(module) => {
            print!("{}", crate::script::unparse::unparse_module(&module));
            0
        }
        Err(e) => fail(&e.diagnostic(&source).render(&source.text, false), 1),
    }
}

/// `tvmscript check FILE`: parse with the well-formedness check on.
pub fn check(path: &Path) -> i32 {
    let source = match load(path) {
        Ok(s) => s,
        Err(msg) => return fail(&msg, 2),
    };
    with_vm(|vm| match parse_printed(vm, &source, true) {
        Ok(defs) => {
            println!("{}: ok ({} definition{})", source.name, defs.len(), if defs.len() == 1 { "" } else { "s" });
            0
        }
        Err(msg) => fail(&msg, 1),
    })
}

fn fail(msg: &str, code: i32) -> i32 {
    eprintln!("{}", msg.trim_end());
    code
}

/// A located message for an exception raised while running `source`: the
/// innermost traceback line in the source, with the line shown and underlined.
pub fn exception_text(vm: &VirtualMachine, exc: &PyBaseExceptionRef, source: &Source) -> String {
    let kind = exc.class().name().to_string();
    let msg = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
    // A SyntaxError carries its own location.
    let mut line: Option<u32> = None;
    let mut col: u32 = 0;
    if kind == "SyntaxError"
        && let Ok(l) = exc.as_object().get_attr("lineno", vm)
    {
        line = u32::try_from_object(vm, l).ok();
        col = exc.as_object().get_attr("offset", vm).ok().and_then(|o| u32::try_from_object(vm, o).ok()).unwrap_or(1);
    }
    if line.is_none() {
        let mut tb = exc.__traceback__();
        while let Some(t) = tb {
            if t.frame.code.source_path().as_str() == &*source.name {
                line = Some(t.lineno.get() as u32);
            }
            tb = t.next.lock().clone();
        }
    }
    let Some(line) = line else {
        return format!("{}: {kind}: {msg}", source.name);
    };
    let text = source.line_text(line);
    let indent = text.len() - text.trim_start().len();
    let line_start: usize = source.text.split_inclusive('\n').take(line as usize - 1).map(str::len).sum();
    let (start, end) = if col > 0 {
        let s = line_start + text.char_indices().nth(col as usize - 1).map_or(0, |(b, _)| b);
        (s, s + 1)
    } else {
        (line_start + indent, line_start + text.len())
    };
    let message = msg.split('\n').next().unwrap_or("").to_string();
    Diagnostic { kind, message, file: source.name.to_string(), start, end }.render(&source.text, false)
}
