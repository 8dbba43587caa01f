//! The TIRx / S-TIR frontend builds the IR TVM 0.27 builds: statement and expression
//! structure, naming, local scalars and lets, S-TIR completion (root block, inferred
//! regions), macros, JIT, module classes, and the same IR from both spellings.

use tvmscript::dialects::s_tir::nodes::*;
use tvmscript::dialects::tirx::nodes::*;
use tvmscript::ir::{
    structural_equal, AddNode, DataType, Expr, IntImmNode, ObjectRef, TensorLoadNode, Value, VarNode,
};
use tvmscript::Session;

fn parse(session: &Session, text: &str) -> Vec<(String, ObjectRef)> {
    session.parse("test.py", text).unwrap_or_else(|e| panic!("parse failed: {}", e.message))
}

fn func(session: &Session, text: &str) -> PrimFunc {
    let defs = parse(session, text);
    defs.last().expect("a definition").1.downcast::<PrimFuncNode>().expect("a PrimFunc")
}

/// Structural equality ignoring the functions' names.
fn same_func(a: &PrimFunc, b: &PrimFunc) -> bool {
    let strip = |f: &PrimFunc| {
        let mut n = (**f).clone();
        n.attrs = n.attrs.iter().filter(|(k, _)| k.as_str() != Some("global_symbol")).cloned().collect();
        PrimFunc::new(n)
    };
    structural_equal(&strip(a), &strip(b), true)
}

fn int(e: &Expr) -> Option<i64> {
    e.downcast_ref::<IntImmNode>().map(|i| i.value)
}

#[test]
fn elementwise_function_structure() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func
def vadd(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32"), alpha: T.float32):
    for i in range(32):
        B[i] = A[i] * alpha + B[i]
"#,
    );
    assert_eq!(f.attr("global_symbol").and_then(Value::as_str), Some("vadd"));
    assert_eq!(f.params.len(), 3);
    assert!(buffer_type(&f.params[0]).is_some());
    assert_eq!(f.params[2].ty.as_prim(), Some(DataType::FLOAT32));
    assert_eq!(&*f.params[2].name, "alpha");
    let l = f.body.downcast_ref::<ForNode>().expect("a loop");
    assert_eq!((int(&l.min), int(&l.extent), l.kind), (Some(0), Some(32), ForKind::Serial));
    assert_eq!(&*l.loop_var.name, "i");
    let st = l.body.downcast_ref::<BufferStoreNode>().expect("a store");
    assert!(st.buffer.ptr_eq(&f.params[1]));
    let add = st.value.downcast_ref::<AddNode>().expect("an add");
    let load = add.b.downcast_ref::<TensorLoadNode>().expect("a load");
    assert!(load.source.same_as(&f.params[1].as_ref_obj()));
    // The default TIRx buffer layout is the row-major tile layout.
    assert!(buffer_type(&f.params[0]).unwrap().layout.is_some());
}

#[test]
fn grid_loops_nest_and_name_targets() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func
def g(X: T.Buffer((4, 6), "int32")):
    for i, j in T.grid(4, 6):
        X[i, j] = i * 6 + j
"#,
    );
    let outer = f.body.downcast_ref::<ForNode>().unwrap();
    let inner = outer.body.downcast_ref::<ForNode>().unwrap();
    assert_eq!((&*outer.loop_var.name, &*inner.loop_var.name), ("i", "j"));
    assert_eq!((int(&outer.extent), int(&inner.extent)), (Some(4), Some(6)));
}

#[test]
fn wrong_number_of_loop_targets_is_a_diagnostic() {
    let s = Session::new();
    let err = s
        .parse(
            "t.py",
            r#"
@T.prim_func
def bad(A: T.Buffer((2, 3, 4), "float32")):
    for i, j in T.grid(2, 3, 4):
        A[i, j, 0] = T.float32(0)
"#,
        )
        .unwrap_err();
    assert!(err.message.contains("DiagnosticError"), "{}", err.message);
}

#[test]
fn mutable_scalars_and_lets() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func
def lets(A: T.Buffer((8,), "float32")):
    x: T.float32 = A[0]
    w: T.let[T.float32] = x * T.float32(2)
    x = x + w
    A[1] = x
"#,
    );
    let seq = f.body.downcast_ref::<SeqStmtNode>().expect("a sequence");
    let kinds: Vec<&str> = seq.seq.iter().map(|s| s.type_key()).collect();
    assert_eq!(
        kinds,
        ["tirx.AllocBuffer", "tirx.BufferStore", "tirx.Bind", "tirx.BufferStore", "tirx.BufferStore"],
        "x: T.float32 allocates a (1,) local buffer; T.let binds; reassignment stores"
    );
    let alloc = seq.seq[0].downcast_ref::<AllocBufferNode>().unwrap();
    assert_eq!(&*alloc.buffer.name, "x");
    let bt = buffer_type(&alloc.buffer).unwrap();
    assert_eq!(bt.storage_scope, "local");
    let bind = seq.seq[2].downcast_ref::<BindNode>().unwrap();
    assert_eq!(&*bind.var.name, "w");
    let again = seq.seq[3].downcast_ref::<BufferStoreNode>().unwrap();
    assert!(again.buffer.ptr_eq(&alloc.buffer));
}

#[test]
fn if_else_and_conditional_expressions() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func
def br(A: T.Buffer((10,), "int32")):
    for i in range(10):
        if i < 3:
            A[i] = 1
        elif 2 <= i < 6:
            A[i] = 2
        A[i] = A[i] - 1 if i > 7 else A[i]
"#,
    );
    let l = f.body.downcast_ref::<ForNode>().unwrap();
    let seq = l.body.downcast_ref::<SeqStmtNode>().unwrap();
    let ite = seq.seq[0].downcast_ref::<IfThenElseNode>().expect("if");
    let nested = ite.else_case.as_ref().and_then(|e| e.downcast_ref::<IfThenElseNode>()).expect("elif");
    assert!(nested.else_case.is_none(), "no else: no else case");
    // `2 <= i < 6` keeps the literal on the left: And(LE(2, i), LT(i, 6)).
    let and = nested.condition.downcast_ref::<tvmscript::ir::AndNode>().expect("and");
    let le = and.a.downcast_ref::<tvmscript::ir::LENode>().expect("LE");
    assert_eq!(int(&le.a), Some(2));
    let store = seq.seq[1].downcast_ref::<BufferStoreNode>().unwrap();
    let call = store.value.as_call().expect("if_then_else call");
    assert_eq!(call.op.downcast_ref::<tvmscript::ir::OpNode>().unwrap().name.as_ref(), "prim.if_then_else");
}

#[test]
fn s_tir_blocks_get_a_root_and_inferred_regions() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((16, 32), "float32"), B: T.Buffer((32, 8), "float32"), C: T.Buffer((16, 8), "float32")):
    for i, j, k in T.grid(16, 8, 32):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#,
    );
    assert_eq!(f.attr("s_tir"), Some(&Value::Bool(true)));
    let root = f.body.downcast_ref::<SBlockRealizeNode>().expect("root realize");
    assert_eq!(root.block.name_hint, "root");
    let mut block = None;
    tvmscript::ir::pre_order_visit(&root.block.body.clone().into_object(), |n| {
        if let Some(r) = n.downcast_ref::<SBlockRealizeNode>() {
            block = Some(r.block.clone());
        }
        true
    });
    let b = block.expect("the C block");
    assert_eq!(b.name_hint, "C");
    let kinds: Vec<IterVarType> = b.iter_vars.iter().map(|iv| iv.iter_type).collect();
    assert_eq!(kinds, [IterVarType::DataPar, IterVarType::DataPar, IterVarType::CommReduce]);
    // A reduction does not read what it writes.
    let read_bufs: Vec<String> = b.reads.iter().map(|r| r.source.as_var().unwrap().name.to_string()).collect();
    assert_eq!(read_bufs, ["A", "B"]);
    assert_eq!(b.writes.len(), 1);
    assert!(b.init.is_some());
    assert!(b.annotations.is_empty(), "the region-detection marker is removed");
    // S-TIR buffers have no layout by default.
    assert!(buffer_type(&f.params[0]).unwrap().layout.is_none());
}

#[test]
fn s_tir_misuse_is_diagnosed() {
    let s = Session::new();
    for body in [
        "    for i, j in T.grid(4, 4):\n        with T.sblock(\"b\"):\n            vi, vj = T.axis.remap(\"S\", [i, j])\n            A[vi, vj] = T.float32(0)\n",
        "    for i, j in T.grid(4, 4):\n        with T.sblock(\"b\"):\n            vi, vj = T.axis.remap(\"SX\", [i, j])\n            A[vi, vj] = T.float32(0)\n",
        "    for i in range(4):\n        with T.init():\n            A[i, 0] = T.float32(0)\n",
    ] {
        let text = format!("@T.prim_func(s_tir=True)\ndef f(A: T.Buffer((4, 4), \"float32\")):\n{body}");
        let err = s.parse("t.py", &text).unwrap_err();
        assert!(err.message.contains("DiagnosticError"), "{}", err.message);
    }
}

#[test]
fn macro_expansions_suffix_block_names() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.macro
def add_const(dst, src, value):
    for i in range(8):
        with T.sblock("add"):
            vi = T.axis.remap("S", [i])
            dst[vi] = src[vi] + value

@T.prim_func(s_tir=True)
def chain(A: T.Buffer((8,), "float32"), D: T.Buffer((8,), "float32")):
    B = T.sblock_alloc_buffer((8,), "float32")
    add_const(B, A, T.float32(1))
    add_const(D, B, T.float32(2))
"#,
    );
    let root = f.body.downcast_ref::<SBlockRealizeNode>().unwrap();
    assert_eq!(&*root.block.alloc_buffers[0].name, "B");
    let mut names = vec![];
    tvmscript::ir::pre_order_visit(&root.block.body.clone().into_object(), |n| {
        if let Some(b) = n.downcast_ref::<SBlockNode>() {
            names.push(b.name_hint.clone());
        }
        true
    });
    assert_eq!(names, ["add", "add_1"]);
}

#[test]
fn thread_bindings_and_launch_threads() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func
def k(A: T.Buffer((64,), "float32")):
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        tx = T.launch_thread("threadIdx.x", 8)
        A[bx * 8 + tx] = T.float32(1)
"#,
    );
    let l = f.body.downcast_ref::<ForNode>().unwrap();
    assert_eq!(l.kind, ForKind::ThreadBinding);
    let tb = l.thread_binding.as_ref().expect("thread binding");
    assert_eq!((tb.thread_tag.as_str(), &*tb.var.name), ("blockIdx.x", "iter"));
    let attr = l.body.downcast_ref::<AttrStmtNode>().expect("launch_thread attr");
    assert_eq!(attr.attr_key, "thread_extent");
    let iv = attr.node.as_object().and_then(|o| o.downcast_ref::<IterVarNode>()).expect("an IterVar node");
    assert_eq!((&*iv.var.name, iv.thread_tag.as_str()), ("tx", "threadIdx.x"));
}

#[test]
fn both_spellings_build_the_same_ir() {
    let s = Session::new();
    let pairs = [
        (
            "@T.function\ndef f(A: T.Tensor((4,), \"float32\")):\n    for i in T.serial(4):\n        A[i] = A[i] + 1.0\n",
            "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        A[i] = A[i] + 1.0\n",
        ),
        (
            "n = I.dynamic(\"n\")\n@T.function\ndef f(A: T.Tensor((n,), \"float32\")):\n    for i in range(n):\n        A[i] = 0.0\n",
            "@T.prim_func\ndef f(A: T.Buffer((\"n\",), \"float32\")):\n    n = T.int32()\n    for i in range(n):\n        A[i] = 0.0\n",
        ),
        (
            "@T.function\ndef f[k: T.int64](A: T.Tensor((k,), \"float32\")):\n    A[0] = 0.0\n",
            "K = TypeVar(\"K\")\n@T.prim_func\ndef f(A: T.Buffer((K,), \"float32\")):\n    A[0] = 0.0\n",
        ),
        (
            "@Ts.function\ndef f(A: T.Tensor((4,), \"float32\")):\n    for i in range(4):\n        with T.sblock(\"x\"):\n            vi = T.axis.remap(\"S\", [i])\n            A[vi] = 1.0\n",
            "@T.prim_func(s_tir=True)\ndef f(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        with T.sblock(\"x\"):\n            vi = T.axis.remap(\"S\", [i])\n            A[vi] = 1.0\n",
        ),
    ];
    for (native, tvm) in pairs {
        let a = func(&s, native);
        let b = func(&s, tvm);
        assert!(same_func(&a, &b), "spellings differ:\n{native}\nvs\n{tvm}");
    }
}

#[test]
fn symbols_declared_by_shape_strings_are_shared() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func
def rev(A: T.Buffer(("n",), "int32"), B: T.Buffer(("n",), "int32")):
    n = T.int32()
    for i in range(n):
        B[i] = A[n - 1 - i]
"#,
    );
    let sa = &buffer_type(&f.params[0]).unwrap().shape[0];
    let sb = &buffer_type(&f.params[1]).unwrap().shape[0];
    assert!(sa.same_as(sb));
    let l = f.body.downcast_ref::<ForNode>().unwrap();
    assert!(l.extent.same_as(sa), "`n = T.int32()` is the signature's symbol");
    assert_eq!(sa.downcast_ref::<VarNode>().map(|v| v.dtype()), Some(DataType::INT32));
}

#[test]
fn module_classes_build_their_functions() {
    let s = Session::new();
    let defs = parse(
        &s,
        r#"
@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32")):
        A[0] = 1.0

    @T.prim_func(private=True, s_tir=True)
    def helper(A: T.Buffer((4,), "float32")):
        A[1] = 2.0
"#,
    );
    let (_, m) = defs.last().unwrap();
    let module = m.downcast_ref::<tvmscript::ir::IRModuleNode>().expect("a module");
    let mut names: Vec<String> = module.functions.iter().map(|(gv, _)| gv.name_hint.to_string()).collect();
    names.sort();
    assert_eq!(names, ["helper", "main"]);
    for (gv, f) in module.functions.iter() {
        let f = f.downcast_ref::<PrimFuncNode>().unwrap();
        match gv.name_hint.as_ref() {
            "main" => assert_eq!(f.attr("global_symbol").and_then(Value::as_str), Some("main")),
            _ => assert!(f.attr("global_symbol").is_none() && f.attr("s_tir").is_some()),
        }
    }
}

/// A module declares each function (its GlobalVar typed by the signature) before it
/// builds any; the build goes on from the signature the declaration ran. The body
/// sees the symbols its parameters were made with, and the GlobalVar's type has
/// symbols of its own (equal names and types, other objects).
#[test]
fn module_functions_are_built_from_their_declared_signatures() {
    let s = Session::new();
    let defs = parse(
        &s,
        r#"
N = TypeVar("N")

@I.ir_module
class Module:
    @T.prim_func
    def rev(A: T.Buffer(("n",), "int32"), B: T.Buffer(("n",), "int32")):
        n = T.int32()
        for i in range(n):
            B[i] = A[n - 1 - i]

    @T.prim_func
    def fill(A: T.Buffer((N,), "float32")):
        for i in range(N):
            A[i] = T.float32(0)
"#,
    );
    let (_, m) = defs.last().unwrap();
    let module = m.downcast_ref::<tvmscript::ir::IRModuleNode>().expect("a module");
    assert_eq!(module.functions.len(), 2);
    for (gv, f) in module.functions.iter() {
        let f = f.downcast_ref::<PrimFuncNode>().unwrap();
        let symbol = &buffer_type(&f.params[0]).unwrap().shape[0];
        let l = f.body.downcast_ref::<ForNode>().unwrap();
        assert!(l.extent.same_as(symbol), "{}: the body's symbol is the parameter's", gv.name_hint);
        let declared = gv.ty.downcast_ref::<tvmscript::ir::FuncTypeNode>().expect("a function type");
        let Some(BufferTypeNode { shape, .. }) = declared.arg_types[0].downcast_ref::<BufferTypeNode>() else {
            panic!("{}: the declared parameter is a buffer", gv.name_hint)
        };
        // As TVM's module update: the GlobalVar takes the built function's type.
        assert!(shape[0].same_as(symbol), "{}: the GlobalVar's type uses the function's symbols", gv.name_hint);
        let name = |e: &Expr| e.downcast_ref::<VarNode>().map(|v| (v.name.to_string(), v.dtype()));
        assert_eq!(name(&shape[0]), name(symbol));
        assert!(name(symbol).is_some());
    }
}

#[test]
fn tile_primitives_and_layouts() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@T.prim_func
def t(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32", layout=T.TileLayout(T.S[(8, 8):(1 @ Axis.laneid, 8)]))):
    T.cta.copy(A[0:64], B[0:64])
    T.tile.fill(A[0:32], T.float32(0.0))
"#,
    );
    let seq = f.body.downcast_ref::<SeqStmtNode>().unwrap();
    let c = seq.seq[0].downcast_ref::<TilePrimitiveCallNode>().expect("tile call");
    assert_eq!(c.scope.scope_kind(), Some(ExecScopeKind::Cta));
    assert_eq!(c.args.len(), 2);
    let fill = seq.seq[1].downcast_ref::<TilePrimitiveCallNode>().unwrap();
    assert_eq!(fill.scope.scope_kind(), Some(ExecScopeKind::Thread));
    let layout = buffer_type(&f.params[1]).unwrap().layout.as_ref().unwrap().downcast_ref::<TileLayoutNode>().unwrap();
    assert_eq!(layout.shard[0].axis.name, "laneid");
    assert_eq!(layout.shard[1].axis.name, "m");
}
