//! Seed 003's extension (examples/complex): inference, validation, registration,
//! the lowered function and the pass's refusals.

// The extension and the program are shared with the example; each uses part of them.
#[allow(dead_code, unused_imports)]
#[path = "../examples/complex/my_ext/mod.rs"]
mod my_ext;
#[allow(dead_code)]
#[path = "../examples/complex/program.rs"]
mod program;

use std::sync::Arc;

use tvmscript::dialects::tirx::nodes::{
    new_buffer, BindNode, BufferStore, BufferStoreNode, ForNode, PrimFunc, SeqStmtNode,
};
use tvmscript::ir::{
    float_imm, int_imm, new_var, register_type, structural_equal, type_info, Call, DataType, ErrorKind, Expr,
    Op, OpDef, Result, Span, TensorLoad, TensorLoadNode, Type, Value, Var,
};

use my_ext::lower::{check_call_lowered, lower_func, ComplexOps};
use my_ext::ComplexTypeNode;

const F32: DataType = DataType::FLOAT32;

fn setup() {
    my_ext::register().expect("the extension registers");
}

/// Run `f` on the one thread that runs scripts in this test binary. RustPython's
/// native classes are per thread, and a dialect namespace that creates its classes
/// when it first loads creates them only on that thread; one script thread keeps
/// every parse on the thread where they exist.
fn on_script_thread<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
    use std::sync::{mpsc, Mutex, OnceLock};
    type Job = Box<dyn FnOnce() + Send>;
    static JOBS: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();
    let jobs = JOBS.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::spawn(move || rx.into_iter().for_each(|job| job()));
        Mutex::new(tx)
    });
    let (tx, rx) = mpsc::channel();
    let job: Job = Box::new(move || {
        let _ = tx.send(catch_unwind(AssertUnwindSafe(f)));
    });
    jobs.lock().unwrap().send(job).expect("the script thread runs");
    match rx.recv().expect("the script thread answers") {
        Ok(v) => v,
        Err(panic) => resume_unwind(panic),
    }
}

fn call(name: &str, args: Vec<Expr>) -> Result<Call> {
    Call::make(None, Op::get(name)?, args, None, vec![], Span::none())
}

fn scalar(name: &str, dtype: DataType) -> Expr {
    Var::scalar(name, dtype).into()
}

fn complex_of(dtype: DataType) -> Type {
    ComplexTypeNode::make(dtype, Span::none()).unwrap().into()
}

fn complex_var(name: &str) -> Var {
    new_var(name, complex_of(F32), Span::none())
}

// ---------------------------------------------------------------------------
// Inference and validation.

#[test]
fn inference_gives_complex_and_part_types() {
    setup();
    let z = call("my_ext.complex", vec![scalar("a", F32), scalar("b", F32)]).unwrap();
    assert!(structural_equal(&z.ty, &complex_of(F32), false));
    let wide = call("my_ext.complex", vec![scalar("a", DataType::float(64)), float_imm(DataType::float(64), 1.0)]).unwrap();
    assert!(structural_equal(&wide.ty, &complex_of(DataType::float(64)), false));
    assert!(!structural_equal(&wide.ty, &z.ty, false));

    let product = call("my_ext.cmul", vec![z.clone().into(), z.clone().into()]).unwrap();
    assert!(structural_equal(&product.ty, &complex_of(F32), false));
    for part in ["my_ext.real", "my_ext.imag"] {
        let p = call(part, vec![product.clone().into()]).unwrap();
        assert_eq!(p.ty.as_prim(), Some(F32), "{part}");
        p.validate().unwrap();
    }
    let v = complex_var("v");
    assert_eq!(call("my_ext.real", vec![(&v).into()]).unwrap().ty.as_prim(), Some(F32));
}

#[test]
fn cmul_of_a_scalar_is_a_type_error() {
    setup();
    let err = call("my_ext.cmul", vec![scalar("a", F32), scalar("b", F32)]).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert_eq!(err.to_string(), "TypeError: my_ext.cmul expects a complex value");
    // Only the second operand wrong: the same message.
    let z: Expr = complex_var("z").into();
    let err = call("my_ext.cmul", vec![z, scalar("b", F32)]).unwrap_err();
    assert_eq!(err.to_string(), "TypeError: my_ext.cmul expects a complex value");
    let err = call("my_ext.real", vec![scalar("a", F32)]).unwrap_err();
    assert_eq!(err.to_string(), "TypeError: my_ext.real expects a complex value");
}

#[test]
fn complex_parts_must_be_floats_of_one_type() {
    setup();
    let err = call("my_ext.complex", vec![scalar("a", DataType::INT32), scalar("b", DataType::INT32)]).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert_eq!(err.message, "my_ext.complex expects scalar float parts, got int32");
    let err = call("my_ext.complex", vec![scalar("a", F32), scalar("b", DataType::float(64))]).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert_eq!(err.message, "my_ext.complex expects parts of the same type");
    let err = call("my_ext.complex", vec![scalar("a", F32)]).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert_eq!(err.message, "my_ext.complex expects 2 argument(s), got 1");
    let err = ComplexTypeNode::make(DataType::INT32, Span::none()).unwrap_err();
    assert_eq!(err.to_string(), "TypeError: my_ext.Complex expects a scalar float type, got int32");
}

#[test]
fn validator_checks_an_explicit_type() {
    setup();
    let z: Expr = complex_var("z").into();
    // An explicit type is kept at construction ...
    let wrong =
        Call::make(Some(Type::prim(DataType::float(64))), Op::get("my_ext.real").unwrap(), [z.clone()], None, vec![], Span::none())
            .unwrap();
    assert_eq!(wrong.ty.as_prim(), Some(DataType::float(64)));
    // ... and rejected by validation, with the operator's checks.
    let err = wrong.validate().unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert_eq!(err.message, "my_ext.real: the call has type float64, but its arguments give float32");
    let provisional =
        Call::make(Some(Type::missing()), Op::get("my_ext.cmul").unwrap(), [scalar("a", F32), z.clone()], None, vec![], Span::none())
            .unwrap();
    assert_eq!(provisional.validate().unwrap_err().to_string(), "TypeError: my_ext.cmul expects a complex value");
    // The declared signature's arity is checked before the validator runs.
    let short = Call::make(Some(Type::missing()), Op::get("my_ext.cmul").unwrap(), [z], None, vec![], Span::none()).unwrap();
    assert_eq!(short.validate().unwrap_err().message, "my_ext.cmul expects 2 argument(s), got 1");
}

#[test]
fn operators_carry_their_attributes() {
    setup();
    let ops = ComplexOps::get().unwrap();
    for op in [&ops.complex, &ops.cmul, &ops.real, &ops.imag] {
        assert_eq!(op.get_attr(my_ext::ops::CALL_EFFECT_KIND), Some(Value::Int(1)), "{} is pure", op.name);
        let hook = op.get_attr(tvmscript::ir::op::ATTR_DOC_TRANSLATE).and_then(|v| v.as_native::<tvmscript::printer::engine::PrintHook>());
        assert!(hook.is_some(), "{} has a print hook", op.name);
        // One object per name: lookups give the registered operator.
        assert!(op.ptr_eq(&Op::get(&op.name).unwrap()));
        assert!(ops.contains(&op.clone().into()));
    }
    assert!(!ops.contains(&Op::get("tirx.exp").unwrap().into()));
}

// ---------------------------------------------------------------------------
// Registration.

tvmscript::ir_node! {
    /// A second type claiming the extension's key.
    pub struct ImpostorNode as Impostor: "my_ext.ComplexType", base type_info, isa [Type] {}
}

#[test]
fn registering_twice_is_an_error_but_register_is_idempotent() {
    setup();
    setup();
    let err = OpDef::new("my_ext.cmul", "again").register().unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert_eq!(err.message, "operator \"my_ext.cmul\" is already registered");
    // The first registration stays in place.
    assert!(Op::get("my_ext.cmul").unwrap().entry().unwrap().infer_type.is_some());
    let err = register_type::<ImpostorNode>().unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert_eq!(err.message, "type key \"my_ext.ComplexType\" is already registered");
    // Registering the same type again is harmless.
    register_type::<ComplexTypeNode>().unwrap();
    assert!(tvmscript::vm::namespace::is_registered("my_ext"));
    assert!(tvmscript::script::protocol::is_namespace("my_ext"));
}

// ---------------------------------------------------------------------------
// Lowering.

fn loop_body(f: &PrimFunc) -> Vec<tvmscript::dialects::tirx::nodes::Stmt> {
    let lp = f.body.downcast_ref::<ForNode>().expect("a loop");
    lp.body.downcast_ref::<SeqStmtNode>().expect("a sequence").seq.clone()
}

#[test]
fn lowering_gives_the_seeds_scalar_code() {
    setup();
    let func = program::build_step_by_step().unwrap();
    let lowered = lower_func(func.clone()).unwrap();
    let body = loop_body(&lowered);
    assert_eq!(body.len(), 8);
    let binds: Vec<&BindNode> = body[..6].iter().map(|s| s.downcast_ref::<BindNode>().expect("a binding")).collect();
    let names: Vec<&str> = binds.iter().map(|b| &*b.var.name).collect();
    assert_eq!(names, ["z_re", "z_im", "w_re", "w_im", "product_re", "product_im"]);
    for b in &binds {
        assert_eq!(b.var.ty.as_prim(), Some(F32), "{} is a float32", b.var.name);
    }
    let lp = lowered.body.downcast_ref::<ForNode>().unwrap();
    let var = |k: usize| -> Expr { (&binds[k].var).into() };
    let load = |buf: &Var| -> Expr {
        TensorLoad::new(TensorLoadNode { ty: Type::prim(F32), source: buf.into(), indices: vec![(&lp.loop_var).into()], span: Span::none() })
            .into()
    };
    // z_re = A[i], z_im = B[i], w_re = C[i], w_im = D[i]
    for (k, buf) in lowered.params[..4].iter().enumerate() {
        assert!(structural_equal(&binds[k].value, &load(buf), false), "{}", binds[k].var.name);
    }
    let (z_re, z_im, w_re, w_im) = (var(0), var(1), var(2), var(3));
    assert!(structural_equal(&binds[4].value, &(&z_re * &w_re - &z_im * &w_im), false));
    assert!(structural_equal(&binds[5].value, &(&z_re * &w_im + &z_im * &w_re), false));
    // R[i] = product_re, Im[i] = product_im: the very variables just bound.
    for (k, (stmt, buf)) in body[6..].iter().zip(&lowered.params[4..]).enumerate() {
        let store = stmt.downcast_ref::<BufferStoreNode>().expect("a store");
        assert!(store.buffer.ptr_eq(buf));
        assert!(binds[4 + k].var.same_as(&store.value), "stores {}", binds[4 + k].var.name);
    }
    // Nothing complex is left, and the input is untouched.
    assert!(!format!("{lowered:?}").contains("my_ext"));
    assert_eq!(loop_body(&func).len(), 5);
}

#[test]
fn lowering_matches_the_function_written_by_hand() {
    setup();
    let lowered = lower_func(program::build_step_by_step().unwrap()).unwrap();
    let [a, b, c, d, r, im] = ["A", "B", "C", "D", "R", "Im"].map(|n| new_buffer(n, F32, vec![int_imm(DataType::INT32, 16)]).unwrap());
    let i = Var::scalar("i", DataType::INT32);
    let load = |buf: &Var| -> Expr {
        TensorLoad::new(TensorLoadNode { ty: Type::prim(F32), source: buf.into(), indices: vec![(&i).into()], span: Span::none() }).into()
    };
    let v = |n: &str| Var::scalar(n, F32);
    let (z_re, z_im, w_re, w_im, p_re, p_im) = (v("z_re"), v("z_im"), v("w_re"), v("w_im"), v("product_re"), v("product_im"));
    let bind = |x: &Var, e: Expr| -> tvmscript::dialects::tirx::nodes::Stmt {
        tvmscript::dialects::tirx::nodes::Bind::make(x.clone(), e, Span::none()).unwrap().into()
    };
    let store = |buf: &Var, x: &Var| -> tvmscript::dialects::tirx::nodes::Stmt {
        BufferStore::new(BufferStoreNode { buffer: buf.clone(), value: x.into(), indices: vec![(&i).into()], span: Span::none() }).into()
    };
    let body = vec![
        bind(&z_re, load(&a)),
        bind(&z_im, load(&b)),
        bind(&w_re, load(&c)),
        bind(&w_im, load(&d)),
        bind(&p_re, &z_re * &w_re - &z_im * &w_im),
        bind(&p_im, &z_re * &w_im + &z_im * &w_re),
        store(&r, &p_re),
        store(&im, &p_im),
    ];
    let lp = tvmscript::dialects::tirx::nodes::For::new(ForNode {
        loop_var: i.clone(),
        min: int_imm(DataType::INT32, 0),
        extent: int_imm(DataType::INT32, 16),
        kind: tvmscript::dialects::tirx::nodes::ForKind::Serial,
        body: tvmscript::dialects::tirx::nodes::SeqStmt::make(body, Span::none()).unwrap().into(),
        thread_binding: None,
        annotations: Arc::from(Vec::<(Value, Value)>::new()),
        step: None,
        span: Span::none(),
    });
    let expected = PrimFunc::make(vec![a, b, c, d, r, im], lp.into(), Type::unit(), Arc::from(Vec::new()), Span::none());
    tvmscript::ir::assert_structural_equal(&Value::Object(lowered.upcast()), &Value::Object(expected.upcast()), false)
        .unwrap();
}

/// `R[0] = my_ext.real(z)` for a complex parameter `z` (used or not).
fn with_complex_param(use_it: bool) -> PrimFunc {
    let z = complex_var("z");
    let r = new_buffer("R", F32, vec![int_imm(DataType::INT32, 1)]).unwrap();
    let value: Expr = if use_it { call("my_ext.real", vec![(&z).into()]).unwrap().into() } else { float_imm(F32, 0.0) };
    let store = BufferStore::new(BufferStoreNode { buffer: r.clone(), value, indices: vec![int_imm(DataType::INT32, 0)], span: Span::none() });
    PrimFunc::make(vec![z, r], store.into(), Type::unit(), Arc::from(Vec::new()), Span::none())
}

#[test]
fn a_complex_parameter_is_a_value_error() {
    setup();
    for use_it in [false, true] {
        let err = lower_func(with_complex_param(use_it)).unwrap_err();
        assert_eq!(err.kind, ErrorKind::ValueError, "{err}");
        assert!(err.message.starts_with("my_ext.LowerComplex: "), "{err}");
        assert!(err.message.contains("parameter"), "{err}");
    }
}

#[test]
fn the_check_rejects_leftover_operators() {
    setup();
    let ops = ComplexOps::get().unwrap();
    let left = call("my_ext.real", vec![complex_var("z").into()]).unwrap();
    let err = check_call_lowered(&ops, left).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("my_ext.real"), "{err}");
    let fine = Call::make(None, Op::get("tirx.exp").unwrap(), [scalar("x", F32)], None, vec![], Span::none()).unwrap();
    assert!(check_call_lowered(&ops, fine.clone()).unwrap().ptr_eq(&fine));
    assert_eq!(my_ext::lower::check_type(complex_of(F32)).unwrap_err().kind, ErrorKind::ValueError);
    assert_eq!(my_ext::lower::check_expr(complex_var("z").into()).unwrap_err().kind, ErrorKind::ValueError);
}

#[test]
fn the_pass_is_a_function_pass() {
    setup();
    let pass = my_ext::lower_complex().unwrap();
    assert_eq!(pass.name(), "my_ext.LowerComplex");
    assert_eq!(pass.info().opt_level, 0);
}

// ---------------------------------------------------------------------------
// The script namespace.

#[test]
fn the_namespace_builds_calls_and_runs_the_pass() {
    setup();
    on_script_thread(|| {
        use tvmscript::vm::error::from_py_err;
        use tvmscript::vm::object::{unwrap_object, wrap};
        let func = program::build_step_by_step().unwrap();
        let interp = tvmscript::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            let scope = vm.new_scope_with_builtins();
            scope.globals.set_item("func", wrap(vm, func.clone().upcast()), vm).unwrap();
            let run = |code: &str| {
                vm.run_string(scope.clone(), code, "<test>".to_string()).map(|_| ()).map_err(|e| from_py_err(vm, &e))
            };
            run("from tvm.script import my_ext\n\
                 t = my_ext.Complex('float32')\n\
                 assert type(t).__name__ == 'ComplexType'\n\
                 assert my_ext.Complex(t.elem).same_as(t) is False\n\
                 z = my_ext.complex(1.0, 2.0)\n\
                 w = my_ext.cmul(z, z)\n\
                 assert type(w.ty).__name__ == 'ComplexType'\n\
                 r = my_ext.real(w)\n\
                 assert r.ty.dtype == 'float32'\n\
                 lowered = my_ext.lower_complex()(func)\n\
                 import tvm.script.my_ext as again\n\
                 assert again.real is not None\n")
            .unwrap();
            let err = run("my_ext.cmul(1.0, 2.0)").unwrap_err();
            assert_eq!(err.to_string(), "TypeError: my_ext.cmul expects a complex value");
            let err = run("my_ext.Complex('int8')").unwrap_err();
            assert_eq!(err.to_string(), "TypeError: my_ext.Complex expects a scalar float type, got int8");
            let err = run("my_ext.real(1.0, 2.0)").unwrap_err();
            assert_eq!(err.kind, ErrorKind::TypeError);
            let lowered = unwrap_object(&scope.globals.get_item("lowered", vm).unwrap()).unwrap();
            let expected = lower_func(func.clone()).unwrap();
            assert!(structural_equal(&lowered, &expected.upcast(), false));
        });
    });
}

// ---------------------------------------------------------------------------
// Scripts: parsing, printing, errors.

fn parse(name: &str, text: &str) -> Result<tvmscript::ir::ObjectRef> {
    let (name, text) = (name.to_string(), text.to_string());
    on_script_thread(move || program::parse(&name, &text))
}

/// The IR a script binds to `binding`: a variable that holds IR is not one of the
/// script's definitions (what `parse` returns), so the script is run.
fn run_binding(name: &str, text: &str, binding: &str) -> tvmscript::ir::ObjectRef {
    let (name, text, binding) = (name.to_string(), text.to_string(), binding.to_string());
    on_script_thread(move || {
        my_ext::register().unwrap();
        let globals = tvmscript::Session::new().run(&name, &text, &[]).unwrap();
        match globals.into_iter().find(|(n, _)| *n == binding) {
            Some((_, Value::Object(o))) => o,
            _ => panic!("the script binds no IR to {binding}"),
        }
    })
}

fn parse_printed(name: &str, text: &str) -> PrimFunc {
    let (name, text) = (name.to_string(), text.to_string());
    on_script_thread(move || program::parse_printed(&name, &text)).unwrap().try_into().unwrap()
}

fn parse_func(name: &str, text: &str) -> PrimFunc {
    parse(name, text).unwrap().try_into().unwrap()
}

fn step_by_step() -> PrimFunc {
    parse_func("step_by_step.py", program::SCRIPT)
}

fn assert_same(a: impl Into<tvmscript::ir::ObjectRef>, b: impl Into<tvmscript::ir::ObjectRef>) {
    tvmscript::ir::assert_structural_equal(&Value::Object(a.into()), &Value::Object(b.into()), false).unwrap();
}

#[test]
fn the_script_parses_to_the_function_built_in_rust() {
    setup();
    let parsed = step_by_step();
    // The parser records the function's name as an attribute; the Rust build has none.
    let unnamed = PrimFunc::make(parsed.params.clone(), parsed.body.clone(), parsed.ret_type.clone(), Arc::from(Vec::new()), Span::none());
    assert_same(unnamed, program::build_step_by_step().unwrap());
}

const LOWERED_LOOP: &str = "    for i in range(16):
        z_re: T.let[T.float32] = A[i]
        z_im: T.let[T.float32] = B[i]
        w_re: T.let[T.float32] = C[i]
        w_im: T.let[T.float32] = D[i]
        product_re: T.let[T.float32] = z_re * w_re - z_im * w_im
        product_im: T.let[T.float32] = z_re * w_im + z_im * w_re
        R_1[i] = product_re
        Im[i] = product_im
";

#[test]
fn the_lowered_function_prints_as_scalar_code_and_round_trips() {
    setup();
    let lowered = lower_func(step_by_step()).unwrap();
    let text = program::print(lowered.clone()).unwrap();
    assert!(text.trim_end().ends_with(LOWERED_LOOP.trim_end()), "{text}");
    assert!(!text.contains("my_ext"), "{text}");
    assert_same(parse_printed("lowered.py", &text), lowered);
}

#[test]
fn the_complex_type_prints_in_the_namespace() {
    setup();
    let text = program::print(step_by_step()).unwrap();
    assert!(text.contains("# from tvm.script import my_ext\n"), "{text}");
    assert!(text.contains("        z: T.let[my_ext.Complex(T.float32)] = "), "{text}");
    assert!(text.contains("        product: T.let[my_ext.Complex(T.float32)] = "), "{text}");
}

#[test]
fn a_type_error_in_a_script_keeps_its_kind() {
    setup();
    let text = program::SCRIPT.replace("my_ext.cmul(z, w)", "my_ext.cmul(A[i], w)");
    let err = parse("bad.py", &text).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError, "{err}");
    // The message is the located diagnostic, pointing at the line.
    assert!(err.message.contains("TypeError: my_ext.cmul expects a complex value"), "{err}");
    assert!(err.message.contains("bad.py:19:"), "{err}");
}

#[test]
fn a_script_lowers_with_lib_lower_complex() {
    setup();
    let text = format!(
        "{}\nfrom tvm.script import my_ext as lib\n\nlowered = lib.lower_complex()(step_by_step)\n",
        program::SCRIPT
    );
    assert_same(run_binding("lib.py", &text, "lowered"), lower_func(step_by_step()).unwrap());
}

#[test]
fn a_script_with_a_complex_parameter_fails_to_lower() {
    setup();
    let text = "from tvm.script import tirx as T\nfrom tvm.script import my_ext\n\n\
                @T.prim_func\n\
                def f(z: my_ext.Complex(T.float32), R: T.Buffer((1,), \"float32\")):\n    R[0] = my_ext.real(z)\n";
    let err = lower_func(parse_func("param.py", text)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError, "{err}");
    assert!(err.message.contains("parameter"), "{err}");
}

#[test]
fn the_unlowered_function_round_trips() {
    setup();
    let func = step_by_step();
    let text = program::print(func.clone()).unwrap();
    assert!(text.contains(" = my_ext.cmul(z, w)\n"), "{text}");
    assert_same(parse_printed("unlowered.py", &text), func);
}
