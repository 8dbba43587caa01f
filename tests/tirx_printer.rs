//! TIRx / S-TIR printing of IR built directly in Rust, compared with TVM 0.27's text
//! (copied from the conformance corpus or produced by TVM for the same IR).

use std::sync::Arc;

use tvmscript::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use tvmscript::dialects::tirx::nodes::{
    buffer_region, AllocBuffer, AllocBufferNode, BufferSpec, BufferStore, BufferStoreNode, Evaluate, EvaluateNode,
    For, ForKind, ForNode, IterVar, IterVarNode, IterVarType, LayoutChoice, PrimFunc, SeqStmt, SeqStmtNode, Stmt,
    Bind, BindNode, AttrStmt, AttrStmtNode,
};
use tvmscript::ir::{
    attr_map, bool_imm, float_imm, int_imm, BinOp, Cast, CastNode, DataType, Expr, Range, RangeNode, Span,
    TensorLoad, TensorLoadNode, Type, Value, Var,
};
use tvmscript::printer::{script, PrinterConfig, Syntax};

const HEADER: &str = "# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n";

fn i32(v: i64) -> Expr {
    int_imm(DataType::INT32, v)
}
fn i64(v: i64) -> Expr {
    int_imm(DataType::INT64, v)
}
fn f32(v: f64) -> Expr {
    float_imm(DataType::FLOAT32, v)
}
fn var(name: &str, d: DataType) -> Var {
    Var::scalar(name, d)
}
fn e(v: &Var) -> Expr {
    v.clone().into()
}
fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    let ty = a.ty();
    op.make(ty, a, b, Span::none())
}
fn cmp(op: BinOp, a: Expr, b: Expr) -> Expr {
    op.make(Type::prim(DataType::bool()), a, b, Span::none())
}
fn buffer(name: &str, dtype: DataType, shape: Vec<Expr>, s_tir: bool) -> Var {
    let mut spec = BufferSpec::new(dtype, shape);
    if s_tir {
        spec.layout = LayoutChoice::None;
    }
    spec.to_buffer(name, Span::none()).unwrap()
}
fn load(buf: &Var, idx: Vec<Expr>) -> Expr {
    let d = tvmscript::dialects::tirx::nodes::buffer_type(buf).unwrap().elem_dtype();
    TensorLoad::new(TensorLoadNode { ty: Type::prim(d), source: buf.clone().into(), indices: idx, span: Span::none() })
        .into()
}
fn store(buf: &Var, idx: Vec<Expr>, value: Expr) -> Stmt {
    BufferStore::new(BufferStoreNode { buffer: buf.clone(), value, indices: idx, span: Span::none() }).into()
}
fn seq(stmts: Vec<Stmt>) -> Stmt {
    SeqStmt::new(SeqStmtNode { seq: stmts, span: Span::none() }).into()
}
fn for_(v: &Var, min: Expr, extent: Expr, kind: ForKind, body: Stmt) -> Stmt {
    For::new(ForNode {
        loop_var: v.clone(),
        min,
        extent,
        kind,
        body,
        thread_binding: None,
        annotations: Arc::from(Vec::new()),
        step: None,
        span: Span::none(),
    })
    .into()
}
fn evaluate(v: Expr) -> Stmt {
    Evaluate::new(EvaluateNode { value: v, span: Span::none() }).into()
}
fn func(params: Vec<Var>, body: Stmt, attrs: Vec<(&str, Value)>) -> PrimFunc {
    PrimFunc::make(params, body, Type::unit(), attr_map(attrs), Span::none())
}
fn show(f: &PrimFunc, syntax: Syntax) -> String {
    tvmscript::init();
    script(&f.as_ref_obj(), &PrinterConfig { syntax, ..Default::default() }).unwrap()
}
fn tvm(f: &PrimFunc) -> String {
    show(f, Syntax::Tvm)
}

#[test]
fn elementwise_loop() {
    // corpus 89a8887a92f6
    let (a, b, c) = (
        buffer("A", DataType::INT32, vec![i32(128)], false),
        buffer("B", DataType::INT32, vec![i32(128)], false),
        buffer("C", DataType::INT32, vec![i32(128)], false),
    );
    let i = var("i", DataType::INT32);
    let body = store(&c, vec![e(&i)], bin(BinOp::Add, load(&a, vec![e(&i)]), load(&b, vec![e(&i)])));
    let f = func(vec![a, b, c], for_(&i, i32(0), i32(128), ForKind::Serial, body), vec![]);
    assert_eq!(
        tvm(&f),
        format!(
            "{HEADER}@T.prim_func(private=True)\ndef main(A: T.Buffer((128,), \"int32\"), B: T.Buffer((128,), \"int32\"), \
             C: T.Buffer((128,), \"int32\")):\n    for i in range(128):\n        C[i] = A[i] + B[i]"
        )
    );
    assert_eq!(
        show(&f, Syntax::Native),
        format!(
            "{HEADER}@T.function(private=True)\ndef main(A: T.Tensor((128,), \"int32\"), B: T.Tensor((128,), \"int32\"), \
             C: T.Tensor((128,), \"int32\")):\n    for i in range(128):\n        C[i] = A[i] + B[i]"
        )
    );
}

#[test]
fn int32_symbols_are_strings_declared_in_the_body() {
    // corpus 3201d1ada69a
    let n = var("n", DataType::INT32);
    let a = buffer("A", DataType::FLOAT32, vec![e(&n)], false);
    let b = buffer("B", DataType::FLOAT32, vec![e(&n)], false);
    let c = buffer("C", DataType::FLOAT32, vec![e(&n)], false);
    let alloc: Stmt =
        AllocBuffer::new(AllocBufferNode { buffer: c, annotations: Arc::from(Vec::new()), span: Span::none() }).into();
    let f = func(vec![a, b], seq(vec![alloc, evaluate(i32(1))]), vec![]);
    assert_eq!(
        tvm(&f),
        format!(
            "{HEADER}@T.prim_func(private=True)\ndef main(A: T.Buffer((\"n\",), \"float32\"), B: T.Buffer((n,), \"float32\")):\n    \
             n = T.int32()\n    C = T.alloc_buffer((n,))\n    T.evaluate(1)"
        )
    );
    // Natively the symbol is a type parameter of the function.
    assert!(show(&f, Syntax::Native).contains("def main[n](A: T.Tensor((n,), \"float32\"), B: T.Tensor((n,), \"float32\")):\n    C = T.alloc_buffer((n,))"));
}

#[test]
fn int64_symbols_are_type_vars_and_expressions_are_quoted() {
    // TVM 0.27 for `A = T.match_buffer(a, (n, k, n * 2))`, `k: T.int64` a later parameter.
    let n = var("n", DataType::INT64);
    let k = var("k", DataType::INT64);
    let a = buffer("A", DataType::FLOAT32, vec![e(&n), e(&k), bin(BinOp::Mul, e(&n), i64(2))], false);
    let f = func(vec![a, k.clone()], evaluate(e(&n)), vec![]);
    assert_eq!(
        tvm(&f),
        "# from typing import TypeVar\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n\
         n = TypeVar(\"n\")\n@T.prim_func(private=True)\ndef main(A: T.Buffer((n, \"k\", \"n * T.int64(2)\"), \"float32\"), \
         k: T.int64):\n    T.evaluate(n)"
    );
    let native = show(&f, Syntax::Native);
    // `k` is also a later parameter, so it is a captured symbol the parameter names.
    assert!(native.contains("k = I.dynamic(\"k\", \"int64\")\n"), "{native}");
    assert!(
        native.contains("def main[n: T.int64](A: T.Tensor((n, k, n * T.int64(2)), \"float32\"), k: k):"),
        "{native}"
    );
}

#[test]
fn local_scalars_with_and_without_sugar() {
    // corpus/run/tirx_let_bindings.expected, the first statements of the loop body.
    let a = buffer("A", DataType::FLOAT32, vec![i32(8)], false);
    let bx = buffer("B", DataType::FLOAT32, vec![i32(8)], false);
    let i = var("i", DataType::INT32);
    let mut spec = BufferSpec::new(DataType::FLOAT32, vec![i32(1)]);
    spec.scope = "local".into();
    let x = spec.to_buffer("x", Span::none()).unwrap();
    let w = var("w", DataType::FLOAT32);
    let alloc: Stmt = AllocBuffer::new(AllocBufferNode {
        buffer: x.clone(),
        annotations: Arc::from(Vec::new()),
        span: Span::none(),
    })
    .into();
    let xv = load(&x, vec![i32(0)]);
    let body = seq(vec![
        alloc,
        store(&x, vec![i32(0)], bin(BinOp::Mul, load(&a, vec![e(&i)]), f32(2.0))),
        Bind::new(BindNode { var: w.clone(), value: bin(BinOp::Mul, xv.clone(), xv.clone()), span: Span::none() }).into(),
        store(&x, vec![i32(0)], bin(BinOp::Add, xv.clone(), e(&w))),
        store(&bx, vec![e(&i)], xv),
    ]);
    let f = func(vec![a, bx], for_(&i, i32(0), i32(8), ForKind::Serial, body), vec![("global_symbol", Value::str("lets"))]);
    let head = format!(
        "{HEADER}@T.prim_func\ndef lets(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n    for i in range(8):\n"
    );
    assert_eq!(
        tvm(&f),
        format!(
            "{head}        x: T.float32 = A[i] * T.float32(2.0)\n        w: T.let[T.float32] = x * x\n        \
             x = x + w\n        B[i] = x"
        )
    );
    let cfg = PrinterConfig { syntax: Syntax::Tvm, syntax_sugar: false, ..Default::default() };
    assert_eq!(
        script(&f.as_ref_obj(), &cfg).unwrap(),
        format!(
            "{head}        x = T.local_scalar(T.float32)\n        x = A[i] * T.float32(2.0)\n        \
             w: T.let[T.float32] = x * x\n        x = x + w\n        B[i] = x"
        )
    );
}

#[test]
fn operators_print_as_sugar_only_when_it_reparses_to_the_same_node() {
    // TVM 0.27 for T.evaluate(T.Add(1, 2)), T.Add(x, 0), T.Sub(0, x), x < x, T.Mul(x, -1),
    // T.Div(x, 1), T.truncmod(x, 3), T.FloorMod on int8 constants, a cast in an addition.
    let x = var("x", DataType::INT32);
    let y = var("y", DataType::INT64);
    let i8 = |v| int_imm(DataType::int(8), v);
    let cast = Cast::new(CastNode { ty: Type::prim(DataType::INT64), value: e(&x), span: Span::none() }).into();
    let exprs = vec![
        bin(BinOp::Add, i32(1), i32(2)),
        bin(BinOp::Add, e(&x), i32(0)),
        bin(BinOp::Sub, i32(0), e(&x)),
        cmp(BinOp::LT, e(&x), e(&x)),
        bin(BinOp::Mul, e(&x), i32(-1)),
        bin(BinOp::Div, e(&x), i32(1)),
        bin(BinOp::Mod, e(&x), i32(3)),
        bin(BinOp::FloorMod, i8(-12), i8(-4)),
        bin(BinOp::FloorMod, i32(12), i32(4)),
        bin(BinOp::Add, cast, e(&y)),
        bin(BinOp::Mul, bin(BinOp::Add, e(&x), i32(1)), i32(2)),
        cmp(BinOp::And, bool_imm(true), cmp(BinOp::LT, e(&x), i32(2))),
    ];
    let body = seq(exprs.into_iter().map(evaluate).collect());
    let f = func(vec![x, y], body, vec![]);
    let text = tvm(&f);
    let lines: Vec<&str> = text.lines().skip(5).map(str::trim).collect();
    assert_eq!(
        lines,
        [
            "T.evaluate(T.Add(1, 2))",
            "T.evaluate(T.Add(x, 0))",
            "T.evaluate(0 - x)",
            "T.evaluate(x < x)",
            "T.evaluate(x * -1)",
            "T.evaluate(T.Div(x, 1))",
            "T.evaluate(T.truncmod(x, 3))",
            "T.evaluate(T.int8(-12) % T.int8(-4))",
            "T.evaluate(T.FloorMod(12, 4))",
            "T.evaluate(T.Cast(\"int64\", x) + y)",
            "T.evaluate((x + 1) * 2)",
            "T.evaluate(T.And(T.bool(True), x < 2))",
        ]
    );
}

#[test]
fn nested_loops_become_a_grid_and_thread_attributes_scope_concisely() {
    let a = buffer("A", DataType::FLOAT32, vec![i32(4), i32(8)], false);
    let (i, j) = (var("i", DataType::INT32), var("j", DataType::INT32));
    let inner = for_(&j, i32(0), i32(8), ForKind::Serial, store(&a, vec![e(&i), e(&j)], f32(0.0)));
    let grid = for_(&i, i32(0), i32(4), ForKind::Serial, inner);
    let attr: Stmt = AttrStmt::new(AttrStmtNode {
        node: Value::Int(0),
        attr_key: "tirx.device_entry".into(),
        value: bool_imm(true),
        body: grid,
        span: Span::none(),
    })
    .into();
    let f = func(vec![a], attr, vec![("global_symbol", Value::str("main"))]);
    assert_eq!(
        tvm(&f),
        format!(
            "{HEADER}@T.prim_func\ndef main(A: T.Buffer((4, 8), \"float32\")):\n    T.attr({{\"tirx.device_entry\": T.bool(True)}})\n    \
             for i, j in T.grid(4, 8):\n        A[i, j] = T.float32(0.0)"
        )
    );
}

fn block_var(name: &str, extent: i64, kind: IterVarType) -> IterVar {
    IterVar::new(IterVarNode {
        dom: Some(Range::new(RangeNode { min: i32(0), extent: i32(extent), span: Span::none() })),
        var: var(name, DataType::INT32),
        iter_type: kind,
        thread_tag: String::new(),
        span: Span::none(),
    })
}

#[test]
fn s_tir_blocks_with_remap_init_and_the_implicit_root() {
    // corpus/run/stir_matmul_reduction-like matmul (a TVM 0.27 print of the same IR).
    let a = buffer("A", DataType::FLOAT32, vec![i32(16), i32(16)], true);
    let b = buffer("B", DataType::FLOAT32, vec![i32(16), i32(16)], true);
    let c = buffer("C", DataType::FLOAT32, vec![i32(16), i32(16)], true);
    let (i, j, k) = (var("i", DataType::INT32), var("j", DataType::INT32), var("k", DataType::INT32));
    let (vi, vj, vk) = (
        block_var("vi", 16, IterVarType::DataPar),
        block_var("vj", 16, IterVarType::DataPar),
        block_var("vk", 16, IterVarType::CommReduce),
    );
    let (ei, ej, ek) = (e(&vi.var), e(&vj.var), e(&vk.var));
    let full = |x: &Expr| Range::new(RangeNode { min: x.clone(), extent: i32(1), span: Span::none() });
    let reads = vec![
        buffer_region(&a, vec![full(&ei), full(&ek)], Span::none()).unwrap(),
        buffer_region(&b, vec![full(&ej), full(&ek)], Span::none()).unwrap(),
    ];
    let writes = vec![buffer_region(&c, vec![full(&ei), full(&ej)], Span::none()).unwrap()];
    let update = store(
        &c,
        vec![ei.clone(), ej.clone()],
        bin(
            BinOp::Add,
            load(&c, vec![ei.clone(), ej.clone()]),
            bin(BinOp::Mul, load(&a, vec![ei.clone(), ek.clone()]), load(&b, vec![ej.clone(), ek.clone()])),
        ),
    );
    let block = SBlock::new(SBlockNode {
        iter_vars: vec![vi, vj, vk],
        reads,
        writes,
        name_hint: "update".into(),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: Arc::from(Vec::new()),
        init: Some(store(&c, vec![ei.clone(), ej.clone()], f32(0.0))),
        body: update,
        span: Span::none(),
    });
    let realize: Stmt = SBlockRealize::new(SBlockRealizeNode {
        iter_values: vec![e(&i), e(&j), e(&k)],
        predicate: bool_imm(true),
        block,
        span: Span::none(),
    })
    .into();
    let loops = for_(
        &i,
        i32(0),
        i32(16),
        ForKind::Serial,
        for_(&j, i32(0), i32(16), ForKind::Serial, for_(&k, i32(0), i32(16), ForKind::Serial, realize)),
    );
    let root = SBlock::new(SBlockNode {
        iter_vars: vec![],
        reads: vec![],
        writes: vec![],
        name_hint: "root".into(),
        alloc_buffers: vec![],
        match_buffers: vec![],
        annotations: Arc::from(Vec::new()),
        init: None,
        body: loops,
        span: Span::none(),
    });
    let body: Stmt =
        SBlockRealize::new(SBlockRealizeNode { iter_values: vec![], predicate: bool_imm(true), block: root, span: Span::none() })
            .into();
    let f = func(vec![a, b, c], body, vec![("global_symbol", Value::str("matmul")), ("s_tir", Value::Bool(true))]);
    let body_text = "    # with T.sblock(\"root\"):\n    for i, j, k in T.grid(16, 16, 16):\n        \
         with T.sblock(\"update\"):\n            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n            \
         T.reads(A[vi, vk], B[vj, vk])\n            T.writes(C[vi, vj])\n            with T.init():\n                \
         C[vi, vj] = T.float32(0.0)\n            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]";
    assert_eq!(
        tvm(&f),
        format!(
            "{HEADER}@T.prim_func(s_tir=True)\ndef matmul(A: T.Buffer((16, 16), \"float32\"), B: T.Buffer((16, 16), \"float32\"), \
             C: T.Buffer((16, 16), \"float32\")):\n{body_text}"
        )
    );
    let native = show(&f, Syntax::Native);
    assert!(native.contains("# from tvm.script import s_tir as Ts\n\n@Ts.function\ndef matmul(A: T.Tensor((16, 16), \"float32\")"), "{native}");
    assert!(native.ends_with(body_text), "{native}");
}
