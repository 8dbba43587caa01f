//! Definition bodies evaluated from their syntax tree instead of compiled.
//!
//! Compiling the builder program to bytecode was the largest part of a parse
//! (RustPython's compiler allocates per instruction and computes a source location
//! for each). A body of a TVMScript definition uses a small part of Python: names,
//! attributes, calls, literals, operators, `with`, assignment, `del`, zero-argument
//! `lambda`s and the `for`/`if` the transpiler emits for an `if`. Such a body is
//! lowered once ([`lower`]) and evaluated by walking it ([`run`]); each step makes
//! the object-protocol call its bytecode instruction would, so builders see the
//! same calls in the same order. Anything else in a body (comprehensions, `try`,
//! nested functions, `global` …) keeps it on the compiled path. An exception
//! leaving an evaluated body gets the traceback entry a compiled body would have
//! given it ([`locate`]), so errors read the same.

pub mod locate;
pub mod lower;
pub mod run;
pub mod tree;

pub use run::current_globals;

use std::rc::Rc;

use ruff_text_size::{Ranged, TextRange};
use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::compiler::ast;
use rustpython_vm::compiler::core::SourceFile;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

pub use lower::Lowerer;

/// A definition body in evaluated form, with what it takes to report errors
/// from it as its compiled form would.
pub struct FastBody {
    pub name: String,
    pub code: lower::Lowered,
    /// The enclosing classes, outermost first (names and ranges).
    classes: Vec<(String, TextRange)>,
    def_range: TextRange,
    /// The declarations of the module scope (imports, `global`), as compiled bodies get them.
    decls: Rc<[ast::Stmt]>,
    source: SourceFile,
}

impl std::fmt::Debug for FastBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FastBody({})", self.name)
    }
}

impl FastBody {
    /// The evaluated form of `def` (inside `classes`), if its body allows one.
    pub fn new<'a>(
        lowerer: &mut lower::Lowerer<'a>,
        def: &'a ast::StmtFunctionDef,
        classes: &[ast::StmtClassDef],
        decls: Rc<[ast::Stmt]>,
        source: &SourceFile,
    ) -> Option<FastBody> {
        let code = lowerer.lower(def)?;
        Some(FastBody {
            name: def.name.id.to_string(),
            code,
            classes: classes.iter().map(|c| (c.name.id.to_string(), c.range())).collect(),
            def_range: def.range,
            decls,
            source: source.clone(),
        })
    }

    /// The length of the definition's source (a measure of the tree's size).
    pub fn source_len(&self) -> usize {
        self.def_range.len().to_usize()
    }

    /// Call the body with `globals`, as the function it stands for would be called.
    pub fn call(self: &Rc<Self>, vm: &VirtualMachine, globals: PyDictRef, args: FuncArgs) -> PyResult {
        let frame = run::Frame::new(vm, self.clone(), globals, args)?;
        frame.run(vm).map_err(|fail| locate::located(vm, &frame, fail, None))
    }
}
