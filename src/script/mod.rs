//! The frontend: source text -> Python AST (RustPython's ruff-based parser) ->
//! prescan and syntax transpiler -> the builder program's syntax tree, with every
//! range in the original text. Compiling and running it is the `program` module's.

pub mod diagnostics;
pub mod header;
pub mod nesting;
pub mod protocol;
pub mod scope;
pub mod source;
pub mod template;
pub mod transpile;
pub mod unparse;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::compiler::core::SourceFileBuilder;
use rustpython_vm::compiler::{parser, CompileError};
use rustpython_vm::VirtualMachine;

pub use source::Source;
pub use transpile::{Environment, SyntaxRestriction};

/// Parse and transpile `source` into a builder program AST.
pub fn transpile_source(source: &Source, env: &Environment) -> Result<rustpython_vm::compiler::ast::ModModule, FrontendError> {
    // Refused before parsing: the parser and everything after it recurse per level.
    nesting::check(&source.text).map_err(FrontendError::Restriction)?;
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
        };
        diagnostics::Diagnostic { kind: "SyntaxError".into(), message, file: source.name.to_string(), start, end, notes: Vec::new() }
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
        let ty = vm.ctx.exceptions.syntax_error.to_owned();
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
