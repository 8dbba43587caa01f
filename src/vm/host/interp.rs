//! Building the embedded interpreter: RustPython with its standard library frozen
//! into the binary, our native modules, and our frozen `tvm` Python package.

use rustpython_vm::{Interpreter, Settings, VirtualMachine};

/// How an interpreter is configured.
#[derive(Clone, Debug, Default)]
pub struct InterpOptions {
    /// `sys.argv` (the script path first).
    pub argv: Vec<String>,
    /// Directories put on `sys.path` (a script's own folder, for its local imports).
    pub path: Vec<String>,
    /// Run untrusted code: no file, network or process access, imports from an
    /// allow-list only (see [`crate::vm::sandbox`]). `path` is ignored.
    pub sandbox: bool,
    /// `sys.getrecursionlimit()` at start; 0 keeps RustPython's default (1000 in release builds).
    pub recursion_limit: usize,
    /// Lets another thread interrupt the interpreter (a time budget, `limits::Watchdog`).
    pub interrupter: Option<crate::vm::limits::Interrupter>,
}

/// A fresh interpreter. Nothing is read from disk: the standard library and the
/// `tvm` package are frozen in, and `sys.path` holds only `opts.path`.
pub fn new_interpreter(opts: &InterpOptions) -> Interpreter {
    let mut settings = Settings::default();
    settings.import_site = false;
    settings.argv = if opts.argv.is_empty() { vec![String::new()] } else { opts.argv.clone() };
    settings.install_signal_handlers = false;
    // UTF-8 standard streams, as CPython's on Linux (under a C locale too, PEP 538):
    // the stream need not ask `locale`, whose import was a large part of the start.
    // Errors as before (`surrogateescape`, which a text stream without an encoding gets).
    settings.stdio_encoding = Some("utf-8".to_string());
    settings.stdio_errors = Some("surrogateescape".to_string());
    if opts.sandbox {
        crate::vm::sandbox::configure(&mut settings);
    }
    crate::init();
    let builder = Interpreter::builder(settings);
    let defs = rustpython_stdlib::stdlib_module_defs(&builder.ctx);
    let own = crate::vm::native_module_defs(&builder.ctx);
    let path = if opts.sandbox { Vec::new() } else { opts.path.clone() };
    let sandbox = opts.sandbox;
    let recursion_limit = opts.recursion_limit;
    let interrupter = opts.interrupter.clone();
    let builder = builder
        .add_native_modules(&defs)
        .add_native_modules(&own)
        .add_frozen_modules(rustpython_pylib::FROZEN_STDLIB)
        .add_frozen_modules(rustpython_vm::py_freeze!(dir = "../../../stdlib"))
        .init_hook(move |vm: &mut VirtualMachine| {
            let paths = &mut rustpython_vm::common::rc::PyRc::get_mut(&mut vm.state)
                .expect("no other reference to the state during init")
                .config
                .paths;
            paths.module_search_paths = path;
            if recursion_limit > 0 {
                vm.recursion_limit.set(recursion_limit);
            }
            if let Some(i) = &interrupter {
                i.attach(vm);
            }
            crate::vm::init_native_classes();
            crate::vm::alloc_guard::install(vm);
            if sandbox {
                crate::vm::sandbox::restrict_native_modules(vm);
            }
        });
    if !sandbox {
        return builder.build();
    }
    let interp = crate::vm::sandbox::while_starting(|| builder.build());
    // A sandbox that cannot be set up must not run anything.
    if let Err(msg) = interp.enter(|vm| crate::vm::sandbox::install(vm).map_err(|e| crate::vm::error::from_py_err(vm, &e).message)) {
        panic!("tvmscript: cannot set up the sandbox: {msg}");
    }
    interp
}

/// Run a command's start (making its one interpreter, importing what lives as long
/// as the process) with automatic collection paused, then move every object alive
/// out of the cycle collector's generations, as CPython's `gc.freeze()` does. A
/// collection would only scan objects that live on: the interpreter's start crossed
/// the collector's threshold and its collection was 5% of the instructions of
/// `tvmscript print llm_small.py`, and every later collection scanned the start's
/// objects again (4%). The collector is process-wide: cyclic garbage alive anywhere
/// at this point is never collected.
pub fn start_up<R>(f: impl FnOnce() -> R) -> R {
    let gc = rustpython_vm::gc_state::gc_state();
    let was_enabled = gc.is_enabled();
    gc.disable();
    let r = f();
    gc.freeze();
    if was_enabled {
        gc.enable();
    }
    r
}
