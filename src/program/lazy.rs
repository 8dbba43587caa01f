//! Definition bodies compiled one at a time and kept compact until they run.
//!
//! Most of a builder program is the bodies of its TVMScript definitions, and a code
//! object costs about 45 bytes per code unit (two source locations of 16 bytes, the
//! unit itself, an adaptive counter and a pointer cache). Compiled in one piece, a
//! 5 MB file held some 300 MB of code objects for the whole parse. Here each body of
//! a definition (the function under `@__tvm__.builder(...)`, outside any function
//! scope) is compiled on its own, inside copies of its enclosing class headers so
//! name mangling, qualified names and line numbers are those of the whole program,
//! and kept as its instructions plus run-length-coded locations (about 5 bytes per
//! unit). The program itself gets a stub in its place (same decorators, parameters
//! and location, an empty body) whose builder decorator carries the body's key; the
//! builder expands the body into a code object only while it runs.
//!
//! Any compile error on this path falls back to compiling the whole program at once
//! (see `script::compile`), so errors are reported exactly as before.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use ruff_text_size::Ranged;
use rustpython_vm::builtins::{PyCode, PyDictRef};
use rustpython_vm::compiler::ast::{self, Expr, Stmt};
use rustpython_vm::compiler::codegen;
use rustpython_vm::compiler::core::bytecode::{CodeObject, CodeUnit, CodeUnits, ConstantData};
use rustpython_vm::compiler::core::{OneIndexed, SourceFile, SourceLocation};
use rustpython_vm::compiler::CompileOpts;
use rustpython_vm::{PyObjectRef, PyRef, PyResult, VirtualMachine};
use std::sync::mpsc::Receiver;

use super::eval::lower::{lower, Lowered};
use super::eval::{FastBody, Interner};
use crate::script::transpile::{RUNTIME, SIGNATURE_PREFIX};

/// A definition body taken out of the program: evaluated from its tree when it
/// allows that (see `program::eval`), else compiled and kept compact.
#[derive(Debug)]
pub enum Body {
    /// Evaluated from its lowered tree.
    Evaluated(Rc<FastBody>),
    /// Compiled to Python code on first use.
    Compiled(LazyBody),
}

/// A definition body, compiled, with its instructions and locations kept compact.
pub struct LazyBody {
    /// The code object with empty instructions and locations (its nested code
    /// objects too); `parts` holds them in pre-order.
    code: CodeObject,
    parts: Vec<Compact>,
}

struct Compact {
    units: Box<[CodeUnit]>,
    locations: Box<[u8]>,
}

impl std::fmt::Debug for LazyBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LazyBody({})", self.code.qualname)
    }
}

impl LazyBody {
    /// The full code object.
    pub fn code(&self) -> CodeObject {
        let mut parts = self.parts.iter();
        expand(&self.code, &mut parts)
    }

    /// A new function running this body, with everything else taken from `stub`
    /// (the function the program defined in its place: globals, defaults, names).
    pub fn function(&self, vm: &VirtualMachine, stub: &PyObjectRef) -> PyResult {
        let code: PyRef<PyCode> = vm.ctx.new_code(self.code());
        let globals = globals_of(vm, stub)?;
        let types = vm.import("types", 0)?;
        let ctor = types.get_attr("FunctionType", vm)?;
        let f = ctor.call((code, globals, stub.get_attr("__name__", vm)?, stub.get_attr("__defaults__", vm)?, stub.get_attr("__closure__", vm)?), vm)?;
        for attr in ["__kwdefaults__", "__qualname__", "__module__", "__doc__", "__annotations__"] {
            f.set_attr(attr, stub.get_attr(attr, vm)?, vm)?;
        }
        if let Ok(d) = stub.get_attr("__dict__", vm)
            && let Ok(d) = d.downcast::<rustpython_vm::builtins::PyDict>()
        {
            for (k, v) in &d {
                f.set_attr(&*k.str(vm)?, v, vm)?;
            }
        }
        Ok(f)
    }

    /// A function running this body in `globals`, named as its code says: a
    /// signature builder the program does not define (see `fold_signature`).
    pub fn bare_function(&self, vm: &VirtualMachine, globals: PyDictRef) -> PyResult {
        let code: PyRef<PyCode> = vm.ctx.new_code(self.code());
        let f = vm.import("types", 0)?.get_attr("FunctionType", vm)?.call((code.clone(), globals), vm)?;
        f.set_attr("__qualname__", vm.ctx.new_str(code.code.qualname.as_str()), vm)?;
        Ok(f)
    }
}

/// The globals of a function the program made.
pub fn globals_of(vm: &VirtualMachine, f: &PyObjectRef) -> PyResult<PyDictRef> {
    f.get_attr("__globals__", vm)?.downcast().map_err(|_| vm.new_type_error("a function's globals must be a dict"))
}

/// Rebuild a code object (and its nested ones) from its compact form.
fn expand(code: &CodeObject, parts: &mut std::slice::Iter<'_, Compact>) -> CodeObject {
    let part = parts.next().expect("one compact part per code object");
    let constants = code
        .constants
        .iter()
        .map(|c| match c {
            ConstantData::Code { code } => ConstantData::Code { code: Box::new(expand(code, parts)) },
            other => other.clone(),
        })
        .collect();
    CodeObject {
        instructions: CodeUnits::from(part.units.to_vec()),
        locations: decode_locations(&part.locations),
        constants,
        ..shallow(code)
    }
}

/// A code object (and its nested ones) without instructions and locations, which go to `parts`.
fn compact(code: &CodeObject, parts: &mut Vec<Compact>) -> CodeObject {
    parts.push(Compact { units: code.instructions.iter().copied().collect(), locations: encode_locations(&code.locations) });
    let constants = code
        .constants
        .iter()
        .map(|c| match c {
            ConstantData::Code { code } => ConstantData::Code { code: Box::new(compact(code, parts)) },
            other => other.clone(),
        })
        .collect();
    CodeObject { constants, ..shallow(code) }
}

/// Everything of a code object but its instructions, locations and constants.
fn shallow(code: &CodeObject) -> CodeObject {
    CodeObject {
        instructions: CodeUnits::from(Vec::new()),
        locations: Box::default(),
        flags: code.flags,
        posonlyarg_count: code.posonlyarg_count,
        arg_count: code.arg_count,
        kwonlyarg_count: code.kwonlyarg_count,
        source_path: code.source_path.clone(),
        first_line_number: code.first_line_number,
        max_stackdepth: code.max_stackdepth,
        obj_name: code.obj_name.clone(),
        qualname: code.qualname.clone(),
        constants: Vec::new().into_iter().collect(),
        names: code.names.clone(),
        varnames: code.varnames.clone(),
        cellvars: code.cellvars.clone(),
        freevars: code.freevars.clone(),
        localspluskinds: code.localspluskinds.clone(),
        linetable: code.linetable.clone(),
        exceptiontable: code.exceptiontable.clone(),
    }
}

// Locations: runs of equal (start, end) pairs (cache units repeat their
// instruction's), each as varints: run length, line delta, column, end line
// delta, end column.

fn encode_locations(locs: &[(SourceLocation, SourceLocation)]) -> Box<[u8]> {
    let mut out = Vec::with_capacity(locs.len());
    let mut prev_line = 0i64;
    let mut i = 0;
    while i < locs.len() {
        let cur = locs[i];
        let mut run = 1;
        while i + run < locs.len() && locs[i + run] == cur {
            run += 1;
        }
        let (a, b) = cur;
        let line = a.line.get() as i64;
        put_varint(&mut out, run as u64);
        put_varint(&mut out, zigzag(line - prev_line));
        put_varint(&mut out, a.character_offset.get() as u64);
        put_varint(&mut out, zigzag(b.line.get() as i64 - line));
        put_varint(&mut out, b.character_offset.get() as u64);
        prev_line = line;
        i += run;
    }
    out.into_boxed_slice()
}

fn decode_locations(mut bytes: &[u8]) -> Box<[(SourceLocation, SourceLocation)]> {
    let mut out = Vec::new();
    let mut prev_line = 0i64;
    let one = |v: i64| OneIndexed::new(v.max(1) as usize).unwrap_or(OneIndexed::MIN);
    while !bytes.is_empty() {
        let run = get_varint(&mut bytes) as usize;
        let line = prev_line + unzigzag(get_varint(&mut bytes));
        let col = get_varint(&mut bytes) as i64;
        let end_line = line + unzigzag(get_varint(&mut bytes));
        let end_col = get_varint(&mut bytes) as i64;
        let pair = (
            SourceLocation { line: one(line), character_offset: one(col) },
            SourceLocation { line: one(end_line), character_offset: one(end_col) },
        );
        out.extend(std::iter::repeat_n(pair, run));
        prev_line = line;
    }
    out.into_boxed_slice()
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(bytes: &mut &[u8]) -> u64 {
    let mut v = 0u64;
    let mut shift = 0;
    while let Some((&b, rest)) = bytes.split_first() {
        *bytes = rest;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            break;
        }
        shift += 7;
    }
    v
}

// The bodies of the programs being run, by key: the builder decorator of a stub
// fetches its body while the program runs (definitions outside functions run only then).

thread_local! {
    static BODIES: RefCell<HashMap<u32, Rc<Body>>> = RefCell::new(HashMap::new());
    static NEXT_KEY: Cell<u32> = const { Cell::new(0) };
}

fn next_key() -> u32 {
    NEXT_KEY.with(|k| {
        let v = k.get();
        k.set(v.wrapping_add(1));
        v
    })
}

/// The body registered under `key` (while its program is alive).
pub fn body(key: u32) -> Option<Rc<Body>> {
    BODIES.with(|b| b.borrow().get(&key).cloned())
}

/// The bodies of one program, registered while it is alive.
#[derive(Debug, Default)]
pub struct Bodies {
    keys: Vec<u32>,
}

impl Drop for Bodies {
    /// Unregister the program's bodies (their lowered trees are freed with them).
    fn drop(&mut self) {
        let _ = BODIES.try_with(|b| {
            let mut b = b.borrow_mut();
            for k in &self.keys {
                b.remove(k);
            }
        });
    }
}

/// A definition taken out of the program.
struct Extracted {
    key: u32,
    /// The headers of the enclosing classes, outermost first, each with the
    /// declarations of its body (see [`declarations`]).
    classes: Vec<ast::StmtClassDef>,
    def: ast::StmtFunctionDef,
}

impl Extracted {
    /// What lowering this definition costs, in bytes of source: a signature builder
    /// spans its whole definition but only evaluates the parameters' annotations, an
    /// eighth (llm_large's 2,000-parameter Relax signatures) to a twentieth of what
    /// lowering the body takes on the perf corpus.
    fn lowering_cost(&self) -> usize {
        let bytes = self.def.range.len().to_usize();
        if self.def.name.id.starts_with(SIGNATURE_PREFIX) { bytes / 8 } else { bytes }
    }
}

/// The syntax trees of the bodies that were lowered, kept until the caller frees
/// them with the program's tree (`memory::dispose`).
pub struct LoweredTrees {
    _trees: Vec<Extracted>,
}

/// Take the eligible definition bodies out of `module` (leaving stubs), lower or
/// compile each on its own and register them, and compile the program that
/// remains; `None` when any of them does not compile (the caller then compiles the
/// original program whole). `module` keeps the stubs. With `vm`, bodies that
/// allow it are kept for evaluation.
pub fn compile_bodies(
    vm: Option<&VirtualMachine>,
    module: &mut ast::ModModule,
    sf: &SourceFile,
    opts: &CompileOpts,
    standby: Option<&mut Standby>,
) -> Option<(Bodies, LoweredTrees, CodeObject)> {
    let mut classes = Vec::new();
    let mut module_decls = Vec::new();
    declarations(&module.body, &mut module_decls);
    let module_decls: Rc<[Stmt]> = module_decls.into();
    let mut extracted = Vec::new();
    extract(&mut module.body, sf.source_text(), &mut classes, &mut extracted);
    let mut bodies = Bodies::default();
    let mut compiled = Vec::with_capacity(extracted.len());
    let mut lowered = Vec::with_capacity(extracted.len());
    {
        let mut standby = standby;
        let (extracted, forms, program) = lower_all(standby.as_deref_mut(), extracted, vm.is_some(), module, sf, opts)?;
        let mut forms = forms.into_iter();
        let mut objects = Interner::default();
        for e in extracted {
            if let Some(Some(code)) = forms.next()
                && let Some(vm) = vm
            {
                let fast = FastBody::new(code, &e.def, &e.classes, module_decls.clone(), sf);
                fast.make_objects(vm, &mut objects);
                compiled.push((e.key, Body::Evaluated(Rc::new(fast))));
                lowered.push(e);
                continue;
            }
            let code = compile_one(&module_decls, e.classes, e.def, sf, opts)?;
            compiled.push((e.key, Body::Compiled(code)));
        }
        let program = program.finish(module, sf, opts)?;
        BODIES.with(|b| {
            let mut b = b.borrow_mut();
            for (key, body) in compiled {
                b.insert(key, Rc::new(body));
                bodies.keys.push(key);
            }
        });
        Some((bodies, LoweredTrees { _trees: lowered }, program))
    }
}

/// Source (bytes of definitions) from which lowering is shared with a second thread.
pub const LOWER_ON_TWO_THREADS: usize = 64 * 1024;

type ProgramResult = Result<CodeObject, codegen::error::CodegenError>;

/// The program's code: compiled on the lowering thread (which has the program's tree,
/// the stubs, until it sends it back with the code) while this one makes the
/// evaluated bodies, or to be compiled here.
enum ProgramCode {
    Here,
    There(Receiver<(ProgramResult, ast::ModModule)>),
}

impl ProgramCode {
    /// The code, or `None` when the program does not compile (or its thread failed).
    /// `module` is the program's tree again afterwards.
    fn finish(self, module: &mut ast::ModModule, sf: &SourceFile, opts: &CompileOpts) -> Option<CodeObject> {
        match self {
            ProgramCode::Here => codegen::compile::compile_program(module, sf.clone(), opts.clone()).ok(),
            ProgramCode::There(r) => {
                let (code, stubs) = r.recv().ok()?;
                *module = stubs;
                code.ok()
            }
        }
    }
}

/// The lowering's share on this thread's worker (`crate::worker`),
/// which also compiles the program: asked for when `compile` begins, so a worker
/// started for this parse already waits on a core of its own when the split
/// front end (its first job) and then the lowering begin.
pub struct Standby {
    ready: bool,
}

impl Standby {
    /// The worker, started if need be; without one, it takes no job.
    pub fn start() -> Standby {
        Standby { ready: crate::worker::ready() }
    }

    /// Whether the worker takes a job.
    fn is_ready(&self) -> bool {
        self.ready
    }

    /// Run `job` on the worker (once); whether it was sent. The job owns what it
    /// reads (the definitions, the stubs' tree), and sends them back.
    fn run(&mut self, job: impl FnOnce() + Send + 'static) -> bool {
        std::mem::take(&mut self.ready) && crate::worker::run(job)
    }
}

fn lower_each(defs: &[Extracted]) -> Vec<Option<Lowered>> {
    defs.iter().map(|e| lower(&e.def)).collect()
}

// How the lowering is shared between two threads. Costs are in bytes of definition
// lowered in the same time (25-35 ns a byte on the perf corpus), measured phase by
// phase on both threads: this thread lowers the earlier definitions while the
// other lowers the later ones and then compiles the program; this thread, once both
// lowerings are done, makes the bodies' objects (names and literals) in the VM.

/// What compiling the program costs per definition (its stub): 20-30 µs each.
const PROGRAM_COST_PER_DEFINITION: usize = 1000;

/// What a stub's parameters add to the program's cost: RustPython's symbol table
/// looks each parameter up in a list of the ones before it, so a stub of `n`
/// parameters costs about n² / 32 (0.7-0.9 ns per pair). llm_large's four Relax
/// functions take 2,000 parameters each, 3 ms of compiling apiece.
fn program_cost(parameters: usize) -> usize {
    PROGRAM_COST_PER_DEFINITION + parameters * parameters / 32
}

/// Making the bodies' objects, a part of all the lowering: 4-13% of it.
const BODIES_COST_PART: usize = 10;

/// Where the second thread's share of the definitions starts, given what each one
/// costs to lower and its stub's cost to the program (see [`program_cost`]): of the
/// splits into earlier definitions (this thread) and later ones (that thread),
/// the one whose later thread ends soonest (between equals, the one lowering more
/// there). This thread makes the bodies when both lowerings are done; that one
/// compiles the program when its own is. The first definition always stays here;
/// the later ones may all stay when the program alone outweighs them.
fn second_share(work: &[(usize, usize)]) -> usize {
    let total: usize = work.iter().map(|w| w.0).sum();
    let program: usize = work.iter().map(|w| w.1).sum();
    let bodies = total / BODIES_COST_PART;
    let mut best = (usize::MAX, work.len());
    let mut there = 0;
    for from in (1..=work.len()).rev() {
        if from < work.len() {
            there += work[from].0;
        }
        let end = ((total - there).max(there) + bodies).max(there + program);
        if end <= best.0 {
            best = (end, from);
        }
    }
    best.1
}

/// The evaluated form of each definition that allows one (when `lowering`), and the
/// program, compiled by `program`. Lowering reads cold syntax trees and builds new
/// ones; with enough of it, a second thread lowers the later definitions (see
/// [`second_share`]) and compiles the program while this one lowers the others and
/// makes the bodies. `None` if that thread failed (the caller then
/// compiles the whole program).
fn lower_all(
    standby: Option<&mut Standby>,
    mut defs: Vec<Extracted>,
    lowering: bool,
    module: &mut ast::ModModule,
    sf: &SourceFile,
    opts: &CompileOpts,
) -> Option<(Vec<Extracted>, Vec<Option<Lowered>>, ProgramCode)> {
    if !lowering {
        return Some((defs, Vec::new(), ProgramCode::Here));
    }
    let size = |e: &Extracted| e.def.range.len().to_usize();
    let total: usize = defs.iter().map(size).sum();
    let Some(standby) = standby.filter(|s| s.is_ready() && total >= LOWER_ON_TWO_THREADS && defs.len() >= 2) else {
        let forms = lower_each(&defs);
        return Some((defs, forms, ProgramCode::Here));
    };
    let work: Vec<(usize, usize)> = defs.iter().map(|e| (e.lowering_cost(), program_cost(e.def.parameters.len()))).collect();
    let second = defs.split_off(second_share(&work));
    let (send_forms, forms_back) = std::sync::mpsc::channel();
    let (send_code, code_back) = std::sync::mpsc::channel();
    let empty = ast::ModModule { node_index: Default::default(), range: module.range, body: Vec::new() };
    let stubs = std::mem::replace(module, empty);
    let (sf_there, opts_there) = (sf.clone(), opts.clone());
    let job = move || {
        let forms = lower_each(&second);
        let _ = send_forms.send((second, forms));
        let code = codegen::compile::compile_program(&stubs, sf_there, opts_there);
        let _ = send_code.send((code, stubs));
    };
    if !standby.run(job) {
        // The thread is gone, and the stubs with the job: the caller compiles the
        // whole program.
        return None;
    }
    let mut forms = lower_each(&defs);
    let (second, more) = forms_back.recv().ok()?;
    defs.extend(second);
    forms.extend(more);
    Some((defs, forms, ProgramCode::There(code_back)))
}

/// Compile one definition inside its class headers and keep its code compact.
fn compile_one(
    module_decls: &[Stmt],
    classes: Vec<ast::StmtClassDef>,
    def: ast::StmtFunctionDef,
    sf: &SourceFile,
    opts: &CompileOpts,
) -> Option<LazyBody> {
    let name = def.name.id.to_string();
    let path: Vec<String> = classes.iter().map(|c| c.name.id.to_string()).collect();
    let mut stmt = Stmt::FunctionDef(def);
    for mut c in classes.into_iter().rev() {
        c.body.push(stmt);
        stmt = Stmt::ClassDef(c);
    }
    let range = stmt.range();
    let mut body = module_decls.to_vec();
    body.push(stmt);
    let program = ast::ModModule { node_index: Default::default(), range, body };
    let code = codegen::compile::compile_program(&program, sf.clone(), opts.clone()).ok()?;
    drop(program);
    let at = nested_code(&code, path.iter().chain(std::iter::once(&name)).map(String::as_str))?;
    let mut parts = Vec::new();
    let code = compact(at, &mut parts);
    Some(LazyBody { code, parts })
}

/// The code object at `path` (enclosing class names, then the function's) inside
/// `code`; `None` when a step is missing or ambiguous.
pub(super) fn nested_code<'a, 'p>(code: &'a CodeObject, path: impl IntoIterator<Item = &'p str>) -> Option<&'a CodeObject> {
    let mut at = code;
    for n in path {
        let mut found = code_constants(at).filter(|c| c.obj_name == *n);
        at = found.next()?;
        if found.next().is_some() {
            return None;
        }
    }
    Some(at)
}

fn code_constants(code: &CodeObject) -> impl Iterator<Item = &CodeObject> {
    code.constants.iter().filter_map(|c| match c {
        ConstantData::Code { code } => Some(&**code),
        _ => None,
    })
}

/// Walk statements outside function scopes; replace eligible definitions by stubs.
fn extract(stmts: &mut Vec<Stmt>, text: &str, classes: &mut Vec<ast::StmtClassDef>, out: &mut Vec<Extracted>) {
    // Statements a folded signature made redundant, removed at the end (in one pass).
    let mut folded = Vec::new();
    for i in 0..stmts.len() {
        if fold_signature(stmts, i, text, classes, out) {
            folded.extend([i, i + 2]);
        }
        match &mut stmts[i] {
            Stmt::FunctionDef(f) => {
                if eligible(f, text) {
                    let key = next_key();
                    let stub = stub_of(f, key);
                    let def = std::mem::replace(f, stub);
                    out.push(Extracted { key, classes: classes.clone(), def });
                } else if is_signature(f, text) {
                    let key = next_key();
                    let stub = signature_stub_of(f, key);
                    let def = std::mem::replace(f, stub);
                    out.push(Extracted { key, classes: classes.clone(), def });
                }
            }
            Stmt::ClassDef(c) => {
                // A generic class puts an annotation scope between its methods and the module.
                if c.type_params.is_some() {
                    continue;
                }
                let mut decls = Vec::new();
                declarations(&c.body, &mut decls);
                classes.push(ast::StmtClassDef {
                    node_index: Default::default(),
                    range: c.range,
                    decorator_list: Vec::new(),
                    name: c.name.clone(),
                    type_params: None,
                    arguments: None,
                    body: decls,
                });
                extract(&mut c.body, text, classes, out);
                classes.pop();
            }
            Stmt::If(i) => {
                extract(&mut i.body, text, classes, out);
                for c in &mut i.elif_else_clauses {
                    extract(&mut c.body, text, classes, out);
                }
            }
            Stmt::For(f) => {
                extract(&mut f.body, text, classes, out);
                extract(&mut f.orelse, text, classes, out);
            }
            Stmt::While(w) => {
                extract(&mut w.body, text, classes, out);
                extract(&mut w.orelse, text, classes, out);
            }
            Stmt::With(w) => extract(&mut w.body, text, classes, out),
            Stmt::Match(m) => {
                for c in &mut m.cases {
                    extract(&mut c.body, text, classes, out);
                }
            }
            Stmt::Try(t) => {
                extract(&mut t.body, text, classes, out);
                for h in &mut t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    extract(&mut h.body, text, classes, out);
                }
                extract(&mut t.orelse, text, classes, out);
                extract(&mut t.finalbody, text, classes, out);
            }
            _ => {}
        }
    }
    if !folded.is_empty() {
        let mut i = 0;
        stmts.retain(|_| {
            i += 1;
            folded.binary_search(&(i - 1)).is_err()
        });
    }
}

/// A signature builder the program need not define at all: the transpiler's
/// `def __tvm_sig_f(__tvm_s): ...`, then the definition whose builder decorator names
/// it, then `del __tvm_sig_f`. Its body is taken out under a key, the two statements
/// around the definition are removed, and the decorator gets the key in place of the
/// name (`__tvm__.builder('f', key, ...)`): the builder makes the signature function
/// from the key in the definition's globals. Saves the program a function, the
/// compile of its stub and the calls that made it, for every definition. Whether
/// it did: the caller removes the statements at `i` (left as `pass`) and `i + 2`.
fn fold_signature(stmts: &mut [Stmt], i: usize, text: &str, classes: &[ast::StmtClassDef], out: &mut Vec<Extracted>) -> bool {
    let [Stmt::FunctionDef(sig), Stmt::FunctionDef(def), Stmt::Delete(del), ..] = &stmts[i..] else { return false };
    let name = sig.name.id.as_str();
    let p = &sig.parameters;
    let plain = p.posonlyargs.is_empty()
        && p.vararg.is_none()
        && p.kwonlyargs.is_empty()
        && p.kwarg.is_none()
        && matches!(&p.args[..], [a] if a.default.is_none() && a.parameter.annotation.is_none())
        && sig.returns.is_none();
    let names_sig = |e: &Expr| matches!(e, Expr::Name(n) if n.id.as_str() == name);
    let used = builder_call(def).is_some_and(|c| c.arguments.args.len() == 3 && names_sig(&c.arguments.args[1]));
    let deleted = matches!(&del.targets[..], [t] if names_sig(t));
    if !(plain && used && deleted && is_signature(sig, text)) {
        return false;
    }
    let key = next_key();
    let range = stmts[i].range();
    let Stmt::FunctionDef(sig) = std::mem::replace(&mut stmts[i], Stmt::Pass(ast::StmtPass { node_index: Default::default(), range })) else {
        unreachable!("matched above")
    };
    if let Stmt::FunctionDef(def) = &mut stmts[i + 1]
        && let Some(d) = def.decorator_list.last_mut()
        && let Expr::Call(call) = &mut d.expression
    {
        call.arguments.args[1] = key_literal(key, call.range);
    }
    out.push(Extracted { key, classes: classes.to_vec(), def: sig });
    true
}

fn key_literal(key: u32, range: ruff_text_size::TextRange) -> Expr {
    Expr::NumberLiteral(ast::ExprNumberLiteral { node_index: Default::default(), range, value: ast::Number::Int(ast::Int::from(key)) })
}

/// The statements of a scope (outside nested function and class scopes) that
/// change how a function inside it compiles: imports (attributes of imported
/// modules are loaded without the method-call form) and `global` (a function
/// declared global has an unqualified name).
fn declarations(stmts: &[Stmt], out: &mut Vec<Stmt>) {
    for s in stmts {
        match s {
            Stmt::Import(_) | Stmt::ImportFrom(_) | Stmt::Global(_) | Stmt::Nonlocal(_) => out.push(s.clone()),
            Stmt::If(i) => {
                declarations(&i.body, out);
                for c in &i.elif_else_clauses {
                    declarations(&c.body, out);
                }
            }
            Stmt::For(f) => {
                declarations(&f.body, out);
                declarations(&f.orelse, out);
            }
            Stmt::While(w) => {
                declarations(&w.body, out);
                declarations(&w.orelse, out);
            }
            Stmt::With(w) => declarations(&w.body, out),
            Stmt::Try(t) => {
                declarations(&t.body, out);
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    declarations(&h.body, out);
                }
                declarations(&t.orelse, out);
                declarations(&t.finalbody, out);
            }
            Stmt::Match(m) => {
                for c in &m.cases {
                    declarations(&c.body, out);
                }
            }
            _ => {}
        }
    }
}

/// A definition the transpiler generated (its innermost decorator is
/// `__tvm__.builder(name, sig, options)` with a signature, so not a macro) whose body
/// compiles the same on its own: not async or generic, and no `super()` or
/// `__class__` (which would give it a cell of the enclosing class).
fn eligible(f: &ast::StmtFunctionDef, text: &str) -> bool {
    if f.is_async || f.type_params.is_some() {
        return false;
    }
    let Some(call) = builder_call(f) else { return false };
    if call.arguments.args.len() != 3 || !call.arguments.keywords.is_empty() || matches!(call.arguments.args[1], Expr::NoneLiteral(_)) {
        return false;
    }
    !uses_class_cell(f, text)
}

/// Whether the body names `super`, `__class__` or `__classdict__` (which give a
/// method a cell of its class). The text is searched first: a name the body reads
/// is written in its source.
fn uses_class_cell(f: &ast::StmtFunctionDef, text: &str) -> bool {
    let Some(src) = text.get(std::ops::Range::<usize>::from(f.range)) else { return true };
    let src = src.as_bytes();
    if memchr::memmem::find(src, b"super").is_none() && memchr::memmem::find(src, b"__class").is_none() {
        return false;
    }
    let mut finder = ClassNames { found: false };
    for s in &f.body {
        ast::visitor::Visitor::visit_stmt(&mut finder, s);
    }
    finder.found
}

/// A signature builder the transpiler generated (`def __tvm_sig_f(__tvm_s): ...`,
/// undecorated, see `transpile`) that compiles the same on its own.
fn is_signature(f: &ast::StmtFunctionDef, text: &str) -> bool {
    if f.is_async || f.type_params.is_some() || !f.decorator_list.is_empty() || !f.name.id.as_str().starts_with(SIGNATURE_PREFIX) {
        return false;
    }
    !uses_class_cell(f, text)
}

fn builder_call(f: &ast::StmtFunctionDef) -> Option<&ast::ExprCall> {
    let Expr::Call(call) = &f.decorator_list.last()?.expression else { return None };
    let Expr::Attribute(a) = &*call.func else { return None };
    let Expr::Name(n) = &*a.value else { return None };
    (n.id.as_str() == RUNTIME && a.attr.id.as_str() == "builder").then_some(call)
}

struct ClassNames {
    found: bool,
}

impl<'a> ast::visitor::Visitor<'a> for ClassNames {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(n) = expr
            && matches!(n.id.as_str(), "super" | "__class__" | "__classdict__")
        {
            self.found = true;
        }
        ast::visitor::walk_expr(self, expr);
    }
}

/// The stub left in the program: the definition with an empty body (its docstring
/// kept) and the body's key as a fourth argument of its builder decorator.
fn stub_of(f: &ast::StmtFunctionDef, key: u32) -> ast::StmtFunctionDef {
    let mut decorators = f.decorator_list.clone();
    if let Some(d) = decorators.last_mut()
        && let Expr::Call(call) = &mut d.expression
    {
        let mut args = call.arguments.args.to_vec();
        args.push(key_literal(key, call.range));
        call.arguments.args = args.into_boxed_slice();
    }
    let mut body: Vec<Stmt> = f.body.iter().take(1).filter(|s| is_docstring(s)).cloned().collect();
    body.push(Stmt::Pass(ast::StmtPass { node_index: Default::default(), range: f.range }));
    ast::StmtFunctionDef {
        node_index: Default::default(),
        range: f.range,
        is_async: f.is_async,
        decorator_list: decorators,
        name: f.name.clone(),
        type_params: None,
        parameters: f.parameters.clone(),
        returns: f.returns.clone(),
        body,
    }
}

/// The stub of a signature builder: `@__tvm__.lazy_function(key)` over an empty body.
fn signature_stub_of(f: &ast::StmtFunctionDef, key: u32) -> ast::StmtFunctionDef {
    let range = f.range;
    let node = Default::default;
    let call = ast::ExprCall {
        node_index: node(),
        range,
        func: Box::new(Expr::Attribute(ast::ExprAttribute {
            node_index: node(),
            range,
            value: Box::new(Expr::Name(ast::ExprName { node_index: node(), range, id: RUNTIME.into(), ctx: ast::ExprContext::Load })),
            attr: ast::Identifier::new("lazy_function", range),
            ctx: ast::ExprContext::Load,
        })),
        arguments: ast::Arguments {
            node_index: node(),
            range,
            args: Box::new([key_literal(key, range)]),
            keywords: Box::new([]),
        },
    };
    ast::StmtFunctionDef {
        node_index: node(),
        range,
        is_async: false,
        decorator_list: vec![ast::Decorator { range, node_index: node(), expression: Expr::Call(call) }],
        name: f.name.clone(),
        type_params: None,
        parameters: f.parameters.clone(),
        returns: f.returns.clone(),
        body: vec![Stmt::Pass(ast::StmtPass { node_index: node(), range })],
    }
}

fn is_docstring(s: &Stmt) -> bool {
    matches!(s, Stmt::Expr(e) if matches!(&*e.value, Expr::StringLiteral(_)))
}

/// Differences between two code objects (for tests: a body compiled on its own
/// must equal the same body compiled within the whole program).
pub fn code_differences(a: &CodeObject, b: &CodeObject) -> Vec<String> {
    let mut out = Vec::new();
    let q = &a.qualname;
    macro_rules! cmp {
        ($($f:ident),*) => {$(
            if a.$f != b.$f {
                out.push(format!("{q}: {} differs", stringify!($f)));
            }
        )*};
    }
    cmp!(posonlyarg_count, arg_count, kwonlyarg_count, source_path, first_line_number, max_stackdepth, obj_name, qualname);
    cmp!(names, varnames, cellvars, freevars, localspluskinds, linetable, exceptiontable, locations);
    if a.flags != b.flags {
        out.push(format!("{q}: flags differ"));
    }
    let units = |c: &CodeObject| c.instructions.iter().map(|u| format!("{u:?}")).collect::<Vec<_>>();
    if units(a) != units(b) {
        let (ua, ub) = (units(a), units(b));
        let i = ua.iter().zip(ub.iter()).position(|(x, y)| x != y).unwrap_or(ua.len().min(ub.len()));
        out.push(format!("{q}: instructions differ at {i} of {}/{}: {:?} vs {:?}", ua.len(), ub.len(), &ua[i.saturating_sub(3)..(i + 3).min(ua.len())], &ub[i.saturating_sub(3)..(i + 3).min(ub.len())]));
    }
    if a.constants.len() != b.constants.len() {
        out.push(format!("{q}: constant count differs"));
    } else {
        for (x, y) in a.constants.iter().zip(b.constants.iter()) {
            match (x, y) {
                (ConstantData::Code { code: x }, ConstantData::Code { code: y }) => out.extend(code_differences(x, y)),
                _ if x != y => out.push(format!("{q}: a constant differs")),
                _ => {}
            }
        }
    }
    out
}

/// Every code object in `code` (itself included), depth first.
pub fn all_code_objects(code: &CodeObject) -> Vec<&CodeObject> {
    let mut out = vec![code];
    for c in code_constants(code) {
        out.extend(all_code_objects(c));
    }
    out
}

/// Compare each body of `bodies` with the code object of the same qualified name
/// and first line in `whole` (the program compiled in one piece).
pub fn verify(whole: &CodeObject, bodies: &Bodies) -> Vec<String> {
    let all = all_code_objects(whole);
    let mut out = Vec::new();
    for k in &bodies.keys {
        let Some(b) = body(*k) else {
            out.push(format!("body {k} missing"));
            continue;
        };
        let Body::Compiled(b) = &*b else { continue };
        let code = b.code();
        match all.iter().find(|c| c.qualname == code.qualname && c.first_line_number == code.first_line_number) {
            Some(w) => out.extend(code_differences(&code, w)),
            None => out.push(format!("{}: not in the whole program", code.qualname)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{transpile_source, Environment, Source};
    use rustpython_vm::compiler::core::SourceFileBuilder;

    fn split(text: &str) -> (Option<Bodies>, CodeObject) {
        crate::init();
        let source = Source::new("t.py", text);
        let env = Environment::default();
        let sf = SourceFileBuilder::new("t.py".to_string(), text.to_string()).finish();
        let mut module = transpile_source(&source, &env).expect("transpiles");
        let bodies = compile_bodies(None, &mut module, &sf, &CompileOpts::default(), None).map(|(b, _, _)| b);
        let whole = crate::program::compile_whole(transpile_source(&source, &env).unwrap(), sf, CompileOpts::default()).expect("compiles");
        (bodies, whole)
    }

    const PROGRAM: &str = r#"
import tvm
from tvm.script import tirx as T, ir as I

@T.prim_func
def top(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = A[i] + T.float32(1.0)

@T.macro
def twice(x):
    T.evaluate(x + x)

@I.ir_module
class Mod:
    from tvm.script import tirx as TT

    @T.prim_func
    def f(A: T.Buffer((4,), "float32")):
        __hidden = [k for k in range(2)]
        g = lambda v: v + 1
        for i in range(4):
            A[i] = T.float32(g(len(__hidden)))

    @T.prim_func(private=True)
    def h(A: T.Buffer((4,), "float32")):
        A[0] = TT.float32(0.0)
"#;

    #[test]
    fn a_body_compiles_as_within_the_whole_program() {
        let (bodies, whole) = split(PROGRAM);
        let bodies = bodies.expect("every body compiles on its own");
        // `top`, `Mod.f`, `Mod.h` and their three signature builders; not the macro.
        assert_eq!(bodies.keys.len(), 6);
        assert_eq!(verify(&whole, &bodies), Vec::<String>::new());
    }

    #[test]
    fn a_body_that_does_not_compile_gives_up() {
        let text = "from tvm.script import tirx as T\n@T.prim_func\ndef f():\n    await x\n";
        let (bodies, _) = {
            crate::init();
            let source = Source::new("t.py", text);
            let sf = SourceFileBuilder::new("t.py".to_string(), text.to_string()).finish();
            let mut module = transpile_source(&source, &Environment::default()).expect("transpiles");
            (compile_bodies(None, &mut module, &sf, &CompileOpts::default(), None).map(|(b, _, _)| b), ())
        };
        assert!(bodies.is_none());
    }

    /// The signature builders of `stmts` the program still defines, and its `del`s.
    fn signature_builders_left(stmts: &[Stmt], out: &mut Vec<String>) {
        for s in stmts {
            match s {
                Stmt::FunctionDef(f) if f.name.id.as_str().starts_with(SIGNATURE_PREFIX) => out.push(f.name.id.to_string()),
                Stmt::Delete(_) => out.push("del".into()),
                Stmt::ClassDef(c) => signature_builders_left(&c.body, out),
                Stmt::Try(t) => signature_builders_left(&t.body, out),
                _ => {}
            }
        }
    }

    fn program_after_extraction(text: &str) -> (ast::ModModule, Bodies) {
        crate::init();
        let source = Source::new("t.py", text);
        let sf = SourceFileBuilder::new("t.py".to_string(), text.to_string()).finish();
        let mut module = transpile_source(&source, &Environment::default()).expect("transpiles");
        let (bodies, _, _) = compile_bodies(None, &mut module, &sf, &CompileOpts::default(), None).expect("compiles");
        (module, bodies)
    }

    #[test]
    fn a_signature_builder_is_not_defined_by_the_program() {
        let (module, bodies) = program_after_extraction(PROGRAM);
        let mut left = Vec::new();
        signature_builders_left(&module.body, &mut left);
        assert_eq!(left, Vec::<String>::new());
        // Still six bodies taken out: three definitions and their signatures.
        assert_eq!(bodies.keys.len(), 6);
    }

    #[test]
    fn a_jit_signature_builder_stays_a_stub() {
        // It takes the specialization map too: the program defines it (as a stub).
        let text = "from tvm.script import tirx as T\n@T.jit\ndef f(A: T.Tensor((4,), 'float32'), *, n: T.constexpr):\n    A[0] = 1.0\n";
        let (module, _) = program_after_extraction(text);
        let mut left = Vec::new();
        signature_builders_left(&module.body, &mut left);
        assert_eq!(left, vec!["__tvm_sig_f".to_string(), "del".to_string()]);
    }

    #[test]
    fn a_method_using_super_stays_in_the_program() {
        let text = "from tvm.script import tirx as T\nclass C:\n    @T.prim_func\n    def f():\n        super()\n";
        let (bodies, _) = split(text);
        // Only its signature builder is taken out.
        assert_eq!(bodies.expect("compiles").keys.len(), 1);
    }

    #[test]
    fn locations_survive_compaction() {
        let one = |l: usize, c: usize| SourceLocation { line: OneIndexed::new(l).unwrap(), character_offset: OneIndexed::new(c).unwrap() };
        let locs = vec![(one(3, 5), one(3, 9)), (one(3, 5), one(3, 9)), (one(1, 1), one(7, 200)), (one(90000, 3), one(90000, 1))];
        assert_eq!(&*decode_locations(&encode_locations(&locs)), &locs[..]);
    }

    #[test]
    fn the_lowering_is_split_where_both_threads_end_soonest() {
        use super::{program_cost, second_share, PROGRAM_COST_PER_DEFINITION as P};
        let plain = |sizes: &[usize]| sizes.iter().map(|&s| (s, P)).collect::<Vec<_>>();
        // Ten definitions of 10 P, a program of 10 P and bodies of 10 P: five on
        // each thread, then the bodies here and the program there (60 P each).
        assert_eq!(second_share(&plain(&[10 * P; 10])), 5);
        // The program outweighs the lowering: the second thread only compiles it.
        assert_eq!(second_share(&plain(&[P / 2; 10])), 10);
        // Four large definitions last: two go there (20 P and the program, 27 P,
        // against 23 P and the bodies here); three would make 37 P there.
        assert_eq!(second_share(&plain(&[P, P, P, 10 * P, 10 * P, 10 * P, 10 * P])), 5);
        // One large definition last: it goes there alone.
        assert_eq!(second_share(&plain(&[3 * P, 3 * P, 3 * P, 100 * P])), 3);
        // Wide stubs make the program dearer: the same sizes split earlier.
        let wide = [(10 * P, program_cost(2000)); 10];
        assert!(second_share(&wide) > 5, "{}", second_share(&wide));
    }
}
