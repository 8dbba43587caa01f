//! The embedding API: a [`Session`] owns an interpreter with the TVMScript
//! namespaces; it parses TVMScript into IR, runs scripts with values supplied by the
//! host, and prints IR.
//!
//! ```
//! let session = tvmscript::Session::new();
//! let source = r#"
//! from tvm.script import tirx as T
//!
//! @T.prim_func
//! def zero(A: T.Buffer((4,), "float32")):
//!     for i in range(4):
//!         A[i] = T.float32(0)
//! "#;
//! let defs = session.parse("kernel.py", source)?;
//! for (name, ir) in &defs {
//!     let text = tvmscript::print(ir, &Default::default())?;
//!     assert!(text.contains("def zero("), "{name}: {text}");
//! }
//! # Ok::<(), tvmscript::ir::Error>(())
//! ```

use rustpython_vm::{Interpreter, VirtualMachine};

use crate::ir::{BaseFunc, Error, GlobalVar, IRModule, IRModuleNode, ObjectRef, Result, Value};
use crate::printer::{self, PrinterConfig};
use crate::script::Source;
use crate::program::{self, parse};
use crate::vm::{self, convert, InterpOptions};

pub use crate::worker::{helper_threads_started, with_helper_threads};

/// An interpreter with the TVMScript namespaces loaded. Not `Send`: create one per thread.
pub struct Session {
    /// The bindings of a printed script's header, made once (before `interp`: dropped first).
    printed_globals: std::cell::OnceCell<Vec<(String, rustpython_vm::PyObjectRef)>>,
    interp: Interpreter,
    /// The time budget of each parse or run, with the interrupter that enforces it.
    budget: Option<(vm::limits::Interrupter, std::time::Duration)>,
    /// Whether its calls may use helper threads (see [`Session::helper_threads`]).
    helper_threads: bool,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

/// The error of a failed parse or run: the Python exception as a located message.
fn script_error(vm: &VirtualMachine, exc: &rustpython_vm::builtins::PyBaseExceptionRef, source: &Source) -> Error {
    let kind = vm::error::from_py_err(vm, exc).kind;
    Error::reported(kind, crate::program::run::exception_text(vm, exc, source).trim_end())
}

impl Session {
    /// A session with a full interpreter (scripts may read files and import
    /// anything the frozen standard library has).
    pub fn new() -> Self {
        Self::with_options(&InterpOptions::default())
    }

    /// A session for untrusted scripts: no file, network or process access and
    /// imports from an allow-list only, while TVMScript works fully (see
    /// [`crate::vm::sandbox`]).
    pub fn sandboxed() -> Self {
        Self::with_options(&InterpOptions { sandbox: true, ..Default::default() })
    }

    /// A session on an interpreter configured by `opts`.
    pub fn with_options(opts: &InterpOptions) -> Self {
        crate::init();
        Session { printed_globals: Default::default(), interp: vm::new_interpreter(opts), budget: None, helper_threads: false }
    }

    /// A session whose scripts stop with a clear error when they run away: Python
    /// recursion deeper than `limits.recursion_limit` raises `RecursionError`, and a
    /// parse or run longer than `limits.timeout` raises `TimeoutError` (the session
    /// stays usable). `limits.stack_size` is for the caller's thread, see
    /// [`vm::limits::with_stack`].
    pub fn with_limits(limits: &vm::limits::Limits, sandbox: bool) -> Self {
        crate::init();
        let interrupter = limits.timeout.map(|_| vm::limits::Interrupter::new());
        let opts = InterpOptions { sandbox, recursion_limit: limits.recursion_limit, interrupter: interrupter.clone(), ..Default::default() };
        Session {
            printed_globals: Default::default(),
            interp: vm::new_interpreter(&opts),
            budget: interrupter.zip(limits.timeout),
            helper_threads: false,
        }
    }

    /// The same session, whose parses and prints may use helper threads (`on`):
    /// a large source (64 KiB or more) is parsed and lowered on two threads, a large
    /// module printed on two, and large trees freed on a short-lived thread. The
    /// threads are this thread's one worker (started with its first job, asleep
    /// between jobs, ended with this thread) and short-lived ones; no affinity is
    /// changed. Off by default: a session then starts no thread (a time budget's
    /// watchdog aside). The results are the same either way.
    pub fn helper_threads(mut self, on: bool) -> Self {
        self.helper_threads = on;
        self
    }

    /// Run `f` with helper threads allowed when this session asks for them (else as
    /// the calling thread has them, see [`with_helper_threads`]).
    fn helpers<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.helper_threads { with_helper_threads(true, f) } else { f() }
    }

    /// The header's bindings (`parse::printed_script_globals`): the imported
    /// namespaces are the same objects every time, so they are imported once.
    fn printed_globals(&self, vm: &VirtualMachine) -> rustpython_vm::PyResult<Vec<(String, rustpython_vm::PyObjectRef)>> {
        if let Some(g) = self.printed_globals.get() {
            return Ok(g.clone());
        }
        let g = parse::printed_script_globals(vm)?;
        let _ = self.printed_globals.set(g.clone());
        Ok(g)
    }

    /// Run `f` in the interpreter within the session's time budget, then flush
    /// what the script wrote: Python's `sys.stdout` is block-buffered when stdout
    /// is not a terminal, so a script's `print` would otherwise reach a pipe only
    /// when the buffer fills, after the host's own later output, or never.
    fn budgeted<R>(&self, f: impl FnOnce(&VirtualMachine) -> R) -> R {
        let _watchdog = self.budget.as_ref().map(|(i, t)| vm::limits::Watchdog::start(i, *t, None));
        self.helpers(|| {
            self.interp.enter(|vm| {
                let out = f(vm);
                program::run::flush_std(vm);
                out
            })
        })
    }

    /// Run `f` with the session's interpreter, for what the methods here do not
    /// cover (calling Python objects, reading globals). What Python code run in
    /// `f` prints is flushed when `f` returns, as after [`Session::run`].
    pub fn enter<R>(&self, f: impl FnOnce(&VirtualMachine) -> R) -> R {
        self.helpers(|| {
            self.interp.enter(|vm| {
                let out = f(vm);
                program::run::flush_std(vm);
                out
            })
        })
    }

    /// Print IR as TVMScript ([`print()`](crate::print())), with helper threads if this session has them.
    pub fn print(&self, obj: &ObjectRef, config: &PrinterConfig) -> Result<String> {
        self.helpers(|| print(obj, config))
    }

    /// Parse printed TVMScript (the header's imports are supplied, as
    /// `from_source(text, extra_vars=...)`), returning its definitions in order.
    pub fn parse(&self, name: &str, text: &str) -> Result<Vec<(String, ObjectRef)>> {
        self.parse_with(name, text, true)
    }

    /// Parse with the well-formedness check on or off.
    pub fn parse_with(&self, name: &str, text: &str, check_well_formed: bool) -> Result<Vec<(String, ObjectRef)>> {
        let source = Source::new(name, text);
        self.budgeted(|vm| {
            let extra = self.printed_globals(vm).map_err(|e| script_error(vm, &e, &source))?;
            let parsed = parse::run_script(vm, &source, &extra, check_well_formed).map_err(|e| script_error(vm, &e, &source))?;
            Ok(parsed.definitions)
        })
    }

    /// Parse a script into one module, what passes run on: its `@I.ir_module`
    /// class (the last, if it defines several), else its functions gathered in a
    /// module under their names. A ValueError names what else the script defines.
    pub fn parse_module(&self, name: &str, text: &str) -> Result<IRModule> {
        module_of(self.parse(name, text)?)
    }

    /// Run a script with `inputs` bound as globals (IR objects and plain values from
    /// the host) and return its IR-valued globals, in definition order.
    pub fn run(&self, name: &str, text: &str, inputs: &[(&str, Value)]) -> Result<Vec<(String, Value)>> {
        let source = Source::new(name, text);
        self.budgeted(|vm| {
            let mut extra = self.printed_globals(vm).map_err(|e| script_error(vm, &e, &source))?;
            for (k, v) in inputs {
                extra.push((k.to_string(), convert::value_to_py(vm, v)));
            }
            let parsed = parse::run_script(vm, &source, &extra, true).map_err(|e| script_error(vm, &e, &source))?;
            let mut out = Vec::new();
            for (k, v) in &parsed.globals {
                let Ok(key) = k.str(vm).map(|s| s.to_string()) else { continue };
                if key.starts_with("__") || extra.iter().any(|(n, _)| *n == key) {
                    continue;
                }
                if let Some(obj) = vm::object::unwrap_object(&v) {
                    out.push((key, Value::Object(obj)));
                }
            }
            Ok(out)
        })
    }
}

/// The module of a script's definitions (see [`Session::parse_module`]).
fn module_of(defs: Vec<(String, ObjectRef)>) -> Result<IRModule> {
    if let Some(module) = defs.iter().rev().find_map(|(_, d)| d.try_downcast::<IRModuleNode>()) {
        return Ok(module);
    }
    if defs.is_empty() {
        return Err(Error::value_error("the script defines no module and no function"));
    }
    let functions = defs
        .into_iter()
        .map(|(name, d)| {
            let key = d.type_key();
            BaseFunc::try_from_object(d)
                .map(|f| (GlobalVar::named(&name), f))
                .map_err(|_| Error::value_error(format!("`{name}` is a {key}, not a module or a function")))
        })
        .collect::<Result<Vec<_>>>()?;
    IRModule::from_functions(functions)
}

impl Drop for Session {
    /// The interpreter is not finalized (that would import `threading` and run
    /// exit hooks in the host's process); its standard streams are flushed, so
    /// nothing a script wrote is lost.
    fn drop(&mut self) {
        self.interp.enter(program::run::flush_std);
    }
}

/// Print IR as TVMScript, with helper threads only inside
/// [`with_helper_threads`]`(true, ..)` (or [`Session::print`] of a session that has them).
pub fn print(obj: &ObjectRef, config: &PrinterConfig) -> Result<String> {
    crate::init();
    printer::script(obj, config)
}
