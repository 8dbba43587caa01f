//! The frontend: source text -> Python AST (RustPython's ruff-based parser) ->
//! prescan and syntax transpiler -> the builder program's syntax tree, with every
//! range in the original text. Compiling and running it is the `program` module's.

pub mod diagnostics;
pub mod header;
pub mod nesting;
pub mod protocol;
pub mod scope;
pub mod source;
pub mod tabs;
pub mod template;
pub mod transpile;
pub mod unparse;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::compiler::core::SourceFileBuilder;
use rustpython_vm::compiler::{parser, CompileError};
use rustpython_vm::{AsObject, VirtualMachine};

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
                text.clone(),
                b.line as usize,
                b.col as usize,
            )),
        ));
        let ty = match self {
            FrontendError::Tab(_) => vm.ctx.exceptions.tab_error.to_owned(),
            _ => vm.ctx.exceptions.syntax_error.to_owned(),
        };
        let e = match vm.invoke_exception(ty, args.as_slice().to_vec()) {
            Ok(e) => e,
            Err(e) => return e,
        };
        // RustPython's subclasses of SyntaxError (`TabError`) do not take the
        // location from the arguments: set it, as CPython's constructor does.
        let obj = e.as_object();
        let _ = obj.set_attr("msg", vm.ctx.new_str(d.message.as_str()), vm);
        let _ = obj.set_attr("filename", vm.ctx.new_str(source.name.to_string()), vm);
        let _ = obj.set_attr("lineno", vm.ctx.new_int(a.line as usize), vm);
        let _ = obj.set_attr("offset", vm.ctx.new_int(a.col as usize), vm);
        let _ = obj.set_attr("text", vm.ctx.new_str(text.as_str()), vm);
        let _ = obj.set_attr("end_lineno", vm.ctx.new_int(b.line as usize), vm);
        let _ = obj.set_attr("end_offset", vm.ctx.new_int(b.col as usize), vm);
        e
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
