//! Definition bodies evaluated from their syntax tree instead of compiled.
//!
//! Compiling the builder program to bytecode was the largest part of a parse
//! (RustPython's compiler allocates per instruction and computes a source location
//! for each). A body of a TVMScript definition uses a small part of Python: names,
//! attributes, calls, literals, operators, `with`, assignment, `del`, `lambda`s
//! (one with parameters only if it reads no local: it is then compiled alone) and
//! the `for`/`if` the transpiler emits for an `if`. Such a body is
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

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use ruff_text_size::{Ranged, TextRange};
use rustpython_vm::builtins::{PyCode, PyDictRef};
use rustpython_vm::compiler::ast;
use rustpython_vm::compiler::core::SourceFile;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::builtins::PyStrInterned;
use rustpython_vm::{PyObjectRef, PyRef, PyResult, VirtualMachine};

use crate::fast_hash::FastMap;
use tree::Literal;

/// A definition body in evaluated form, with what it takes to report errors
/// from it as its compiled form would.
pub struct FastBody {
    /// The definition's name.
    pub name: String,
    /// The lowered body.
    pub code: lower::Lowered,
    /// Its names interned and literals made into objects, when it first runs.
    objects: OnceCell<Objects>,
    /// The enclosing classes, outermost first (names and ranges).
    classes: Vec<(String, TextRange)>,
    def_range: TextRange,
    /// The declarations of the module scope (imports, `global`), as compiled bodies get them.
    decls: Rc<[ast::Stmt]>,
    source: SourceFile,
    /// The code of each lambda with parameters, compiled when first evaluated.
    functions: RefCell<Vec<Option<PyRef<PyCode>>>>,
    #[cfg(test)]
    _alive: live::Alive,
}

/// Names and literals already made into objects for a program's bodies: they
/// repeat across definitions (`T`, `"float16"`, `T.int64(8)`); literals are
/// immutable, so sharing one object is what a compiler's constant table does too.
#[derive(Default)]
pub struct Interner {
    names: FastMap<Box<str>, &'static PyStrInterned>,
    strings: FastMap<Box<str>, PyObjectRef>,
    ints: FastMap<u64, PyObjectRef>,
}

/// A body's names and literals as the interpreter uses them.
pub struct Objects {
    /// The names the body looks up (`Lowered::looked_up`), interned.
    pub names: Box<[&'static PyStrInterned]>,
    /// The body's literals, made into objects (by `Const` index).
    pub literals: Box<[PyObjectRef]>,
}

impl std::fmt::Debug for FastBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FastBody({})", self.name)
    }
}

impl FastBody {
    /// The lowered body `code` of `def` (inside `classes`).
    pub fn new(code: lower::Lowered, def: &ast::StmtFunctionDef, classes: &[ast::StmtClassDef], decls: Rc<[ast::Stmt]>, source: &SourceFile) -> FastBody {
        FastBody {
            name: def.name.id.to_string(),
            objects: OnceCell::new(),
            classes: classes.iter().map(|c| (c.name.id.to_string(), c.range())).collect(),
            def_range: def.range,
            decls,
            source: source.clone(),
            functions: RefCell::new(vec![None; code.functions as usize]),
            #[cfg(test)]
            _alive: live::Alive::new(),
            code,
        }
    }

    /// The body's names and literals as Python objects.
    pub fn objects(&self, vm: &VirtualMachine) -> &Objects {
        self.objects.get_or_init(|| self.new_objects(vm, &mut Interner::default()))
    }

    /// Make the body's names and literals into objects now, sharing those of other
    /// bodies of the program through `shared`.
    pub fn make_objects(&self, vm: &VirtualMachine, shared: &mut Interner) {
        if self.objects.get().is_none() {
            let _ = self.objects.set(self.new_objects(vm, shared));
        }
    }

    fn new_objects(&self, vm: &VirtualMachine, shared: &mut Interner) -> Objects {
        Objects {
            names: self.code.names[..self.code.looked_up as usize]
                .iter()
                .map(|n| match shared.names.get(&**n) {
                    Some(i) => *i,
                    None => *shared.names.entry(n.clone()).or_insert_with(|| vm.ctx.intern_str(&**n)),
                })
                .collect(),
            literals: self
                .code
                .literals
                .iter()
                .map(|l| match l {
                    Literal::Str(s) => match shared.strings.get(&**s) {
                        Some(o) => o.clone(),
                        None => shared.strings.entry(s.clone()).or_insert_with(|| vm.ctx.new_str(&**s).into()).clone(),
                    },
                    Literal::Int(i) => shared.ints.entry(*i).or_insert_with(|| vm.ctx.new_int(*i).into()).clone(),
                    Literal::Float(f) => vm.ctx.new_float(*f).into(),
                    Literal::Bool(b) => vm.ctx.new_bool(*b).into(),
                    Literal::None => vm.ctx.none(),
                    Literal::Ellipsis => vm.ctx.ellipsis.clone().into(),
                })
                .collect(),
        }
    }

    /// The code of the body's lambda `f` (see [`tree::Function`]), compiled once.
    pub fn function_code(&self, vm: &VirtualMachine, f: &tree::Function) -> Option<PyRef<PyCode>> {
        let i = f.index as usize;
        if let Some(code) = self.functions.borrow().get(i).cloned().flatten() {
            return Some(code);
        }
        let code = vm.ctx.new_code(locate::lambda_code(self, &f.node)?);
        if let Some(slot) = self.functions.borrow_mut().get_mut(i) {
            *slot = Some(code.clone());
        }
        Some(code)
    }

    /// A name of the body as text.
    pub fn name_text(&self, n: tree::Name) -> &str {
        &self.code.names[n.0 as usize]
    }

    /// Call the body with `globals`, as the function it stands for would be called.
    pub fn call(self: &Rc<Self>, vm: &VirtualMachine, globals: PyDictRef, args: FuncArgs) -> PyResult {
        let frame = run::Frame::new(vm, self.clone(), globals, args)?;
        frame.run(vm).map_err(|fail| locate::located(vm, &frame, fail, None))
    }
}

/// Bodies alive on this thread, counted in tests: a parse must free every body it
/// made once its result is dropped.
#[cfg(test)]
pub(crate) mod live {
    use std::cell::Cell;

    thread_local! {
        static ALIVE: Cell<usize> = const { Cell::new(0) };
    }

    /// How many bodies made on this thread are alive.
    pub(crate) fn count() -> usize {
        ALIVE.with(|a| a.get())
    }

    #[derive(Debug)]
    pub(crate) struct Alive;

    impl Alive {
        pub(crate) fn new() -> Alive {
            ALIVE.with(|a| a.set(a.get() + 1));
            Alive
        }
    }

    impl Drop for Alive {
        fn drop(&mut self) {
            let _ = ALIVE.try_with(|a| a.set(a.get().saturating_sub(1)));
        }
    }
}
