//! Builder programs: a transpiled script compiled for the VM (its definition bodies
//! taken out and lowered for evaluation, `lazy` and `eval`; a large source parsed on
//! two threads, `split`), run with the construction protocol (`runtime`, `body`),
//! and the entry points that run programs: parsing a script for its definitions
//! (`parse`), running a file as `__main__` (`run`), and the native modules the
//! frozen `tvm` package calls (`modules`). This is where the front end (`crate::script`)
//! and the VM (`crate::vm`) meet; neither imports the other.

pub mod body;
pub mod eval;
pub mod lazy;
pub mod modules;
pub mod parse;
pub mod run;
pub mod runtime;
pub mod settings;
pub mod test_files;
pub mod split;

use rustpython_vm::builtins::PyCode;
use rustpython_vm::compiler::core::SourceFileBuilder;
use rustpython_vm::compiler::{codegen, CompileError, CompileOpts, Mode};
use rustpython_vm::{PyRef, VirtualMachine};

use crate::script::{transpile_source, Environment, FrontendError, Source};

/// Register the native modules and classes of the construction protocol with the VM
/// (called once by `crate::init`).
pub(crate) fn register() {
    crate::vm::register_native_modules(modules::module_defs);
    crate::vm::register_class_initializer(init_classes);
    crate::vm::namespace::register_entry_kind_lookup(entry_kind);
}

/// `DEFINITION_KIND` of a namespace member that is a definition decorator (a module
/// class decorator defines no function, so it has none).
fn entry_kind(namespace: &str, name: &str) -> Option<&'static str> {
    use crate::script::protocol::{decorator_policy, DefinitionKind};
    decorator_policy(namespace, name).map(|p| p.kind).filter(|k| *k != DefinitionKind::Module).map(DefinitionKind::name)
}

fn init_classes() {
    use rustpython_vm::class::PyClassImpl;
    runtime::GeneratedBuilder::make_static_type();
    body::EvaluatedFunction::make_static_type();
    runtime::Branches::make_static_type();
    runtime::init_classes();
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
    crate::vm::location::register_script(&source.name);
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

#[cfg(test)]
mod tests {
    use crate::script::header;

    #[test]
    fn an_alias_is_bound_once_its_namespace_is_registered() {
        crate::init();
        header::declare_namespace_alias("HeaderTestA", "header_test_a", 1000);
        let env = header::printed_environment();
        assert!(!env.namespaces.contains_key("HeaderTestA"), "namespace not registered yet");
        assert!(!header::printed_names().contains(&"HeaderTestA".to_string()));
        // The VM namespace first: `tvm.script` lists every protocol namespace.
        crate::vm::namespace::register_namespace("header_test_a", |_| {});
        crate::script::protocol::register_namespace_path("header_test_a");
        let env = header::printed_environment();
        assert_eq!(env.namespaces.get("HeaderTestA").map(String::as_str), Some("header_test_a"));
        assert!(header::printed_globals_source().contains("from tvm.script import header_test_a as HeaderTestA\n"));
        // Declaring again replaces the entry.
        header::declare_namespace_alias("HeaderTestA", "header_test_a", 1001);
        assert_eq!(header::header_names().iter().filter(|n| n.name == "HeaderTestA").map(|n| n.rank).collect::<Vec<_>>(), [1001]);
    }
}
