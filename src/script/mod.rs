//! The frontend: source text -> Python AST (RustPython's ruff-based parser) ->
//! prescan and syntax transpiler -> a code object compiled against the original
//! text, ready to run in the VM.

pub mod diagnostics;
pub mod eval;
pub mod header;
pub mod lazy;
pub mod nesting;
pub mod pipeline;
pub mod protocol;
pub mod scope;
pub mod settings;
pub mod source;
pub mod split;
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
    let mut module = parser::parse_module(&source.text).map_err(FrontendError::Parse)?.into_syntax();
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

/// Source size (bytes) from which the syntax tree is freed on another thread.
pub const DISPOSE_IN_BACKGROUND: usize = 256 * 1024;

/// A compiled builder program: its code object and the definition bodies it
/// expands as it runs (see [`lazy`]); keep it alive while the program runs.
pub struct Program {
    pub code: PyRef<PyCode>,
    pub bodies: lazy::Bodies,
}

/// Compile a source into a program for the VM.
pub fn compile(vm: &VirtualMachine, source: &Source, env: &Environment) -> Result<Program, FrontendError> {
    // The syntax tree (parsed, transpiled, its bodies' stubs) lives in arenas: freed
    // at once when the program is compiled (see `memory::Arena`). A large source is
    // parsed and transpiled on two threads (see `split`).
    let sf = SourceFileBuilder::new(source.name.to_string(), source.text.to_string()).finish();
    let opts = CompileOpts::default();
    let arena = crate::memory::Arena::new();
    let compiled = split::with_tree(source, env, &arena, |tree, helper| {
        let mut module = tree?;
        // The program (stubs in place of the bodies) compiles alongside the bodies.
        let bodies = lazy::compile_bodies(settings::evaluated_bodies().then_some(vm), &mut module, &sf, &opts, &arena);
        Ok(bodies.map(|(bodies, trees, code)| {
            free_tree(helper, &arena, module, trees, source);
            Program { code: vm.ctx.new_code(code), bodies }
        }))
    })?;
    match compiled {
        Some(program) => Ok(program),
        None => compile_whole_source(vm, source, env, sf, opts),
    }
}

/// Compile `source` and `run` the program. As [`compile`], except that a large
/// program runs while a second thread lowers its bodies (see [`pipeline`]). If one
/// of them turns out not to compile, the run is abandoned and the whole program is
/// compiled, which reports the error as [`compile`] does (or, should it compile,
/// is run again).
pub fn compile_and_run<R>(
    vm: &VirtualMachine,
    source: &Source,
    env: &Environment,
    mut run: impl FnMut(&Program) -> R,
) -> Result<R, FrontendError> {
    enum Next<R> {
        Ran(R),
        Run(Program),
        Whole,
    }
    let sf = SourceFileBuilder::new(source.name.to_string(), source.text.to_string()).finish();
    let opts = CompileOpts::default();
    let arena = crate::memory::Arena::new();
    let next = split::with_tree(source, env, &arena, |tree, helper| {
        let mut module = tree?;
        let evaluated = settings::evaluated_bodies();
        let extraction = lazy::extract_bodies(&mut module, &sf, &arena);
        if evaluated && pipeline::worth_it(&extraction) {
            let ran = pipeline::run(vm, extraction, &module, &sf, &opts, |bodies, code| run(&Program { code: vm.ctx.new_code(code), bodies }));
            free_tree(helper, &arena, module, ran.trees, source);
            return Ok(match ran.result {
                Some(r) if !ran.failed => Next::Ran(r),
                _ => Next::Whole,
            });
        }
        let compiled = lazy::compile_extracted(evaluated.then_some(vm), extraction, &module, &sf, &opts, &arena);
        Ok(match compiled {
            Some((bodies, trees, code)) => {
                free_tree(helper, &arena, module, trees, source);
                Next::Run(Program { code: vm.ctx.new_code(code), bodies })
            }
            None => Next::Whole,
        })
    })?;
    match next {
        Next::Ran(r) => Ok(r),
        Next::Run(program) => Ok(run(&program)),
        Next::Whole => Ok(run(&compile_whole_source(vm, source, env, sf, opts)?)),
    }
}

/// Free the program's syntax tree and the bodies' with their arena.
fn free_tree(helper: &split::Helper, arena: &crate::memory::Arena, module: rustpython_vm::compiler::ast::ModModule, trees: lazy::LoweredTrees, source: &Source) {
    if arena.is_active() {
        // SAFETY: the tree and the lowered bodies' trees were built in the arenas
        // (`compile_bodies` allocates the list of them there too), and nothing refers
        // into them: code objects and evaluated bodies own copies of what they keep
        // (names, literals, ranges).
        unsafe { helper.free_with(arena, (module, trees)) };
    } else {
        crate::memory::dispose((module, trees), source.text.len() >= DISPOSE_IN_BACKGROUND);
    }
}

/// Something did not compile: the original program, compiled whole, reports it
/// exactly as it always has.
fn compile_whole_source(
    vm: &VirtualMachine,
    source: &Source,
    env: &Environment,
    sf: rustpython_vm::compiler::core::SourceFile,
    opts: CompileOpts,
) -> Result<Program, FrontendError> {
    let module = transpile_source(source, env)?;
    let code = compile_whole(module, sf, opts).map_err(|e| FrontendError::Codegen(CompileError::Codegen(e)))?;
    Ok(Program { code: vm.ctx.new_code(code), bodies: lazy::Bodies::default() })
}

/// Compile a builder program in one piece (what [`compile`] falls back to).
pub fn compile_whole(
    module: rustpython_vm::compiler::ast::ModModule,
    sf: rustpython_vm::compiler::core::SourceFile,
    opts: CompileOpts,
) -> Result<rustpython_vm::compiler::core::bytecode::CodeObject, rustpython_vm::compiler::codegen::error::CodegenError> {
    codegen::compile::compile_top(rustpython_vm::compiler::ast::Mod::Module(module), sf, Mode::Exec, opts)
}
