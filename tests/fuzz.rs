//! Fuzzing on stable Rust, with proptest:
//! - generated TIRx functions (loops of every kind, conditions, stores, integer and
//!   float arithmetic built with the same folding constructors the parser uses) must
//!   survive print -> parse -> structural equality, in both spellings;
//! - byte-level mutations of TVMScript sources must never panic the parser or the
//!   printer: every input either parses (and then prints) or fails with an error.
//!
//! `cargo test` runs a short pass; `PROPTEST_CASES=5000 cargo test --release --locked
//! --test integration fuzz::` runs a longer one (see docs/architecture.md, "Fuzzing").

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use tvmscript::dialects::tirx::nodes::{
    buffer_type, BufferSpec, BufferStore, BufferStoreNode, For, ForKind, ForNode, IfThenElse, IfThenElseNode, PrimFunc,
    SeqStmt, SeqStmtNode, Stmt,
};
use tvmscript::ir::arith::{binary, make_cast};
use tvmscript::ir::{assert_structural_equal, float_imm, int_imm, BinOp, DataType, Expr, Span, TensorLoad, TensorLoadNode, Type, Value, Var};
use tvmscript::printer::{PrinterConfig, Syntax};
use tvmscript::vm::limits::Limits;
use tvmscript::Session;
use std::time::Duration;

/// How many cases each property runs (`PROPTEST_CASES` overrides).
fn config(default_cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default_cases);
    Config { cases, failure_persistence: None, ..Config::default() }
}

// ---------------------------------------------------------------------------
// Recipes: plain data that proptest generates and shrinks, built into IR afterwards.

#[derive(Clone, Debug)]
enum IntE {
    Const(i64),
    /// The `k`-th loop variable in scope (modulo their number), or `n` when none.
    Loop(usize),
    N,
    Load(Box<IntE>),
    Bin(u8, Box<IntE>, Box<IntE>),
}

#[derive(Clone, Debug)]
enum FloatE {
    Const(i16),
    Load(IntE),
    Add(Box<FloatE>, Box<FloatE>),
    Mul(Box<FloatE>, Box<FloatE>),
    Cast(IntE),
}

#[derive(Clone, Debug)]
enum StmtR {
    Store(IntE, FloatE),
    For(u8, u8, Vec<StmtR>),
    If(u8, IntE, IntE, Vec<StmtR>, Option<Vec<StmtR>>),
}

fn int_e() -> impl Strategy<Value = IntE> {
    let leaf = prop_oneof![(-20i64..40).prop_map(IntE::Const), (0usize..4).prop_map(IntE::Loop), Just(IntE::N)];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|i| IntE::Load(Box::new(i))),
            (0u8..7, inner.clone(), inner).prop_map(|(op, a, b)| IntE::Bin(op, Box::new(a), Box::new(b))),
        ]
    })
}

fn float_e() -> impl Strategy<Value = FloatE> {
    let leaf = prop_oneof![(-8i16..8).prop_map(FloatE::Const), int_e().prop_map(FloatE::Load), int_e().prop_map(FloatE::Cast)];
    leaf.prop_recursive(2, 6, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| FloatE::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| FloatE::Mul(Box::new(a), Box::new(b))),
        ]
    })
}

fn stmt_r() -> impl Strategy<Value = StmtR> {
    let leaf = (int_e(), float_e()).prop_map(|(i, v)| StmtR::Store(i, v));
    leaf.prop_recursive(3, 16, 3, |inner| {
        let body = prop::collection::vec(inner, 1..3);
        prop_oneof![
            (1u8..6, 0u8..4, body.clone()).prop_map(|(ext, kind, b)| StmtR::For(ext, kind, b)),
            (0u8..4, int_e(), int_e(), body.clone(), prop::option::of(body)).prop_map(|(c, a, b, t, e)| StmtR::If(c, a, b, t, e)),
        ]
    })
}

// ---------------------------------------------------------------------------
// Building IR from a recipe, through the folding constructors scripts use.

struct Ctx {
    a: Var,
    b: Var,
    n: Var,
    loops: Vec<Var>,
}

fn load(buf: &Var, idx: Expr) -> Expr {
    let dtype = buffer_type(buf).expect("a buffer").elem_dtype();
    TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: buf.clone().into(), indices: vec![idx], span: Span::none() }).into()
}

const INT_OPS: [BinOp; 7] = [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::FloorDiv, BinOp::FloorMod, BinOp::Min, BinOp::Max];
const CMP_OPS: [BinOp; 4] = [BinOp::LT, BinOp::LE, BinOp::EQ, BinOp::NE];

/// `None` when the recipe asks for something the constructors reject (division by a
/// constant zero): such cases are skipped, not failures.
fn int_ir(c: &Ctx, e: &IntE) -> Option<Expr> {
    Some(match e {
        IntE::Const(v) => int_imm(DataType::INT32, *v),
        IntE::Loop(k) if c.loops.is_empty() => {
            let _ = k;
            c.n.clone().into()
        }
        IntE::Loop(k) => c.loops[k % c.loops.len()].clone().into(),
        IntE::N => c.n.clone().into(),
        IntE::Load(i) => load(&c.b, int_ir(c, i)?),
        IntE::Bin(op, a, b) => binary(INT_OPS[*op as usize % INT_OPS.len()], int_ir(c, a)?, int_ir(c, b)?, Span::none()).ok()?,
    })
}

fn float_ir(c: &Ctx, e: &FloatE) -> Option<Expr> {
    Some(match e {
        FloatE::Const(v) => float_imm(DataType::FLOAT32, f64::from(*v) * 0.5),
        FloatE::Load(i) => load(&c.a, int_ir(c, i)?),
        FloatE::Add(a, b) => binary(BinOp::Add, float_ir(c, a)?, float_ir(c, b)?, Span::none()).ok()?,
        FloatE::Mul(a, b) => binary(BinOp::Mul, float_ir(c, a)?, float_ir(c, b)?, Span::none()).ok()?,
        FloatE::Cast(i) => make_cast(DataType::FLOAT32, int_ir(c, i)?, Span::none()).ok()?,
    })
}

/// A statement list as the builder makes it: one statement alone, several in a flat
/// `SeqStmt`.
fn seq(mut stmts: Vec<Stmt>) -> Stmt {
    if stmts.len() == 1 {
        return stmts.remove(0);
    }
    SeqStmt::new(SeqStmtNode { seq: stmts, span: Span::none() }).into()
}

fn block_ir(c: &mut Ctx, body: &[StmtR]) -> Option<Stmt> {
    let mut out = Vec::new();
    for s in body {
        out.push(stmt_ir(c, s)?);
    }
    Some(seq(out))
}

fn stmt_ir(c: &mut Ctx, s: &StmtR) -> Option<Stmt> {
    Some(match s {
        StmtR::Store(i, v) => {
            let (index, value) = (int_ir(c, i)?, float_ir(c, v)?);
            BufferStore::new(BufferStoreNode { buffer: c.a.clone(), value, indices: vec![index], span: Span::none() }).into()
        }
        StmtR::For(extent, kind, body) => {
            let kind = [ForKind::Serial, ForKind::Parallel, ForKind::Vectorized, ForKind::Unrolled][*kind as usize % 4];
            let v = Var::scalar(&format!("i{}", c.loops.len()), DataType::INT32);
            c.loops.push(v.clone());
            let body = block_ir(c, body);
            c.loops.pop();
            For::new(ForNode {
                loop_var: v,
                min: int_imm(DataType::INT32, 0),
                extent: int_imm(DataType::INT32, i64::from(*extent)),
                kind,
                body: body?,
                thread_binding: None,
                annotations: Arc::from(Vec::new()),
                step: None,
                span: Span::none(),
            })
            .into()
        }
        StmtR::If(op, a, b, then, other) => {
            let op = CMP_OPS[*op as usize % CMP_OPS.len()];
            let condition = binary(op, int_ir(c, a)?, int_ir(c, b)?, Span::none()).ok()?;
            // A condition that folded to a constant is still a valid `if`.
            let then_case = block_ir(c, then)?;
            let else_case = match other {
                Some(o) => Some(block_ir(c, o)?),
                None => None,
            };
            IfThenElse::new(IfThenElseNode { condition, then_case, else_case, span: Span::none() }).into()
        }
    })
}

fn func_ir(body: &[StmtR]) -> Option<PrimFunc> {
    let shape = vec![int_imm(DataType::INT32, 16)];
    let a = BufferSpec::new(DataType::FLOAT32, shape.clone()).to_buffer("A", Span::none()).ok()?;
    let b = BufferSpec::new(DataType::INT32, shape).to_buffer("B", Span::none()).ok()?;
    let n = Var::scalar("n", DataType::INT32);
    let mut c = Ctx { a: a.clone(), b: b.clone(), n: n.clone(), loops: Vec::new() };
    let body = block_ir(&mut c, body)?;
    Some(PrimFunc::make(vec![a, b, n], body, Type::unit(), tvmscript::ir::attr_map(Vec::<(&str, Value)>::new()), Span::none()))
}

#[test]
fn generated_functions_survive_print_parse_equal() {
    let session = Session::new();
    let cfg = config(48);
    let cases = cfg.cases;
    let mut runner = TestRunner::new(cfg);
    let strategy = prop::collection::vec(stmt_r(), 1..4);
    let checked = std::cell::Cell::new(0u32);
    runner
        .run(&strategy, |recipe| {
            let Some(func) = func_ir(&recipe) else { return Ok(()) };
            checked.set(checked.get() + 1);
            for syntax in [Syntax::Tvm, Syntax::Native] {
                let cfg = PrinterConfig { syntax, ..Default::default() };
                let text = tvmscript::print(&func.as_ref_obj(), &cfg).map_err(|e| TestCaseError::fail(format!("print: {e}")))?;
                let defs = session
                    .parse_with("generated.py", &text, false)
                    .map_err(|e| TestCaseError::fail(format!("parse of\n{text}\nfailed: {e}")))?;
                let (_, parsed) = defs.last().ok_or_else(|| TestCaseError::fail(format!("nothing parsed from\n{text}")))?;
                assert_structural_equal(&Value::Object(func.as_ref_obj()), &Value::Object(parsed.clone()), false)
                    .map_err(|e| TestCaseError::fail(format!("{syntax:?} round trip of\n{text}\n{e}")))?;
            }
            Ok(())
        })
        .unwrap();
    // Skipped recipes (a constant division by zero) must stay rare.
    assert!(checked.get() * 2 > cases, "only {} of {cases} generated functions were checked", checked.get());
}

// ---------------------------------------------------------------------------
// Byte-level mutation of sources.

/// Sources to mutate: the shipped example, the runnable test programs, the
/// bad-input corpus, and the printed text of a generated function.
fn seeds() -> Vec<Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["examples", "tests/run", "tests/bad_input"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            let small = std::fs::metadata(&p).map(|m| m.is_file() && m.len() < 64 * 1024).unwrap_or(false);
            // A bad-input case still pending (a huge allocation aborts RustPython) is a
            // known failure, not something for mutations to rediscover.
            let pending = std::fs::read_to_string(p.with_extension("expect")).is_ok_and(|t| t.contains("pending:"));
            if small && !pending && p.extension().is_some_and(|x| x == "py") {
                out.push(std::fs::read(&p).expect("readable seed"));
            }
        }
    }
    assert!(out.len() >= 20, "only {} seed files", out.len());
    out
}

#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    /// Copy a span of the source somewhere else (duplicates keywords, brackets, blocks).
    Splice(usize, usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // Bytes that matter to Python's grammar, and any byte.
    let byte = prop_oneof![
        prop::sample::select(b"()[]{}:,.=+-*/%@'\"#\\\n\t 0123456789_Tabnxe".to_vec()),
        any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(p, b)| Mutation::Replace(p, b)),
        (any::<usize>(), byte).prop_map(|(p, b)| Mutation::Insert(p, b)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), 1usize..40, any::<usize>()).prop_map(|(s, l, d)| Mutation::Splice(s, l, d)),
    ]
}

fn mutate(mut text: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = text.len().max(1);
        match *m {
            Mutation::Replace(p, b) if !text.is_empty() => text[p % len] = b,
            Mutation::Insert(p, b) => text.insert(p % (text.len() + 1), b),
            Mutation::Delete(p) if !text.is_empty() => {
                text.remove(p % len);
            }
            Mutation::Splice(s, l, d) if !text.is_empty() => {
                let s = s % len;
                let piece = text[s..(s + l).min(text.len())].to_vec();
                let d = d % (text.len() + 1);
                text.splice(d..d, piece);
            }
            _ => {}
        }
    }
    text
}

#[test]
fn mutated_sources_never_panic() {
    let seeds = seeds();
    // Mutated loops may never end (the bad-input corpus has runaway scripts).
    let limits = Limits { timeout: Some(Duration::from_secs(2)), ..Limits::default() };
    let session = Session::with_limits(&limits, false);
    let mut runner = TestRunner::new(config(200));
    // Half the cases mutate a file, half the printed text of a generated function
    // (valid TVMScript, so mutations reach the builders and the printer too).
    let strategy = (0..seeds.len() * 2, prop::collection::vec(stmt_r(), 1..3), prop::collection::vec(mutation(), 1..5));
    let parsed = std::cell::Cell::new(0u32);
    let last_case = std::env::var_os("FUZZ_LAST_CASE");
    runner
        .run(&strategy, |(seed, recipe, mutations)| {
            let source = match seeds.get(seed) {
                Some(file) => file.clone(),
                None => {
                    let Some(func) = func_ir(&recipe) else { return Ok(()) };
                    let syntax = if seed % 2 == 0 { Syntax::Tvm } else { Syntax::Native };
                    let cfg = PrinterConfig { syntax, ..Default::default() };
                    tvmscript::print(&func.as_ref_obj(), &cfg).map_err(|e| TestCaseError::fail(e.to_string()))?.into_bytes()
                }
            };
            let bytes = mutate(source, &mutations);
            let text = String::from_utf8_lossy(&bytes).into_owned();
            // A crash (not a panic) ends the process: leave its input behind.
            if let Some(path) = &last_case {
                let _ = std::fs::write(path, &text);
            }
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                if let Ok(defs) = session.parse_with("mutated.py", &text, false) {
                    parsed.set(parsed.get() + 1);
                    for (_, ir) in &defs {
                        for syntax in [Syntax::Tvm, Syntax::Native] {
                            let _ = tvmscript::print(ir, &PrinterConfig { syntax, ..Default::default() });
                        }
                    }
                }
            }));
            prop_assert!(outcome.is_ok(), "panicked on input:\n{text}");
            Ok(())
        })
        .unwrap();
    eprintln!("mutated sources: {} still parsed", parsed.get());
}
