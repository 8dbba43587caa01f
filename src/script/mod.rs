//! The frontend: source text -> Python AST (RustPython's ruff-based parser) ->
//! prescan and syntax transpiler -> a code object compiled against the original
//! text, ready to run in the VM.

pub mod diagnostics;
pub mod lazy;
pub mod nesting;
pub mod protocol;
pub mod scope;
pub mod settings;
pub mod source;
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
    let t0 = std::time::Instant::now();
    let mut module = parser::parse_module(&source.text).map_err(FrontendError::Parse)?.into_syntax();
    phase("ruffparse", t0);
    transpile::transpile(&mut module, env).map_err(FrontendError::Restriction)?;
    Ok(module)
}

/// Why a source could not become a program.
#[derive(Debug)]
pub enum FrontendError {
    Parse(parser::ParseError),
    Restriction(SyntaxRestriction),
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

/// A compiled builder program: its code object and the definition bodies it
/// expands as it runs (see [`lazy`]); keep it alive while the program runs.
pub struct Program {
    pub code: PyRef<PyCode>,
    pub bodies: lazy::Bodies,
}

/// Compile a source into a program for the VM.
pub fn compile(vm: &VirtualMachine, source: &Source, env: &Environment) -> Result<Program, FrontendError> {
    let t0 = std::time::Instant::now();
    let mut module = transpile_source(source, env)?;
    phase("transpile(all)", t0);
    let t0 = std::time::Instant::now();
    let sf = SourceFileBuilder::new(source.name.to_string(), source.text.to_string()).finish();
    let opts = CompileOpts::default();
    if let Some(bodies) = lazy::compile_bodies(&mut module, &sf, &opts)
        && let Ok(code) = { phase("bodies", t0); codegen::compile::compile_program(&module, sf.clone(), opts.clone()) }
    {
        phase("stubs", t0);
        if std::env::var_os("TVMS_VERIFY_LAZY").is_some() {
            let whole = transpile_source(source, env)?;
            let w = codegen::compile::compile_top(rustpython_vm::compiler::ast::Mod::Module(whole), sf.clone(), Mode::Exec, opts.clone()).unwrap();
            let d = lazy::verify(&w, &bodies);
            eprintln!("VERIFY {} bodies {} differences {:?}", source.name, bodies_len(&bodies), &d[..d.len().min(5)]);
        }
        return Ok(Program { code: vm.ctx.new_code(code), bodies });
    }
    // Something did not compile: the original program, compiled whole, reports it
    // exactly as it always has.
    let module = transpile_source(source, env)?;
    let code = codegen::compile::compile_top(rustpython_vm::compiler::ast::Mod::Module(module), sf, Mode::Exec, opts)
        .map_err(|e| FrontendError::Codegen(CompileError::Codegen(e)))?;
    Ok(Program { code: vm.ctx.new_code(code), bodies: lazy::Bodies::default() })
}

fn bodies_len(b: &lazy::Bodies) -> usize { format!("{b:?}").matches(',').count() + 1 }

#[doc(hidden)]
pub fn phase(what: &str, t0: std::time::Instant) {
    if std::env::var_os("TVMS_PHASES").is_some() {
        let st = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let get = |k: &str| st.lines().find(|l| l.starts_with(k)).map(|l| l.split_whitespace().nth(1).unwrap_or("").to_string()).unwrap_or_default();
        let mi = unsafe { libc::mallinfo2() };
        eprintln!("{what:16} {:>10.1?}  rss {} KB  hwm {} KB  inuse {} MB free {} MB mmap {} MB", t0.elapsed(), get("VmRSS:"), get("VmHWM:"), mi.uordblks >> 20, mi.fordblks >> 20, mi.hblkhd >> 20);
    }
}
