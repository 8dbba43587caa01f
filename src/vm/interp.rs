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
    /// `sys.getrecursionlimit()` at start; 0 keeps RustPython's default (1000 in release builds).
    pub recursion_limit: usize,
    /// Lets another thread interrupt the interpreter (a time budget, `limits::Watchdog`).
    pub interrupter: Option<super::limits::Interrupter>,
}

/// A fresh interpreter. Nothing is read from disk: the standard library and the
/// `tvm` package are frozen in, and `sys.path` holds only `opts.path`.
pub fn new_interpreter(opts: &InterpOptions) -> Interpreter {
    let mut settings = Settings::default();
    settings.import_site = false;
    settings.argv = if opts.argv.is_empty() { vec![String::new()] } else { opts.argv.clone() };
    settings.install_signal_handlers = false;
    crate::init();
    let builder = Interpreter::builder(settings);
    let defs = rustpython_stdlib::stdlib_module_defs(&builder.ctx);
    let own = super::modules::module_defs(&builder.ctx);
    let path = opts.path.clone();
    let recursion_limit = opts.recursion_limit;
    let interrupter = opts.interrupter.clone();
    builder
        .add_native_modules(&defs)
        .add_native_modules(&own)
        .add_frozen_modules(rustpython_pylib::FROZEN_STDLIB)
        .add_frozen_modules(rustpython_vm::py_freeze!(dir = "../../stdlib"))
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
            super::init_native_classes();
        })
        .build()
}
