//! `tvmscript run FILE`: run a Python/TVMScript file in the embedded VM.

use std::io::Write;
use std::path::Path;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, VirtualMachine};

use super::interp::{new_interpreter, InterpOptions};
use crate::script::{self, Environment, Source};

/// Read a file as UTF-8, or a located message saying why not.
pub fn read_source(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: error: cannot read file: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = good.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        format!("{}:{line}:{col}: error: the file is not valid UTF-8 (byte 0x{:02x})", path.display(), e.as_bytes()[good.len()])
    })
}

/// Run a file as `__main__`; returns the process exit code.
pub fn run_file(path: &Path, args: &[String]) -> i32 {
    let text = match read_source(path) {
        Ok(t) => t,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    let name = path.to_string_lossy().to_string();
    let dir = path.parent().map(|p| if p.as_os_str().is_empty() { ".".into() } else { p.to_string_lossy().to_string() });
    let mut argv = vec![name.clone()];
    argv.extend(args.iter().cloned());
    let interp = new_interpreter(&InterpOptions { argv, path: dir.into_iter().collect(), ..Default::default() });
    interp.enter(|vm| {
        let code = run_source(vm, &Source::new(&name, &text));
        flush_std(vm);
        code
    })
}

/// Run source text as `__main__` in `vm`; prints errors; returns the exit code.
pub fn run_source(vm: &VirtualMachine, source: &Source) -> i32 {
    let code = match script::compile(vm, source, &Environment::default()) {
        Ok(c) => c,
        Err(e) => {
            let d = e.diagnostic(source);
            eprint!("{}", d.render(&source.text, false));
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
    match vm.run_code_obj(code, scope) {
        Ok(_) => 0,
        Err(exc) => report_exception(vm, exc),
    }
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
