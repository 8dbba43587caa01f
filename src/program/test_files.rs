//! `tvmscript test`: run test files as pytest does, with the frozen runner
//! (`stdlib/_tvmscript_testing/`) and its `pytest` module, in an interpreter with
//! `tvmscript run`'s permissions whose imports from disk are TVMScript.

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::{AsObject, PyResult, TryFromObject, VirtualMachine};

use crate::vm::interp::{new_interpreter, InterpOptions};
use super::run::{flush_std, install_import_hook, report_exception};

/// pytest's exit code for an error inside the runner itself.
const INTERNAL_ERROR: i32 = 3;
/// pytest's exit code when the run was interrupted (Ctrl-C).
const INTERRUPTED: i32 = 2;

/// What to run and how to report it (`tvmscript test`'s options).
#[derive(Clone, Debug, Default)]
pub struct TestOptions {
    /// Files and folders to collect (the current folder when empty).
    pub paths: Vec<String>,
    /// `-k`: a keyword expression over test names.
    pub keyword: Option<String>,
    /// `-x`: stop after the first failure.
    pub exitfirst: bool,
    /// `-v` (positive) / `-q` (negative).
    pub verbosity: i32,
    /// `--junitxml`: a JUnit XML report written here.
    pub junitxml: Option<String>,
    /// `--color`: colour the report.
    pub color: bool,
    /// `--continue-on-collection-errors`: run what was collected despite files that failed to import.
    pub continue_on_collection_errors: bool,
}

/// Run the tests; returns pytest's exit code.
pub fn run(opts: &TestOptions) -> i32 {
    let argv = vec!["tvmscript test".to_string()];
    let interp = new_interpreter(&InterpOptions { argv, ..Default::default() });
    interp.enter(|vm| {
        let code = match run_in(vm, opts) {
            Ok(code) => code,
            Err(e) if e.as_object().fast_isinstance(vm.ctx.exceptions.keyboard_interrupt) => INTERRUPTED,
            Err(e) => {
                let _ = report_exception(vm, e);
                INTERNAL_ERROR
            }
        };
        flush_std(vm);
        code
    })
}

fn run_in(vm: &VirtualMachine, opts: &TestOptions) -> Result<i32, PyBaseExceptionRef> {
    install_import_hook(vm)?;
    let runner = vm.import("_tvmscript_testing.runner", 0)?.get_attr("runner", vm)?;
    let paths = vm.ctx.new_list(opts.paths.iter().map(|p| vm.ctx.new_str(p.as_str()).into()).collect());
    let opt = |s: &Option<String>| s.as_ref().map_or(vm.ctx.none(), |s| vm.ctx.new_str(s.as_str()).into());
    let args: Vec<rustpython_vm::PyObjectRef> = vec![
        paths.into(),
        opt(&opts.keyword),
        vm.ctx.new_bool(opts.exitfirst).into(),
        vm.ctx.new_int(opts.verbosity).into(),
        opt(&opts.junitxml),
        vm.ctx.new_bool(opts.color).into(),
        vm.ctx.new_bool(opts.continue_on_collection_errors).into(),
    ];
    let code = vm.call_method(&runner, "main", rustpython_vm::function::FuncArgs::from(args))?;
    let code: PyResult<i32> = i32::try_from_object(vm, code);
    code
}
