//! Lowering definition bodies while the program runs.
//!
//! Before a program runs, its bodies are lowered for evaluation (`script::lazy`):
//! on llm_small a fifth of the parse, on two threads. But the builders ask for the
//! bodies one at a time, in program order, while the program runs on this thread
//! and the other core idles. So for a large enough program a second thread lowers
//! them as it runs: the signature builders first (the module class's body binds
//! them as it runs), then the bodies in program order. A builder asks for its body
//! only when it builds (`BodyRef`), and waits only if the lowering has not got that
//! far.
//!
//! A body that does not lower is compiled on its own when asked for, as before. If
//! that fails, the run is abandoned and the caller compiles the whole program,
//! which reports the error exactly as before (`script::compile_and_run`); only what
//! the program did before it asked for that body (a `print`) has happened first.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::sync::{Arc, Condvar, Mutex};

use rustpython_vm::compiler::ast::{self, Stmt};
use rustpython_vm::compiler::codegen;
use rustpython_vm::compiler::core::bytecode::CodeObject;
use rustpython_vm::compiler::core::SourceFile;
use rustpython_vm::compiler::CompileOpts;
use rustpython_vm::VirtualMachine;

use super::eval::lower::{lower, Lowered};
use super::eval::{FastBody, Interner};
use super::lazy::{compile_one, Bodies, Body, Extracted, Extraction, LoweredTrees, LOWER_ON_TWO_THREADS};
use super::transpile::SIGNATURE_PREFIX;
use crate::fast_hash::FastMap;

/// Whether the bodies of `x` are worth lowering while the program runs: enough of
/// them, and each found by its name (a body compiled on its own is looked up in its
/// class by name; with two of a name the whole program must be compiled, which is
/// decided before anything runs).
pub fn worth_it(x: &Extraction) -> bool {
    let total: usize = x.defs.iter().map(|e| e.def.range.len().to_usize()).sum();
    if total < LOWER_ON_TWO_THREADS || x.defs.len() < 2 {
        return false;
    }
    let mut seen = crate::fast_hash::FastSet::default();
    x.defs.iter().all(|e| {
        let path: Vec<&str> = e.classes.iter().map(|c| c.name.id.as_str()).chain(std::iter::once(e.def.name.id.as_str())).collect();
        seen.insert(path.join("."))
    })
}

/// The lowered forms, filled by the lowering thread.
struct Forms {
    /// By definition index: `None` until lowered, then the form (`None` when the body
    /// does not lower). Taken out when its body is made.
    forms: Vec<Option<Option<Lowered>>>,
    /// The lowering thread has stopped (done, or failed).
    stopped: bool,
}

struct Shared {
    defs: Vec<Extracted>,
    forms: Mutex<Forms>,
    ready: Condvar,
}

impl Shared {
    /// Signatures first, then the other bodies in program order.
    fn order(&self) -> Vec<usize> {
        let is_sig = |i: &usize| self.defs[*i].def.name.id.as_str().starts_with(SIGNATURE_PREFIX);
        let (mut sigs, rest): (Vec<usize>, Vec<usize>) = (0..self.defs.len()).partition(is_sig);
        sigs.extend(rest);
        sigs
    }

    fn lower_all(&self) {
        // Marks the end however the loop ends, so no one waits for a form never coming.
        struct Stop<'a>(&'a Shared);
        impl Drop for Stop<'_> {
            fn drop(&mut self) {
                let mut f = self.0.forms.lock().unwrap_or_else(|e| e.into_inner());
                f.stopped = true;
                self.0.ready.notify_all();
            }
        }
        let _stop = Stop(self);
        for i in self.order() {
            let form = lower(&self.defs[i].def);
            let mut f = self.forms.lock().unwrap_or_else(|e| e.into_inner());
            f.forms[i] = Some(form);
            self.ready.notify_all();
        }
    }

    /// The form of definition `i`, waiting for it; `None` when it does not lower (or
    /// the lowering thread stopped without it).
    fn take(&self, i: usize) -> Option<Lowered> {
        let mut f = self.forms.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(form) = f.forms[i].take() {
                return form;
            }
            if f.stopped {
                return None;
            }
            f = self.ready.wait(f).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// A definition's body, made when first asked for (see the module docs).
pub struct BodyRef {
    key: u32,
    body: OnceCell<Rc<Body>>,
}

impl BodyRef {
    /// The body, or `None` when it is no longer available (its program is gone) or
    /// does not compile (the run is then abandoned).
    pub fn get(&self, vm: &VirtualMachine) -> Option<Rc<Body>> {
        if let Some(b) = self.body.get() {
            return Some(b.clone());
        }
        let b = super::lazy::body(vm, self.key)?;
        let _ = self.body.set(b.clone());
        Some(b)
    }
}

impl std::fmt::Debug for BodyRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BodyRef({})", self.key)
    }
}

/// The bodies of one running program not made yet.
struct Pending {
    shared: Arc<Shared>,
    index: FastMap<u32, usize>,
    decls: Rc<[Stmt]>,
    sf: SourceFile,
    opts: CompileOpts,
    objects: Interner,
    /// Handed to builders; each gets its body before the program's bodies go.
    refs: Vec<Rc<BodyRef>>,
    /// The bodies made so far (a definition in a loop asks for its body each time).
    made: FastMap<u32, Rc<Body>>,
    /// A body did not compile: the run is abandoned.
    failed: bool,
}

impl Pending {
    fn make(&mut self, vm: &VirtualMachine, key: u32) -> Option<Rc<Body>> {
        if let Some(b) = self.made.get(&key) {
            return Some(b.clone());
        }
        let i = *self.index.get(&key)?;
        let form = self.shared.take(i);
        let e = &self.shared.defs[i];
        let body = match form {
            Some(code) => {
                let fast = FastBody::new(code, &e.def, &e.classes, self.decls.clone(), &self.sf);
                fast.make_objects(vm, &mut self.objects);
                Body::Evaluated(Rc::new(fast))
            }
            None => match compile_one(&self.decls, e.classes.clone(), e.def.clone(), &self.sf, &self.opts) {
                Some(code) => Body::Compiled(code),
                None => {
                    self.failed = true;
                    return None;
                }
            },
        };
        let body = Rc::new(body);
        self.made.insert(key, body.clone());
        Some(body)
    }
}

thread_local! {
    /// Programs running with bodies still being lowered, innermost last (a script
    /// may parse another while it runs).
    static PENDING: RefCell<Vec<Pending>> = const { RefCell::new(Vec::new()) };
}

/// The body under `key` if a running program's lowering thread has it (made now).
pub(super) fn make(vm: &VirtualMachine, key: u32) -> Option<Rc<Body>> {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        let pending = p.iter_mut().rev().find(|x| x.index.contains_key(&key))?;
        pending.make(vm, key)
    })
}

/// A reference to the body under `key`: made when first used while its program
/// runs with a lowering thread, else at once.
pub fn body_ref(vm: &VirtualMachine, key: u32) -> Option<Rc<BodyRef>> {
    let r = Rc::new(BodyRef { key, body: OnceCell::new() });
    let pending = PENDING.with(|p| {
        let mut p = p.borrow_mut();
        match p.iter_mut().rev().find(|x| x.index.contains_key(&key)) {
            Some(x) => {
                x.refs.push(r.clone());
                true
            }
            None => false,
        }
    });
    if !pending {
        r.get(vm)?;
    }
    Some(r)
}

/// What [`run`] did.
pub struct Ran<R> {
    /// The result of the run; `None` when the program's stubs did not compile.
    pub result: Option<R>,
    /// A body did not compile: the result is of an abandoned run.
    pub failed: bool,
    /// The bodies' syntax trees, to be freed with the program's.
    pub trees: LoweredTrees,
}

/// Compile the program that remains in `stubs`, register the bodies of `x`, and
/// call `run` with the program's code and bodies while a second thread lowers them.
pub fn run<R>(
    vm: &VirtualMachine,
    x: Extraction,
    stubs: &ast::ModModule,
    sf: &SourceFile,
    opts: &CompileOpts,
    run: impl FnOnce(Bodies, CodeObject) -> R,
) -> Ran<R> {
    let Extraction { decls, defs } = x;
    let n = defs.len();
    let keys: Vec<u32> = defs.iter().map(|e| e.key).collect();
    let index = keys.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let shared = Arc::new(Shared { defs, forms: Mutex::new(Forms { forms: (0..n).map(|_| None).collect(), stopped: false }), ready: Condvar::new() });
    let worker = shared.clone();
    // Deep expressions lower recursively: a stack like the CLI's worker.
    let spawned = std::thread::Builder::new()
        .name("tvmscript-lower".into())
        .stack_size(crate::memory::HELPER_THREAD_STACK)
        .spawn(move || worker.lower_all());
    if spawned.is_err() {
        // Lowered here as each is asked for: `take` finds the thread stopped.
        shared.forms.lock().unwrap_or_else(|e| e.into_inner()).stopped = true;
    }
    let code = codegen::compile::compile_program(stubs, sf.clone(), opts.clone()).ok();
    PENDING.with(|p| {
        p.borrow_mut().push(Pending {
            shared: shared.clone(),
            index,
            decls,
            sf: sf.clone(),
            opts: opts.clone(),
            objects: Interner::default(),
            refs: Vec::new(),
            made: FastMap::default(),
            failed: false,
        })
    });
    let result = code.map(|code| run(Bodies { keys }, code));
    let mut pending = PENDING.with(|p| p.borrow_mut().pop()).expect("pushed above");
    // Builders that outlive the program keep their bodies, as those made at once do.
    if !pending.failed {
        for r in std::mem::take(&mut pending.refs) {
            if r.body.get().is_none()
                && let Some(b) = pending.make(vm, r.key)
            {
                let _ = r.body.set(b);
            }
        }
    }
    let failed = pending.failed;
    drop(pending);
    if let Ok(handle) = spawned {
        let _ = handle.join();
    }
    let defs = Arc::into_inner(shared).map(|s| s.defs).unwrap_or_default();
    Ran { result, failed, trees: LoweredTrees { _trees: defs } }
}

#[cfg(test)]
mod tests {
    use crate::script::{settings, Source};

    /// A module class of `n` functions, large enough to be lowered while it runs;
    /// function `odd` (if any) has `odd_body` as its last statement.
    fn module(n: usize, odd: usize, odd_body: &str) -> String {
        let mut text = String::from("from tvm.script import ir as I, tirx as T\n\n@I.ir_module\nclass Module:\n");
        for f in 0..n {
            text.push_str(&format!("    @T.prim_func(private=True)\n    def f{f}(A: T.Buffer((64,), \"float32\"), B: T.Buffer((64,), \"float32\")):\n"));
            for k in 0..12 {
                text.push_str(&format!("        for i in range({}):\n            B[i] = A[i] * T.float32({k}) + B[i] - A[63 - i]\n", 64 - k));
            }
            if f == odd {
                text.push_str(&format!("        {odd_body}\n"));
            }
        }
        text
    }

    /// The printed definitions, or the error, of a parse with bodies evaluated
    /// (lowered while the program runs) or compiled (the program compiled first).
    fn parse(text: &str, evaluated: bool) -> Result<Vec<String>, String> {
        crate::init();
        let source = Source::new("m.py", text);
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            settings::with_evaluated_bodies(evaluated, || crate::vm::parse::run_script(vm, &source, &[], false))
                .map(|p| p.definitions.iter().map(|(_, d)| crate::print(d, &Default::default()).expect("prints")).collect())
                .map_err(|e| crate::cli::exception_text(vm, &e, &source))
        })
    }

    #[test]
    fn a_large_module_builds_as_with_compiled_bodies() {
        // A body that does not lower (a comprehension) is compiled when asked for.
        let text = module(40, 17, "B[0] = T.float32(len([j for j in range(3)]))");
        let x = {
            let source = Source::new("m.py", &text);
            let mut m = crate::script::transpile_source(&source, &Default::default()).expect("transpiles");
            let sf = rustpython_vm::compiler::core::SourceFileBuilder::new("m.py".to_string(), text.clone()).finish();
            super::super::lazy::extract_bodies(&mut m, &sf, &crate::memory::Arena::new())
        };
        assert!(super::worth_it(&x), "large enough to lower while it runs");
        let evaluated = parse(&text, true).expect("builds");
        assert_eq!(evaluated, parse(&text, false).expect("builds"));
    }

    #[test]
    fn a_body_that_does_not_compile_reports_as_the_whole_program_does() {
        let text = module(40, 30, "await B");
        let evaluated = parse(&text, true).expect_err("does not compile");
        assert_eq!(evaluated, parse(&text, false).expect_err("does not compile"));
        assert!(evaluated.contains("'await' outside"), "{evaluated}");
    }
}
