//! `tvmscript run FILE`: run a Python/TVMScript file in the embedded VM.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, VirtualMachine};

use crate::vm::interp::{new_interpreter, InterpOptions};
use crate::vm::limits::{self, HardExit, Interrupter, Limits, Watchdog, MAX_SOURCE_BYTES};
use crate::script::{diagnostics, Environment, Source};

/// Whether a FILE argument names standard input (`-`, as most tools take it).
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The name a source read from `path` is reported under (`<stdin>` for `-`).
pub fn source_name(path: &Path) -> String {
    if is_stdin(path) { "<stdin>".to_string() } else { path.to_string_lossy().into_owned() }
}

/// Read a file (standard input for `-`) as UTF-8, or a located message saying why not.
pub fn read_source(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let name = source_name(path);
    let cannot = |e: std::io::Error| format!("{name}: error: cannot read {}: {e}", if is_stdin(path) { "standard input" } else { "file" });
    let reader: Box<dyn Read> = if is_stdin(path) { Box::new(std::io::stdin().lock()) } else { Box::new(std::fs::File::open(path).map_err(cannot)?) };
    let mut bytes = Vec::new();
    // Bounded: a device such as /dev/zero never ends.
    reader.take(MAX_SOURCE_BYTES + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(format!("{name}: error: the file is larger than {} MiB", MAX_SOURCE_BYTES >> 20));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = String::from_utf8_lossy(good.rsplit(|&b| b == b'\n').next().unwrap_or(good)).chars().count() + 1;
        format!("{name}:{line}:{col}: error: the file is not valid UTF-8 (byte 0x{:02x})", e.as_bytes()[good.len()])
    })
}

/// Run a file as `__main__`; returns the process exit code.
pub fn run_file(path: &Path, args: &[String]) -> i32 {
    run_file_with(path, args, &Limits::default(), false)
}

/// Run a file as `__main__` within `limits` (recursion limit, time budget; the
/// caller provides the stack, see `limits::with_stack`), sandboxed or not (see
/// `sandbox`); returns the exit code.
pub fn run_file_with(path: &Path, args: &[String], limits: &Limits, sandbox: bool) -> i32 {
    let text = match read_source(path) {
        Ok(t) => t,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    let name = source_name(path);
    // A sandboxed script gets no `sys.path` (it cannot read files); one read from
    // stdin imports from the current folder, as `python -`.
    let dir = if is_stdin(path) { Some(Path::new(".")) } else { path.parent() };
    let dir = dir.filter(|_| !sandbox).map(|p| if p.as_os_str().is_empty() { ".".into() } else { p.to_string_lossy().to_string() });
    let mut argv = vec![path.to_string_lossy().into_owned()];
    argv.extend(args.iter().cloned());
    let interrupter = limits.timeout.map(|_| Interrupter::new());
    let interp = new_interpreter(&InterpOptions {
        argv,
        path: dir.into_iter().collect(),
        recursion_limit: limits.recursion_limit,
        interrupter: interrupter.clone(),
        sandbox,
    });
    let budget = interrupter.as_ref().zip(limits.timeout).map(|(i, t)| Budget::for_cli(i, t, &name));
    interp.enter(|vm| {
        if !sandbox && let Err(e) = install_import_hook(vm) {
            return report_exception(vm, e);
        }
        let code = run_source_with(vm, &Source::new(&name, &text), budget);
        flush_std(vm);
        code
    })
}

/// Make modules imported from disk TVMScript too (`stdlib/_tvmscript_import.py`).
pub fn install_import_hook(vm: &VirtualMachine) -> Result<(), PyBaseExceptionRef> {
    let hook = vm.import("_tvmscript_import", 0)?;
    vm.call_method(&hook, "install", ()).map(drop)
}

/// A time budget for a run: the interrupter attached to the VM, the time, and
/// whether to end the process if the script does not stop.
pub struct Budget<'a> {
    /// The interrupter attached to the interpreter.
    pub interrupter: &'a Interrupter,
    /// How long the run may take.
    pub timeout: Duration,
    /// Whether (and how) to end the process when the script does not stop.
    pub hard_exit: Option<HardExit>,
}

impl<'a> Budget<'a> {
    /// The command line's budget: the process ends (exit 1) when the script has
    /// not stopped [`CLI_GRACE`] after its deadline.
    pub fn for_cli(interrupter: &'a Interrupter, timeout: Duration, file: &str) -> Self {
        let message = format!(
            "{file}: error: TimeoutError: {}, and it did not stop within {} s after it (running native code, or catching the error); exiting",
            limits::timeout_message(timeout),
            CLI_GRACE.as_secs()
        );
        Budget { interrupter, timeout, hard_exit: Some(HardExit { grace: CLI_GRACE, message, exit_code: 1 }) }
    }
}

/// How long the command line waits for a timed-out script to stop.
pub const CLI_GRACE: Duration = Duration::from_secs(2);

/// Run source text as `__main__` in `vm`; prints errors; returns the exit code.
pub fn run_source(vm: &VirtualMachine, source: &Source) -> i32 {
    run_source_with(vm, source, None)
}

/// [`run_source`] within a time budget.
pub fn run_source_with(vm: &VirtualMachine, source: &Source, budget: Option<Budget<'_>>) -> i32 {
    let program = match super::compile(vm, source, &Environment::default()) {
        Ok(c) => c,
        Err(e) => {
            let d = e.diagnostic(source);
            eprint!("{}", d.render(&source.text, diagnostics::diagnostic_color()));
            return 1;
        }
    };
    let globals = vm.ctx.new_dict();
    let _ = globals.set_item("__name__", vm.ctx.new_str("__main__").into(), vm);
    let _ = globals.set_item("__file__", vm.ctx.new_str(source.name.to_string()).into(), vm);
    let module = vm.new_module("__main__", globals.clone(), None);
    if let Ok(modules) = vm.sys_module.get_attr("modules", vm) {
        let _ = modules.set_item("__main__", module.into(), vm);
    }
    let scope = Scope::with_builtins(None, globals, vm);
    let mut watchdog = budget.map(|b| Watchdog::start(b.interrupter, b.timeout, b.hard_exit));
    let result = vm.run_code_obj(program.code.clone(), scope);
    // Stopped before reporting: printing the traceback runs Python code too.
    if let Some(w) = watchdog.as_mut() {
        w.stop();
    }
    match result {
        Ok(_) => 0,
        Err(exc) => report_exception_located(vm, exc, source),
    }
}

/// [`report_exception`], followed by the exception's place in `source` as a
/// located diagnostic (`file:line:col`, the line, carets) when it has one.
pub fn report_exception_located(vm: &VirtualMachine, exc: PyBaseExceptionRef, source: &Source) -> i32 {
    if exc.as_object().fast_isinstance(vm.ctx.exceptions.system_exit) {
        return vm.handle_exit_exception(exc) as i32;
    }
    let located = diagnostics::exception_diagnostic(vm, &exc, source);
    let omitted = shorten_traceback(&exc, TRACEBACK_KEEP);
    let Some(d) = located else {
        let code = report_exception(vm, exc);
        note_shortened(omitted);
        return code;
    };
    // One report: the traceback's frames (the calls that led there), then the
    // located diagnostic in place of the traceback's last line, which would say
    // the same (the diagnostic keeps its "Did you mean" hint).
    flush_std(vm);
    let mut traceback = String::new();
    let _ = vm.write_exception(&mut traceback, &exc);
    let frames = strip_exception_line(&traceback, &exc.class().name());
    eprint!("{frames}");
    note_shortened(omitted);
    eprint!("{}", d.render(&source.text, diagnostics::diagnostic_color()));
    1
}

fn note_shortened(omitted: usize) {
    if omitted > 0 {
        eprintln!("note: the traceback was shortened: {omitted} entries in the middle are not shown");
    }
}

/// A formatted traceback without its last exception line (`Kind: message`, which
/// may run over several lines): the frames that precede it.
fn strip_exception_line<'a>(traceback: &'a str, kind: &str) -> &'a str {
    let mut cut = None;
    let mut at = 0;
    for line in traceback.split_inclusive('\n') {
        if line.starts_with(kind) && line[kind.len()..].starts_with([':', '\n']) {
            cut = Some(at);
        }
        at += line.len();
    }
    cut.map_or(traceback, |c| &traceback[..c])
}

/// Entries kept at each end of a long traceback.
const TRACEBACK_KEEP: usize = 50;

/// Cut the middle out of a traceback longer than `2 * keep` entries (deep
/// recursion makes hundreds of thousands, and formatting each takes the
/// interpreter a while); returns how many entries were cut.
fn shorten_traceback(exc: &PyBaseExceptionRef, keep: usize) -> usize {
    let mut entries = Vec::new();
    let mut tb = exc.__traceback__();
    while let Some(t) = tb {
        tb = t.next.lock().clone();
        entries.push(t);
    }
    if entries.len() <= 2 * keep {
        return 0;
    }
    let tail = entries[entries.len() - keep].clone();
    *entries[keep - 1].next.lock() = Some(tail);
    entries.len() - 2 * keep
}

/// Print an uncaught exception as Python does; the exit code it implies.
pub fn report_exception(vm: &VirtualMachine, exc: PyBaseExceptionRef) -> i32 {
    if exc.as_object().fast_isinstance(vm.ctx.exceptions.system_exit) {
        return vm.handle_exit_exception(exc) as i32;
    }
    flush_std(vm);
    vm.print_exception(exc);
    1
}

/// Flush Python's stdout and stderr (the host skips `finalize`, which would).
pub fn flush_std(vm: &VirtualMachine) {
    for name in ["stdout", "stderr"] {
        if let Ok(stream) = vm.sys_module.get_attr(name, vm) {
            let _ = vm.call_method(&stream, "flush", ());
        }
    }
    let _ = std::io::stdout().flush();
}

/// A located message for an exception raised while running `source`: the
/// innermost place in the source, with the line shown and underlined; or
/// `file: Kind: message` when nothing points into the source.
pub fn exception_text(vm: &VirtualMachine, exc: &PyBaseExceptionRef, source: &Source) -> String {
    exception_text_with(vm, exc, source, false)
}

/// [`exception_text`], with ANSI colours when `color` (the commands' `--color`).
pub fn exception_text_with(vm: &VirtualMachine, exc: &PyBaseExceptionRef, source: &Source, color: bool) -> String {
    match diagnostics::exception_diagnostic(vm, exc, source) {
        Some(d) => d.render(&source.text, color),
        None => {
            let kind = exc.class().name().to_string();
            let msg = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
            let first = msg.split('\n').next().unwrap_or("");
            format!("{}: {kind}: {}", source.name, diagnostics::clean_message(first))
        }
    }
}
