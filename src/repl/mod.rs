//! `tvmscript repl`: an interactive session in the embedded interpreter.
//!
//! Input is read line by line (rustyline on a terminal, plain lines otherwise),
//! gathered until it is a complete statement ([`input::classify`]: blocks end with
//! a blank line), compiled through the TVMScript transpiler in interactive mode and
//! run in one `__main__` namespace where `tvm`, `T`, `I` (and `R`, `Ts` when
//! registered) are imported ([`eval::Evaluator`]). IR values are printed as
//! TVMScript, coloured on a terminal ([`highlight`]). Commands start with `:`
//! (`:help`, `:syntax tvm|native`, `:save FILE`, `:quit`).

pub mod complete;
pub mod eval;
pub mod highlight;
pub mod input;

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;

use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::{PyObjectRef, TryFromObject, VirtualMachine};
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};

use self::eval::{Evaluator, Outcome};
use self::highlight::ColorChoice;
use self::input::InputStatus;
use crate::printer::Syntax;
use crate::vm::{self, namespace, InterpOptions};

/// How a REPL session starts.
#[derive(Clone, Debug)]
pub struct ReplOptions {
    /// The spelling IR is printed in (`:syntax` changes it).
    pub syntax: Syntax,
    /// Whether printed IR and the input line are coloured.
    pub color: ColorChoice,
    /// Where history is kept; `None` keeps none. Read and write errors are ignored.
    pub history: Option<PathBuf>,
}

impl Default for ReplOptions {
    fn default() -> Self {
        ReplOptions { syntax: Syntax::Native, color: ColorChoice::Auto, history: default_history_path() }
    }
}

/// `$HOME/.tvmscript_history`.
pub fn default_history_path() -> Option<PathBuf> {
    std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".tvmscript_history"))
}

/// Run a REPL on standard input; returns the exit code. On a terminal the line
/// editor is used; otherwise lines are read as they come, without prompts.
pub fn run(opts: &ReplOptions) -> i32 {
    let interp = vm::new_interpreter(&InterpOptions::default());
    interp.enter(|vm| {
        let color = opts.color.for_stdout();
        let mut ev = match Evaluator::new(vm, opts.syntax, color) {
            Ok(ev) => ev,
            Err(exc) => {
                vm.print_exception(exc);
                return 1;
            }
        };
        catch_interrupts(vm);
        let code = if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            interactive(vm, &mut ev, opts, color)
        } else {
            piped(&mut ev)
        };
        eval::flush(vm);
        code
    })
}

/// Ctrl-C while input runs raises `KeyboardInterrupt` instead of ending the process.
fn catch_interrupts(vm: &VirtualMachine) {
    let scope = vm.new_scope_with_builtins();
    let code = "import _signal\n_signal.signal(_signal.SIGINT, _signal.default_int_handler)\n";
    // Without it Ctrl-C still works, it only ends the session.
    let _ = vm.run_string(scope, code, "<repl-signals>".to_string());
}

/// What the loop does after a line.
enum Flow {
    Continue,
    Exit(i32),
}

const HELP: &str = "\
Type Python or TVMScript; a block (a decorated function, a module class, a loop)
ends with a blank line. IR values are printed as TVMScript, other values with repr.
`tvm`, `T` (tirx) and `I` (ir) are imported, and `R`, `Ts` when those dialects exist.

  :help            this text
  :syntax tvm      print IR in TVM 0.27's spelling (@T.prim_func, T.Buffer)
  :syntax native   print IR in the native spelling (@T.function, T.Tensor)
  :save FILE       write the inputs that ran, as a script `tvmscript run` replays
  :quit            leave (also Ctrl-D, exit())

help(obj) shows what a member does (help(T.serial), help(R.add), help(T)).
Tab completes names and members (T.<Tab>); Ctrl-C cancels the current input.
";

fn syntax_name(s: Syntax) -> &'static str {
    match s {
        Syntax::Tvm => "tvm",
        Syntax::Native => "native",
    }
}

/// Run a `:command`.
fn command(ev: &mut Evaluator, line: &str) -> Flow {
    let line = line.trim();
    let (cmd, arg) = match line.split_once(char::is_whitespace) {
        Some((c, a)) => (c, a.trim()),
        None => (line, ""),
    };
    match cmd {
        ":help" | ":h" | ":?" => print!("{HELP}"),
        ":syntax" => match arg {
            "" => println!("IR is printed in the {} syntax", syntax_name(ev.display().syntax())),
            "tvm" => ev.set_syntax(Syntax::Tvm),
            "native" => ev.set_syntax(Syntax::Native),
            other => eprintln!("unknown syntax {other:?}: use `:syntax tvm` or `:syntax native`"),
        },
        ":save" => {
            if arg.is_empty() {
                eprintln!("usage: :save FILE");
            } else {
                match std::fs::write(arg, ev.script()) {
                    Ok(()) => println!("saved {} input{} to {arg}", ev.inputs().len(), if ev.inputs().len() == 1 { "" } else { "s" }),
                    Err(e) => eprintln!("cannot write {arg}: {e}"),
                }
            }
        }
        ":quit" | ":q" | ":exit" => return Flow::Exit(0),
        other => eprintln!("unknown command {other}; :help lists the commands"),
    }
    Flow::Continue
}

/// Add a line to the input buffer and run the buffer when it is complete.
fn feed(ev: &mut Evaluator, buffer: &mut String, line: &str) -> Flow {
    if buffer.is_empty() && line.trim_start().starts_with(':') {
        return command(ev, line);
    }
    if buffer.is_empty() {
        let word = line.trim();
        // Bare `exit` and `quit` leave, as in Python 3.13's REPL.
        if word == "exit" || word == "quit" {
            return Flow::Exit(0);
        }
        // `obj?` shows `help(obj)`, as in IPython.
        if let Some(expr) = word.strip_suffix('?')
            && !expr.is_empty()
            && !expr.ends_with('?')
            && expr.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.')
        {
            let before = ev.inputs().len();
            if let Outcome::Exit(code) = ev.execute(&format!("help({expr})\n")) {
                return Flow::Exit(code);
            }
            // `:save` writes what `tvmscript run` replays; help is the REPL's.
            if ev.inputs().len() > before {
                ev.forget_last_input();
            }
            return Flow::Continue;
        }
    }
    buffer.push_str(line);
    buffer.push('\n');
    let mut status = input::classify(buffer);
    // A block recalled from history arrives whole, in one line: it ends where it ends.
    if status == InputStatus::Incomplete && line.contains('\n') {
        buffer.push('\n');
        status = input::classify(buffer);
    }
    match status {
        InputStatus::Empty => buffer.clear(),
        InputStatus::Incomplete => {}
        InputStatus::Ready => {
            let text = std::mem::take(buffer);
            let before = ev.inputs().len();
            if let Outcome::Exit(code) = ev.execute(&text) {
                return Flow::Exit(code);
            }
            // A `help(...)` line is the REPL's too: `:save` leaves it out.
            let t = text.trim();
            if t.starts_with("help(") && t.ends_with(')') && !t.contains('\n') && ev.inputs().len() > before {
                ev.forget_last_input();
            }
        }
    }
    Flow::Continue
}

/// Lines from a pipe or file: no prompts, no line editing; the end of input ends
/// any open block.
fn piped(ev: &mut Evaluator) -> i32 {
    let mut buffer = String::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if let Flow::Exit(code) = feed(ev, &mut buffer, &line) {
            return code;
        }
    }
    if !buffer.trim().is_empty()
        && let Outcome::Exit(code) = ev.execute(&buffer)
    {
        return code;
    }
    0
}

fn banner() -> String {
    let mut names = vec!["tvm".to_string()];
    names.extend(crate::script::header::namespace_aliases().into_iter().map(|(alias, _)| alias));
    format!(
        "tvmscript {} REPL: Python with TVMScript. Imported: {}.\n:help for commands, Ctrl-D to exit.",
        env!("CARGO_PKG_VERSION"),
        names.join(", ")
    )
}

fn interactive(vm: &VirtualMachine, ev: &mut Evaluator, opts: &ReplOptions, color: bool) -> i32 {
    let config = Config::builder().auto_add_history(false).completion_type(CompletionType::List).tab_stop(4).build();
    let mut rl: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(rl) => rl,
        Err(e) => {
            eprintln!("tvmscript: cannot start the line editor: {e}");
            return piped(ev);
        }
    };
    rl.set_helper(Some(ReplHelper { vm, globals: ev.globals().clone(), color }));
    if let Some(path) = &opts.history {
        let _ = rl.load_history(path);
    }
    println!("{}", banner());
    let mut buffer = String::new();
    // The lines of the input being gathered: a block goes into history whole, so
    // Up recalls it as one entry (and Enter runs it again).
    let mut block = String::new();
    let code = loop {
        let prompt = if buffer.is_empty() { ">>> " } else { "... " };
        let indent = next_indent(&buffer);
        match rl.readline_with_initial(prompt, (&indent, "")) {
            Ok(line) => {
                let line = without_auto_indent(line, &indent);
                if !line.trim().is_empty() {
                    block.push_str(&line);
                    block.push('\n');
                }
                let flow = feed(ev, &mut buffer, &line);
                if buffer.is_empty() && !block.trim().is_empty() {
                    let _ = rl.add_history_entry(block.trim_end());
                    block.clear();
                }
                if let Flow::Exit(code) = flow {
                    break code;
                }
            }
            Err(ReadlineError::Interrupted) => {
                // As Python: Ctrl-C drops the input typed so far.
                println!("KeyboardInterrupt");
                buffer.clear();
                block.clear();
            }
            Err(ReadlineError::Eof) => break 0,
            Err(e) => {
                eprintln!("tvmscript: cannot read input: {e}");
                break 1;
            }
        }
    };
    if let Some(path) = &opts.history {
        let _ = rl.save_history(path);
    }
    code
}

/// The indentation a continuation line starts with: the last line's, one level
/// (4 spaces) deeper after a line ending in `:`. Empty for a first line.
fn next_indent(buffer: &str) -> String {
    let Some(last) = buffer.lines().rev().find(|l| !l.trim().is_empty()) else { return String::new() };
    let mut indent: String = last.chars().take_while(|c| *c == ' ' || *c == '\t').collect();
    if last.split('#').next().unwrap_or("").trim_end().ends_with(':') {
        indent.push_str("    ");
    }
    indent
}

/// A line that brought its own indentation after the automatic one (typed in
/// full, or pasted) keeps only its own.
fn without_auto_indent(line: String, indent: &str) -> String {
    match line.strip_prefix(indent) {
        Some(rest) if !indent.is_empty() && rest.starts_with([' ', '\t']) => rest.to_string(),
        _ => line,
    }
}

/// Completion and highlighting for the line editor, reading the session's globals.
struct ReplHelper<'vm> {
    vm: &'vm VirtualMachine,
    globals: PyDictRef,
    color: bool,
}

impl ReplHelper<'_> {
    fn lookup(&self, name: &str) -> Option<PyObjectRef> {
        let vm = self.vm;
        let key = vm.ctx.new_str(name);
        self.globals.get_item_opt(&*key, vm).ok().flatten().or_else(|| vm.builtins.get_attr(&key, vm).ok())
    }

    /// Names worth offering after `path.` (or bare names when `path` is empty).
    fn names(&self, path: &[&str]) -> Vec<String> {
        let vm = self.vm;
        if path.is_empty() {
            let mut names: Vec<String> = self.globals.keys_vec().iter().filter_map(|k| k.str(vm).ok().map(|s| s.to_string())).collect();
            names.extend(dir(vm, &vm.builtins.clone().into()));
            names.extend(complete::KEYWORDS.iter().map(|k| k.to_string()));
            return names;
        }
        let Some(mut obj) = self.lookup(path[0]) else { return Vec::new() };
        for attr in &path[1..] {
            match obj.get_attr(&vm.ctx.new_str(*attr), vm) {
                Ok(o) => obj = o,
                Err(_) => return Vec::new(),
            }
        }
        match namespace::namespace_path(&obj) {
            Some(ns) => namespace::member_names(&ns),
            None => dir(vm, &obj),
        }
    }
}

fn dir(vm: &VirtualMachine, obj: &PyObjectRef) -> Vec<String> {
    // A module's own `__dir__` (PEP 562: a package that loads names on first use
    // lists them too), which RustPython's `dir()` does not consult.
    let own = obj
        .downcast_ref::<rustpython_vm::builtins::PyModule>()
        .and_then(|m| m.dict().get_item_opt("__dir__", vm).ok().flatten())
        .and_then(|f| f.call((), vm).ok());
    if let Some(names) = own {
        let names: Vec<PyObjectRef> = names.try_to_value(vm).unwrap_or_default();
        return names.into_iter().filter_map(|o| String::try_from_object(vm, o).ok()).collect();
    }
    let Ok(list) = vm.dir(Some(obj.clone())) else { return Vec::new() };
    list.borrow_vec().iter().filter_map(|o| String::try_from_object(vm, o.clone()).ok()).collect()
}

impl Completer for ReplHelper<'_> {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        // Tab at the start of a line indents, as in Python's REPL.
        if line[..pos].trim().is_empty() {
            return Ok((pos, vec!["    ".to_string()]));
        }
        let Some(q) = complete::query(line, pos) else { return Ok((pos, Vec::new())) };
        let names = self.names(&q.path);
        Ok((q.start, complete::filter(names, q.partial)))
    }
}

impl Hinter for ReplHelper<'_> {
    type Hint = String;
}

impl Highlighter for ReplHelper<'_> {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if self.color { Cow::Owned(highlight::highlight(line)) } else { Cow::Borrowed(line) }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.color
    }
}

impl Validator for ReplHelper<'_> {}

impl Helper for ReplHelper<'_> {}
