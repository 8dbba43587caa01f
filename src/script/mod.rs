//! The frontend: source text -> Python AST (RustPython's ruff-based parser) ->
//! prescan and syntax transpiler -> a code object compiled against the original
//! text, ready to run in the VM.

pub mod diagnostics;
pub mod eval;
pub mod header;
pub mod lazy;
pub mod nesting;
pub mod protocol;
pub mod renames;
pub mod scope;
pub mod settings;
pub mod source;
pub mod split;
pub mod tabs;
pub mod template;
pub mod transpile;
pub mod unparse;

use rustpython_vm::builtins::{PyBaseExceptionRef, PyCode};
use rustpython_vm::compiler::core::SourceFileBuilder;
use rustpython_vm::compiler::{codegen, parser, CompileError, CompileOpts, Mode};
use rustpython_vm::{PyRef, VirtualMachine};

pub use source::Source;
pub use transpile::{Environment, SyntaxRestriction};

/// Parse and transpile `source` into a builder program AST.
pub fn transpile_source(source: &Source, env: &Environment) -> Result<rustpython_vm::compiler::ast::ModModule, FrontendError> {
    // Refused before parsing: the parser and everything after it recurse per level.
    nesting::check(&source.text).map_err(FrontendError::Restriction)?;
    tabs::check(&source.text).map_err(FrontendError::Tab)?;
    let mut module = parser::parse_module(&source.text).map_err(FrontendError::Parse)?.into_syntax();
    transpile::transpile(&mut module, env).map_err(FrontendError::Restriction)?;
    Ok(module)
}

/// Why a source could not become a program.
#[derive(Debug)]
pub enum FrontendError {
    /// The Python parser refused the source.
    Parse(parser::ParseError),
    /// The source uses Python the transpiler does not accept.
    Restriction(SyntaxRestriction),
    /// The rewritten program did not compile.
    Codegen(CompileError),
    /// Indentation mixing tabs and spaces inconsistently (CPython's `TabError`).
    Tab(ruff_text_size::TextRange),
}

impl FrontendError {
    /// The error as a located diagnostic.
    pub fn diagnostic(&self, source: &Source) -> diagnostics::Diagnostic {
        let (message, start, end) = match self {
            FrontendError::Parse(e) => {
                // RustPython's conversion improves EOF messages ("'(' was never closed").
                let sf = SourceFileBuilder::new(source.name.to_string(), source.text.to_string()).finish();
                let ce = CompileError::from_ruff_parse_error(e.clone(), &sf);
                let (line, col) = ce.python_location();
                let start = offset_of(source, line, col);
                let end = match ce.python_end_location() {
                    Some((l, c)) => offset_of(source, l, c).max(start),
                    None => start,
                };
                let msg = match &ce {
                    CompileError::Parse(p) => p.error.to_string(),
                    other => other.to_string(),
                };
                (msg, start, end)
            }
            FrontendError::Restriction(r) => (r.message.clone(), usize::from(r.range.start()), usize::from(r.range.end())),
            FrontendError::Codegen(e) => {
                let (line, col) = e.python_location();
                let off = offset_of(source, line, col);
                (e.to_string(), off, off)
            }
            FrontendError::Tab(r) => ("inconsistent use of tabs and spaces in indentation".to_string(), usize::from(r.start()), usize::from(r.end())),
        };
        let kind = if matches!(self, FrontendError::Tab(_)) { "TabError" } else { "SyntaxError" };
        diagnostics::Diagnostic { kind: kind.into(), message, file: source.name.to_string(), start, end, notes: Vec::new() }
    }

    /// The error as a Python `SyntaxError` with filename, line, offset and text.
    pub fn to_py(&self, vm: &VirtualMachine, source: &Source) -> PyBaseExceptionRef {
        let d = self.diagnostic(source);
        let a = source.line_col(d.start as u32);
        let b = source.line_col(d.end.max(d.start + 1).min(source.text.len()) as u32);
        let text = source.line_text(a.line).to_string() + "\n";
        let args = vm.new_tuple((
            d.message.clone(),
            vm.new_tuple((
                source.name.to_string(),
                a.line as usize,
                a.col as usize,
                text,
                b.line as usize,
                b.col as usize,
            )),
        ));
        let ty = match self {
            FrontendError::Tab(_) => vm.ctx.exceptions.tab_error.to_owned(),
            _ => vm.ctx.exceptions.syntax_error.to_owned(),
        };
        match vm.invoke_exception(ty, args.as_slice().to_vec()) {
            Ok(e) => e,
            Err(e) => e,
        }
    }
}

fn offset_of(source: &Source, line: usize, col: usize) -> usize {
    let mut off = 0usize;
    for (i, l) in source.text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return off + l.char_indices().nth(col.saturating_sub(1)).map_or(0, |(b, _)| b);
        }
        off += l.len();
    }
    off.min(source.text.len())
}

/// Source size (bytes) from which the syntax tree is freed on another thread.
pub const DISPOSE_IN_BACKGROUND: usize = 256 * 1024;

/// A compiled builder program: its code object and the definition bodies it
/// expands as it runs (see [`lazy`]); keep it alive while the program runs.
pub struct Program {
    /// The program's code object.
    pub code: PyRef<PyCode>,
    /// The definition bodies taken out of it.
    pub bodies: lazy::Bodies,
    /// The names of the source's top-level decorated `def`s and `class`es, in
    /// order: the only globals that can be its definitions (a variable that holds
    /// one, `reparsed = from_source(...)`, is not another; DESIGN.md's CLI contract).
    pub definition_names: Vec<String>,
}

/// The names [`Program::definition_names`] lists, read from the transpiled tree:
/// decorated `def` and `class` statements at module level, also inside a `try`
/// (the transpiler wraps a module class in one to abort it on an error).
fn definition_names(body: &[rustpython_vm::compiler::ast::Stmt]) -> Vec<String> {
    use rustpython_vm::compiler::ast::Stmt;
    let mut names = Vec::new();
    for s in body {
        match s {
            Stmt::FunctionDef(f) if !f.decorator_list.is_empty() => names.push(f.name.id.to_string()),
            Stmt::ClassDef(c) if !c.decorator_list.is_empty() => names.push(c.name.id.to_string()),
            Stmt::Try(t) => names.extend(definition_names(&t.body)),
            _ => {}
        }
    }
    names
}

/// Compile a source into a program for the VM.
pub fn compile(vm: &VirtualMachine, source: &Source, env: &Environment) -> Result<Program, FrontendError> {
    // A large source is parsed and transpiled on two threads (see `split`), when
    // this thread has helper threads; its syntax tree is freed once the program is
    // compiled, on a short-lived thread when large (`memory::dispose`).
    let sf = SourceFileBuilder::new(source.name.to_string(), source.text.to_string()).finish();
    let opts = CompileOpts::default();
    // Started first, so it waits on a core of its own (see `lazy::Standby`).
    let lowering = settings::evaluated_bodies() && source.text.len() >= lazy::LOWER_ON_TWO_THREADS;
    let mut standby = lowering.then(lazy::Standby::start);
    let compiled = (|| {
        let mut module = split::transpiled(source, env)?;
        let definition_names = definition_names(&module.body);
        // The program (stubs in place of the bodies) compiles alongside the bodies.
        let bodies = lazy::compile_bodies(settings::evaluated_bodies().then_some(vm), &mut module, &sf, &opts, standby.as_mut());
        if let Some((bodies, trees, code)) = bodies {
            crate::memory::dispose((module, trees), source.text.len() >= DISPOSE_IN_BACKGROUND);
            return Ok(Some(Program { code: vm.ctx.new_code(code), bodies, definition_names }));
        }
        Ok::<_, FrontendError>(None)
    })()?;
    if let Some(program) = compiled {
        return Ok(program);
    }
    // Something did not compile: the original program, compiled whole, reports it
    // exactly as it always has.
    let module = transpile_source(source, env)?;
    let definition_names = definition_names(&module.body);
    let code = compile_whole(module, sf, opts).map_err(|e| FrontendError::Codegen(CompileError::Codegen(e)))?;
    Ok(Program { code: vm.ctx.new_code(code), bodies: lazy::Bodies::default(), definition_names })
}

/// Compile a builder program in one piece (what [`compile`] falls back to).
pub fn compile_whole(
    module: rustpython_vm::compiler::ast::ModModule,
    sf: rustpython_vm::compiler::core::SourceFile,
    opts: CompileOpts,
) -> Result<rustpython_vm::compiler::core::bytecode::CodeObject, rustpython_vm::compiler::codegen::error::CodegenError> {
    codegen::compile::compile_top(rustpython_vm::compiler::ast::Mod::Module(module), sf, Mode::Exec, opts)
}
