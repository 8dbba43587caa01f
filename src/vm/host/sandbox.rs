//! A sandbox for untrusted scripts: no file, network or process access, and
//! imports from an allow-list only, while TVMScript itself works fully.
//!
//! Layers, strongest first:
//! 1. The interpreter is built without the native modules that reach the OS
//!    (`posix`, `_socket`, `select`, `_posixsubprocess`, `mmap`, `fcntl`, `_ctypes`,
//!    …): only an allow-list of pure modules is registered, and `_signal` (which
//!    the VM's start-up needs) is replaced by an empty module. Nothing in Python
//!    can bring those back, whatever it reaches by introspection. The path-based
//!    importer is not installed, so nothing is imported from disk either.
//! 2. `io.FileIO` (which every file object in `_io` goes through, `open` and
//!    `io.open` included) refuses to open anything in a sandboxed interpreter.
//! 3. `open`, `io.open` and `_io.open` raise `PermissionError` naming the sandbox.
//! 4. Script code may import only [`ALLOWED_IMPORTS`] (and their submodules);
//!    other imports raise `ImportError` naming the sandbox. Standard-library code
//!    imports what it needs (so `dataclasses`, which imports `inspect` and `os`,
//!    works), and gets stand-ins for `os` and `posix` that offer only pure
//!    functions (`os.path`, `os.fspath`, an empty `os.environ`).
//!
//! Layer 4 is for clear errors; the guarantee comes from layers 1 and 2. The
//! sandbox does not limit time or memory: run untrusted scripts with a timeout.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use rustpython_vm::builtins::{PyDict, PyModuleDef, PyStr, PyType};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, Settings, TryFromObject, VirtualMachine};

/// The `-X` option that marks a sandboxed interpreter (visible as `sys._xoptions`).
pub const MARKER: &str = "tvmscript_sandbox";

/// Top-level modules script code may import in the sandbox (submodules included).
/// `_typing` is `typing`'s native half, which `typing` re-exports (the printed
/// script header takes `TypeVar` from it).
pub const ALLOWED_IMPORTS: &[&str] = &[
    "tvm", "numpy", "_tvmscript", "_tvmscript_rt", "_tvmscript_numpy", "_typing", "__future__", "abc", "annotationlib", "array", "ast", "base64", "binascii",
    "bisect", "builtins", "cmath", "codecs", "collections", "colorsys", "contextlib", "contextvars", "copy", "copyreg",
    "dataclasses", "datetime", "decimal", "difflib", "enum", "errno", "fractions", "functools", "graphlib", "hashlib",
    "heapq", "inspect", "io", "itertools", "json", "keyword", "math", "numbers", "operator", "pprint", "random", "re",
    "reprlib", "statistics", "string", "struct", "sys", "textwrap", "time", "token", "traceback", "types", "typing",
    "unicodedata", "warnings", "weakref", "zlib",
];

/// Modules the sandbox removes or refuses (top-level names): importing one names
/// the sandbox, while a name that is no module at all is `ModuleNotFoundError` as
/// anywhere else.
const REMOVED: &[&str] = &[
    "_socket", "socket", "select", "selectors", "_posixsubprocess", "subprocess", "mmap", "fcntl", "_ctypes",
    "ctypes", "pwd", "grp", "resource", "termios", "tty", "pty", "_multiprocessing", "multiprocessing",
    "_posixshmem", "syslog", "_ssl", "ssl", "faulthandler", "_sqlite3", "sqlite3", "_locale", "_uuid",
    "_remote_debugging", "_asyncio", "asyncio", "nt", "_winapi", "msvcrt", "winreg", "signal", "_signal",
    "shutil", "tempfile", "pathlib", "glob", "http", "urllib", "ftplib", "smtplib", "webbrowser", "os", "posix",
];

/// Native modules a sandboxed interpreter keeps: pure computation only.
const NATIVE_MODULES: &[&str] = &[
    "_abc", "_ast", "_bisect", "_blake2", "_bz2", "_codecs", "_collections", "_contextvars", "_csv", "_functools",
    "_hashlib", "_imp", "_io", "_json", "_lzma", "_md5", "_opcode", "_operator", "_random", "_sha1", "_sha256",
    "_sha3", "_sha512", "_sre", "_stat", "_statistics", "_string", "_struct", "_suggestions", "_symtable",
    "_sysconfig", "_thread", "_tokenize", "_types", "_typing", "_warnings", "_weakref", "array", "atexit", "binascii",
    "builtins", "cmath", "errno", "gc", "itertools", "marshal", "math", "sys", "time", "unicodedata", "zlib",
];

fn native_module_allowed(name: &str) -> bool {
    // `_sysconfigdata` has a platform-specific alias; `_tvmscript*` are ours.
    NATIVE_MODULES.contains(&name) || name.starts_with("_sysconfigdata") || name.starts_with("_tvmscript")
}

/// Whether `vm` is a sandboxed interpreter.
pub fn is_sandboxed(vm: &VirtualMachine) -> bool {
    vm.state.config.settings.xoptions.iter().any(|(k, _)| k == MARKER)
}

/// The message every refusal carries.
fn refusal(what: &str) -> String {
    format!("{what} is not available in the tvmscript sandbox (no file, network or process access)")
}

/// A `PermissionError` (built as an `OSError`, with its fields) for `what`.
fn permission_error(vm: &VirtualMachine, what: &str) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_os_subtype_error(vm.ctx.exceptions.permission_error.to_owned(), None, refusal(what)).upcast()
}

/// Settings of a sandboxed interpreter: the marker, and no path-based importer.
pub(crate) fn configure(settings: &mut Settings) {
    settings.allow_external_library = false;
    settings.xoptions.push((MARKER.to_string(), None));
    settings.install_signal_handlers = false;
}

/// Keep only the allowed native modules (an init hook: before any module loads).
pub(crate) fn restrict_native_modules(vm: &mut VirtualMachine) {
    let stub = signal_stub::module_def(&vm.ctx);
    let state = rustpython_vm::common::rc::PyRc::get_mut(&mut vm.state).expect("no other reference to the state during init");
    let defs: &mut BTreeMap<&'static str, &'static PyModuleDef> = &mut state.module_defs;
    defs.retain(|name, _| native_module_allowed(name));
    defs.insert("_signal", stub);
}

/// `_signal` for the sandbox: the VM imports it while starting, and a script must
/// not change the host's signal handling.
#[rustpython_vm::pymodule(name = "_signal")]
mod signal_stub {}

thread_local! {
    /// Set while a sandboxed interpreter is being built: its start-up opens the
    /// standard streams through `FileIO`.
    static STARTING: Cell<bool> = const { Cell::new(false) };
}

/// Run `build` (which builds a sandboxed interpreter) with start-up file access allowed.
pub(crate) fn while_starting<R>(build: impl FnOnce() -> R) -> R {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            STARTING.with(|s| s.set(false));
        }
    }
    STARTING.with(|s| s.set(true));
    let _reset = Reset;
    build()
}

type InitSlot = fn(PyObjectRef, FuncArgs, &VirtualMachine) -> PyResult<()>;

static FILEIO_INIT: OnceLock<InitSlot> = OnceLock::new();

fn guarded_fileio_init(zelf: PyObjectRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
    if is_sandboxed(vm) && !STARTING.with(Cell::get) {
        return Err(permission_error(vm, "opening files"));
    }
    match FILEIO_INIT.get() {
        Some(init) => init(zelf, args, vm),
        None => Err(vm.new_runtime_error("FileIO is not initialized")),
    }
}

/// Make `io.FileIO` refuse to open files in sandboxed interpreters. RustPython
/// (built without `threading`) keeps native types per thread, so `FileIO` is
/// shared by the interpreters of one thread; others are not affected. Done once
/// per thread, before that thread's first sandboxed interpreter runs code.
fn guard_fileio(vm: &VirtualMachine) -> PyResult<()> {
    thread_local! {
        static DONE: Cell<bool> = const { Cell::new(false) };
    }
    if DONE.with(Cell::get) {
        return Ok(());
    }
    let io = vm.import("_io", 0)?;
    let cls = io.get_attr("FileIO", vm)?.downcast::<PyType>().map_err(|_| vm.new_type_error("_io.FileIO is not a type"))?;
    let Some(original) = cls.slots.init.load() else {
        return Err(vm.new_runtime_error("_io.FileIO has no __init__"));
    };
    if original as usize != guarded_fileio_init as InitSlot as usize {
        let _ = FILEIO_INIT.set(original);
        cls.slots.init.store(Some(guarded_fileio_init));
    }
    // `FileIO.__init__(f, path)` called explicitly goes through the type's dict.
    let class: &'static rustpython_vm::Py<PyType> = Box::leak(Box::new(cls.clone()));
    let method = vm.new_method("__init__", class, |zelf: PyObjectRef, args: FuncArgs, vm: &VirtualMachine| {
        guarded_fileio_init(zelf, args, vm)
    });
    cls.set_attr(vm.ctx.intern_str("__init__"), method.into());
    DONE.with(|d| d.set(true));
    Ok(())
}

/// Python run once in each sandboxed interpreter, before any script: stand-ins
/// for `os` and `posix`, and a finder that names the sandbox when code asks for a
/// module the sandbox removed.
const PRELUDE: &str = r#"
import sys

_WHY = "not available in the tvmscript sandbox (no file, network or process access)"
_REMOVED = frozenset(_REMOVED_NAMES)


class _SandboxFinder:
    """Names the sandbox when code asks for a module it removed."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name.partition(".")[0] in _REMOVED:
            raise ImportError(f"module {name!r} is {_WHY}", name=name)
        return None


sys.meta_path.insert(0, _SandboxFinder)


def _denied(qualname):
    def denied(*args, **kwargs):
        raise PermissionError(f"{qualname}() is {_WHY}")
    denied.__name__ = qualname.rpartition(".")[2]
    denied.__qualname__ = qualname
    return denied


def _stand_in(name, attrs):
    module = type(sys)(name)
    def __getattr__(attr):
        raise AttributeError(f"{name}.{attr} is {_WHY}")
    module.__getattr__ = __getattr__
    for key, value in attrs.items():
        setattr(module, key, value)
    sys.modules[name] = module
    return module


def _fspath(path):
    if isinstance(path, (str, bytes)):
        return path
    try:
        result = type(path).__fspath__(path)
    except AttributeError:
        raise TypeError("expected str, bytes or os.PathLike object, not " + type(path).__name__) from None
    if not isinstance(result, (str, bytes)):
        raise TypeError("expected __fspath__() to return str or bytes, not " + type(result).__name__)
    return result


def _fsencode(filename):
    filename = _fspath(filename)
    return filename.encode("utf-8", "surrogateescape") if isinstance(filename, str) else filename


def _fsdecode(filename):
    filename = _fspath(filename)
    return filename.decode("utf-8", "surrogateescape") if isinstance(filename, bytes) else filename


import abc


class PathLike(abc.ABC):
    """os.PathLike: objects with ``__fspath__``."""

    @abc.abstractmethod
    def __fspath__(self):
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is PathLike and hasattr(subclass, "__fspath__"):
            return True
        return NotImplemented


PathLike.__module__ = "os"

_common = {
    "environ": {},
    "fspath": _fspath,
    "getcwd": _denied("os.getcwd"),
    "getcwdb": _denied("os.getcwdb"),
    "urandom": _denied("os.urandom"),
    "getpid": _denied("os.getpid"),
    "error": OSError,
}
_stand_in("posix", dict(_common, _have_functions=[]))
_os = _stand_in("os", dict(
    _common,
    name="posix", sep="/", altsep=None, curdir=".", pardir="..", extsep=".", pathsep=":", linesep="\n",
    defpath="/bin:/usr/bin", devnull="/dev/null", SEEK_SET=0, SEEK_CUR=1, SEEK_END=2,
    PathLike=PathLike, fsencode=_fsencode, fsdecode=_fsdecode, supports_bytes_environ=False,
    getenv=lambda key, default=None: default,
))
import posixpath
_os.path = posixpath
sys.modules["os.path"] = posixpath
import io
"#;

/// Set up a freshly built sandboxed interpreter; run before any script.
pub(crate) fn install(vm: &VirtualMachine) -> PyResult<()> {
    guard_fileio(vm)?;
    let globals = vm.ctx.new_dict();
    globals.set_item("__name__", vm.ctx.new_str("_tvmscript_sandbox").into(), vm)?;
    let removed: Vec<PyObjectRef> = REMOVED.iter().map(|n| vm.ctx.new_str(*n).into()).collect();
    globals.set_item("_REMOVED_NAMES", vm.ctx.new_tuple(removed).into(), vm)?;
    vm.run_string(Scope::with_builtins(None, globals, vm), PRELUDE, "<tvmscript-sandbox>".to_string())?;

    let open = vm.new_function("open", |_args: FuncArgs, vm: &VirtualMachine| -> PyResult {
        Err(permission_error(vm, "open()"))
    });
    vm.builtins.set_attr("open", open.clone(), vm)?;
    for module in ["io", "_io"] {
        vm.import(module, 0)?.set_attr("open", open.clone(), vm)?;
    }
    install_import_guard(vm)
}

/// Replace `builtins.__import__` with one that holds script code to the allow-list.
fn install_import_guard(vm: &VirtualMachine) -> PyResult<()> {
    let original = vm.builtins.get_attr("__import__", vm)?;
    let guard = vm.new_function("__import__", move |args: FuncArgs, vm: &VirtualMachine| -> PyResult {
        check_import(&args, vm)?;
        original.call(args, vm)
    });
    vm.builtins.set_attr("__import__", guard, vm)
}

fn arg(args: &FuncArgs, index: usize, name: &str) -> Option<PyObjectRef> {
    args.args.get(index).cloned().or_else(|| args.kwargs.get(name).cloned())
}

/// Allow an import when the importer is a frozen library module (running in its
/// own module namespace), or when script code asks for an allowed module.
fn check_import(args: &FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
    let Some(name) = arg(args, 0, "name") else { return Ok(()) };
    let Some(name) = name.downcast_ref::<PyStr>().map(|s| s.to_string_lossy().into_owned()) else {
        // Let the real `__import__` report the type error.
        return Ok(());
    };
    let level = arg(args, 4, "level").and_then(|l| i64::try_from_object(vm, l).ok()).unwrap_or(0);
    let globals = arg(args, 1, "globals");
    if importer_is_library(vm, globals.as_ref()) {
        return Ok(());
    }
    let refuse = |msg: String| Err(vm.new_import_error(msg, vm.ctx.new_str(name.as_str())));
    if level > 0 {
        return refuse("relative imports are not allowed in the tvmscript sandbox".to_string());
    }
    let top = name.split('.').next().unwrap_or_default();
    if ALLOWED_IMPORTS.contains(&top) {
        Ok(())
    } else if !module_exists(vm, top) {
        // As CPython: a module that does not exist is not found, sandbox or not.
        let err = vm.new_exception_msg(vm.ctx.exceptions.module_not_found_error.to_owned(), format!("No module named '{top}'").into());
        err.as_object().set_attr("name", vm.ctx.new_str(top), vm)?;
        Err(err)
    } else {
        refuse(format!("import of {name:?} is not allowed in the tvmscript sandbox (no file, network or process access)"))
    }
}

/// Whether a top-level module `name` exists for this binary: frozen in it, native,
/// already loaded, or one the sandbox removed.
fn module_exists(vm: &VirtualMachine, name: &str) -> bool {
    vm.state.frozen.contains_key(name)
        || vm.state.module_defs.contains_key(name)
        || REMOVED.contains(&name)
        || vm.sys_module.get_attr("modules", vm).is_ok_and(|m| m.get_item(name, vm).is_ok())
}

/// Whether `globals` are the namespace of a frozen module (the standard library
/// or the `tvm` package), so its own imports are not a script's.
fn importer_is_library(vm: &VirtualMachine, globals: Option<&PyObjectRef>) -> bool {
    let Some(globals) = globals.and_then(|g| g.downcast_ref::<PyDict>()) else { return false };
    let Ok(Some(name)) = globals.get_item_opt("__name__", vm) else { return false };
    let Some(name) = name.downcast_ref::<PyStr>().map(|s| s.to_string_lossy().into_owned()) else { return false };
    if !vm.state.frozen.contains_key(name.as_str()) {
        return false;
    }
    // The module registered under that name must own these globals (a script
    // cannot gain the trust by naming itself `dataclasses`).
    let Ok(modules) = vm.sys_module.get_attr("modules", vm) else { return false };
    let Ok(module) = modules.get_item(name.as_str(), vm) else { return false };
    module.dict().is_some_and(|d| d.as_object().is(globals.as_object()))
}
