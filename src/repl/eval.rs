//! Running REPL input: each input goes through the TVMScript transpiler and is
//! compiled in interactive mode (so expression values reach `sys.displayhook`),
//! then runs in one persistent `__main__` namespace. IR values are shown as
//! TVMScript, other values with `repr`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::compiler::core::SourceFileBuilder;
use rustpython_vm::compiler::{ast, codegen, parser, CompileError, CompileOpts, Mode};
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::highlight::highlight;
use crate::printer::{self, PrinterConfig, Syntax};
use crate::script::{transpile, Environment, FrontendError, Source};
use crate::vm::namespace::namespace_path;
use crate::vm::object::unwrap_object;

/// The file name the `n`th REPL input (from 1) is compiled under; tracebacks
/// show the input's lines from it.
pub fn input_name(n: usize) -> String {
    format!("<input-{n}>")
}

/// How values are shown; shared with the `sys.displayhook` the REPL installs.
#[derive(Debug)]
pub struct Display {
    tvm_syntax: AtomicBool,
    color: AtomicBool,
}

impl Display {
    fn new(syntax: Syntax, color: bool) -> Self {
        Display { tvm_syntax: AtomicBool::new(syntax == Syntax::Tvm), color: AtomicBool::new(color) }
    }

    /// The spelling IR is printed in.
    pub fn syntax(&self) -> Syntax {
        if self.tvm_syntax.load(Ordering::Relaxed) { Syntax::Tvm } else { Syntax::Native }
    }

    /// Whether printed IR is coloured.
    pub fn color(&self) -> bool {
        self.color.load(Ordering::Relaxed)
    }

    /// The text shown for a value (with a final newline), or `None` for `None`.
    fn render(&self, vm: &VirtualMachine, value: &PyObjectRef) -> PyResult<Option<String>> {
        if vm.is_none(value) {
            return Ok(None);
        }
        if let Some(obj) = unwrap_object(value) {
            let cfg = PrinterConfig { syntax: self.syntax(), ..Default::default() };
            // Objects the printer does not handle fall back to `repr`.
            if let Ok(mut text) = printer::script(&obj, &cfg) {
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                return Ok(Some(if self.color() { highlight(&text) } else { text }));
            }
        }
        Ok(Some(format!("{}\n", value.repr(vm)?)))
    }
}

/// What running one input did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It ran.
    Done,
    /// It failed; the error was printed.
    Failed,
    /// It raised `SystemExit` with this exit code.
    Exit(i32),
}

/// A persistent `__main__` namespace with the TVMScript namespaces imported.
pub struct Evaluator<'vm> {
    vm: &'vm VirtualMachine,
    globals: PyDictRef,
    display: Arc<Display>,
    /// Inputs that ran without an error, in order (for `:save`).
    inputs: Vec<String>,
    /// Every input compiled, in order (for the lines tracebacks show).
    sources: Vec<String>,
    /// The import lines run before the first input.
    prelude: String,
}

/// The imports every session starts with: `tvm`, then the namespace aliases of the
/// registered dialects in header order (`T`, `I`, `R`, `Ts` for the built-ins; see
/// `script::header`).
pub fn prelude() -> String {
    let mut text = String::from("import tvm\n");
    let imports: Vec<String> =
        crate::script::header::namespace_aliases().iter().map(|(alias, ns)| format!("{ns} as {alias}")).collect();
    if !imports.is_empty() {
        text.push_str(&format!("from tvm.script import {}\n", imports.join(", ")));
    }
    text
}

/// `exit` and `quit` as in Python's REPL: calling them exits, showing them says how.
const EXIT_HELPERS: &str = "\
class _Quitter:
    def __init__(self, name):
        self.name = name
    def __repr__(self):
        return 'Use %s() or Ctrl-D (i.e. EOF) to exit' % self.name
    def __call__(self, code=None):
        raise SystemExit(code)
exit = _Quitter('exit')
quit = _Quitter('quit')
";

/// `help(obj)` as the REPL has it (Python's `pydoc` is not in the VM): an object's
/// docstring under its name as the prelude spells it (`T.serial`, not
/// `tirx.serial`); for a namespace, the signatures of its documented members.
/// `{aliases}` is replaced by the namespaces' aliases (`{'tirx': 'T', …}`).
const HELP_HELPER: &str = "\
def help(obj=None, _aliases={aliases}):
    def shown(name):
        head = max((p for p in _aliases if name == p or name.startswith(p + '.')), key=len, default=None)
        return name if head is None else _aliases[head] + name[len(head):]
    if obj is None:
        print('help(obj) shows what obj does: help(T.serial), help(R.add), help(T).')
        print('The REPL\\'s own commands: :help')
        return
    text = repr(obj)
    if type(obj).__name__ == 'Namespace' and text.startswith(\"<module 'tvm.script.\"):
        path = text[len(\"<module 'tvm.script.\"):-2]
        names = dir(obj)
        lines = []
        for n in names:
            doc = getattr(getattr(obj, n, None), '__doc__', None)
            if isinstance(doc, str) and doc.startswith(n + '('):
                lines.append('  ' + doc.split('\\n')[0])
        print('Help on namespace %s (tvm.script.%s):\\n' % (shown(path), path))
        for l in lines:
            print(l)
        rest = len(names) - len(lines)
        if rest:
            print('\\n%d more members: dir(%s) lists them.' % (rest, shown(path)))
        return
    name = getattr(obj, '__qualname__', None) or getattr(obj, '__name__', None)
    name = shown(name) if isinstance(name, str) else type(obj).__name__
    doc = getattr(obj, '__doc__', None)
    if isinstance(obj, type):
        # A class: its doc, then its methods with their signatures, as pydoc lists them.
        import inspect
        print('Help on class %s:\\n' % name)
        if isinstance(doc, str) and doc.strip():
            for l in doc.strip('\\n').split('\\n'):
                print('    ' + l.strip() if l.strip() else '')
            print()
        methods = []
        for klass in obj.__mro__[:-1]:
            for n, v in vars(klass).items():
                if n in [m[0] for m in methods] or (n.startswith('_') and n != '__init__') or not callable(v):
                    continue
                first = (getattr(v, '__doc__', None) or '').strip().split('\\n')[0]
                try:
                    sig = str(inspect.signature(v))
                except (TypeError, ValueError):
                    sig = None
                head = first.split('(', 1)[0]
                if sig is None and head and head.isidentifier() and first.endswith(')'):
                    # A native method's docstring starts with its text signature.
                    sig = first[len(head):].replace('$self, ', '').replace('$self', '').replace('$module, ', '')
                    first = ''
                if first.startswith('A callable made at run time'):
                    first = ''
                if sig is None and n == '__init__' and not first:
                    continue
                methods.append((n, sig or '(...)', first))
        if methods:
            print('  Methods:')
            for n, sig, first in sorted(methods):
                print('    %s%s' % (n, sig))
                if first:
                    print('        ' + first)
        return
    if not isinstance(doc, str) or not doc.strip():
        print('No documentation for %s.' % name)
        return
    lines = doc.strip('\\n').split('\\n')
    print('Help on %s:\\n' % name)
    print(lines[0])
    body = lines[2:] if len(lines) > 1 and not lines[1].strip() else lines[1:]
    for l in body:
        print(('    ' + l) if l.strip() else '')
    print()
";

impl<'vm> Evaluator<'vm> {
    /// A fresh `__main__` in `vm` with the prelude imported; IR is shown in
    /// `syntax`, coloured when `color`.
    pub fn new(vm: &'vm VirtualMachine, syntax: Syntax, color: bool) -> PyResult<Self> {
        let globals = vm.ctx.new_dict();
        globals.set_item("__name__", vm.ctx.new_str("__main__").into(), vm)?;
        let module = vm.new_module("__main__", globals.clone(), None);
        vm.sys_module.get_attr("modules", vm)?.set_item("__main__", module.into(), vm)?;
        let prelude = prelude();
        vm.run_string(Scope::with_builtins(None, globals.clone(), vm), &prelude, "<prelude>".to_string())?;

        let helpers = Scope::with_builtins(None, vm.ctx.new_dict(), vm);
        vm.run_string(helpers.clone(), EXIT_HELPERS, "<repl-helpers>".to_string())?;
        let aliases: Vec<String> =
            crate::script::header::namespace_aliases().iter().map(|(alias, ns)| format!("{ns:?}: {alias:?}")).collect();
        let help = HELP_HELPER.replace("{aliases}", &format!("{{{}}}", aliases.join(", ")));
        vm.run_string(helpers.clone(), &help, "<repl-helpers>".to_string())?;
        for name in ["exit", "quit", "help"] {
            vm.builtins.set_attr(name, helpers.globals.get_item(name, vm)?, vm)?;
        }

        let display = Arc::new(Display::new(syntax, color));
        crate::vm::printing::set_script_syntax(vm, syntax);
        let shown = display.clone();
        let hook = vm.new_function("displayhook", move |value: PyObjectRef, vm: &VirtualMachine| -> PyResult<()> {
            let Some(text) = shown.render(vm, &value)? else { return Ok(()) };
            // As Python's displayhook: `_` is the last value shown.
            vm.builtins.set_attr("_", vm.ctx.none(), vm)?;
            write_stdout(vm, &text)?;
            vm.builtins.set_attr("_", value, vm)
        });
        vm.sys_module.set_attr("displayhook", hook, vm)?;
        Ok(Evaluator { vm, globals, display, inputs: Vec::new(), sources: Vec::new(), prelude })
    }

    /// The namespace inputs run in.
    pub fn globals(&self) -> &PyDictRef {
        &self.globals
    }

    /// How values are shown.
    pub fn display(&self) -> &Display {
        &self.display
    }

    /// Print IR in `syntax` from now on: the values shown, `print(f)` and `f.script()`.
    pub fn set_syntax(&self, syntax: Syntax) {
        self.display.tvm_syntax.store(syntax == Syntax::Tvm, Ordering::Relaxed);
        // `print(f)` and `f.script()` follow, not only the values the REPL shows.
        crate::vm::printing::set_script_syntax(self.vm, syntax);
    }

    /// Forget the last input that ran (`obj?`'s help: the REPL's, not the script's).
    pub fn forget_last_input(&mut self) {
        self.inputs.pop();
    }

    /// The inputs that ran without error.
    pub fn inputs(&self) -> &[String] {
        &self.inputs
    }

    /// The session as a script `tvmscript run` can replay: the prelude, then the
    /// inputs that ran.
    pub fn script(&self) -> String {
        let mut out = self.prelude.clone();
        for input in &self.inputs {
            out.push('\n');
            out.push_str(input.trim_end());
            out.push('\n');
        }
        out
    }

    /// What the transpiler must know of the session: names bound to script
    /// namespaces resolve decorators such as `@T.prim_func` in later inputs.
    fn environment(&self) -> Environment {
        let mut env = Environment::default();
        for (k, v) in &self.globals {
            let Ok(name) = k.str(self.vm).map(|s| s.to_string()) else { continue };
            match namespace_path(&v) {
                Some(path) => {
                    env.namespaces.insert(name, path);
                }
                None => {
                    env.names.insert(name);
                }
            }
        }
        env
    }

    /// Compile one input in interactive mode, with the names of the top-level
    /// definitions it makes.
    fn compile(&self, source: &Source) -> Result<(rustpython_vm::PyRef<rustpython_vm::builtins::PyCode>, Vec<String>), FrontendError> {
        crate::script::tabs::check(&source.text).map_err(FrontendError::Tab)?;
        let mut module = parser::parse_module(&source.text).map_err(FrontendError::Parse)?.into_syntax();
        let defined = module
            .body
            .iter()
            .filter_map(|s| match s {
                ast::Stmt::FunctionDef(f) => Some(f.name.id.to_string()),
                ast::Stmt::ClassDef(c) => Some(c.name.id.to_string()),
                _ => None,
            })
            .collect();
        transpile::transpile(&mut module, &self.environment()).map_err(FrontendError::Restriction)?;
        let sf = SourceFileBuilder::new(source.name.to_string(), source.text.to_string()).finish();
        let code = codegen::compile::compile_top(ast::Mod::Module(module), sf, Mode::Single, CompileOpts::default())
            .map_err(|e| FrontendError::Codegen(CompileError::Codegen(e)))?;
        Ok((self.vm.ctx.new_code(code), defined))
    }

    /// Run one input; values and errors are printed.
    pub fn execute(&mut self, text: &str) -> Outcome {
        let vm = self.vm;
        self.sources.push(text.to_string());
        let source = Source::new(&input_name(self.sources.len()), text);
        let (code, defined) = match self.compile(&source) {
            Ok(c) => c,
            Err(e) => {
                flush(vm);
                eprint!("{}", e.diagnostic(&source).render(&source.text, false));
                return Outcome::Failed;
            }
        };
        let scope = Scope::with_builtins(None, self.globals.clone(), vm);
        let result = vm.run_code_obj(code, scope).and_then(|_| {
            // A definition of IR shows the IR, as an expression statement would.
            for name in &defined {
                if let Some(value) = self.globals.get_item_opt(name.as_str(), vm)?
                    && unwrap_object(&value).is_some()
                    && let Some(text) = self.display.render(vm, &value)?
                {
                    write_stdout(vm, &text)?;
                }
            }
            Ok(())
        });
        flush(vm);
        match result {
            Ok(()) => {
                self.inputs.push(text.to_string());
                Outcome::Done
            }
            Err(exc) if exc.as_object().fast_isinstance(vm.ctx.exceptions.system_exit) => Outcome::Exit(vm.handle_exit_exception(exc) as i32),
            Err(exc) => {
                let mut text = String::new();
                if vm.write_exception(&mut text, &exc).is_ok() {
                    eprint!("{}", self.with_input_lines(&text));
                }
                flush(vm);
                Outcome::Failed
            }
        }
    }
}

impl Evaluator<'_> {
    /// A formatted traceback with each `File "<input-N>", line L` entry followed
    /// by that line of the input, as tracebacks of files show theirs.
    fn with_input_lines(&self, traceback: &str) -> String {
        let mut out = String::with_capacity(traceback.len());
        for line in traceback.split_inclusive('\n') {
            out.push_str(line);
            if let Some(text) = self.input_line(line) {
                out.push_str("    ");
                out.push_str(text.trim());
                out.push('\n');
            }
        }
        out
    }

    /// The input line a traceback entry (`  File "<input-3>", line 2, in f`) names.
    fn input_line(&self, entry: &str) -> Option<&str> {
        let rest = entry.trim_start().strip_prefix("File \"<input-")?;
        let (n, rest) = rest.split_once(">\", line ")?;
        let line: usize = rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()?;
        let source = self.sources.get(n.parse::<usize>().ok()?.checked_sub(1)?)?;
        source.lines().nth(line.checked_sub(1)?).filter(|l| !l.trim().is_empty())
    }
}

fn write_stdout(vm: &VirtualMachine, text: &str) -> PyResult<()> {
    let out = vm.sys_module.get_attr("stdout", vm)?;
    vm.call_method(&out, "write", (text.to_string(),))?;
    Ok(())
}

/// Flush Python's streams and ours, so output and prompts interleave correctly.
pub fn flush(vm: &VirtualMachine) {
    crate::program::run::flush_std(vm);
    let _ = std::io::stderr().flush();
}

#[cfg(test)]
mod tests {
    use super::prelude;
    use crate::script::{header, protocol};

    #[test]
    fn the_prelude_imports_the_aliases_registered_dialects_declare() {
        crate::init();
        assert!(prelude().contains("from tvm.script import tirx as T, ir as I, relax as R, s_tir as Ts"), "{}", prelude());
        header::declare_namespace_alias("HeaderTestRepl", "header_test_repl", 1000);
        assert!(!prelude().contains("HeaderTestRepl"), "namespace not registered yet");
        // The VM namespace first: `tvm.script` lists every protocol namespace.
        crate::vm::namespace::register_namespace("header_test_repl", |_| {});
        protocol::register_namespace_path("header_test_repl");
        assert!(prelude().contains(", header_test_repl as HeaderTestRepl"), "{}", prelude());
    }
}
